//! Why the two models differ: one root cause per difference, each with a one-line why and the
//! sections of the two specifications it comes from.
//!
//! **The order is the order of importance** for a design review, and the order groups are listed
//! in ([`super::Review::groups`]); `Cause` derives `Ord` from it:
//!
//! 1. *Unexplained* first: a difference no rule fits is a gap in the review or a bug in a model, and
//!    must never sit below the known ones.
//! 2. What the application's own code sees differently — its rebalance callbacks and whether it
//!    keeps its partitions: onPartitionsLost (the question a reviewer of the seed asks first), a
//!    failed callback retried, a member that leaves when the application is slow, close.
//! 3. What the coordinator sees differently: when the leave ends, when JOINING ends, when the
//!    next reconciliation may start, which targets are acknowledged, when a retry or an interval heartbeat goes out, names resolved through
//!    metadata, who makes the member id, a heartbeat only the seed sends.
//! 4. Inputs one model rejects, and a configuration that only the shipped client reads.
//! 5. Extra or missing work with no effect on ownership: the auto-commit, onPartitionsAssigned with
//!    nothing added, the seed's onAssignment.

use super::Switch;
use serde::Serialize;
use std::fmt;

/// The root cause of a difference between the seed and the shipped client.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    /// No known cause fits.
    Unexplained,
    // ---- what the application sees ----
    /// Fenced or failed: the shipped client runs onPartitionsLost (and waits in FENCED for it).
    OnPartitionsLost,
    /// A failed callback: the shipped client does not acknowledge, and reconciles again.
    FailedCallbackRetried,
    /// The application stopped polling: the shipped client leaves as STALE and rejoins on a poll.
    StaleMember,
    /// `close`: the shipped client commits and revokes in the application, then leaves.
    CloseInApplication,
    // ---- what the coordinator sees ----
    /// The shipped client's leave ends when it is sent; the seed's when it is answered.
    LeaveEndsWhenSent,
    /// The shipped client stays JOINING until an answer carries an assignment.
    JoiningUntilAssignment,
    /// The shipped client waits in ACKNOWLEDGING to send its acknowledgement before it reconciles
    /// a newer target.
    AcknowledgingState,
    /// The shipped client reconciles and acknowledges every new target, even one it already owns.
    LocalEpochAcknowledged,
    /// The shipped client retries at once where the seed waits out its backoff.
    RetryAtOnce,
    /// The shipped client restarts its interval timer when an answer changes the interval.
    IntervalRestartedByAnswer,
    /// The shipped client reconciles only topics metadata can name.
    TopicNamesResolved,
    /// The shipped client generates its member id; the seed needs one from the coordinator.
    ClientGeneratedMemberId,
    /// The seed's answer to the design page's open question: a heartbeat between revoke and assign.
    HeartbeatBetweenRevokeAndAssign,
    // ---- inputs and configuration ----
    /// An input the seed rejects and the shipped client takes (`poll`, `unsubscribe`, a second
    /// `subscribe`).
    SeedRejectsInput,
    /// The seed's TERMINATED rejects every input; the shipped client's FATAL still takes some.
    TerminatedIsFinal,
    /// The trace runs the shipped client without a rebalance listener (`listener: false`).
    NoListener,
    // ---- extra work, ownership unchanged ----
    /// The shipped client auto-commits every consumed offset before each reconciliation.
    AutoCommit,
    /// The shipped client calls onPartitionsAssigned even when nothing is added.
    AssignedAlwaysCalled,
    /// The seed calls onAssignment for a client-side assignor; client-side assignors never shipped.
    ClientAssignor,
}

/// Where a cause is written down, for each model: ids of [`crate::teaching::sources::SOURCES`] (the seed
/// model's sections, Kafka's code).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Source {
    pub seed: &'static [&'static str],
    pub shipped: &'static [&'static str],
}

