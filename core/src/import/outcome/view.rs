//! What the log says of the member at a point: its state, epoch and the partitions it holds, each
//! only when a line shows it. INFO logs show the state from 3.9 (transition lines), the epoch with
//! it, and the partitions in reconciliation blocks and callbacks.

use crate::machine::facts::Facts;
use crate::protocol::assignment::PartitionSet;
use crate::protocol::state::StateName;
use serde::Serialize;
use std::fmt;

/// The member as one side sees it; `None` where that side does not say.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct MemberView {
    pub state: Option<StateName>,
    pub epoch: Option<i32>,
    /// The partitions held: assigned, and pending revocation.
    pub held: Option<PartitionSet>,
}

impl MemberView {
    /// A model's member, seen the same way (what it holds includes what its local assignment
    /// still has pending revocation, where it keeps one).
    pub(crate) fn of(facts: &Facts) -> MemberView {
        let mut held = facts.assigned.clone();
        if let Some(local) = &facts.local {
            held.extend(&local.pending_revocation);
        }
        MemberView {
            state: Some(facts.state),
            epoch: Some(facts.member_epoch),
            held: Some(held),
        }
    }
}

/// `STABLE at epoch 3 holding orders-0, orders-1`, with what is known.
impl fmt::Display for MemberView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(state) = self.state {
            parts.push(state.to_string());
        }
        if let Some(epoch) = self.epoch {
            parts.push(format!("at epoch {epoch}"));
        }
        if let Some(held) = &self.held {
            parts.push(format!("holding {held}"));
        }
        if parts.is_empty() {
            return f.write_str("nothing known");
        }
        f.write_str(&parts.join(" "))
    }
}
