//! The screen's words for the member's facts, its commits and callbacks, and its effects: in one
//! place, so the page, the frames `kip848-replay --frames` prints and the browser tests that
//! compare the two read the same text.

use crate::machine::facts::{Facts, LocalFacts};
use crate::machine::model::Model;
use crate::protocol::effect::Effect;
use crate::protocol::input::Outcome;
use crate::screen::application::{Span, SpanStatus};
use crate::screen::narration::purpose_name;
use crate::PartitionSet;
use serde::Serialize;

/// A count and its noun, one or many (the nouns the screen counts all take an s):
///
/// ```
/// use kip848_core::screen::words::counted;
/// assert_eq!(counted(1, "step"), "1 step");
/// assert_eq!(counted(0, "partition"), "0 partitions");
/// assert_eq!(counted(3, "time"), "3 times");
/// assert_eq!(counted(1u64, "schedule"), "1 schedule");
/// ```
pub fn counted(n: impl std::fmt::Display, noun: &str) -> String {
    // Any integer type: the screen counts in usize, u32 and u64.
    let n = n.to_string();
    if n == "1" {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// A commit or callback as the member names what it waits on.
pub fn call(effect: &Effect) -> String {
    match effect {
        Effect::CommitOffsets { partitions } => format!("commit of {partitions}"),
        Effect::InvokeOnPartitionsRevoked { partitions } => {
            format!("onPartitionsRevoked({partitions})")
        }
        Effect::InvokeOnAssignment { partitions } => format!("onAssignment({partitions})"),
        Effect::InvokeOnPartitionsAssigned { partitions } => {
            format!("onPartitionsAssigned({partitions})")
        }
        Effect::InvokeOnPartitionsLost { partitions } => {
            format!("onPartitionsLost({partitions})")
        }
        other => other.name().to_owned(),
    }
}

/// A callback as `model` names it: librdkafka hands partitions to the application's rebalance
/// callback, in Python's names (`on_assign([])` when nothing is added); the others as [`call`].
pub fn call_in(model: Model, effect: &Effect) -> String {
    let list = |p: &PartitionSet| {
        if p.is_empty() {
            "[]".to_owned()
        } else {
            p.to_string()
        }
    };
    match (model, effect) {
        (Model::Librdkafka, Effect::InvokeOnPartitionsRevoked { partitions }) => {
            format!("on_revoke({})", list(partitions))
        }
        (Model::Librdkafka, Effect::InvokeOnPartitionsAssigned { partitions }) => {
            format!("on_assign({})", list(partitions))
        }
        (Model::Librdkafka, Effect::InvokeOnPartitionsLost { partitions }) => {
            format!("on_lost({})", list(partitions))
        }
        (_, other) => call(other),
    }
}

/// A bar of the application lane: commits by their effect, callbacks as [`call_in`] names them.
pub fn lane_label(model: Model, effect: &Effect) -> String {
    match effect {
        Effect::CommitOffsets { partitions } => format!("commit_offsets({partitions})"),
        other => call_in(model, other),
    }
}

/// What became of a span, in words.
pub fn span_words(span: &Span) -> String {
    match span.status {
        SpanStatus::Completed(Outcome::Ok) => "completed".to_owned(),
        SpanStatus::Completed(Outcome::Failed) => "failed (reported)".to_owned(),
        SpanStatus::Pending => match span.waiting {
            Some(state) => format!("pending: {state} waits on it"),
            None => "pending".to_owned(),
        },
        SpanStatus::Abandoned => "abandoned: its completion will be discarded".to_owned(),
        SpanStatus::Discarded(_) => "completed late: discarded".to_owned(),
        SpanStatus::Dropped => "dropped: the member terminated".to_owned(),
    }
}

/// The CSS class (and `data-status`) of a span.
pub fn span_class(status: SpanStatus) -> &'static str {
    match status {
        SpanStatus::Completed(Outcome::Ok) => "ok",
        SpanStatus::Completed(Outcome::Failed) => "failed",
        SpanStatus::Pending => "pending",
        SpanStatus::Abandoned => "abandoned",
        SpanStatus::Discarded(_) => "discarded",
        SpanStatus::Dropped => "dropped",
    }
}

/// An effect in a few words, as the log lists it: `commit_offsets(orders-0)`.
pub fn effect_label(effect: &Effect) -> String {
    match effect {
        Effect::Transition { from, to } => format!("{from} → {to}"),
        Effect::SendHeartbeat(r) => format!(
            "send_heartbeat({}, epoch {}, owned {})",
            if r.is_full() { "full" } else { "delta" },
            r.member_epoch,
            r.owned
                .as_ref()
                .map_or("not sent".to_owned(), |o| o.to_string())
        ),
        Effect::ReportError { code } => format!("report_error({code})"),
        Effect::RemoveFromAssigned { partitions }
        | Effect::CommitOffsets { partitions }
        | Effect::InvokeOnPartitionsRevoked { partitions }
        | Effect::AddToAssigned { partitions }
        | Effect::InvokeOnAssignment { partitions }
        | Effect::InvokeOnPartitionsAssigned { partitions }
        | Effect::InvokeOnPartitionsLost { partitions }
        | Effect::ClearAssigned { partitions } => format!("{}({partitions})", effect.name()),
    }
}

/// The member's facts as the facts panel words them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FactWords {
    pub state: String,
    pub member_id: String,
    pub member_epoch: String,
    pub interval: String,
    pub deadline: String,
    pub in_flight: String,
    pub awaiting: String,
    pub now: String,
    pub failure: Option<String>,
    /// The shipped client's local assignment.
    pub local: Option<LocalWords>,
}

