//! What the coordinator is configured with and what it records: its settings, each member as the
//! server sees it (epochs, reconciliation state, assigned, pending revocation, deadlines), and the
//! answer it gives.

use super::assignor::Assignor;
use crate::protocol::assignment::PartitionSet;
use crate::protocol::time::Millis;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The coordinator's configuration (broker and group settings).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CoordinatorConfig {
    /// The one group this coordinator holds.
    pub group_id: String,
    pub assignor: Assignor,
    /// `group.consumer.session.timeout.ms`.
    pub session_timeout_ms: u64,
    /// `group.consumer.heartbeat.interval.ms`, sent in every response.
    pub heartbeat_interval_ms: u32,
    /// The safety rule: a partition goes to its new owner only once no other member holds it.
    pub wait_for_revocation: bool,
    /// Topics and their partition counts.
    pub topics: BTreeMap<String, u32>,
}

impl Default for CoordinatorConfig {
    fn default() -> Self {
        CoordinatorConfig {
            group_id: "demo-group".to_owned(),
            assignor: Assignor::Uniform,
            session_timeout_ms: 45_000,
            heartbeat_interval_ms: 5_000,
            wait_for_revocation: true,
            topics: BTreeMap::from([("orders".to_owned(), 6)]),
        }
    }
}

/// A member's reconciliation state on the server (`modern/MemberState`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ServerState {
    Stable,
    /// Must revoke partitions before it moves to the next epoch.
    UnrevokedPartitions,
    /// At the target epoch, waiting for partitions others still hold.
    UnreleasedPartitions,
}

impl ServerState {
    pub fn as_str(self) -> &'static str {
        match self {
            ServerState::Stable => "STABLE",
            ServerState::UnrevokedPartitions => "UNREVOKED_PARTITIONS",
            ServerState::UnreleasedPartitions => "UNRELEASED_PARTITIONS",
        }
    }
}

/// The coordinator's record of one member.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct ServerMember {
    pub id: String,
    pub instance_id: Option<String>,
    pub epoch: i32,
    pub previous_epoch: i32,
    pub state: ServerState,
    pub assigned: PartitionSet,
    pub pending_revocation: PartitionSet,
    pub subscription: std::sync::Arc<BTreeSet<String>>,
    pub rebalance_timeout_ms: u32,
    pub session_deadline: Millis,
    /// Armed in UNREVOKED_PARTITIONS: (deadline, the epoch it was armed at).
    pub rebalance_deadline: Option<(Millis, i32)>,
}

impl ServerMember {
    /// `updateMemberEpoch`: the old epoch becomes the previous one, even when the epoch does not
    /// move (CurrentAssignmentBuilderTest.testUnrevokedPartitionsToUnreleasedPartitions).
    pub(crate) fn update_epoch(&mut self, epoch: i32) {
        self.previous_epoch = self.epoch;
        self.epoch = epoch;
    }

    /// The rebalance timeout armed for this revocation has run out at `now`: the member is still
    /// revoking at the epoch it was armed at.
    pub fn revocation_overdue(&self, now: Millis) -> bool {
        self.state == ServerState::UnrevokedPartitions
            && self
                .rebalance_deadline
                .is_some_and(|(at, epoch)| at <= now && epoch == self.epoch)
    }

    /// A static member that left with epoch -2 and may come back.
    pub fn is_away(&self) -> bool {
        self.epoch == crate::LEAVE_STATIC_EPOCH
    }
}

/// A successful answer.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Reply {
    pub member_id: String,
    pub member_epoch: i32,
    pub heartbeat_interval_ms: u32,
    /// The member's whole assigned set, when the request was full or it changed.
    pub assignment: Option<PartitionSet>,
}
