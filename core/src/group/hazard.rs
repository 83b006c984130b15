//! What can go wrong in a group, defined once: each hazard is a predicate on the simulated group
//! as it stands after a step, with its rule, where it comes from, and whether each member model
//! lets it happen. The group view draws them where they happen and the hunt (`crate::hunt`)
//! searches random schedules for them.
//!
//! Over 300 lines: each hazard is defined once, its predicate beside its rule, its sources and what
//! each model allows.

use super::sim::{GroupSim, SimMember};
use crate::machine::facts::Facts;
use crate::machine::model::Model;
use crate::machine::{Machine, NextCompletion};
use crate::protocol::assignment::PartitionSet;
use crate::protocol::effect::Effect;
use crate::protocol::state::StateName;
use crate::protocol::time::Millis;
use serde::Serialize;

/// A way a group can go wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Hazard {
    /// Two live members own one partition.
    DoubleOwnership,
    /// A partition is owned by a new member while its previous owner's revocation (the commit or
    /// onPartitionsRevoked) still runs.
    ReleasedBeforeRevoked,
    /// A member commits offsets of a partition the coordinator has given to another member.
    CommitNotOwned,
    /// A member still works toward a target the coordinator has replaced.
    StaleTarget,
    /// A partition of a subscribed topic nobody owns, long after the group was last disturbed.
    OrphanAfterCalm,
    /// A member is fenced while one of its callbacks runs: that work is abandoned.
    FencedDuringCallback,
}

/// Whether a model's design lets a hazard happen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Allowed {
    Yes,
    No,
}

impl Hazard {
    pub const ALL: [Hazard; 6] = [
        Hazard::DoubleOwnership,
        Hazard::ReleasedBeforeRevoked,
        Hazard::CommitNotOwned,
        Hazard::StaleTarget,
        Hazard::OrphanAfterCalm,
        Hazard::FencedDuringCallback,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Hazard::DoubleOwnership => "double_ownership",
            Hazard::ReleasedBeforeRevoked => "released_before_revoked",
            Hazard::CommitNotOwned => "commit_not_owned",
            Hazard::StaleTarget => "stale_target",
            Hazard::OrphanAfterCalm => "orphan_after_calm",
            Hazard::FencedDuringCallback => "fenced_during_callback",
        }
    }

    pub fn parse(name: &str) -> Option<Hazard> {
        Hazard::ALL.into_iter().find(|h| h.as_str() == name)
    }

    /// The hazard in a few words.
    pub fn title(self) -> &'static str {
        match self {
            Hazard::DoubleOwnership => "Two owners at once",
            Hazard::ReleasedBeforeRevoked => "Released before revoked",
            Hazard::CommitNotOwned => "A commit for a partition given away",
            Hazard::StaleTarget => "Working toward a replaced target",
            Hazard::OrphanAfterCalm => "A partition nobody owns, after the calm",
            Hazard::FencedDuringCallback => "Fenced while a callback runs",
        }
    }

    /// The predicate, as a reviewer reads it.
    pub fn rule(self) -> &'static str {
        match self {
            Hazard::DoubleOwnership => "Two live members hold the same partition in their assigned sets.",
            Hazard::ReleasedBeforeRevoked => "A live member holds a partition that another live member is still revoking: the other's commit or onPartitionsRevoked for it has not returned.",
            Hazard::CommitNotOwned => "A live member's commit of a partition runs while the coordinator has that partition assigned to another member.",
            Hazard::StaleTarget => "A live member runs a callback of a reconciliation toward a target that is no longer the coordinator's target for it.",
            Hazard::OrphanAfterCalm => "A partition of a topic some live member subscribes to is in no live member's assigned set, two session timeouts after the last input that was not time passing, while no member's application is still inside a commit or callback, its member's or one its member abandoned (a callback that never returns keeps a partition from its owner whatever the protocol does).",
            Hazard::FencedDuringCallback => "A member was fenced while a commit or callback of its reconciliation had not returned: that work is abandoned, and its completion is still owed.",
        }
    }

    /// Where the behaviour behind it is written down: ids of
    /// [`crate::teaching::sources::SOURCES`].
    pub fn sources(self) -> &'static [&'static str] {
        match self {
            Hazard::DoubleOwnership => &["kip-848-reconciliation", "cab"],
            Hazard::ReleasedBeforeRevoked => &["seed-5.4", "client-revoke-assign", "client-ack"],
            Hazard::CommitNotOwned => &[
                "seed-5.4",
                "client-commit-stale-epoch",
                "offset-commit-epoch",
            ],
            Hazard::StaleTarget => &["seed-5.3", "client-ack", "test-mm-newer-target"],
            Hazard::OrphanAfterCalm => &["kip-848-reconciliation", "gmm-rebalance-timeout"],
            Hazard::FencedDuringCallback => &["seed-5.5", "client-fenced", "client-lost"],
        }
    }

    /// Whether `model`'s design lets it happen (the hunt checks the seed's column by running it).
    pub fn allowed(self, model: Model) -> Allowed {
        match self {
            // The coordinator's safety rule holds for every model.
            Hazard::DoubleOwnership | Hazard::OrphanAfterCalm => Allowed::No,
            _ => (model.descriptor().allows)(self),
        }
    }
}