/// The shipped client's local assignment in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LocalWords {
    pub pending_revocation: String,
    pub reconciled: String,
    pub received: String,
    pub unresolved: String,
}

fn local_assignment(partitions: &PartitionSet, epoch: i64) -> String {
    if epoch < 0 {
        // Kafka's LocalAssignment.NONE, in words first: nothing reconciled yet.
        "nothing yet (LocalAssignment.NONE)".to_owned()
    } else {
        format!("{partitions} (local epoch {epoch})")
    }
}

impl LocalWords {
    fn of(local: &LocalFacts) -> Self {
        LocalWords {
            pending_revocation: local.pending_revocation.to_string(),
            reconciled: local_assignment(&local.reconciled, local.reconciled_epoch),
            received: local_assignment(&local.received, local.received_epoch),
            unresolved: if local.unresolved.is_empty() {
                "nothing".to_owned()
            } else {
                local.unresolved.join(", ")
            },
        }
    }
}

impl FactWords {
    pub fn of(f: &Facts) -> Self {
        FactWords {
            state: f.state.as_str().to_owned(),
            member_id: if f.member_id.is_empty() {
                "(none yet)".to_owned()
            } else {
                f.member_id.clone()
            },
            member_epoch: f.member_epoch.to_string(),
            interval: if f.heartbeat_interval_ms == 0 {
                "(not set)".to_owned()
            } else {
                format!("{} ms", f.heartbeat_interval_ms)
            },
            deadline: match (f.retry_owed, f.next_deadline) {
                (Some(r), _) => format!(
                    "retry at {} ms{}",
                    r.due.0,
                    if r.leave { " (the leave)" } else { "" }
                ),
                (None, Some(d)) => format!("heartbeat at {} ms", d.0),
                (None, None) => "none".to_owned(),
            },
            in_flight: match (f.in_flight, f.remembered) {
                (None, _) => "nothing".to_owned(),
                (Some(p), None) => format!("{} heartbeat", purpose_name(p)),
                (Some(p), Some(r)) => format!(
                    "{} heartbeat; {} waits behind it",
                    purpose_name(p),
                    purpose_name(r).to_ascii_lowercase()
                ),
            },
            awaiting: f.awaiting.as_ref().map_or("nothing".to_owned(), |e| {
                let model = if crate::librdkafka::STATES.contains(&f.state) {
                    Model::Librdkafka
                } else {
                    Model::Kafka
                };
                call_in(model, e)
            }),
            now: format!("{} ms", f.now.0),
            failure: f.failure.as_ref().map(ToString::to_string),
            local: f.local.as_ref().map(LocalWords::of),
        }
    }
}
