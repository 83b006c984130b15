//! The coordinator's target assignment (Kafka's `TargetAssignmentBuilder` and assignors): computing it with the assignor at the
//! group epoch, or taking it from the user, and reconciling each member towards it; and the changes
//! of metadata and assignor that move the group epoch.

use super::assignor::{Assignor, Subscriber};
use super::coordinator::Coordinator;
use super::reconcile::{reconcile, Goal};
use super::records::ServerState;
use crate::protocol::assignment::PartitionSet;
use crate::protocol::time::Millis;
use crate::tree::CollectTree;
use std::collections::BTreeMap;

impl Coordinator {
    /// Runs the assignor over every member (§7.8): the target at the group epoch.
    pub(crate) fn compute_target(&mut self) {
        let subscribers: Vec<Subscriber<'_>> = self
            .members
            .values()
            .map(|m| Subscriber {
                id: &m.id,
                instance_id: m.instance_id.as_deref(),
                topics: &m.subscription,
                previous: self.target.get(&m.id).unwrap_or(&EMPTY),
            })
            .collect();
        let target = self
            .config
            .assignor
            .assign(&subscribers, &self.config.topics);
        self.target = target;
        self.assignment_epoch = self.group_epoch;
    }

    /// Sets the target by hand (the user acting as the assignor): a new group epoch.
    pub fn set_target(&mut self, target: BTreeMap<String, PartitionSet>) {
        self.bump();
        self.target = self
            .members
            .keys()
            .map(|id| (id.clone(), target.get(id).cloned().unwrap_or_default()))
            .tree();
        self.assignment_epoch = self.group_epoch;
    }

    /// The target of member `id` as its reconciliation reads it: empty for the topics it does not
    /// subscribe to (Kafka 4.x's CurrentAssignmentBuilder), so a target set by hand cannot give a
    /// member partitions of a topic it never asked for.
    pub fn subscribed_target(&self, id: &str) -> PartitionSet {
        match (self.target.get(id), self.members.get(id)) {
            (Some(target), Some(member)) => target.within(&member.subscription),
            _ => PartitionSet::new(),
        }
    }

    /// Partitions held by members other than `id`.
    fn held_by_others(&self, id: &str) -> PartitionSet {
        let mut held = PartitionSet::new();
        for m in self.members.values().filter(|m| m.id != id) {
            held.extend(&m.assigned);
            held.extend(&m.pending_revocation);
        }
        held
    }

    pub(super) fn reconcile_member(&mut self, now: Millis, id: &str, owned: Option<&PartitionSet>) {
        let held = self.held_by_others(id);
        let target = self.subscribed_target(id);
        let wait = self.config.wait_for_revocation;
        let epoch = self.assignment_epoch;
        let Some(member) = self.members.get_mut(id) else {
            return;
        };
        if member.state == ServerState::Stable && member.epoch == epoch {
            return;
        }
        let goal = Goal {
            epoch,
            target: &target,
            held_by_others: &held,
            owned,
            wait_for_revocation: wait,
        };
        reconcile(member, &goal);
        member.rebalance_deadline = match (member.state, member.rebalance_deadline) {
            (ServerState::UnrevokedPartitions, Some(armed)) if armed.1 == member.epoch => {
                Some(armed)
            }
            (ServerState::UnrevokedPartitions, _) => Some((
                now.plus(u64::from(member.rebalance_timeout_ms)),
                member.epoch,
            )),
            _ => None,
        };
    }

    /// Adds partitions to a topic (or a new topic): the metadata changed, so the epoch moves.
    pub fn set_partitions(&mut self, topic: &str, count: u32) {
        std::sync::Arc::make_mut(&mut self.config)
            .topics
            .insert(topic.to_owned(), count);
        self.bump();
    }

    pub fn set_assignor(&mut self, assignor: Assignor) {
        std::sync::Arc::make_mut(&mut self.config).assignor = assignor;
        self.bump();
    }
}

static EMPTY: PartitionSet = PartitionSet::EMPTY;
