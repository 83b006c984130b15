//! Who holds each partition, as the group sees it at one instant, and the history of it that the
//! ownership chart draws. "Owning" is the client's view (the partition is in a member's assigned
//! set); "pending revocation" and "unreleased" are the coordinator's (§7.5).

use super::coordinator::{Coordinator, ServerState};
use super::sim::SimMember;
use crate::time::Millis;
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;

/// One partition at one instant.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Holding {
    /// Members of the group that have it in their assigned set.
    pub owners: Vec<String>,
    /// Members the coordinator no longer counts (expired, fenced) that still have it: they find
    /// out at their next heartbeat. Kafka fences their commits; the coordinator cannot stop them.
    pub zombies: Vec<String>,
    /// Members the coordinator has asked to revoke it.
    pub revoking: Vec<String>,
    /// Members whose target has it but who wait for its release (UNRELEASED_PARTITIONS).
    pub waiting: Vec<String>,
}

/// What the chart draws for a partition at an instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Segment {
    Free,
    Owned,
    /// Owned, and the coordinator has asked its owner to give it up.
    Revoking,
    /// Nobody owns it yet and the coordinator is holding it back for a waiting member (rare:
    /// the old owner has released it, the new one has not heard yet).
    Unreleased,
    /// Owned, with a new owner waiting for it.
    OwnedAwaited,
    /// A group member and a zombie both have it.
    Zombie,
    /// Two members of the group own it: what the safety rule prevents.
    Double,
}

impl Holding {
    pub fn segment(&self) -> Segment {
        match (self.owners.len(), self.zombies.is_empty()) {
            (2.., _) => Segment::Double,
            (_, false) => Segment::Zombie,
            (1, true) if !self.waiting.is_empty() => Segment::OwnedAwaited,
            (1, true) if !self.revoking.is_empty() => Segment::Revoking,
            (1, true) => Segment::Owned,
            (0, true) if !self.waiting.is_empty() => Segment::Unreleased,
            _ => Segment::Free,
        }
    }
}

/// Every partition of the group's topics (and any a member still holds) at one instant.
pub type Snapshot = BTreeMap<(String, u32), Holding>;

/// The snapshot the members and the coordinator make together now.
pub fn snapshot(members: &[SimMember], coordinator: &Coordinator) -> Snapshot {
    let mut out = Snapshot::new();
    for (topic, &count) in &coordinator.config().topics {
        for p in 0..count {
            out.insert((topic.clone(), p), Holding::default());
        }
    }
    let name_of = |id: &str| {
        members
            .iter()
            .rev()
            .find(|m| m.member.member_id() == id)
            .map(|m| m.name.clone())
    };
    for m in members.iter().filter(|m| m.alive) {
        let in_group = coordinator.members().contains_key(m.member.member_id());
        for (t, p) in m.member.assigned().iter() {
            let holding = out.entry((t.to_owned(), p)).or_default();
            if in_group {
                holding.owners.push(m.name.clone());
            } else {
                holding.zombies.push(m.name.clone());
            }
        }
    }
    for server in coordinator.members().values() {
        let Some(name) = name_of(&server.id) else {
            continue;
        };
        for (t, p) in server.pending_revocation.iter() {
            out.entry((t.to_owned(), p))
                .or_default()
                .revoking
                .push(name.clone());
        }
        if server.state == ServerState::UnreleasedPartitions {
            if let Some(target) = coordinator.target().get(&server.id) {
                for (t, p) in target.iter() {
                    if !server.assigned.contains(t, p) {
                        out.entry((t.to_owned(), p))
                            .or_default()
                            .waiting
                            .push(name.clone());
                    }
                }
            }
        }
    }
    out
}

/// The snapshots over time, one entry per change.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct History {
    entries: Vec<(Millis, Arc<Snapshot>)>,
}

impl History {
    /// Records `now` when it differs from the last entry; a change at the same instant replaces it.
    pub fn record(&mut self, at: Millis, now: Snapshot) {
        if self.entries.last().is_some_and(|(_, last)| **last == now) {
            return;
        }
        if let Some((t, last)) = self.entries.last_mut() {
            if *t == at {
                *last = Arc::new(now);
                return;
            }
        }
        self.entries.push((at, Arc::new(now)));
    }

    pub fn entries(&self) -> &[(Millis, Arc<Snapshot>)] {
        &self.entries
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn holding(owners: &[&str], zombies: &[&str], revoking: &[&str], waiting: &[&str]) -> Holding {
        let v = |s: &[&str]| s.iter().map(|s| (*s).to_owned()).collect();
        Holding {
            owners: v(owners),
            zombies: v(zombies),
            revoking: v(revoking),
            waiting: v(waiting),
        }
    }

    #[test]
    fn segments_say_the_worst_first() {
        assert_eq!(holding(&[], &[], &[], &[]).segment(), Segment::Free);
        assert_eq!(holding(&["A"], &[], &[], &[]).segment(), Segment::Owned);
        assert_eq!(
            holding(&["A"], &[], &["A"], &[]).segment(),
            Segment::Revoking
        );
        assert_eq!(
            holding(&["A"], &[], &["A"], &["B"]).segment(),
            Segment::OwnedAwaited
        );
        assert_eq!(
            holding(&[], &[], &[], &["B"]).segment(),
            Segment::Unreleased
        );
        assert_eq!(holding(&["B"], &["A"], &[], &[]).segment(), Segment::Zombie);
        assert_eq!(
            holding(&["A", "B"], &["C"], &[], &[]).segment(),
            Segment::Double
        );
    }

    #[test]
    fn history_keeps_changes_only_and_the_last_word_of_an_instant() {
        let mut h = History::default();
        let one = |o: &[&str]| Snapshot::from([(("t".to_owned(), 0), holding(o, &[], &[], &[]))]);
        h.record(Millis(0), one(&[]));
        h.record(Millis(5), one(&[]));
        h.record(Millis(10), one(&["A"]));
        h.record(Millis(10), one(&["B"]));
        assert_eq!(h.entries().len(), 2);
        assert_eq!(h.entries()[1].0, Millis(10));
        assert_eq!(
            h.entries()[1].1.values().next().map(|x| x.owners.clone()),
            Some(vec!["B".to_owned()])
        );
    }
}
