//! The trace file as JSON sees it, and the checks that turn it into inputs (or say which step
//! and field are wrong). Its limits are checked in `trace_limits.rs`.
//!
//! Over 300 lines: the trace file's JSON shape and its checks are one schema; its limits are in trace_limits.rs.

use crate::machine::model::Model;
use crate::protocol::assignment::{Partition, PartitionSet};
use crate::protocol::config::Config;
use crate::protocol::error_code::ErrorCode;
use crate::protocol::input::{HeartbeatResponse, Input, InputKind, Outcome};
use crate::protocol::time::Millis;
use crate::session::trace::{Step, TraceError};
use crate::tree::CollectTree;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// The file as JSON sees it: every field a step may have, each checked against its input kind.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawTrace {
    pub(crate) format: String,
    #[serde(default, skip_serializing_if = "is_seed")]
    pub(crate) model: Model,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) description: Option<String>,
    /// Where the scenario's claims about Kafka come from: ids of the core's source registry.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) sources: Vec<String>,
    #[serde(default)]
    pub(crate) config: Config,
    /// Read one by one (each error names its step); absent from what serde reads.
    #[serde(skip_deserializing)]
    pub(crate) steps: Vec<RawStep>,
}

#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawStep {
    pub(crate) at: u64,
    pub(crate) input: InputKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) topics: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) member_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) member_epoch: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) heartbeat_interval_ms: Option<u32>,
    /// Outer `None`: absent. `Some(None)`: `null`. Both mean "unchanged".
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub(crate) assignment: Option<Option<BTreeMap<String, Vec<i64>>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) code: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) outcome: Option<Outcome>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) note: Option<String>,
    /// Per-model notes: a string replaces `note` on that model, `null` hides it there. Read as
    /// plain JSON so that a wrong key or value is reported with its name (`notes.group`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub(crate) notes: BTreeMap<String, Value>,
}

fn is_seed(model: &Model) -> bool {
    *model == Model::Seed
}

/// Tells a field given as `null` from a field left out.
fn present<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}

impl RawStep {
    pub(crate) fn into_step(self, index: usize) -> Result<Step, TraceError> {
        self.check_limits(index)?;
        let kind = self.input;
        let allowed: &[&str] = match kind {
            InputKind::Subscribe => &["topics"],
            InputKind::HeartbeatResponse => &[
                "member_id",
                "member_epoch",
                "heartbeat_interval_ms",
                "assignment",
            ],
            InputKind::HeartbeatError => &["code"],
            InputKind::Completed => &["outcome"],
            InputKind::Metadata => &["topics"],
            InputKind::HeartbeatFailed
            | InputKind::Tick
            | InputKind::Close
            | InputKind::Poll
            | InputKind::PollTimerExpired
            | InputKind::Unsubscribe => &[],
        };
        for (field, given) in self.given_fields() {
            if given && !allowed.contains(&field) {
                let message = format!("not a field of a `{}` step", kind.as_str());
                return Err(TraceError::at(index, field, message));
            }
        }
        let missing =
            |field: &str| TraceError::at(index, field, format!("missing for `{}`", kind.as_str()));
        let input = match kind {
            InputKind::Subscribe => {
                let topics = self.topics.ok_or_else(|| missing("topics"))?;
                Input::Subscribe {
                    topics: topic_set(index, topics)?,
                }
            }
            InputKind::HeartbeatResponse => Input::HeartbeatResponse(HeartbeatResponse {
                member_id: self.member_id.ok_or_else(|| missing("member_id"))?,
                member_epoch: self.member_epoch.ok_or_else(|| missing("member_epoch"))?,
                heartbeat_interval_ms: self
                    .heartbeat_interval_ms
                    .ok_or_else(|| missing("heartbeat_interval_ms"))?,
                assignment: match self.assignment.flatten() {
                    Some(map) => Some(partition_set(index, map)?),
                    None => None,
                },
            }),
            InputKind::HeartbeatError => {
                let code = self.code.ok_or_else(|| missing("code"))?;
                if code.trim().is_empty() {
                    return Err(TraceError::at(
                        index,
                        "code",
                        "an error code cannot be empty",
                    ));
                }
                Input::HeartbeatError {
                    code: ErrorCode::from(code),
                }
            }
            InputKind::HeartbeatFailed => Input::HeartbeatFailed,
            InputKind::Tick => Input::Tick,
            InputKind::Completed => Input::Completed {
                outcome: self.outcome.ok_or_else(|| missing("outcome"))?,
            },
            InputKind::Close => Input::Close,
            InputKind::Poll => Input::Poll,
            InputKind::PollTimerExpired => Input::PollTimerExpired,
            InputKind::Unsubscribe => Input::Unsubscribe,
            InputKind::Metadata => {
                let topics = self.topics.ok_or_else(|| missing("topics"))?;
                Input::Metadata {
                    topics: topic_set(index, topics)?,
                }
            }
        };
        Ok(Step {
            at: Millis(self.at),
            input,
            note: self.note,
            notes: model_notes(index, self.notes)?,
        })
    }

