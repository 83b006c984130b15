//! Trace files (`docs/trace-format.md`): a session saved as its configuration and inputs.
//!
//! Parsing is strict: an unknown or missing field, a wrong type, a wrong `format` or a decreasing
//! `at` is an error that names the step index and the field. States and effects are never stored;
//! they are recomputed by replaying (see [`crate::timeline`]).
//!
//! **Per-model notes** (an extension of the format): a step may carry `"notes"`, an object from a
//! model (`"seed"`, `"kafka"`) to the note that step has on that model instead of its `note`, or
//! `null` for none there: `{"at": 4060, "input": "heartbeat_error", "code": "UNKNOWN_MEMBER_ID",
//! "note": "…cleared without a callback…", "notes": {"kafka": "…onPartitionsLost…"}}`. `note`
//! stays a string that holds wherever `notes` says nothing, so a trace without `notes` reads and
//! writes exactly as before, and a reader that only knows `note` still finds the default there.
//! [`Step::note_for`] picks the one for a model. Wrong keys, values and empty notes are errors
//! naming `notes.<model>`.

use crate::machine::model::Model;
use crate::protocol::config::Config;
use crate::protocol::input::Input;
use crate::protocol::time::Millis;
use crate::session::limits;
use crate::session::located::read;
use crate::session::trace_file::{RawStep, RawTrace};
use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt;

/// The value of the `format` field.
pub const FORMAT: &str = "kip848-trace/1";

/// One input of a session, at a time, with an optional narration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    pub at: Millis,
    pub input: Input,
    /// Shown as narration in walkthroughs, on every model unless `notes` says otherwise.
    pub note: Option<String>,
    /// What the step says on one model instead of `note` (`None`: nothing on that model). In the
    /// file: `"notes": {"kafka": "…"}`, `null` to hide the note there.
    pub notes: BTreeMap<Model, Option<String>>,
}

impl Step {
    pub fn new(at: Millis, input: Input) -> Self {
        Step {
            at,
            input,
            note: None,
            notes: BTreeMap::new(),
        }
    }

    /// The narration of this step when the trace runs on `model`: its note for that model if it
    /// has one (or none, if that one hides it), else the step's `note`. librdkafka says only what
    /// was written for it: a step's `note` speaks for the seed and the Java client, whose states
    /// and callbacks librdkafka does not have (its effects narrate themselves in its own words).
    pub fn note_for(&self, model: Model) -> Option<&str> {
        match (self.notes.get(&model), model) {
            (Some(own), _) => own.as_deref(),
            (None, Model::Librdkafka) => None,
            (None, _) => self.note.as_deref(),
        }
    }

    /// Whether the step says something on `model`.
    pub fn is_noted_for(&self, model: Model) -> bool {
        self.note_for(model).is_some()
    }
}

/// A whole trace file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Trace {
    /// Which state machine the steps run on (`"model"` in the file; the seed when absent).
    pub model: Model,
    pub title: Option<String>,
    pub description: Option<String>,
    /// Where the scenario's claims about Kafka come from: ids of [`crate::teaching::sources::SOURCES`]
    /// (a file may name others; the screen shows the ones it knows).
    pub sources: Vec<String>,
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
    pub(crate) fn at(step: usize, field: &str, message: impl Into<String>) -> Self {
        TraceError {
            step: Some(step),
            field: Some(field.to_owned()),
            message: message.into(),
        }
    }
}

impl Trace {
    /// Parses and validates a whole trace file; nothing is returned unless all of it is valid.
    pub fn parse(text: &str) -> Result<Trace, TraceError> {
        if text.len() > limits::MAX_TRACE_BYTES {
            return Err(TraceError {
                step: None,
                field: None,
                message: format!(
                    "the trace is {} bytes, over the limit of {} bytes",
                    text.len(),
                    limits::MAX_TRACE_BYTES
                ),
            });
        }
        let value: Value = serde_json::from_str(text).map_err(|e| TraceError {
            step: None,
            field: None,
            message: format!("not valid JSON: {e}"),
        })?;
        Trace::from_value(value)
    }

    /// [`Trace::parse`] of a file already read as JSON (a trace inside a link or a save), without
    /// writing it out and reading it again.
    pub fn from_value(value: Value) -> Result<Trace, TraceError> {
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
        let Value::Object(mut top) = value else {
            return Err(TraceError {
                step: None,
                field: None,
                message: "not a trace: the file must be a JSON object with `format` and `steps`"
                    .into(),
            });
        };
        let Some(raw_steps) = top.remove("steps") else {
            return Err(TraceError {
                step: None,
                field: None,
                message: "missing field `steps`".into(),
            });
        };
        let config = top.remove("config");
        let mut raw: RawTrace = read(&Value::Object(top), None, None, None)?;
        if let Some(config) = config {
            raw.config = read(&config, None, None, Some("config"))?;
        }
        let Value::Array(raw_steps) = raw_steps else {
            return Err(TraceError {
                step: None,
                field: Some("steps".into()),
                message: format!("expected a list of steps, got {raw_steps}"),
            });
        };
        raw.check_limits(raw_steps.len())?;
        let mut steps = Vec::with_capacity(raw_steps.len());
        let mut last = 0;
        for (index, step) in raw_steps.iter().enumerate() {
            let step: RawStep = read(step, None, Some(index), None)?;
            if step.at < last {
                let message = format!("{} is before the previous step's {last}", step.at);
                return Err(TraceError::at(index, "at", message));
            }
            last = step.at;
            steps.push(step.into_step(index)?);
        }
        Ok(Trace {
            model: raw.model,
            title: raw.title,
            description: raw.description,
            sources: raw.sources,
            config: raw.config,
            steps,
        })
    }

    /// The trace as a file (pretty JSON); parsing it gives this trace back.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&self.raw()).unwrap_or_default()
    }

    /// The file as a JSON value (to embed in a link or a save without writing and reading text).
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::to_value(self.raw()).unwrap_or_default()
    }

    fn raw(&self) -> RawTrace {
        RawTrace {
            format: FORMAT.to_owned(),
            model: self.model,
            title: self.title.clone(),
            description: self.description.clone(),
            sources: self.sources.clone(),
            config: self.config.clone(),
            steps: self.steps.iter().map(RawStep::from_step).collect(),
        }
    }
}
