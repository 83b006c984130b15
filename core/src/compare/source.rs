//! Where each cause is written down: for each model, ids of
//! [`crate::teaching::sources::SOURCES`] (the seed model's sections, Kafka's and librdkafka's code).

use super::Cause;
use crate::machine::model::Model;
use serde::Serialize;

/// Where a cause is written down, for each model: ids of [`crate::teaching::sources::SOURCES`] (the seed
/// model's sections, Kafka's code).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Source {
    pub seed: &'static [&'static str],
    /// The Java client's.
    pub shipped: &'static [&'static str],
    pub librdkafka: &'static [&'static str],
}

impl Source {
    /// `model`'s sections.
    pub fn of(&self, model: Model) -> &'static [&'static str] {
        (model.descriptor().sections)(self)
    }
}

impl Cause {
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
            _ => return self.librdkafka_source(),
        };
        // Two of the seed's own choices that librdkafka, too, does not make.
        let librdkafka: &[&str] = match self {
            Cause::ClientGeneratedMemberId => &["rdk-heartbeat-fields"],
            Cause::HeartbeatBetweenRevokeAndAssign => &["rdk-incr-unassign-done"],
            _ => &[],
        };
        Source {
            seed,
            shipped,
            librdkafka,
        }
    }

    /// The sections a cause with librdkafka on one side comes from, for each model.
    fn librdkafka_source(self) -> Source {
        let (seed, shipped, librdkafka): (&[&str], &[&str], &[&str]) = match self {
            Cause::LibrdkafkaCommitsItself => (
                &["seed-5.4"],
                &["client-auto-commit-before-rebalance"],
                &["rdk-removal-commit"],
            ),
            Cause::LibrdkafkaLost => (
                &["seed-5.5", "seed-5.8"],
                &["client-fenced", "client-lost", "client-stale"],
                &["rdk-revoke-all", "rdk-rejoin", "rdk-max-poll"],
            ),
            Cause::LibrdkafkaEmptyAssign => (
                &["seed-5.4"],
                &["client-revoke-assign"],
                &["rdk-incr-unassign-done", "rdk-rebalance-op"],
            ),
            Cause::LibrdkafkaFatal => (
                &["seed-5.7", "seed-5.10"],
                &["client-heartbeat-errors", "client-member-state"],
                &["rdk-heartbeat-response", "rdk-rebalance-op"],
            ),
            Cause::ErrorReportedNotFatal => (
                &["seed-5.8"],
                &["client-heartbeat-errors", "kafka-18813"],
                &["rdk-heartbeat-response"],
            ),
            Cause::LibrdkafkaAssignedWhenCalled => (
                &["seed-5.4"],
                &["client-revoke-assign"],
                &["rdk-assign-op", "cfk-rebalance-cb"],
            ),
            Cause::LibrdkafkaLeave => (
                &["seed-5.9"],
                &["client-leave-generated"],
                &["rdk-leave", "rdk-terminate"],
            ),
            Cause::LibrdkafkaOneAtATime => (
                &["seed-5.3", "seed-5.4"],
                &["client-ack"],
                &["rdk-next-assignment", "rdk-assignment-done", "rdk-expedite"],
            ),
            Cause::LibrdkafkaInitUntilAssigned => (
                &["seed-5.2"],
                &["client-target"],
                &["rdk-join-states", "rdk-next-assignment", "rdk-serve"],
            ),
            Cause::LibrdkafkaRetryTiming => (
                &["seed-5.7"],
                &["client-heartbeat-errors"],
                &["rdk-heartbeat-response", "rdk-serve"],
            ),
            Cause::LibrdkafkaInputs => (
                &["seed-3"],
                &["client-topic-ids", "client-poll-timer"],
                &["rdk-heartbeat-fields"],
            ),
            Cause::LibrdkafkaFailedCallback => {
                (&["seed-5.4"], &["client-reconcile"], &["cfk-rebalance-cb"])
            }
            Cause::LibrdkafkaEpochZero => (
                &["seed-5.2"],
                &["client-heartbeat-fields"],
                &["rdk-heartbeat-response"],
            ),
            _ => (&[], &[], &[]),
        };
        Source {
            seed,
            shipped,
            librdkafka,
        }
    }
}
