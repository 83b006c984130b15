//! The group coordinator (Kafka's `GroupMetadataManager`): group epoch, target assignment and its epoch, members with
//! their epochs and server states, request validation, epoch checks, static members, and the
//! session and rebalance timeouts, all on the virtual clock it is given.

use super::records::{CoordinatorConfig, Reply, ServerMember, ServerState};
use crate::protocol::assignment::PartitionSet;
use crate::protocol::effect::HeartbeatRequest;
use crate::protocol::error_code::ErrorCode;
use crate::protocol::time::Millis;
use std::collections::BTreeMap;

/// The group coordinator of one consumer group.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Coordinator {
    /// Shared by every copy of the coordinator until one changes it.
    pub(crate) config: std::sync::Arc<CoordinatorConfig>,
    pub(crate) group_epoch: i32,
    pub(crate) assignment_epoch: i32,
    pub(crate) members: BTreeMap<String, ServerMember>,
    pub(crate) target: BTreeMap<String, PartitionSet>,
    pub(crate) generated_ids: u32,
}

impl Coordinator {
    pub fn new(config: CoordinatorConfig) -> Self {
        Coordinator {
            config: std::sync::Arc::new(config),
            group_epoch: 0,
            assignment_epoch: 0,
            members: BTreeMap::new(),
            target: BTreeMap::new(),
            generated_ids: 0,
        }
    }

    pub fn config(&self) -> &CoordinatorConfig {
        &self.config
    }
    pub fn group_epoch(&self) -> i32 {
        self.group_epoch
    }
    pub fn assignment_epoch(&self) -> i32 {
        self.assignment_epoch
    }
    pub fn members(&self) -> &BTreeMap<String, ServerMember> {
        &self.members
    }
    /// The target assignment of each member.
    pub fn target(&self) -> &BTreeMap<String, PartitionSet> {
        &self.target
    }

    /// Handles one ConsumerGroupHeartbeat (`GroupMetadataManager.consumerGroupHeartbeat`).
    pub fn heartbeat(
        &mut self,
        now: Millis,
        request: &HeartbeatRequest,
    ) -> Result<Reply, ErrorCode> {
        self.validate(request)?;
        // One group lives here: any other id is a group that does not exist (a join would create
        // it on a real broker; this coordinator holds one group only).
        if request.group_id != self.config.group_id {
            return Err(ErrorCode::GroupIdNotFound);
        }
        let epoch = request.member_epoch;
        if epoch < 0 {
            return self.leave(request);
        }
        let id = self.member_for(now, request)?;
        let full = request.is_full();
        let (before, subscription_changed) = {
            let member = self
                .members
                .get_mut(&id)
                .ok_or(ErrorCode::UnknownMemberId)?;
            let changed = request
                .full
                .as_ref()
                .is_some_and(|f| f.subscribed_topics != *member.subscription);
            if let Some(f) = &request.full {
                if changed {
                    member.subscription = std::sync::Arc::new(f.subscribed_topics.clone());
                }
                member.rebalance_timeout_ms = f.rebalance_timeout_ms;
            }
            (member.assigned.clone(), changed)
        };
        if subscription_changed {
            self.bump();
        }
        if self.group_epoch > self.assignment_epoch {
            self.compute_target();
        }
        self.reconcile_member(now, &id, request.owned.as_ref());
        let member = self
            .members
            .get_mut(&id)
            .ok_or(ErrorCode::UnknownMemberId)?;
        member.session_deadline = now.plus(self.config.session_timeout_ms);
        let changed = member.assigned != before;
        Ok(Reply {
            member_id: id,
            member_epoch: member.epoch,
            heartbeat_interval_ms: self.config.heartbeat_interval_ms,
            assignment: (full || epoch == 0 || changed).then(|| member.assigned.clone()),
        })
    }

    /// §1.4: malformed requests are INVALID_REQUEST.
    fn validate(&self, r: &HeartbeatRequest) -> Result<(), ErrorCode> {
        let blank = |s: &str| s.trim().is_empty();
        let invalid = blank(&r.group_id)
            || r.instance_id.as_deref().is_some_and(blank)
            || (r.member_id.is_empty() && (r.member_epoch > 0 || r.member_epoch == -1))
            || r.member_epoch < -2
            || (r.member_epoch == -2 && r.instance_id.is_none())
            || (r.member_epoch == 0
                && (r.full.is_none() || r.owned.as_ref().is_none_or(|o| !o.is_empty())));
        if invalid {
            Err(ErrorCode::InvalidRequest)
        } else {
            Ok(())
        }
    }