/// A hazard seen in the group after a step.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Sighting {
    pub hazard: Hazard,
    /// The members involved, by name.
    pub members: Vec<String>,
    pub partitions: PartitionSet,
    /// What is happening, in one line.
    pub words: String,
}

/// The partitions both sets hold.
fn common(a: &PartitionSet, b: &PartitionSet) -> PartitionSet {
    a.difference(&a.difference(b))
}

/// The partitions a member is revoking right now: those of the commit or onPartitionsRevoked it
/// waits on.
fn revoking(m: &SimMember) -> PartitionSet {
    match m.member.next_completion() {
        Some(NextCompletion::Awaited {
            effect: Effect::CommitOffsets { partitions },
            revoking: true,
            ..
        })
        | Some(NextCompletion::Awaited {
            effect: Effect::InvokeOnPartitionsRevoked { partitions },
            ..
        }) => partitions,
        _ => PartitionSet::new(),
    }
}

/// Every hazard in `sim` as it stands, most serious first; `quiet_since` is when the last input
/// that was not time passing was applied.
pub fn sightings(sim: &GroupSim, quiet_since: Millis) -> Vec<Sighting> {
    let mut out = Vec::new();
    let members: Vec<&SimMember> = sim.members().iter().filter(|m| m.running()).collect();
    let facts: Vec<&Facts> = members.iter().map(|m| &m.facts).collect();
    let double = sim.double_owned_now();
    if !double.is_empty() {
        out.push(Sighting {
            hazard: Hazard::DoubleOwnership,
            members: Vec::new(),
            partitions: PartitionSet::new(),
            words: format!("two owners: {}", double.join(", ")),
        });
    }
    for a in &members {
        let revoked = revoking(a);
        for b in members.iter().filter(|b| b.name != a.name) {
            let both = common(&revoked, &b.facts.assigned);
            if !both.is_empty() {
                out.push(Sighting {
                    hazard: Hazard::ReleasedBeforeRevoked,
                    members: vec![a.name.clone(), b.name.clone()],
                    words: format!(
                        "{} owns {both} while {} is still revoking it",
                        b.name, a.name
                    ),
                    partitions: both,
                });
            }
        }
    }
    for a in &members {
        let Some(Effect::CommitOffsets { partitions }) = &a.facts.awaiting else {
            continue;
        };
        for (id, record) in sim.coordinator().members() {
            if *id == a.facts.member_id {
                continue;
            }
            let given = common(partitions, &record.assigned);
            if !given.is_empty() {
                let other = sim.process_of(id).map_or(id.as_str(), |p| p.name.as_str());
                out.push(Sighting {
                    hazard: Hazard::CommitNotOwned,
                    members: vec![a.name.clone(), other.to_owned()],
                    words: format!(
                        "{} commits {given}, which the coordinator has given to {other}",
                        a.name
                    ),
                    partitions: given,
                });
            }
        }
    }
    for (a, facts) in members.iter().zip(&facts) {
        let (Some(_), Some(target)) = (&facts.awaiting, &facts.target) else {
            continue;
        };
        let current = sim.coordinator().target().get(&facts.member_id);
        if current.is_some_and(|t| t != target) {
            out.push(Sighting {
                hazard: Hazard::StaleTarget,
                members: vec![a.name.clone()],
                partitions: target.clone(),
                words: format!(
                    "{} reconciles toward {target}; the coordinator's target for it is now {}",
                    a.name,
                    current.map(ToString::to_string).unwrap_or_default()
                ),
            });
        }
    }
    out.extend(orphan_after_calm(sim, quiet_since));
    for (a, facts) in members.iter().zip(&facts) {
        // Work a fence abandoned is owed a completion until the callback returns; work a close
        // abandoned belongs to a member that is leaving anyway.
        let leaving = matches!(facts.state, StateName::Terminating | StateName::Terminated);
        if facts.owed_to_abandoned > 0 && !leaving {
            out.push(Sighting {
                hazard: Hazard::FencedDuringCallback,
                members: vec![a.name.clone()],
                partitions: PartitionSet::new(),
                words: format!("{} was fenced while its callback ran", a.name),
            });
        }
    }
    out
}

