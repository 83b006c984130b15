//! Who holds each partition, as the group sees it at one instant, and the history of it that the
//! ownership chart draws. "Owning" is the client's view (the partition is in a member's assigned
//! set); "pending revocation" and "unreleased" are the coordinator's (§7.5).

use super::coordinator::Coordinator;
use super::sim::{Process, SimMember};
use crate::state::StateName;
use crate::time::Millis;
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;

/// One partition at one instant.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Holding {
    /// Members that have it in their assigned set and that the coordinator counts as holding it.
    pub owners: Vec<String>,
    /// Members that have it although the coordinator does not count it as theirs: expired or
    /// fenced members that find out at their next heartbeat, and seed members that finish a
    /// reconciliation toward an outdated target (the seed design finishes the running one before
    /// the newest; the shipped client aborts it). No coordinator rule can stop them.
    pub zombies: Vec<String>,
    /// Members the coordinator has asked to revoke it.
    pub revoking: Vec<String>,
    /// Members whose target has it but who do not have it yet.
    pub waiting: Vec<String>,
    /// Dead members the coordinator still counts as its owner: nobody consumes it until their
    /// session times out.
    pub orphaned: Vec<String>,
    /// Static members away (left with epoch -2) whose partition it stays, unconsumed, until they
    /// come back or their session times out.
    pub reserved: Vec<String>,
}

/// What the chart draws for a partition at an instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Segment {
    Free,
    Owned,
    /// Owned, and its new owner waits for it; the owner has not been told yet.
    OwnedAwaited,
    /// The coordinator has asked the owner to revoke it and waits for the owner to say it has.
    Revoking,
    /// Nobody has it; its new owner gets it at its next heartbeat (or the response is on its
    /// way).
    Unreleased,
    /// Held by a member the coordinator does not count as its owner (see `Holding::zombies`).
    Zombie,
    /// Its owner died; the coordinator does not know yet.
    Orphaned,
    /// Kept for a static member that left with epoch -2 and will be back.
    Reserved,
    /// Two members of the group own it: what the safety rule prevents.
    Double,
}

impl Segment {
    pub const ALL: [Segment; 9] = [
        Segment::Owned,
        Segment::OwnedAwaited,
        Segment::Revoking,
        Segment::Unreleased,
        Segment::Orphaned,
        Segment::Reserved,
        Segment::Zombie,
        Segment::Double,
        Segment::Free,
    ];

    /// The name the chart's markup and the legend use.
    pub fn as_str(self) -> &'static str {
        match self {
            Segment::Free => "free",
            Segment::Owned => "owned",
            Segment::OwnedAwaited => "owned_awaited",
            Segment::Revoking => "revoking",
            Segment::Unreleased => "unreleased",
            Segment::Zombie => "zombie",
            Segment::Orphaned => "orphaned",
            Segment::Reserved => "reserved",
            Segment::Double => "double",
        }
    }

    /// What it means, for the legend.
    pub fn meaning(self) -> &'static str {
        match self {
            Segment::Free => "nobody has it",
            Segment::Owned => "owned",
            Segment::OwnedAwaited => "owned; a new owner waits (the owner has not heard yet)",
            Segment::Revoking => "the owner was asked to revoke it; the coordinator waits",
            Segment::Unreleased => "released; its new owner gets it at its next heartbeat",
            Segment::Zombie => {
                "also held by a member the coordinator does not count as its owner (†)"
            }
            Segment::Orphaned => "its owner died (✗); it waits for the session timeout",
            Segment::Reserved => "kept for a static member that will be back",
            Segment::Double => "two members own it at once",
        }
    }
}

impl Holding {
    pub fn segment(&self) -> Segment {
        if self.owners.len() > 1 {
            return Segment::Double;
        }
        if !self.zombies.is_empty() {
            return Segment::Zombie;
        }
        match self.owners.first() {
            Some(owner) if self.revoking.contains(owner) => Segment::Revoking,
            Some(_) if !self.waiting.is_empty() => Segment::OwnedAwaited,
            Some(_) => Segment::Owned,
            // The seed drops a partition before it says so: the group still waits for it.
            None if !self.revoking.is_empty() => Segment::Revoking,
            None if !self.orphaned.is_empty() => Segment::Orphaned,
            None if !self.reserved.is_empty() => Segment::Reserved,
            None if !self.waiting.is_empty() => Segment::Unreleased,
            None => Segment::Free,
        }
    }
}

