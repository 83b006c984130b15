//! What the shipped client's member keeps about its assignment: the local assignment with its
//! local epoch, the reconciliation in progress, and the commits and callbacks it waits on.

use crate::protocol::assignment::PartitionSet;
use crate::protocol::effect::Effect;

/// Partitions with the local epoch that tells one reconciled assignment from the next
/// (`LocalAssignment` in the client).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LocalAssignment {
    pub epoch: i64,
    pub partitions: PartitionSet,
}

impl LocalAssignment {
    pub const NONE_EPOCH: i64 = -1;

    pub fn none() -> Self {
        LocalAssignment {
            epoch: Self::NONE_EPOCH,
            partitions: PartitionSet::new(),
        }
    }

    pub fn is_none(&self) -> bool {
        self.epoch == Self::NONE_EPOCH
    }

    /// The same assignment if the partitions are equal, else the next local epoch.
    pub fn update_with(&self, partitions: &PartitionSet) -> Self {
        if !self.is_none() && &self.partitions == partitions {
            return self.clone();
        }
        LocalAssignment {
            epoch: self.epoch + 1,
            partitions: partitions.clone(),
        }
    }
}

/// A reconciliation in progress.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Reconciliation {
    /// Which run this is: completions of an abandoned run are discarded.
    pub(super) run: u64,
    pub(super) resolved: LocalAssignment,
    pub(super) revoked: PartitionSet,
    pub(super) added: PartitionSet,
    /// The member left it behind while its commit or callback ran: it still blocks the next
    /// reconciliation until that finishes, and then it is discarded.
    pub(super) interrupted: bool,
}

/// What a finished commit or callback lets happen next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Then {
    /// Reconciliation `run`: after the auto-commit, revoke.
    Revoke(u64),
    /// Reconciliation `run`: after onPartitionsRevoked, assign.
    Assign(u64),
    /// Reconciliation `run`: after onPartitionsAssigned, acknowledge.
    Acknowledge(u64),
    /// After onPartitionsLost of a fence: clear, then rejoin.
    RejoinAfterFence,
    /// After onPartitionsLost of a stale leave: clear, then rejoin once the application polls.
    RejoinAfterStale,
    /// After onPartitionsLost of a fatal error: clear.
    ClearAfterFatal,
    /// After the callback of `unsubscribe`: clear, then send the leave.
    LeaveAfterRelease,
    /// After the auto-commit of `close`: run the application's callback.
    CloseCallback,
    /// After the application's callback of `close`: leave.
    LeaveOnClose,
}

/// A commit or callback the member waits on, oldest first.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Pending {
    pub(super) effect: Effect,
    pub(super) then: Then,
}

