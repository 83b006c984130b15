//! The coordinator console's drafts: what the user is about to answer, and the quick actions that
//! edit it. The choices are the user's; this only proposes and converts.

use crate::machine::Machine;
use crate::protocol::assignment::{Partition, PartitionSet};
use crate::protocol::error_code::ErrorCode;
use crate::protocol::input::{HeartbeatResponse, Input};
use serde::{Deserialize, Serialize};

/// The member id the console hands out to a member that has none.
pub const DEFAULT_MEMBER_ID: &str = "member-1";
/// The heartbeat interval the console proposes when the member has none yet.
pub const DEFAULT_INTERVAL_MS: u32 = 5000;
/// The topic quick actions add partitions of when the member subscribed to nothing.
pub const DEFAULT_TOPIC: &str = "orders";

/// The assignment field of a drafted success.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum AssignmentDraft {
    /// `null`: the member keeps reconciling toward what it has.
    Unchanged,
    /// The complete target.
    Set(PartitionSet),
}

/// An answer to the heartbeat in flight, as drafted in the console.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Draft {
    Success {
        member_id: String,
        member_epoch: i32,
        heartbeat_interval_ms: u32,
        assignment: AssignmentDraft,
    },
    Error(ErrorCode),
    /// No answer: a timeout or a disconnect.
    NoAnswer,
}

impl Draft {
    /// The input this draft sends.
    pub fn to_input(&self) -> Input {
        match self {
            Draft::Success {
                member_id,
                member_epoch,
                heartbeat_interval_ms,
                assignment,
            } => Input::HeartbeatResponse(HeartbeatResponse {
                member_id: member_id.clone(),
                member_epoch: *member_epoch,
                heartbeat_interval_ms: *heartbeat_interval_ms,
                assignment: match assignment {
                    AssignmentDraft::Unchanged => None,
                    AssignmentDraft::Set(set) => Some(set.clone()),
                },
            }),
            Draft::Error(code) => Input::HeartbeatError { code: code.clone() },
            Draft::NoAnswer => Input::HeartbeatFailed,
        }
    }
}

/// The routine answer, "same epoch, nothing new": the member's id (or a new one), its epoch (at
/// least 1: a join's first answer), its interval, and no assignment (= unchanged). In KIP-848 the
/// epoch moves with a new target, so an everyday heartbeat keeps it (`CurrentAssignmentBuilder`).
pub fn default_answer(member: &impl Machine) -> HeartbeatResponse {
    let member_facts = member.facts();
    let member_id = if member_facts.member_id.is_empty() {
        DEFAULT_MEMBER_ID.to_owned()
    } else {
        member_facts.member_id.to_owned()
    };
    let interval = match member_facts.heartbeat_interval_ms {
        0 => DEFAULT_INTERVAL_MS,
        ms => ms,
    };
    HeartbeatResponse {
        member_id,
        member_epoch: member_facts.member_epoch.max(1),
        heartbeat_interval_ms: interval,
        assignment: None,
    }
}

/// The other common answer, "a new assignment at the next epoch": the routine answer with the
/// epoch moved on and one more partition of the subscription than the member has now.
pub fn new_assignment_answer(member: &impl Machine) -> HeartbeatResponse {
    let member_facts = member.facts();
    let routine = default_answer(member);
    let now = same_as_now(member);
    HeartbeatResponse {
        member_epoch: member_facts.member_epoch.saturating_add(1).max(1),
        assignment: Some(add_next_partition(member, &now)),
        ..routine
    }
}

/// [`default_answer`] as a draft.
pub fn default_draft(member: &impl Machine) -> Draft {
    let r = default_answer(member);
    Draft::Success {
        member_id: r.member_id,
        member_epoch: r.member_epoch,
        heartbeat_interval_ms: r.heartbeat_interval_ms,
        assignment: AssignmentDraft::Unchanged,
    }
}

/// "Same as now": the newest target while reconciling, else the assigned set.
pub fn same_as_now(member: &impl Machine) -> PartitionSet {
    let member_facts = member.facts();
    member_facts.newest_target.unwrap_or(member_facts.assigned)
}

/// "Add next partition": the lowest partition of the first subscribed topic (or of
/// [`DEFAULT_TOPIC`]) that `set` lacks.
pub fn add_next_partition(member: &impl Machine, set: &PartitionSet) -> PartitionSet {
    let subscription = member.facts().subscription;
    let topic = subscription
        .iter()
        .next()
        .map_or(DEFAULT_TOPIC, String::as_str);
    let mut next = set.clone();
    let free = (0..).find(|&p: &Partition| !set.contains(topic, p));
    if let Some(p) = free {
        next.insert(topic, p);
    }
    next
}

/// "Revoke one": `set` without its last partition.
pub fn revoke_one(set: &PartitionSet) -> PartitionSet {
    let mut next = set.clone();
    let last = set.iter().last().map(|(t, p)| (t.to_owned(), p));
    if let Some((topic, p)) = last {
        next.remove(&topic, p);
    }
    next
}
