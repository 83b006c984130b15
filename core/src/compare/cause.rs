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
    /// librdkafka: a fence or a passed poll interval waits for the running callback, then on_lost.
    LibrdkafkaLost,
    /// librdkafka: an on_assign, maybe empty, after every revocation.
    LibrdkafkaEmptyAssign,
    /// confluent-kafka: a callback that raises still ends in the incremental call.
    LibrdkafkaFailedCallback,
    /// librdkafka: a broker error it does not name is fatal, silently.
    LibrdkafkaFatal,
    /// TOPIC_AUTHORIZATION_FAILED reported to the application, the member kept (the Java client
    /// from 4.0, librdkafka), where the other side fails.
    ErrorReportedNotFatal,
    /// librdkafka: the assignment changes when the application's incremental call runs.
    LibrdkafkaAssignedWhenCalled,
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
    /// librdkafka: leaving resets the member to epoch 0 in `init`.
    LibrdkafkaLeave,
    /// librdkafka: one reconciliation at a time, a newer target after the acknowledgement.
    LibrdkafkaOneAtATime,
    /// librdkafka: `init` until a target adds partitions.
    LibrdkafkaInitUntilAssigned,
    /// librdkafka: its own timers for retries and the coordinator's lookup.
    LibrdkafkaRetryTiming,
    /// librdkafka: a successful answer at epoch 0 is taken.
    LibrdkafkaEpochZero,
    // ---- inputs and configuration ----
    /// An input the seed rejects and the shipped client takes (`poll`, `unsubscribe`, a second
    /// `subscribe`).
    SeedRejectsInput,
    /// The seed's TERMINATED rejects every input; the shipped client's FATAL still takes some.
    TerminatedIsFinal,
    /// The trace runs the shipped client without a rebalance listener (`listener: false`).
    NoListener,
    /// Inputs one model of a pair with librdkafka does not have.
    LibrdkafkaInputs,
    // ---- extra work, ownership unchanged ----
    /// The shipped client auto-commits every consumed offset before each reconciliation.
    AutoCommit,
    /// The shipped client calls onPartitionsAssigned even when nothing is added.
    AssignedAlwaysCalled,
    /// The seed calls onAssignment for a client-side assignor; client-side assignors never shipped.
    ClientAssignor,
    /// librdkafka commits revoked partitions' offsets itself when they are removed; its model
    /// leaves the commit out, where the other models wait on theirs.
    LibrdkafkaCommitsItself,
}

