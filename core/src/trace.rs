//! Trace files (`shared/spec/trace-format.md`): a session saved as its configuration and inputs.
//!
//! Parsing is strict: an unknown or missing field, a wrong type, a wrong `format` or a decreasing
//! `at` is an error that names the step index and the field. States and effects are never stored;
//! they are recomputed by replaying (see [`crate::timeline`]).

use crate::assignment::{Partition, PartitionSet};
use crate::config::Config;
use crate::error_code::ErrorCode;
use crate::input::{HeartbeatResponse, Input, InputKind, Outcome};
use crate::time::Millis;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// The value of the `format` field.
pub const FORMAT: &str = "kip848-trace/1";

/// One input of a session, at a time, with an optional narration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    pub at: Millis,
    pub input: Input,
    /// Shown as narration in walkthroughs.
    pub note: Option<String>,
}

impl Step {
    pub fn new(at: Millis, input: Input) -> Self {
        Step {
            at,
            input,
            note: None,
        }
    }
}

/// A whole trace file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Trace {
    pub title: Option<String>,
    pub description: Option<String>,
    pub config: Config,
    pub steps: Vec<Step>,
}

/// What is wrong with a trace file, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraceError {
    /// The index of the offending step, when the problem is inside one.
    pub step: Option<usize>,
    /// The offending field (a JSON path below the step, or below the file).
    pub field: Option<String>,
    pub message: String,
}

impl fmt::Display for TraceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.step, &self.field) {
            (Some(step), Some(field)) => {
                write!(f, "step {step}, field `{field}`: {}", self.message)
            }
            (Some(step), None) => write!(f, "step {step}: {}", self.message),
            (None, Some(field)) => write!(f, "field `{field}`: {}", self.message),
            (None, None) => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for TraceError {}

impl TraceError {
    fn at(step: usize, field: &str, message: impl Into<String>) -> Self {
        TraceError {
            step: Some(step),
            field: Some(field.to_owned()),
            message: message.into(),
        }
    }
}

/// The file as JSON sees it: every field a step may have, each checked against its input kind.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTrace {
    format: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    description: Option<String>,
    #[serde(default)]
    config: Config,
    steps: Vec<RawStep>,
}

#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStep {
    at: u64,
    input: InputKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    topics: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    member_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    member_epoch: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    heartbeat_interval_ms: Option<u32>,
    /// Outer `None`: absent. `Some(None)`: `null`. Both mean "unchanged".
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    assignment: Option<Option<BTreeMap<String, Vec<i64>>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    code: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    outcome: Option<Outcome>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

/// Tells a field given as `null` from a field left out.
fn present<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}

impl Trace {
    /// Parses and validates a whole trace file; nothing is returned unless all of it is valid.
    pub fn parse(text: &str) -> Result<Trace, TraceError> {
        let value: Value = serde_json::from_str(text).map_err(|e| TraceError {
            step: None,
            field: None,
            message: format!("not valid JSON: {e}"),
        })?;
        match value.get("format") {
            Some(Value::String(f)) if f == FORMAT => {}
            Some(other) => {
                return Err(TraceError {
                    step: None,
                    field: Some("format".into()),
                    message: format!("expected \"{FORMAT}\", got {other}"),
                })
            }
            None if value.is_object() => {
                return Err(TraceError {
                    step: None,
                    field: None,
                    message: "missing field `format`".into(),
                })
            }
            None => {
                return Err(TraceError {
                    step: None,
                    field: None,
                    message:
                        "not a trace: the file must be a JSON object with `format` and `steps`"
                            .into(),
                })
            }
        }
        let raw: RawTrace = serde_path_to_error::deserialize(value).map_err(located)?;
        let mut steps = Vec::with_capacity(raw.steps.len());
        let mut last = 0;
        for (index, step) in raw.steps.into_iter().enumerate() {
            if step.at < last {
                let message = format!("{} is before the previous step's {last}", step.at);
                return Err(TraceError::at(index, "at", message));
            }
            last = step.at;
            steps.push(step.into_step(index)?);
        }
        Ok(Trace {
            title: raw.title,
            description: raw.description,
            config: raw.config,
            steps,
        })
    }

    /// The trace as a file (pretty JSON); parsing it gives this trace back.
    pub fn to_json(&self) -> String {
        let raw = RawTrace {
            format: FORMAT.to_owned(),
            title: self.title.clone(),
            description: self.description.clone(),
            config: self.config.clone(),
            steps: self.steps.iter().map(RawStep::from_step).collect(),
        };
        serde_json::to_string_pretty(&raw).unwrap_or_default()
    }
}

/// Turns serde's error and JSON path (`steps[3].member_epoch`) into a step index and field.
fn located(error: serde_path_to_error::Error<serde_json::Error>) -> TraceError {
    let path = error.path().to_string();
    let message = error.into_inner().to_string();
    let Some(rest) = path.strip_prefix("steps[") else {
        let field = (path != ".").then_some(path);
        return TraceError {
            step: None,
            field,
            message,
        };
    };
    let (index, field) = rest.split_once(']').unwrap_or((rest, ""));
    let field = field.trim_start_matches('.');
    TraceError {
        step: index.parse().ok(),
        field: (!field.is_empty()).then(|| field.to_owned()),
        message,
    }
}

impl RawStep {
    fn into_step(self, index: usize) -> Result<Step, TraceError> {
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
            InputKind::HeartbeatFailed | InputKind::Tick | InputKind::Close => &[],
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
        };
        Ok(Step {
            at: Millis(self.at),
            input,
            note: self.note,
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

    fn from_step(step: &Step) -> RawStep {
        let mut raw = RawStep {
            at: step.at.0,
            input: step.input.kind(),
            note: step.note.clone(),
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
                            .collect(),
                    )
                });
            }
            Input::HeartbeatError { code } => raw.code = Some(code.to_string()),
            Input::Completed { outcome } => raw.outcome = Some(*outcome),
            Input::HeartbeatFailed | Input::Tick | Input::Close => {}
        }
        raw
    }
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