/// The orphan-after-calm sighting: the one hazard that reads how long the group has been left
/// alone (`quiet_since`).
pub fn orphan_after_calm(sim: &GroupSim, quiet_since: Millis) -> Option<Sighting> {
    let calm = 2 * sim.config().coordinator.session_timeout_ms;
    if sim.now().0 >= quiet_since.0 + calm {
        unowned(sim)
    } else {
        None
    }
}

/// What the orphan-after-calm sighting sees, however long the group has been quiet: the bounded
/// check takes the quiet by following time's moves after each disturbance instead of keeping its
/// length in every state (`crate::check`).
pub fn unowned(sim: &GroupSim) -> Option<Sighting> {
    let facts: Vec<&Facts> = sim
        .members()
        .iter()
        .filter(|m| m.running())
        .map(|m| &m.facts)
        .collect();
    // An application still inside a callback the member abandoned (a fence came while it ran)
    // is inside a callback all the same: Kafka's member starts no new reconciliation before it
    // returns, so what it would be given waits on the application, not on the protocol.
    if facts.iter().any(|f| f.in_application()) {
        return None;
    }
    let mut orphans = PartitionSet::new();
    for (topic, count) in &sim.config().coordinator.topics {
        let wanted = facts.iter().any(|f| f.subscription.contains(topic));
        for p in 0..*count {
            if wanted && !facts.iter().any(|f| f.assigned.contains(topic, p)) {
                orphans.insert(topic, p);
            }
        }
    }
    (!orphans.is_empty()).then(|| Sighting {
        hazard: Hazard::OrphanAfterCalm,
        members: Vec::new(),
        words: format!("nobody owns {orphans}, long after the last disturbance"),
        partitions: orphans,
    })
}

/// What the seed's design allows: it removes, commits, then calls back, and its next heartbeat
/// already reports the smaller owned set; the shipped clients acknowledge once the callback
/// returned. Every model finishes one reconciliation before the next, and can be fenced at any time.
pub(crate) fn seed_allows(_: Hazard) -> Allowed {
    Allowed::Yes
}

/// What the Java client's design allows. After a lost heartbeat (its sent fields reset) it sends,
/// while an onPartitionsAssigned still runs, a full heartbeat whose owned set is its last completed
/// reconciliation's (LocalAssignment.NONE: empty); the coordinator reads an empty list as
/// everything revoked (CurrentAssignmentBuilder.ownsRevokedPartitions) and hands on a partition the
/// member is about to own and then revoke. Found by the bounded check (crate::check), read in
/// Kafka 3.8.0 to trunk: HeartbeatRequestManager buildRequestData and reset,
/// MembershipManagerImpl's currentAssignment.
pub(crate) fn kafka_allows(_: Hazard) -> Allowed {
    Allowed::Yes
}

/// What librdkafka's design allows. Closed while on_assign has not returned, it takes that answer
/// as the full unassign and leaves; the on_revoke queued behind it runs after the leave, for
/// partitions it never fetched (`rd_kafka_cgrp_handle_assign_op` when terminating). It waits for
/// the running callback before it hands what is left to on_lost: no work is abandoned
/// (`rd_kafka_cgrp_consumer_assignment_done`).
pub(crate) fn librdkafka_allows(hazard: Hazard) -> Allowed {
    match hazard {
        Hazard::CommitNotOwned | Hazard::FencedDuringCallback => Allowed::No,
        _ => Allowed::Yes,
    }
}
