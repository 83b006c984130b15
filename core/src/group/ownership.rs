//! Who holds each partition, as the group sees it at one instant, and the history of it that the
//! ownership chart draws. "Owning" is the client's view (the partition is in a member's assigned
//! set); "pending revocation" and "unreleased" are the coordinator's (§7.5).

use super::coordinator::Coordinator;
use super::sim::{Process, SimMember};
use crate::protocol::state::StateName;
use crate::protocol::time::Millis;
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;

/// One partition at one instant.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize)]
pub struct Holding {
    /// Members that have it in their assigned set and that the coordinator counts as holding it.
    pub owners: Vec<String>,
    /// Members that have it although the coordinator does not count it as theirs, each with why.
    /// No coordinator rule can stop them.
    pub zombies: Vec<Zombie>,
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

/// A live process that holds a partition the coordinator does not count as its.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Zombie {
    pub name: String,
    pub cause: ZombieCause,
}

/// Why a process holds a partition the coordinator does not count as its: the only two ways,
/// with the safety rule on, that two live processes consume one partition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ZombieCause {
    /// The coordinator fenced it (its session expired, or its rebalance timeout) and removed its
    /// record; the member finds out at its next heartbeat (Kafka fences its commits meanwhile).
    Fenced,
    /// The coordinator counts the member, not this partition: a seed member finishing a
    /// reconciliation toward an outdated target (the seed design finishes the running one before
    /// the newest; the shipped client aborts it), or a librdkafka member resting in steady with a
    /// newer target that leaves the partition out, which waits until the last one is acknowledged.
    OutdatedTarget,
}

impl ZombieCause {
    /// The word the chart's label gives it.
    pub fn as_str(self) -> &'static str {
        match self {
            ZombieCause::Fenced => "fenced",
            ZombieCause::OutdatedTarget => "outdated target",
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
        let record = coordinator.members().get(&m.facts.member_id);
        for (t, p) in m.facts.assigned.iter() {
            let holding = out.entry((t.to_owned(), p)).or_default();
            let counted = record
                .is_some_and(|s| s.assigned.contains(t, p) || s.pending_revocation.contains(t, p));
            if counted {
                holding.owners.push(m.name.clone());
            } else {
                let cause = match record {
                    None => ZombieCause::Fenced,
                    Some(_) => ZombieCause::OutdatedTarget,
                };
                holding.zombies.push(Zombie {
                    name: m.name.clone(),
                    cause,
                });
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
                    && (m.facts.member_id == server.id || m.facts.member_id.is_empty())
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
        let leaving = process.facts.finished
            || matches!(
                process.facts.state,
                StateName::Terminating | StateName::PrepareLeaving | StateName::Leaving
            );
        if !leaving {
            let missing = coordinator
                .subscribed_target(&server.id)
                .difference(&process.facts.assigned);
            add(&missing, |h| &mut h.waiting, &name);
        }
    }
    out
}

/// The snapshots over time, one entry per change.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
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

    /// Keeps the newest entry only (the bounded check keeps states, not their charts).
    pub fn keep_newest(&mut self) {
        let newest = self.entries.len().saturating_sub(1);
        self.entries.drain(..newest);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn holding(owners: &[&str]) -> Holding {
        Holding {
            owners: owners.iter().map(|s| (*s).to_owned()).collect(),
            ..Holding::default()
        }
    }

    #[test]
    fn history_keeps_changes_only_and_the_last_word_of_an_instant() {
        let mut h = History::default();
        let one = |o: &[&str]| Snapshot::from([(("t".to_owned(), 0), holding(o))]);
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