    fn given_fields(&self) -> [(&'static str, bool); 7] {
        [
            ("topics", self.topics.is_some()),
            ("member_id", self.member_id.is_some()),
            ("member_epoch", self.member_epoch.is_some()),
            (
                "heartbeat_interval_ms",
                self.heartbeat_interval_ms.is_some(),
            ),
            ("assignment", self.assignment.is_some()),
            ("code", self.code.is_some()),
            ("outcome", self.outcome.is_some()),
        ]
    }

    pub(crate) fn from_step(step: &Step) -> RawStep {
        let mut raw = RawStep {
            at: step.at.0,
            input: step.input.kind(),
            note: step.note.clone(),
            notes: step
                .notes
                .iter()
                .map(|(model, note)| (model.as_str().to_owned(), note.clone().into()))
                .collect(),
            ..RawStep::default()
        };
        match &step.input {
            Input::Subscribe { topics } => raw.topics = Some(topics.iter().cloned().collect()),
            Input::HeartbeatResponse(r) => {
                raw.member_id = Some(r.member_id.clone());
                raw.member_epoch = Some(r.member_epoch);
                raw.heartbeat_interval_ms = Some(r.heartbeat_interval_ms);
                raw.assignment = r.assignment.as_ref().map(|set| {
                    Some(
                        set.topics()
                            .map(|(t, ps)| {
                                (t.to_owned(), ps.iter().map(|&p| i64::from(p)).collect())
                            })
                            .tree(),
                    )
                });
            }
            Input::HeartbeatError { code } => raw.code = Some(code.to_string()),
            Input::Completed { outcome } => raw.outcome = Some(*outcome),
            Input::Metadata { topics } => raw.topics = Some(topics.iter().cloned().collect()),
            Input::HeartbeatFailed
            | Input::Tick
            | Input::Close
            | Input::Poll
            | Input::PollTimerExpired
            | Input::Unsubscribe => {}
        }
        raw
    }
}

/// `notes`: keys are model names, values a note or `null` (no note on that model).
fn model_notes(
    index: usize,
    raw: BTreeMap<String, Value>,
) -> Result<BTreeMap<Model, Option<String>>, TraceError> {
    let mut notes = BTreeMap::new();
    for (key, value) in raw {
        let field = format!("notes.{key}");
        let model = Model::ALL
            .into_iter()
            .find(|m| m.as_str() == key)
            .ok_or_else(|| {
                TraceError::at(
                    index,
                    &field,
                    "not a model: `seed`, `kafka` or `librdkafka`",
                )
            })?;
        let note = match value {
            Value::Null => None,
            Value::String(text) if text.trim().is_empty() => {
                let message = "a note cannot be empty (null hides the note on this model)";
                return Err(TraceError::at(index, &field, message));
            }
            Value::String(text) => Some(text),
            other => {
                let message =
                    format!("expected a note, or null to hide the note on this model, got {other}");
                return Err(TraceError::at(index, &field, message));
            }
        };
        notes.insert(model, note);
    }
    Ok(notes)
}

fn topic_set(index: usize, topics: Vec<String>) -> Result<BTreeSet<String>, TraceError> {
    let mut set = BTreeSet::new();
    for topic in topics {
        if topic.is_empty() {
            return Err(TraceError::at(
                index,
                "topics",
                "a topic name cannot be empty",
            ));
        }
        if !set.insert(topic.clone()) {
            return Err(TraceError::at(
                index,
                "topics",
                format!("topic \"{topic}\" is listed twice"),
            ));
        }
    }
    Ok(set)
}

fn partition_set(
    index: usize,
    map: BTreeMap<String, Vec<i64>>,
) -> Result<PartitionSet, TraceError> {
    let mut set = PartitionSet::new();
    for (topic, partitions) in map {
        let field = format!("assignment.{topic}");
        if topic.is_empty() {
            return Err(TraceError::at(
                index,
                "assignment",
                "a topic name cannot be empty",
            ));
        }
        for p in partitions {
            let partition = Partition::try_from(p)
                .ok()
                .filter(|&p| i32::try_from(p).is_ok())
                .ok_or_else(|| {
                    TraceError::at(
                        index,
                        &field,
                        format!("partition {p} is not a non-negative 32-bit integer"),
                    )
                })?;
            if !set.insert(&topic, partition) {
                return Err(TraceError::at(
                    index,
                    &field,
                    format!("partition {p} is listed twice"),
                ));
            }
        }
    }
    Ok(set)
}
