//! The six states of the seed model (cgmsm.md §2) and the transitions §5 allows between them.
//!
//! ```text
//!   NEW ──subscribe──▶ JOINING ──success──▶ JOINED ──assignment──▶ ASSIGNING
//!    │                  ▲  ▲                  │  ▲                     │
//!    │                  │  └───── fenced ─────┘  └───── reconciled ────┤
//!    │                  └────────────────── fenced ────────────────────┘
//!    │ close               │ close (also from JOINED, ASSIGNING)
//!    ▼                     ▼
//!  TERMINATED ◀────── TERMINATING       fatal error: JOINING, JOINED, ASSIGNING ──▶ TERMINATED
//!              leave answered           close in JOINING without a member id ──▶ TERMINATED
//! ```

use serde::{Deserialize, Serialize};
use std::fmt;

/// The name of a state, without the data that lives in it. What the UI colours, the diagram draws
/// and the replay prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum StateName {
    /// Created; not yet subscribed. The initial state.
    New,
    /// While in this state the member sends a full heartbeat with member epoch 0 and waits for the
    /// first successful response.
    Joining,
    /// Known to the coordinator (possibly owning nothing); heartbeats at the interval.
    Joined,
    /// Reconciling the target: revocation steps, then assignment steps; keeps heartbeating.
    Assigning,
    /// Leaving: revokes everything it owns, then sends the leave heartbeat and waits for its answer.
    Terminating,
    /// Final: left, closed before joining, or failed with a fatal error.
    Terminated,
}

impl StateName {
    pub const ALL: [StateName; 6] = [
        StateName::New,
        StateName::Joining,
        StateName::Joined,
        StateName::Assigning,
        StateName::Terminating,
        StateName::Terminated,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            StateName::New => "NEW",
            StateName::Joining => "JOINING",
            StateName::Joined => "JOINED",
            StateName::Assigning => "ASSIGNING",
            StateName::Terminating => "TERMINATING",
            StateName::Terminated => "TERMINATED",
        }
    }
}

impl fmt::Display for StateName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a transition happens: the label of its edge in the diagram.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
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

/// Every transition cgmsm.md §5 can emit, with its cause (rule number in the comment).
pub const TRANSITIONS: [(StateName, StateName, Cause); 15] = {
    use Cause::*;
    use StateName::*;
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
