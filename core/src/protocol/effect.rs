//! Effects (seed model §4): imperatives the member returns, in order, from each input.

use crate::protocol::assignment::PartitionSet;
use crate::protocol::config::Config;
use crate::protocol::error_code::ErrorCode;
use crate::protocol::state::StateName;
use serde::Serialize;
use std::collections::BTreeSet;

/// One thing the member asks its environment to do (or reports having done to its assigned set).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub enum Effect {
    Transition {
        from: StateName,
        to: StateName,
    },
    SendHeartbeat(HeartbeatRequest),
    RemoveFromAssigned {
        partitions: PartitionSet,
    },
    CommitOffsets {
        partitions: PartitionSet,
    },
    InvokeOnPartitionsRevoked {
        partitions: PartitionSet,
    },
    AddToAssigned {
        partitions: PartitionSet,
    },
    /// Carries the whole target, not the added partitions.
    InvokeOnAssignment {
        partitions: PartitionSet,
    },
    InvokeOnPartitionsAssigned {
        partitions: PartitionSet,
    },
    /// The shipped client's callback for partitions lost without revocation (fenced, fatal, stale).
    InvokeOnPartitionsLost {
        partitions: PartitionSet,
    },
    /// Fencing and fatal errors drop the assigned set (the seed without any callback).
    ClearAssigned {
        partitions: PartitionSet,
    },
    ReportError {
        code: ErrorCode,
    },
}

impl Effect {
    /// The report of `awaited` (a commit or a callback) having failed.
    pub fn failed(awaited: &Effect) -> Effect {
        let code = match awaited {
            Effect::CommitOffsets { .. } => ErrorCode::CommitFailed,
            _ => ErrorCode::CallbackFailed,
        };
        Effect::ReportError { code }
    }

    /// Effects that wait for a `completed` input before the next step is emitted.
    pub fn awaits_completion(&self) -> bool {
        matches!(
            self,
            Effect::CommitOffsets { .. }
                | Effect::InvokeOnPartitionsRevoked { .. }
                | Effect::InvokeOnAssignment { .. }
                | Effect::InvokeOnPartitionsAssigned { .. }
                | Effect::InvokeOnPartitionsLost { .. }
        )
    }

    /// The name the replay prints in its `effect` field.
    pub fn name(&self) -> &'static str {
        match self {
            Effect::Transition { .. } => "transition",
            Effect::SendHeartbeat(_) => "send_heartbeat",
            Effect::RemoveFromAssigned { .. } => "remove_from_assigned",
            Effect::CommitOffsets { .. } => "commit_offsets",
            Effect::InvokeOnPartitionsRevoked { .. } => "invoke_on_partitions_revoked",
            Effect::AddToAssigned { .. } => "add_to_assigned",
            Effect::InvokeOnAssignment { .. } => "invoke_on_assignment",
            Effect::InvokeOnPartitionsAssigned { .. } => "invoke_on_partitions_assigned",
            Effect::InvokeOnPartitionsLost { .. } => "invoke_on_partitions_lost",
            Effect::ClearAssigned { .. } => "clear_assigned",
            Effect::ReportError { .. } => "report_error",
        }
    }
}

/// Why a heartbeat was sent. Not on the wire; the inspector and the narration show it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Purpose {
    /// Epoch 0, full: the first join or the rejoin after a fence.
    Join,
    /// The heartbeat interval passed.
    Interval,
    /// Between the revocation and the assignment steps (`heartbeat_between_revoke_and_assign`).
    BetweenRevokeAndAssign,
    /// Acknowledges a finished reconciliation by carrying the owned set.
    Acknowledge,
    /// The retry owed after a retriable answer; always full.
    Retry,
    /// Epoch -1 (or -2 for a static member): leaving the group.
    Leave,
}

/// A ConsumerGroupHeartbeat request, built from the member as it is when it is emitted.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct HeartbeatRequest {
    pub purpose: Purpose,
    pub group_id: String,
    pub member_id: String,
    pub member_epoch: i32,
    pub instance_id: Option<String>,
    /// Present in a full request only.
    pub full: Option<FullFields>,
    /// The owned partitions, or `None` when a delta does not send them (or a leave).
    pub owned: Option<PartitionSet>,
}

/// Fields only a full request carries (besides the owned partitions, which a full request always sends).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct FullFields {
    pub rebalance_timeout_ms: u32,
    pub subscribed_topics: BTreeSet<String>,
    pub server_assignor: Option<String>,
}

impl HeartbeatRequest {
    /// The request a member with this configuration, id and epoch sends: with the full fields
    /// (its `subscription`) or without, and its owned partitions or none. Both models build theirs
    /// here; what differs between them is when and what they choose to send.
    pub fn from_member(
        purpose: Purpose,
        config: &Config,
        (member_id, member_epoch): (&str, i32),
        full_with: Option<&BTreeSet<String>>,
        owned: Option<PartitionSet>,
    ) -> Self {
        HeartbeatRequest {
            purpose,
            group_id: config.group_id.clone(),
            member_id: member_id.to_owned(),
            member_epoch,
            instance_id: config.instance_id.clone(),
            full: full_with.map(|subscription| FullFields {
                rebalance_timeout_ms: config.rebalance_timeout_ms,
                subscribed_topics: subscription.clone(),
                server_assignor: config.server_assignor.clone(),
            }),
            owned,
        }
    }

    pub fn is_full(&self) -> bool {
        self.full.is_some()
    }
}