impl Cause {
    /// Every cause, most important first.
    pub const ALL: [Cause; 33] = [
        Cause::Unexplained,
        Cause::OnPartitionsLost,
        Cause::FailedCallbackRetried,
        Cause::StaleMember,
        Cause::CloseInApplication,
        Cause::LibrdkafkaLost,
        Cause::LibrdkafkaEmptyAssign,
        Cause::LibrdkafkaFailedCallback,
        Cause::LibrdkafkaFatal,
        Cause::ErrorReportedNotFatal,
        Cause::LibrdkafkaAssignedWhenCalled,
        Cause::LeaveEndsWhenSent,
        Cause::JoiningUntilAssignment,
        Cause::AcknowledgingState,
        Cause::LocalEpochAcknowledged,
        Cause::RetryAtOnce,
        Cause::IntervalRestartedByAnswer,
        Cause::TopicNamesResolved,
        Cause::ClientGeneratedMemberId,
        Cause::HeartbeatBetweenRevokeAndAssign,
        Cause::LibrdkafkaLeave,
        Cause::LibrdkafkaOneAtATime,
        Cause::LibrdkafkaInitUntilAssigned,
        Cause::LibrdkafkaRetryTiming,
        Cause::LibrdkafkaEpochZero,
        Cause::SeedRejectsInput,
        Cause::TerminatedIsFinal,
        Cause::NoListener,
        Cause::LibrdkafkaInputs,
        Cause::AutoCommit,
        Cause::AssignedAlwaysCalled,
        Cause::ClientAssignor,
        Cause::LibrdkafkaCommitsItself,
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
            Cause::LibrdkafkaCommitsItself => "librdkafka_commits_itself",
            Cause::LibrdkafkaLost => "librdkafka_lost",
            Cause::LibrdkafkaEmptyAssign => "librdkafka_empty_assign",
            Cause::LibrdkafkaFatal => "librdkafka_fatal",
            Cause::ErrorReportedNotFatal => "error_reported_not_fatal",
            Cause::LibrdkafkaAssignedWhenCalled => "librdkafka_assigned_when_called",
            Cause::LibrdkafkaLeave => "librdkafka_leave",
            Cause::LibrdkafkaOneAtATime => "librdkafka_one_at_a_time",
            Cause::LibrdkafkaInitUntilAssigned => "librdkafka_init_until_assigned",
            Cause::LibrdkafkaRetryTiming => "librdkafka_retry_timing",
            Cause::LibrdkafkaInputs => "librdkafka_inputs",
            Cause::LibrdkafkaFailedCallback => "librdkafka_failed_callback",
            Cause::LibrdkafkaEpochZero => "librdkafka_epoch_zero",
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
            Cause::LibrdkafkaCommitsItself => "librdkafka commits on its own",
            Cause::LibrdkafkaLost => "on_lost after the running callback",
            Cause::LibrdkafkaEmptyAssign => "on_assign after every revocation, empty too",
            Cause::LibrdkafkaFatal => "Fatal errors stop librdkafka silently",
            Cause::ErrorReportedNotFatal => "TOPIC_AUTHORIZATION_FAILED reported, not fatal",
            Cause::LibrdkafkaAssignedWhenCalled => {
                "The assignment changes on the application's call"
            }
            Cause::LibrdkafkaLeave => "Leaving resets librdkafka to init",
            Cause::LibrdkafkaOneAtATime => "One reconciliation at a time",
            Cause::LibrdkafkaInitUntilAssigned => "init until a target adds partitions",
            Cause::LibrdkafkaRetryTiming => "librdkafka's own retry timers",
            Cause::LibrdkafkaInputs => "Inputs one model does not have",
            Cause::LibrdkafkaFailedCallback => {
                "A failed callback still ends in the incremental call"
            }
            Cause::LibrdkafkaEpochZero => "Answers at epoch 0 taken",
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
            Cause::ClientGeneratedMemberId => "The shipped clients (the Java client and librdkafka) generate their own member id (request v1); the seed takes it from the coordinator and rejects a first answer without one.",
            Cause::HeartbeatBetweenRevokeAndAssign => "The seed sends a heartbeat between revocation and assignment (heartbeat_between_revoke_and_assign); the shipped clients never do, so the answers fall out of step.",
            Cause::SeedRejectsInput => "An input the seed rejects and the shipped client takes: poll and unsubscribe are not seed inputs, and the seed subscribes only once, in NEW.",
            Cause::TerminatedIsFinal => "The seed's TERMINATED rejects every input; the Java client in FATAL or UNSUBSCRIBED, and librdkafka after a fatal error, still take ticks, late answers and completions.",
            Cause::NoListener => "This trace runs the Java client without a rebalance listener (listener: false), so it calls no callback; the seed design always calls its own, and librdkafka's model always has a rebalance callback.",
            Cause::AutoCommit => "The shipped client auto-commits every consumed offset before a reconciliation, even when nothing is revoked; the seed commits only what it revokes.",
            Cause::AssignedAlwaysCalled => "The shipped client calls onPartitionsAssigned even when nothing is added; the seed skips it.",
            Cause::ClientAssignor => "The seed calls onAssignment for a configured client-side assignor; the shipped client has none (client-side assignors never shipped).",
            Cause::LibrdkafkaLost => "librdkafka handles a fence (FENCED_MEMBER_EPOCH, UNKNOWN_MEMBER_ID) or a passed max.poll.interval.ms once no rebalance callback runs: a running revocation finishes with its on_assign, then on_lost gets everything and the member rejoins at epoch 0 (when polling stopped it also leaves, and rejoins on the next poll); the seed design clears its assigned set at once without a callback, the Java client calls onPartitionsLost from FENCED or STALE.",
            Cause::LibrdkafkaEmptyAssign => "After every revocation the coordinator asked for, librdkafka calls on_assign with what is added, an empty list when nothing is, and waits in wait-assign-call for the application's incremental_assign; the seed design calls onPartitionsAssigned only when something is added, the Java client calls it within the same reconciliation.",
            Cause::ErrorReportedNotFatal => "TOPIC_AUTHORIZATION_FAILED is reported to the application and the member keeps its place, retrying (the Java client from 4.0, KAFKA-18813; librdkafka); the seed design, and the Java client before 4.0, fail on it.",
            Cause::LibrdkafkaFatal => "librdkafka 2.15.0 treats a heartbeat error it does not name as fatal (STALE_MEMBER_EPOCH, authorization and version errors included): it drops its partitions without a callback, resets to init at epoch 0 and sends no leave; the seed design is TERMINATED with its epoch, the Java client is FATAL.",
            Cause::LibrdkafkaAssignedWhenCalled => "librdkafka's assignment changes only when the application's incremental_assign or incremental_unassign runs, after its rebalance callback; the seed design and the Java client, as modelled here, count partitions in or out of the assigned set when the reconciliation starts, before the callbacks.",
            Cause::LibrdkafkaLeave => "Leaving, librdkafka resets its member to epoch 0 in init as soon as the leave heartbeat is sent, and terminates when it is answered; the seed design stays TERMINATING at epoch -1 (or -2) until then, the Java client is UNSUBSCRIBED once the leave is sent.",
            Cause::LibrdkafkaOneAtATime => "librdkafka reconciles one target at a time: a newer target waits until the current one is acknowledged, in a heartbeat sent at once; the seed design starts the next reconciliation as soon as the current one ends, the Java client from ACKNOWLEDGING.",
            Cause::LibrdkafkaInitUntilAssigned => "librdkafka's join state stays init, sending full heartbeats, while its target adds no partitions; the seed design is JOINED at its first answer, the Java client STABLE once it acknowledged an empty target.",
            Cause::LibrdkafkaRetryTiming => "After NOT_COORDINATOR, COORDINATOR_NOT_AVAILABLE or no answer, librdkafka looks the coordinator up and sends its next heartbeat, a full one, at the interval (before it joined, after retry.backoff.ms); the seed design retries after its backoff, the Java client at once; and a retried heartbeat does not restart its interval timer; so their heartbeats, and the answers they take, fall out of step.",
            Cause::LibrdkafkaEpochZero => "librdkafka takes a successful answer at member epoch 0 (what its mock coordinator answers a joining member whose partitions are still owned elsewhere) and heartbeats on at the interval; the seed design rejects a successful answer below epoch 1, and the Java client is modelled the same way.",
            Cause::LibrdkafkaFailedCallback => "When a rebalance callback raises, confluent-kafka for Python still makes the incremental_assign or incremental_unassign call (its fallback) and raises the error from the next poll(), so librdkafka reconciles on and acknowledges; the Java client stays RECONCILING without acknowledging and retries, the seed design reports the failure and goes on.",
            Cause::LibrdkafkaInputs => "An input one model does not take: the seed design has no poll, poll timer or unsubscribe and subscribes once; librdkafka's model takes no metadata (it takes topic ids as resolved).",
            Cause::LibrdkafkaCommitsItself => "librdkafka commits the revoked partitions' offsets itself when the application's incremental_unassign removes them (with enable.auto.commit), and its model leaves that commit out; the seed design commits what it revokes before onPartitionsRevoked, the Java client auto-commits before each reconciliation.",
        }
    }

    /// The *Align* switch that removes this cause between the models of `pair`, if one can.
    pub fn switch(self, pair: super::Pair) -> Option<Switch> {
        Switch::ALL.into_iter().find(|s| s.cause_in(pair) == self)
    }
}

impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
