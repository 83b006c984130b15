//! State names of the three models: the seed model's six states (seed model §2), the shipped Java
//! client's ten and librdkafka's seven (six join states and its terminated group). Which transitions each model allows is its own: [`crate::seed::transitions`] and
//! [`crate::kafka`].
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
    // ---- the shipped Kafka client (Kafka's `MemberState`); JOINING is shared ----
    /// Has a group id but no subscription (initial state, or after leaving).
    Unsubscribed,
    /// Has a target different from what it owns: resolving names, committing, running callbacks.
    Reconciling,
    /// Finished a reconciliation; the next heartbeat, sent at once, acknowledges it.
    Acknowledging,
    /// Everything received has been reconciled.
    Stable,
    /// Got FENCED_MEMBER_EPOCH or UNKNOWN_MEMBER_ID: runs onPartitionsLost, then rejoins.
    Fenced,
    /// Leaving: running onPartitionsRevoked (or Lost) before the leave heartbeat.
    PrepareLeaving,
    /// The epoch is already -1/-2: the next heartbeat is the leave.
    Leaving,
    /// Unrecoverable error: no more requests, no way out.
    Fatal,
    /// Left because max.poll.interval.ms expired; waits for the application's next poll.
    Stale,
    // ---- librdkafka's join states (`rd_kafka_cgrp_join_state_names`, in its own spelling) ----
    /// No reconciled assignment from the coordinator: before the first target, after a rejoin or
    /// a leave, and for as long as the coordinator's target for the member is empty. Every
    /// heartbeat sent here is full.
    #[serde(rename = "init")]
    Init,
    /// An incremental assign was handed to the application's rebalance callback (`on_assign`).
    #[serde(rename = "wait-assign-call")]
    WaitAssignCall,
    /// An incremental revoke (or lost) was handed to the rebalance callback (`on_revoke`, `on_lost`).
    #[serde(rename = "wait-unassign-call")]
    WaitUnassignCall,
    /// The application called `incremental_unassign()`: the revoked partitions are stopping.
    #[serde(rename = "wait-incr-unassign-to-complete")]
    WaitIncrUnassignToComplete,
    /// A full unassign (closing, or after a fatal error) is stopping every partition.
    #[serde(rename = "wait-unassign-to-complete")]
    WaitUnassignToComplete,
    /// Reconciled; with an acknowledgement owed, the next heartbeat carries it.
    #[serde(rename = "steady")]
    Steady,
    /// The consumer group handle terminated (librdkafka's cgrp state `term`): closed.
    #[serde(rename = "term")]
    Term,
}

impl StateName {
    /// The seed model's states, in diagram order.
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
            StateName::Unsubscribed => "UNSUBSCRIBED",
            StateName::Reconciling => "RECONCILING",
            StateName::Acknowledging => "ACKNOWLEDGING",
            StateName::Stable => "STABLE",
            StateName::Fenced => "FENCED",
            StateName::PrepareLeaving => "PREPARE_LEAVING",
            StateName::Leaving => "LEAVING",
            StateName::Fatal => "FATAL",
            StateName::Stale => "STALE",
            StateName::Init => "init",
            StateName::WaitAssignCall => "wait-assign-call",
            StateName::WaitUnassignCall => "wait-unassign-call",
            StateName::WaitIncrUnassignToComplete => "wait-incr-unassign-to-complete",
            StateName::WaitUnassignToComplete => "wait-unassign-to-complete",
            StateName::Steady => "steady",
            StateName::Term => "term",
        }
    }
}

impl fmt::Display for StateName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