/// Every partition of the group's topics (and any a member still holds) at one instant.
pub type Snapshot = BTreeMap<(String, u32), Holding>;

/// The snapshot the members and the coordinator make together now; `processes` maps the member
/// ids the coordinator gave out to the processes they were given to.
pub fn snapshot(
    members: &[SimMember],
    coordinator: &Coordinator,
    processes: &BTreeMap<String, Process>,
) -> Snapshot {
    let mut out = Snapshot::new();
    for (topic, &count) in &coordinator.config().topics {
        for p in 0..count {
            out.insert((topic.clone(), p), Holding::default());
        }
    }
    for m in members.iter().filter(|m| m.alive) {
        let record = coordinator.members().get(m.member.member_id());
        for (t, p) in m.member.assigned().iter() {
            let holding = out.entry((t.to_owned(), p)).or_default();
            let counted = record
                .is_some_and(|s| s.assigned.contains(t, p) || s.pending_revocation.contains(t, p));
            if counted {
                holding.owners.push(m.name.clone());
            } else {
                holding.zombies.push(m.name.clone());
            }
        }
    }
    for server in coordinator.members().values() {
        let mut add =
            |set: &crate::PartitionSet, pick: fn(&mut Holding) -> &mut Vec<String>, who: &str| {
                for (t, p) in set.iter() {
                    pick(out.entry((t.to_owned(), p)).or_default()).push(who.to_owned());
                }
            };
        if server.is_away() {
            let name = server.instance_id.clone().unwrap_or_default();
            add(
                &server.assigned,
                |h| &mut h.reserved,
                &format!("{name} (away)"),
            );
            continue;
        }
        let owner = processes.get(&server.id);
        let name = owner.map_or_else(|| server.id.clone(), |p| p.name.clone());
        // The live process behind this id: the one it was given to, which has it or is about to
        // learn it.
        let process = owner.and_then(|p| {
            members.iter().find(|m| {
                m.alive
                    && m.incarnation == p.incarnation
                    && (m.member.member_id() == server.id || m.member.member_id().is_empty())
            })
        });
        let Some(process) = process else {
            add(&server.assigned, |h| &mut h.orphaned, &name);
            add(&server.pending_revocation, |h| &mut h.orphaned, &name);
            continue;
        };
        add(&server.pending_revocation, |h| &mut h.revoking, &name);
        // Meant for this member by the target, not in its hands yet: not released by its old
        // owner, or on its way in a response, or waiting for the member's next heartbeat.
        let leaving = matches!(
            process.member.state(),
            StateName::Terminating | StateName::Terminated
        );
        if !leaving {
            let missing = coordinator
                .subscribed_target(&server.id)
                .difference(process.member.assigned());
            add(&missing, |h| &mut h.waiting, &name);
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
            ..Holding::default()
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
            Segment::Revoking
        );
        assert_eq!(
            holding(&[], &[], &["A"], &["B"]).segment(),
            Segment::Revoking
        );
        assert_eq!(
            holding(&["A"], &[], &[], &["B"]).segment(),
            Segment::OwnedAwaited
        );
        assert_eq!(
            holding(&[], &[], &[], &["B"]).segment(),
            Segment::Unreleased
        );
        assert_eq!(holding(&["B"], &["A"], &[], &[]).segment(), Segment::Zombie);
        // With the safety switch off the new owner has it while the old one is still asked.
        assert_eq!(holding(&["B"], &[], &["A"], &[]).segment(), Segment::Owned);
        let orphaned = Holding {
            orphaned: vec!["B".into()],
            waiting: vec!["C".into()],
            ..Holding::default()
        };
        assert_eq!(orphaned.segment(), Segment::Orphaned);
        let reserved = Holding {
            reserved: vec!["a-1".into()],
            ..Holding::default()
        };
        assert_eq!(reserved.segment(), Segment::Reserved);
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
