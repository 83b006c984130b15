//! Group traces (`"model": "group"`): the group's configuration and the inputs of the user and the
//! schedule, in the trace file format; replaying one gives the lines of `line.rs`.

use super::line::GroupLine;
use super::{GroupConfig, GroupInput, GroupSim};
use crate::protocol::time::Millis;
use crate::session::limits::{too_long, MAX_STEPS, MAX_TEXT_CHARS};
use crate::session::located::read;
use crate::session::trace::{TraceError, FORMAT};
use serde_json::{Map, Value};

/// One step of a group trace.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GroupStep {
    pub at: Millis,
    pub input: GroupInput,
    pub note: Option<String>,
}

/// A whole group trace file.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct GroupTrace {
    pub title: Option<String>,
    pub description: Option<String>,
    /// Where the scenario's claims about Kafka come from: ids of [`crate::teaching::sources::SOURCES`].
    pub sources: Vec<String>,
    pub config: GroupConfig,
    pub steps: Vec<GroupStep>,
}

fn error(step: Option<usize>, field: Option<&str>, message: impl Into<String>) -> TraceError {
    TraceError {
        step,
        field: field.map(str::to_owned),
        message: message.into(),
    }
}

impl GroupTrace {
    /// Parses a trace whose `model` is `group`, as strictly as member traces.
    pub fn parse(text: &str) -> Result<GroupTrace, TraceError> {
        let value: Value = serde_json::from_str(text)
            .map_err(|e| error(None, None, format!("not valid JSON: {e}")))?;
        GroupTrace::from_value(value)
    }

    /// [`GroupTrace::parse`] of a file already read as JSON (the trace inside a link).
    pub fn from_value(value: Value) -> Result<GroupTrace, TraceError> {
        let Value::Object(mut top) = value else {
            return Err(error(
                None,
                None,
                "not a trace: the file must be a JSON object with `format` and `steps`",
            ));
        };
        if top.remove("format") != Some(Value::String(FORMAT.to_owned())) {
            return Err(error(
                None,
                Some("format"),
                format!("expected \"{FORMAT}\""),
            ));
        }
        if top.remove("model") != Some(Value::String("group".to_owned())) {
            return Err(error(None, Some("model"), "expected \"group\""));
        }
        let text_field =
            |top: &mut Map<String, Value>, name: &str| -> Result<Option<String>, TraceError> {
                match top.remove(name) {
                    None | Some(Value::Null) => Ok(None),
                    Some(Value::String(s)) => match too_long(&s, MAX_TEXT_CHARS) {
                        Some(m) => Err(error(None, Some(name), m)),
                        None => Ok(Some(s)),
                    },
                    Some(_) => Err(error(None, Some(name), "expected a string")),
                }
            };
        let title = text_field(&mut top, "title")?;
        let description = text_field(&mut top, "description")?;
        let sources = source_ids(top.remove("sources"))?;
        let config: GroupConfig = match top.remove("config") {
            None => GroupConfig::default(),
            Some(v) => read(&v, None, None, Some("config"))?,
        };
        config.check().map_err(|m| error(None, Some("config"), m))?;
        let Some(Value::Array(raw)) = top.remove("steps") else {
            return Err(error(None, Some("steps"), "missing, or not a list"));
        };
        if let Some(extra) = top.keys().next() {
            return Err(error(None, Some(extra), "unknown field"));
        }
        if raw.len() > MAX_STEPS {
            return Err(error(
                None,
                Some("steps"),
                format!("{} steps is over the limit of {MAX_STEPS}", raw.len()),
            ));
        }
        let mut steps = Vec::with_capacity(raw.len());
        let mut last = 0;
        for (i, step) in raw.into_iter().enumerate() {
            let Value::Object(mut fields) = step else {
                return Err(error(Some(i), None, "a step must be an object"));
            };
            let at = match fields.remove("at") {
                Some(Value::Number(n)) => n
                    .as_u64()
                    .ok_or_else(|| error(Some(i), Some("at"), "expected a non-negative integer"))?,
                Some(_) => {
                    return Err(error(
                        Some(i),
                        Some("at"),
                        "expected a non-negative integer",
                    ))
                }
                None => return Err(error(Some(i), None, "missing field `at`")),
            };
            if at < last {
                return Err(error(
                    Some(i),
                    Some("at"),
                    format!("{at} is before the previous step's {last}"),
                ));
            }
            last = at;
            let note = match fields.remove("note") {
                None | Some(Value::Null) => None,
                Some(Value::String(s)) => Some(s),
                Some(_) => return Err(error(Some(i), Some("note"), "expected a string")),
            };
            let input: GroupInput = read(&Value::Object(fields), Some("input"), Some(i), None)?;
            steps.push(GroupStep {
                at: Millis(at),
                input,
                note,
            });
        }
        Ok(GroupTrace {
            title,
            description,
            sources,
            config,
            steps,
        })
    }

    /// The trace as a file (pretty JSON); parsing it gives this trace back.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&self.to_value()).unwrap_or_default()
    }

    /// The file as a JSON value (to embed in a link or a save without writing and reading text).
    pub fn to_value(&self) -> Value {
        let steps: Vec<Value> = self
            .steps
            .iter()
            .map(|step| {
                let mut fields = match serde_json::to_value(&step.input) {
                    Ok(Value::Object(fields)) => fields,
                    _ => Map::new(),
                };
                fields.insert("at".to_owned(), step.at.0.into());
                if let Some(note) = &step.note {
                    fields.insert("note".to_owned(), note.clone().into());
                }
                Value::Object(fields)
            })
            .collect();
        let mut top = Map::new();
        top.insert("format".to_owned(), FORMAT.into());
        top.insert("model".to_owned(), "group".into());
        if let Some(title) = &self.title {
            top.insert("title".to_owned(), title.clone().into());
        }
        if let Some(description) = &self.description {
            top.insert("description".to_owned(), description.clone().into());
        }
        if !self.sources.is_empty() {
            top.insert("sources".to_owned(), self.sources.clone().into());
        }
        top.insert(
            "config".to_owned(),
            serde_json::to_value(&self.config).unwrap_or(Value::Null),
        );
        top.insert("steps".to_owned(), Value::Array(steps));
        Value::Object(top)
    }

    /// Whether `text` claims to be a group trace (`"model": "group"`), valid or not.
    pub fn claims(text: &str) -> bool {
        serde_json::from_str::<Value>(text)
            .ok()
            .is_some_and(|v| v.get("model").and_then(Value::as_str) == Some("group"))
    }

    /// Replays the trace, handing each step's line to `emit`.
    pub fn replay(&self, mut emit: impl FnMut(String)) {
        let mut sim = GroupSim::new(self.config.clone());
        for (index, step) in self.steps.iter().enumerate() {
            let result = sim.handle(step.at, &step.input);
            let line = GroupLine::new(index, step, result.err().map(|e| e.to_string()), &sim);
            emit(serde_json::to_string(&line).unwrap_or_default());
        }
    }
}

/// `sources`: a list of short strings (ids of the source registry), or absent.
fn source_ids(value: Option<Value>) -> Result<Vec<String>, TraceError> {
    let wrong = || {
        error(
            None,
            Some("sources"),
            "expected a list of source ids (strings)",
        )
    };
    match value {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) if items.len() <= 64 => items
            .into_iter()
            .map(|item| match item {
                Value::String(s) if s.len() <= 80 => Ok(s),
                _ => Err(wrong()),
            })
            .collect(),
        Some(_) => Err(wrong()),
    }
}
