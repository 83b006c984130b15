//! Why an input was refused. A rejected input leaves the member exactly as it was (seed model §3).

use crate::protocol::input::InputKind;
use crate::protocol::state::StateName;
use crate::protocol::time::Millis;
use serde::Serialize;
use std::fmt;

/// An input that is invalid in the member's current situation.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Rejected {
    /// TERMINATED (librdkafka's `term`) has no way out: every input is rejected.
    Terminated,
    /// `subscribe` is only valid in NEW.
    AlreadySubscribed { state: StateName },
    /// A response, error or failure arrived while no heartbeat is in flight.
    NoHeartbeatInFlight,
    /// A success (other than the leave's answer) must carry a member epoch of at least 1
    /// (librdkafka: at least 0, see `librdkafka/member.rs`).
    EpochBelowOne { member_epoch: i32 },
    /// The member has no id yet and the success did not give it one.
    MissingMemberId,
    /// A `completed` arrived while no commit or callback is outstanding.
    NothingAwaitingCompletion,
    /// Time never goes backwards: inputs come at non-decreasing `now`.
    TimeWentBackwards { now: Millis, last: Millis },
    /// An input this model does not have (`poll` in the seed model, `metadata` in librdkafka's).
    NotInModel { input: InputKind },
    /// The consumer was closed: only answers and completions still in flight are taken.
    Closed,
    /// A fatal error (the Java client's FATAL, librdkafka's fatal flag): what is in flight may
    /// finish, nothing new starts.
    Fatal,
}

impl fmt::Display for Rejected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rejected::Terminated => f.write_str("the member has terminated and accepts no input"),
            Rejected::AlreadySubscribed { state } => {
                write!(f, "subscribe is only valid in NEW, not in {state}")
            }
            Rejected::NoHeartbeatInFlight => f.write_str("no heartbeat is in flight to answer"),
            Rejected::EpochBelowOne { member_epoch } => write!(
                f,
                "a successful response must carry member_epoch >= 1 (librdkafka: >= 0), got {member_epoch}"
            ),
            Rejected::MissingMemberId => {
                f.write_str("the member has no id yet and the response's member_id is empty")
            }
            Rejected::NothingAwaitingCompletion => {
                f.write_str("no commit or callback is waiting for completion")
            }
            Rejected::TimeWentBackwards { now, last } => {
                write!(
                    f,
                    "time went backwards: {} ms is before {} ms",
                    now.0, last.0
                )
            }
            Rejected::NotInModel { input } => {
                write!(f, "{} is not an input of this model", input.as_str())
            }
            Rejected::Closed => f.write_str("the consumer is closed"),
            Rejected::Fatal => f.write_str(
                "the member failed fatally: what is in flight may finish, nothing new starts",
            ),
        }
    }
}

impl std::error::Error for Rejected {}
