//! What moved at a group step, in a caption's words: each member's partitions given up and
//! gained ("B gives up orders-5; C gets orders-2"). A step that only lets time pass is where the
//! coordinator's answers land and callbacks end, so "time passes" alone hid the step that mattered.

use super::sim::GroupSim;
use crate::protocol::assignment::PartitionSet;

/// Each member whose assigned set changed between `before` and `after`, in member order.
pub fn moves(before: &GroupSim, after: &GroupSim) -> Vec<String> {
    after
        .members()
        .iter()
        .filter_map(|m| {
            let was = before
                .members()
                .iter()
                .find(|b| b.name == m.name)
                .map_or_else(PartitionSet::new, |b| b.facts.assigned.clone());
            let now = &m.facts.assigned;
            let (lost, got) = (was.difference(now), now.difference(&was));
            let mut said = Vec::new();
            if !lost.is_empty() {
                said.push(format!("gives up {lost}"));
            }
            if !got.is_empty() {
                said.push(format!("gets {got}"));
            }
            (!said.is_empty()).then(|| format!("{} {}", m.name, said.join(" and ")))
        })
        .collect()
}
