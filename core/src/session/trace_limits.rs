//! A trace file against [`crate::limits`]: the whole file's, and each step's, so an oversized file
//! is refused with the limit it broke before anything is built from it.

use crate::session::limits::{too_long, MAX_NAME_CHARS, MAX_PARTITIONS, MAX_STEPS, MAX_TEXT_CHARS};
use crate::session::trace::TraceError;
use crate::session::trace_file::{RawStep, RawTrace};

impl RawTrace {
    /// The limits of the whole file but its steps' (`steps` counts them before any is read, each
    /// step checks its own fields).
    pub(crate) fn check_limits(&self, steps: usize) -> Result<(), TraceError> {
        let top = |field: &str, message: String| TraceError {
            step: None,
            field: Some(field.to_owned()),
            message,
        };
        if steps > MAX_STEPS {
            return Err(top(
                "steps",
                format!("{steps} steps is over the limit of {MAX_STEPS}"),
            ));
        }
        if self.sources.len() > 64 || self.sources.iter().any(|s| s.len() > 80) {
            return Err(top(
                "sources",
                "at most 64 source ids of at most 80 characters each".to_owned(),
            ));
        }
        let texts = [("title", &self.title), ("description", &self.description)];
        for (field, text) in texts {
            if let Some(message) = text.as_deref().and_then(|t| too_long(t, MAX_TEXT_CHARS)) {
                return Err(top(field, message));
            }
        }
        let names = [
            ("config.group_id", Some(&self.config.group_id)),
            ("config.instance_id", self.config.instance_id.as_ref()),
            (
                "config.server_assignor",
                self.config.server_assignor.as_ref(),
            ),
        ];
        for (field, name) in names {
            if let Some(message) = name.and_then(|n| too_long(n, MAX_NAME_CHARS)) {
                return Err(top(field, message));
            }
        }
        Ok(())
    }
}

impl RawStep {
    /// Field lengths and counts against [`crate::limits`].
    pub(crate) fn check_limits(&self, index: usize) -> Result<(), TraceError> {
        let names = [("member_id", &self.member_id), ("code", &self.code)];
        for (field, name) in names {
            if let Some(message) = name.as_deref().and_then(|n| too_long(n, MAX_NAME_CHARS)) {
                return Err(TraceError::at(index, field, message));
            }
        }
        if let Some(message) = self
            .note
            .as_deref()
            .and_then(|n| too_long(n, MAX_TEXT_CHARS))
        {
            return Err(TraceError::at(index, "note", message));
        }
        for (model, note) in &self.notes {
            if let Some(message) = note.as_str().and_then(|n| too_long(n, MAX_TEXT_CHARS)) {
                return Err(TraceError::at(index, &format!("notes.{model}"), message));
            }
        }
        let topics = self
            .topics
            .iter()
            .flatten()
            .chain(self.assignment.iter().flatten().flatten().map(|(t, _)| t));
        for topic in topics {
            if let Some(message) = too_long(topic, MAX_NAME_CHARS) {
                return Err(TraceError::at(
                    index,
                    "topics",
                    format!("a topic name of {message}"),
                ));
            }
        }
        let subscribed = self.topics.as_ref().map_or(0, Vec::len);
        let assigned: usize = self
            .assignment
            .iter()
            .flatten()
            .flatten()
            .map(|(_, ps)| ps.len())
            .sum();
        for (field, count) in [("topics", subscribed), ("assignment", assigned)] {
            if count > MAX_PARTITIONS {
                let message = format!("{count} entries is over the limit of {MAX_PARTITIONS}");
                return Err(TraceError::at(index, field, message));
            }
        }
        Ok(())
    }
}
