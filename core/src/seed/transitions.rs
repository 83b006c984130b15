//! The transitions seed model §5 allows between the seed's six states, each with its cause (the
//! label of its edge in the diagram).

use crate::protocol::state::StateName;
use serde::Serialize;

/// Why a transition happens: the label of its edge in the diagram.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    Subscribe,
    FirstSuccess,
    Assignment,
    Reconciled,
    Fenced,
    FatalError,
    Close,
    LeaveAnswered,
}

/// Every transition seed model §5 can emit, with its cause (rule number in the comment).
pub const TRANSITIONS: [(StateName, StateName, Cause); 15] = {
    use Cause::*;
    use StateName::{Assigning, Joined, Joining, New, Terminated, Terminating};
    [
        (New, Joining, Subscribe),                // 1
        (New, Terminated, Close),                 // 1
        (Joining, Joined, FirstSuccess),          // 2
        (Joined, Assigning, Assignment),          // 3
        (Assigning, Joined, Reconciled),          // 3, 4
        (Joined, Joining, Fenced),                // 5
        (Assigning, Joining, Fenced),             // 5
        (Joining, Terminated, FatalError),        // 8 (and 9: close without a member id)
        (Joined, Terminated, FatalError),         // 8
        (Assigning, Terminated, FatalError),      // 8
        (Joining, Terminating, Close),            // 9
        (Joined, Terminating, Close),             // 9
        (Assigning, Terminating, Close),          // 9
        (Terminating, Terminated, LeaveAnswered), // 9 (also fence or fatal before the leave)
        (Joining, Terminated, Close),             // 9
    ]
};

/// Whether §5 allows `from → to`.
pub fn is_allowed(from: StateName, to: StateName) -> bool {
    TRANSITIONS.iter().any(|&(f, t, _)| f == from && t == to)
}