impl Cause {
    /// Every cause, most important first.
    pub const ALL: [Cause; 20] = [
        Cause::Unexplained,
        Cause::OnPartitionsLost,
        Cause::FailedCallbackRetried,
        Cause::StaleMember,
        Cause::CloseInApplication,
        Cause::LeaveEndsWhenSent,
        Cause::JoiningUntilAssignment,
        Cause::AcknowledgingState,
        Cause::LocalEpochAcknowledged,
        Cause::RetryAtOnce,
        Cause::IntervalRestartedByAnswer,
        Cause::TopicNamesResolved,
        Cause::ClientGeneratedMemberId,
        Cause::HeartbeatBetweenRevokeAndAssign,
        Cause::SeedRejectsInput,
        Cause::TerminatedIsFinal,
        Cause::NoListener,
        Cause::AutoCommit,
        Cause::AssignedAlwaysCalled,
        Cause::ClientAssignor,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Cause::Unexplained => "unexplained",
            Cause::OnPartitionsLost => "on_partitions_lost",
            Cause::FailedCallbackRetried => "failed_callback_retried",
            Cause::StaleMember => "stale_member",
            Cause::CloseInApplication => "close_in_application",
            Cause::LeaveEndsWhenSent => "leave_ends_when_sent",
            Cause::JoiningUntilAssignment => "joining_until_assignment",
            Cause::AcknowledgingState => "acknowledging_state",
            Cause::LocalEpochAcknowledged => "local_epoch_acknowledged",
            Cause::RetryAtOnce => "retry_at_once",
            Cause::IntervalRestartedByAnswer => "interval_restarted_by_answer",
            Cause::TopicNamesResolved => "topic_names_resolved",
            Cause::ClientGeneratedMemberId => "client_generated_member_id",
            Cause::HeartbeatBetweenRevokeAndAssign => "heartbeat_between_revoke_and_assign",
            Cause::SeedRejectsInput => "seed_rejects_input",
            Cause::TerminatedIsFinal => "terminated_is_final",
            Cause::NoListener => "no_listener",
            Cause::AutoCommit => "auto_commit",
            Cause::AssignedAlwaysCalled => "assigned_always_called",
            Cause::ClientAssignor => "client_assignor",
        }
    }

    /// The cause as a reviewer reads it, in a few words.
    pub fn title(self) -> &'static str {
        match self {
            Cause::Unexplained => "Not explained by any known cause",
            Cause::OnPartitionsLost => "onPartitionsLost when fenced or failed",
            Cause::FailedCallbackRetried => "A failed callback is retried",
            Cause::StaleMember => "The stale member (no poll)",
            Cause::CloseInApplication => "Close runs in the application",
            Cause::LeaveEndsWhenSent => "Leaving ends when the leave is sent",
            Cause::JoiningUntilAssignment => "JOINING until the first assignment",
            Cause::AcknowledgingState => "The ACKNOWLEDGING state",
            Cause::LocalEpochAcknowledged => "Local epochs in acknowledgements",
            Cause::RetryAtOnce => "Retries at once while joining or acknowledging",
            Cause::IntervalRestartedByAnswer => "The interval restarts with each answer",
            Cause::TopicNamesResolved => "Topic names resolved through metadata",
            Cause::ClientGeneratedMemberId => "The client makes its own member id",
            Cause::HeartbeatBetweenRevokeAndAssign => "A heartbeat between revoke and assign",
            Cause::SeedRejectsInput => "Inputs the seed does not have",
            Cause::TerminatedIsFinal => "TERMINATED is final",
            Cause::NoListener => "No rebalance listener",
            Cause::AutoCommit => "The auto-commit",
            Cause::AssignedAlwaysCalled => "onPartitionsAssigned even with nothing added",
            Cause::ClientAssignor => "A client-side assignor (onAssignment)",
        }
    }

    /// Why the models differ, in one line.
    pub fn why(self) -> &'static str {
        match self {
            Cause::Unexplained => "No known cause fits this difference: a gap in the review, or a bug in a model.",
            Cause::OnPartitionsLost => "The shipped client runs onPartitionsLost when it is fenced or fails; the seed clears the assigned set without callbacks.",
            Cause::FailedCallbackRetried => "After a failed callback the shipped client stays RECONCILING without acknowledging, and retries; the seed reports it and goes on.",
            Cause::StaleMember => "The shipped client leaves as a stale member when the application stops polling, and rejoins on its next poll; the seed has no poll timer.",
            Cause::CloseInApplication => "Closing, the shipped client (4.x) commits and runs onPartitionsRevoked in the application before it leaves; the seed revokes inside TERMINATING.",
            Cause::LeaveEndsWhenSent => "The shipped client is UNSUBSCRIBED as soon as the leave heartbeat is generated; the seed stays TERMINATING until it is answered.",
            Cause::JoiningUntilAssignment => "The shipped client stays JOINING, sending joins, until an answer carries an assignment; the seed is JOINED at the first success.",
            Cause::AcknowledgingState => "The shipped client waits in ACKNOWLEDGING until its acknowledgement can go out (not beside a heartbeat in flight) before it reconciles a newer target; the seed remembers the acknowledgement and starts the next reconciliation at once.",
            Cause::LocalEpochAcknowledged => "The shipped client reconciles and acknowledges every new target, even an empty first one or the one it owned before a fence (a new local epoch); the seed acknowledges only a change.",
            Cause::RetryAtOnce => "After NOT_COORDINATOR or COORDINATOR_NOT_AVAILABLE, and after any retriable answer while JOINING, the shipped client sends again at once; the seed waits out its backoff.",
            Cause::IntervalRestartedByAnswer => "The shipped client restarts its heartbeat timer when an answer changes the interval; the seed counts the interval from the last heartbeat it sent, so their interval heartbeats go out at different times.",
            Cause::TopicNamesResolved => "The shipped client waits for metadata to resolve topic names before it reconciles; the seed takes names as given.",
            Cause::ClientGeneratedMemberId => "The shipped client generates its own member id (request v1); the seed takes it from the coordinator and rejects a first answer without one.",
            Cause::HeartbeatBetweenRevokeAndAssign => "The seed sends a heartbeat between revocation and assignment (heartbeat_between_revoke_and_assign); the shipped client never does, so the answers fall out of step.",
            Cause::SeedRejectsInput => "An input the seed rejects and the shipped client takes: poll and unsubscribe are not seed inputs, and the seed subscribes only once, in NEW.",
            Cause::TerminatedIsFinal => "The seed's TERMINATED rejects every input; the shipped client in FATAL or UNSUBSCRIBED still takes ticks, late answers and completions.",
            Cause::NoListener => "This trace runs the shipped client without a rebalance listener (listener: false), so it calls no callback; the seed always calls its own.",
            Cause::AutoCommit => "The shipped client auto-commits every consumed offset before a reconciliation, even when nothing is revoked; the seed commits only what it revokes.",
            Cause::AssignedAlwaysCalled => "The shipped client calls onPartitionsAssigned even when nothing is added; the seed skips it.",
            Cause::ClientAssignor => "The seed calls onAssignment for a configured client-side assignor; the shipped client has none (client-side assignors never shipped).",
        }
    }

    /// The sections each specification gives this behaviour in.
    pub fn source(self) -> Source {
        let (seed, shipped): (&[&str], &[&str]) = match self {
            Cause::Unexplained => (&[], &[]),
            Cause::OnPartitionsLost => {
                (&["seed-5.5", "seed-5.8"], &["client-fenced", "client-lost"])
            }
            Cause::FailedCallbackRetried => (&["seed-5.4"], &["client-reconcile"]),
            Cause::StaleMember => (&["seed-simplified"], &["client-poll-timer", "client-stale"]),
            Cause::CloseInApplication => (&["seed-5.9"], &["client-close-callbacks"]),
            Cause::LeaveEndsWhenSent => (&["seed-5.9"], &["client-leave-generated"]),
            Cause::JoiningUntilAssignment => {
                (&["seed-5.2"], &["client-target", "client-heartbeat-fields"])
            }
            Cause::AcknowledgingState => (&["seed-5", "seed-5.4"], &["client-ack"]),
            Cause::LocalEpochAcknowledged => (
                &["seed-5.3"],
                &["client-target", "client-test-empty-assignment"],
            ),
            Cause::RetryAtOnce => (&["seed-5.7"], &["client-heartbeat-errors"]),
            Cause::IntervalRestartedByAnswer => (&["seed-5.6"], &["client-heartbeat-interval"]),
            Cause::TopicNamesResolved => (&["seed-simplified"], &["client-topic-ids"]),
            Cause::ClientGeneratedMemberId => (
                &["seed-3", "seed-5.2"],
                &["hb-request-v1-member-id", "kip-1082"],
            ),
            Cause::HeartbeatBetweenRevokeAndAssign => {
                (&["seed-1", "seed-5.4"], &["client-revoke-assign"])
            }
            Cause::SeedRejectsInput => (&["seed-3"], &["client-member-state"]),
            Cause::TerminatedIsFinal => (&["seed-5.10"], &["client-member-state"]),
            Cause::NoListener => (&["seed-5.4"], &["client-listener-invoker"]),
            Cause::AutoCommit => (&["seed-5.4"], &["client-auto-commit-before-rebalance"]),
            Cause::AssignedAlwaysCalled => (
                &["seed-5.4"],
                &["client-revoke-assign", "client-test-empty-assignment"],
            ),
            Cause::ClientAssignor => (&["seed-1", "seed-5.4"], &["kip-848-assignors"]),
        };
        Source { seed, shipped }
    }

    /// The *Align* switch that removes this cause, if one can.
    pub fn switch(self) -> Option<Switch> {
        Switch::ALL.into_iter().find(|s| s.cause() == self)
    }
}

impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
