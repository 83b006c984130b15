//! Inputs (seed model §3): facts that happened to the member, each handled at a time `now`.

use crate::protocol::assignment::PartitionSet;
use crate::protocol::error_code::ErrorCode;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Something that happened: the application acted, the coordinator answered, or time passed.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "input", rename_all = "snake_case")]
pub enum Input {
    /// The application subscribed to these topics. Only in NEW.
    Subscribe { topics: BTreeSet<String> },
    /// A successful answer to the heartbeat in flight.
    HeartbeatResponse(HeartbeatResponse),
    /// An error answer to the heartbeat in flight.
    HeartbeatError { code: ErrorCode },
    /// No answer to the heartbeat in flight: timeout or disconnect (retriable).
    HeartbeatFailed,
    /// Time passed; fires what is due at `now`.
    Tick,
    /// The oldest outstanding commit or callback finished.
    Completed { outcome: Outcome },
    /// The application closes the consumer.
    Close,
    // ---- inputs only the shipped Kafka client has (the seed rejects them) ----
    /// The application calls `poll()`: resets the poll timer; a subscribed, unjoined or stale
    /// member (re)joins.
    Poll,
    /// The application did not poll within `max.poll.interval.ms`: the member leaves as stale.
    PollTimerExpired,
    /// Metadata now knows exactly these topics (names resolve only for them).
    Metadata { topics: BTreeSet<String> },
    /// The application unsubscribes: leave with callbacks, keep the consumer.
    Unsubscribe,
}

/// The fields of a successful ConsumerGroupHeartbeat response that the member reads.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HeartbeatResponse {
    pub member_id: String,
    pub member_epoch: i32,
    pub heartbeat_interval_ms: u32,
    /// `None` means "unchanged"; otherwise the complete target assignment.
    pub assignment: Option<PartitionSet>,
}

/// How an application commit or callback ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Ok,
    Failed,
}

/// The kind of an input, without its data: what the log and the replay name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InputKind {
    Subscribe,
    HeartbeatResponse,
    HeartbeatError,
    HeartbeatFailed,
    #[default]
    Tick,
    Completed,
    Close,
    Poll,
    PollTimerExpired,
    Metadata,
    Unsubscribe,
}

impl InputKind {
    pub fn as_str(self) -> &'static str {
        match self {
            InputKind::Subscribe => "subscribe",
            InputKind::HeartbeatResponse => "heartbeat_response",
            InputKind::HeartbeatError => "heartbeat_error",
            InputKind::HeartbeatFailed => "heartbeat_failed",
            InputKind::Tick => "tick",
            InputKind::Completed => "completed",
            InputKind::Close => "close",
            InputKind::Poll => "poll",
            InputKind::PollTimerExpired => "poll_timer_expired",
            InputKind::Metadata => "metadata",
            InputKind::Unsubscribe => "unsubscribe",
        }
    }
}

impl Input {
    pub fn kind(&self) -> InputKind {
        match self {
            Input::Subscribe { .. } => InputKind::Subscribe,
            Input::HeartbeatResponse(_) => InputKind::HeartbeatResponse,
            Input::HeartbeatError { .. } => InputKind::HeartbeatError,
            Input::HeartbeatFailed => InputKind::HeartbeatFailed,
            Input::Tick => InputKind::Tick,
            Input::Completed { .. } => InputKind::Completed,
            Input::Close => InputKind::Close,
            Input::Poll => InputKind::Poll,
            Input::PollTimerExpired => InputKind::PollTimerExpired,
            Input::Metadata { .. } => InputKind::Metadata,
            Input::Unsubscribe => InputKind::Unsubscribe,
        }
    }

    /// Whether this input answers the heartbeat in flight.
    pub fn is_answer(&self) -> bool {
        matches!(
            self,
            Input::HeartbeatResponse(_) | Input::HeartbeatError { .. } | Input::HeartbeatFailed
        )
    }
}
