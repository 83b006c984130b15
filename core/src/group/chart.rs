//! The ownership chart as data: for each partition, the spans of time during which the same
//! members held it in the same way. The view only scales them to pixels.

use super::ownership::{History, Holding};
use super::segment::Segment;
use crate::protocol::time::Millis;
use serde::Serialize;
use std::collections::BTreeMap;

/// A stretch of time during which a partition was held the same way.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Span {
    pub from: Millis,
    pub to: Millis,
    pub segment: Segment,
    /// Who: `A`, `A→C` (A owns it, C waits for it), `A+B` (both own it), `C+A† (fenced)` (A is a
    /// zombie, and why).
    pub label: String,
}

/// One partition's line of the chart.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Row {
    pub topic: String,
    pub partition: u32,
    pub spans: Vec<Span>,
}

/// The label of a holding: who has it (zombies marked † with their cause, dead owners ✗, away
/// static members by instance id), then who waits for it.
pub fn label(h: &Holding) -> String {
    let mut holders: Vec<String> = h.owners.clone();
    holders.extend(
        h.zombies
            .iter()
            .map(|z| format!("{}† ({})", z.name, z.cause.as_str())),
    );
    // A member that dropped the partition but has not said so still holds it for the group.
    if holders.is_empty() {
        holders.clone_from(&h.revoking);
    }
    if holders.is_empty() {
        holders.extend(h.orphaned.iter().map(|o| format!("{o}✗")));
        holders.extend(h.reserved.iter().cloned());
    }
    let held = holders.join("+");
    match (held.is_empty(), h.waiting.is_empty()) {
        (_, true) => held,
        (true, false) => format!("→{}", h.waiting.join(",")),
        (false, false) => format!("{held}→{}", h.waiting.join(",")),
    }
}

/// The chart from the start of `history` up to `until`, free stretches left out.
pub fn rows(history: &History, until: Millis) -> Vec<Row> {
    let mut rows: BTreeMap<(&str, u32), Vec<Span>> = BTreeMap::new();
    let entries = history.entries();
    for (i, (at, snapshot)) in entries.iter().enumerate() {
        if i > 0 && *at >= until {
            break;
        }
        let end = entries
            .get(i + 1)
            .map_or(until, |(next, _)| *next)
            .min(until)
            .max(*at);
        for ((topic, partition), holding) in snapshot.iter() {
            let spans = rows.entry((topic.as_str(), *partition)).or_default();
            let segment = holding.segment();
            if segment == Segment::Free {
                continue;
            }
            let label = label(holding);
            match spans.last_mut() {
                Some(last) if last.to == *at && last.segment == segment && last.label == label => {
                    last.to = end;
                }
                _ => spans.push(Span {
                    from: *at,
                    to: end,
                    segment,
                    label,
                }),
            }
        }
    }
    rows.into_iter()
        .map(|((topic, partition), spans)| Row {
            topic: topic.to_owned(),
            partition,
            spans,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::ownership::Snapshot;

    fn snap(owners: &[&str], waiting: &[&str]) -> Snapshot {
        let v = |s: &[&str]| s.iter().map(|s| (*s).to_owned()).collect();
        let holding = Holding {
            owners: v(owners),
            waiting: v(waiting),
            ..Holding::default()
        };
        Snapshot::from([(("t".to_owned(), 0), holding)])
    }

    #[test]
    fn equal_neighbours_merge_and_free_time_is_left_out() {
        let mut h = History::default();
        h.record(Millis(0), snap(&[], &[]));
        h.record(Millis(100), snap(&["A"], &[]));
        h.record(Millis(300), snap(&["A"], &["C"]));
        h.record(Millis(400), snap(&[], &["C"]));
        h.record(Millis(450), snap(&["C"], &[]));
        let rows = rows(&h, Millis(1_000));
        assert_eq!(rows.len(), 1);
        let spans: Vec<(u64, u64, Segment, &str)> = rows[0]
            .spans
            .iter()
            .map(|s| (s.from.0, s.to.0, s.segment, s.label.as_str()))
            .collect();
        assert_eq!(
            spans,
            vec![
                (100, 300, Segment::Owned, "A"),
                (300, 400, Segment::OwnedAwaited, "A→C"),
                (400, 450, Segment::Unreleased, "→C"),
                (450, 1_000, Segment::Owned, "C"),
            ]
        );
        let early = super::rows(&h, Millis(350));
        assert_eq!(early[0].spans.last().map(|s| s.to), Some(Millis(350)));
        assert_eq!(early[0].spans.len(), 2);
    }

    #[test]
    fn zombies_are_labelled_with_their_cause() {
        use crate::group::ownership::{Zombie, ZombieCause};
        let zombie = |name: &str, cause| Zombie {
            name: name.to_owned(),
            cause,
        };
        let h = Holding {
            owners: vec!["C".into()],
            zombies: vec![
                zombie("A", ZombieCause::Fenced),
                zombie("B", ZombieCause::OutdatedTarget),
            ],
            ..Holding::default()
        };
        assert_eq!(label(&h), "C+A† (fenced)+B† (outdated target)");
    }
}
