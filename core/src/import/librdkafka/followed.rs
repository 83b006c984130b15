//! What following a librdkafka consumer's log gives: what was seen (a join state, a heartbeat, a
//! rebalance callback), on the log's side and the model's, where they differ, and the inputs the
//! model refused; [`super::follow`] makes them.

use super::coordinator::CoordinatorLine;
use crate::import::outcome::source::StepSource;
use crate::protocol::state::StateName;
use crate::session::trace::Trace;
use serde::Serialize;

/// Which rebalance callback the application was handed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Callback {
    Assign,
    Revoke,
    Lost,
}

/// Something the member did that both the log and the model show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Seen {
    JoinState { state: StateName },
    Heartbeat { epoch: i32, full: bool },
    Callback { call: Callback, partitions: usize },
}

/// Which of the three a [`Seen`] is: each is compared in its own order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Aspect {
    JoinStates,
    Heartbeats,
    Callbacks,
}

impl Seen {
    pub fn aspect(&self) -> Aspect {
        match self {
            Seen::JoinState { .. } => Aspect::JoinStates,
            Seen::Heartbeat { .. } => Aspect::Heartbeats,
            Seen::Callback { .. } => Aspect::Callbacks,
        }
    }
}

/// A [`Seen`] and the log line it is on (for the model's: the line of the step that caused it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Observed {
    pub line: usize,
    #[serde(flatten)]
    pub seen: Seen,
}

/// The first place where the model and the log part ways in one aspect.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Difference {
    pub aspect: Aspect,
    /// The position in that aspect's sequence (from 0).
    pub index: usize,
    pub log: Option<Observed>,
    pub model: Option<Observed>,
}

/// An input of the trace the model refused, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Refused {
    pub line: usize,
    pub reason: String,
}

/// One consumer of a librdkafka log, followed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Followed {
    /// `c1#consumer-7`.
    pub handle: String,
    #[serde(skip)]
    pub trace: Trace,
    /// The log line of each step of the trace.
    pub lines: Vec<usize>,
    pub log: Vec<Observed>,
    pub model: Vec<Observed>,
    pub refused: Vec<Refused>,
    pub differences: Vec<Difference>,
    /// Where each step came from (`sources[i]` belongs to `trace.steps[i]`).
    #[serde(skip)]
    pub sources: Vec<StepSource>,
    /// The library's version, from its `INIT` line (`2.15.0`).
    pub version: Option<String>,
    /// What the mock coordinator's own lines say about this consumer's member, where the log has them.
    pub coordinator: Vec<CoordinatorLine>,
}

impl Followed {
    /// The model did what the library did, in every aspect, and took every input.
    pub fn agrees(&self) -> bool {
        self.differences.is_empty() && self.refused.is_empty()
    }
}
