//! Leaving (Kafka's `GroupMetadataManager.consumerGroupLeave`): epoch -1 removes the member and moves
//! the group epoch; epoch -2 lets a static member step away with its partitions kept for it. A
//! leave is refused when it names no member of the group, or an instance id another member now
//! holds: a process that was expired or replaced must not take a healthy member down with it.

use super::coordinator::Coordinator;
use super::records::Reply;
use crate::protocol::assignment::PartitionSet;
use crate::protocol::effect::HeartbeatRequest;
use crate::protocol::error_code::ErrorCode;

impl Coordinator {
    pub(super) fn leave(&mut self, r: &HeartbeatRequest) -> Result<Reply, ErrorCode> {
        let id = match &r.instance_id {
            // A dynamic member: its id must be known.
            None if self.members.contains_key(&r.member_id) => r.member_id.clone(),
            None => return Err(ErrorCode::UnknownMemberId),
            // A static member: the instance id must be held, and held by this member id.
            Some(instance) => {
                let holder = self
                    .members
                    .values()
                    .find(|m| m.instance_id.as_ref() == Some(instance))
                    .ok_or(ErrorCode::UnknownMemberId)?;
                if holder.id != r.member_id {
                    return Err(ErrorCode::FencedInstanceId);
                }
                holder.id.clone()
            }
        };
        if r.member_epoch == crate::LEAVE_STATIC_EPOCH {
            if let Some(member) = self.members.get_mut(&id) {
                member.epoch = crate::LEAVE_STATIC_EPOCH;
                member.pending_revocation = PartitionSet::new();
                member.rebalance_deadline = None;
            }
        } else {
            self.remove(&id);
        }
        Ok(Reply {
            member_id: r.member_id.clone(),
            member_epoch: r.member_epoch,
            heartbeat_interval_ms: self.config.heartbeat_interval_ms,
            assignment: None,
        })
    }
}