    /// Finds (or creates, on a join) the member a request is for, checking its epoch (§7.4, §7.7).
    fn member_for(&mut self, now: Millis, r: &HeartbeatRequest) -> Result<String, ErrorCode> {
        let by_instance = r
            .instance_id
            .as_ref()
            .and_then(|i| {
                self.members
                    .values()
                    .find(|m| m.instance_id.as_ref() == Some(i))
            })
            .map(|m| (m.id.clone(), m.is_away()));
        if r.member_epoch == 0 {
            return self.join(now, r, by_instance);
        }
        if r.instance_id.is_some() {
            match &by_instance {
                None => return Err(ErrorCode::UnknownMemberId),
                Some((id, _)) if *id != r.member_id => return Err(ErrorCode::FencedInstanceId),
                Some(_) => {}
            }
        }
        let member = self
            .members
            .get(&r.member_id)
            .ok_or(ErrorCode::UnknownMemberId)?;
        let e = r.member_epoch;
        let lost_response = e == member.previous_epoch
            && r.owned
                .as_ref()
                .is_some_and(|o| o.is_subset(&member.assigned));
        if e > member.epoch || (e < member.epoch && !lost_response) {
            return Err(ErrorCode::FencedMemberEpoch);
        }
        Ok(r.member_id.clone())
    }

    /// Epoch 0: a new member, a static member coming back, or a fenced member rejoining with its
    /// id (accepted since KAFKA-19233; before it, the rejoin was fenced again).
    fn join(
        &mut self,
        now: Millis,
        r: &HeartbeatRequest,
        by_instance: Option<(String, bool)>,
    ) -> Result<String, ErrorCode> {
        let mut inherited = None;
        if let Some((old, away)) = by_instance {
            if !away && old != r.member_id {
                return Err(ErrorCode::UnreleasedInstanceId);
            }
            // The new member takes the old one's target and assignment.
            if let Some(m) = self.members.remove(&old) {
                let target = self.target.remove(&old).unwrap_or_default();
                inherited = Some((m.assigned, m.subscription, target));
            }
        }
        let id = if r.member_id.is_empty() {
            self.generated_ids += 1;
            format!("m{}", self.generated_ids)
        } else {
            r.member_id.clone()
        };
        let subscription = r
            .full
            .as_ref()
            .map(|f| f.subscribed_topics.clone())
            .unwrap_or_default();
        let existing = self.members.remove(&id);
        // The subscription this join is compared with: the replaced static member's, or this
        // member's own record (a rejoin with its id). A change moves the group epoch (§7.3).
        let previous = match (&inherited, &existing) {
            (Some((_, subscription, _)), _) => Some(subscription.clone()),
            (None, Some(m)) => Some(m.subscription.clone()),
            (None, None) => None,
        };
        let (assigned, target) = match inherited {
            Some((assigned, _, target)) => (assigned, Some(target)),
            None => (PartitionSet::new(), None),
        };
        let member = ServerMember {
            id: id.clone(),
            instance_id: r.instance_id.clone(),
            epoch: 0,
            previous_epoch: 0,
            state: ServerState::Stable,
            assigned,
            pending_revocation: PartitionSet::new(),
            subscription: std::sync::Arc::new(subscription.clone()),
            rebalance_timeout_ms: r.full.as_ref().map_or(300_000, |f| f.rebalance_timeout_ms),
            session_deadline: now.plus(self.config.session_timeout_ms),
            rebalance_deadline: None,
        };
        let joins = existing.is_none() && target.is_none();
        let resubscribes = previous.is_some_and(|p| *p != subscription);
        if let Some(target) = target {
            self.target.insert(id.clone(), target);
        }
        self.members.insert(id.clone(), member);
        if joins || resubscribes || self.group_epoch == 0 {
            self.bump();
        }
        Ok(id)
    }

    pub(crate) fn bump(&mut self) {
        self.group_epoch += 1;
    }

    pub(super) fn remove(&mut self, id: &str) {
        if self.members.remove(id).is_some() {
            self.target.remove(id);
            self.bump();
        }
    }

    /// The next session or rebalance deadline.
    pub fn next_deadline(&self) -> Option<Millis> {
        self.members
            .values()
            .flat_map(|m| {
                std::iter::once(m.session_deadline).chain(m.rebalance_deadline.map(|d| d.0))
            })
            .min()
    }

    /// Fires the timeouts due at `now`: an expired session removes the member; an expired
    /// rebalance timeout fences a member still revoking at that epoch. Returns who was removed.
    pub fn expire(&mut self, now: Millis) -> Vec<String> {
        let expired: Vec<String> = self
            .members
            .values()
            .filter(|m| m.session_deadline <= now || m.revocation_overdue(now))
            .map(|m| m.id.clone())
            .collect();
        for id in &expired {
            self.remove(id);
        }
        expired
    }
}
