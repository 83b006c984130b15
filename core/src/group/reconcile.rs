//! `CurrentAssignmentBuilder` (Kafka's `CurrentAssignmentBuilder`): how the coordinator moves one member toward its
//! target — revocation before the epoch bump, assignment with it, and never a partition another
//! member still holds (unless the safety switch is off).

use super::records::{ServerMember, ServerState};
use crate::protocol::assignment::PartitionSet;

/// Everything one reconciliation step needs besides the member.
pub(crate) struct Goal<'a> {
    pub(crate) epoch: i32,
    pub(crate) target: &'a PartitionSet,
    /// Partitions other members hold (assigned or pending revocation).
    pub(crate) held_by_others: &'a PartitionSet,
    /// The owned set the heartbeat reported (`None`: not sent).
    pub(crate) owned: Option<&'a PartitionSet>,
    pub(crate) wait_for_revocation: bool,
}

fn still_owns_revoked(owned: Option<&PartitionSet>, pending: &PartitionSet) -> bool {
    owned.is_none_or(|o| !o.is_disjoint(pending))
}

/// Moves `member` one step toward `goal`.
pub(crate) fn reconcile(member: &mut ServerMember, goal: &Goal<'_>) {
    match member.state {
        ServerState::Stable if member.epoch != goal.epoch => {
            compute_next(member, member.epoch, goal)
        }
        ServerState::Stable => {}
        ServerState::UnrevokedPartitions => {
            if !still_owns_revoked(goal.owned, &member.pending_revocation) {
                // K4x: never past the target's epoch.
                let next = (member.epoch + 1).min(goal.epoch);
                compute_next(member, next, goal);
            }
        }
        ServerState::UnreleasedPartitions => compute_next(member, member.epoch, goal),
    }
}

fn compute_next(member: &mut ServerMember, epoch: i32, goal: &Goal<'_>) {
    let keep = member
        .assigned
        .difference(&member.assigned.difference(goal.target));
    let revoke = member.assigned.difference(&keep);
    let wanted = goal.target.difference(&keep);
    let (give, unreleased) = if goal.wait_for_revocation {
        let blocked = wanted.difference(&wanted.difference(goal.held_by_others));
        (wanted.difference(&blocked), !blocked.is_empty())
    } else {
        (wanted, false)
    };
    if !revoke.is_empty() && still_owns_revoked(goal.owned, &revoke) {
        member.state = ServerState::UnrevokedPartitions;
        member.update_epoch(epoch);
        member.assigned = keep;
        member.pending_revocation = revoke;
        return;
    }
    let mut assigned = keep;
    assigned.extend(&give);
    member.assigned = assigned;
    member.pending_revocation = PartitionSet::new();
    member.update_epoch(goal.epoch);
    member.state = if unreleased {
        ServerState::UnreleasedPartitions
    } else {
        ServerState::Stable
    };
}

#[cfg(test)]
#[path = "reconcile_kafka_tests.rs"]
mod kafka_tests;
