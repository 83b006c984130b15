//! Where each imported step came from, and the `note` that says so in the trace. The note has a
//! fixed form, so a reader (or the page) can tell a logged input from an inferred one:
//!
//! ```text
//! log line 123: <the line>                                  the input is what this line shows
//! inferred from log line 123 (<why>): <the line>            not in the log; this line implies it
//! inferred (no log line): <why>                             not in the log; needed to begin
//! ```

use crate::session::limits::MAX_TEXT_CHARS;
use serde::Serialize;

/// Characters of a log line quoted in a note or an example.
const QUOTE_CHARS: usize = 600;

/// The source of one step of an imported trace.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StepSource {
    /// The log line (from 1) that shows or implies the input.
    pub line: Option<usize>,
    /// That line as written (its first line, for a multi-line record), cut to 600 characters.
    pub text: Option<String>,
    /// The input itself is not in the log: it is the smallest one consistent with it.
    pub inferred: bool,
    /// Why this input, in a few words.
    pub why: String,
}

/// `text` cut to `max` characters, with `…` when cut.
pub(crate) fn cut(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

impl StepSource {
    pub(crate) fn logged(line: usize, text: &str, why: impl Into<String>) -> Self {
        StepSource {
            line: Some(line),
            text: Some(cut(text.trim(), QUOTE_CHARS)),
            inferred: false,
            why: why.into(),
        }
    }

    pub(crate) fn implied(line: Option<(usize, &str)>, why: impl Into<String>) -> Self {
        StepSource {
            line: line.map(|(l, _)| l),
            text: line.map(|(_, t)| cut(t.trim(), QUOTE_CHARS)),
            inferred: true,
            why: why.into(),
        }
    }

    /// The step's `note`, in the fixed form above (within the trace's note limit).
    pub fn note(&self) -> String {
        let text = self.text.as_deref().unwrap_or_default();
        let note = match (self.line, self.inferred) {
            (Some(line), false) => format!("log line {line}: {text}"),
            (Some(line), true) => format!("inferred from log line {line} ({}): {text}", self.why),
            (None, _) => format!("inferred (no log line): {}", self.why),
        };
        cut(&note, MAX_TEXT_CHARS - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_have_one_of_three_forms() {
        let logged = StepSource::logged(12, "  a line ", "x");
        assert_eq!(logged.note(), "log line 12: a line");
        let implied = StepSource::implied(Some((3, "b")), "the answer");
        assert_eq!(implied.note(), "inferred from log line 3 (the answer): b");
        let bare = StepSource::implied(None, "to begin");
        assert_eq!(bare.note(), "inferred (no log line): to begin");
    }

    #[test]
    fn long_lines_are_cut_to_fit_a_note() {
        let long = "é".repeat(5000);
        let source = StepSource::logged(1, &long, "x");
        assert!(source.note().chars().count() < MAX_TEXT_CHARS);
        assert!(source.text.as_deref().is_some_and(|t| t.ends_with('…')));
    }
}
