//! A reviewed session as a regression test: any trace written out as a Rust `#[test]` for
//! `kip848-core` that replays it input by input and asserts every step's whole effect list (or
//! its rejection), then the state it ends in.
//!
//! ```
//! use kip848_core::export::rust_test;
//! use kip848_core::session::trace::Trace;
//!
//! let trace = Trace::parse(r#"{"format": "kip848-trace/1",
//!     "steps": [{"at": 0, "input": "subscribe", "topics": ["orders"]}]}"#).unwrap();
//! let file = rust_test(&trace, "joins");
//! assert!(file.contains("fn joins()"));
//! assert!(file.contains("Effect::Transition { from: StateName::New, to: StateName::Joining }"));
//! ```
//!
//! The file is a whole integration test (`core/tests/<name>.rs`): the inputs and effects are Rust
//! values, not JSON, so the test reads like the hand-written ones and needs nothing but the
//! crate. Notes and inputs in words become comments. The test function is `#[rustfmt::skip]`:
//! its text is what the exporter wrote, so a checked-in export can be compared with a fresh one.
//! `kip848-replay --rust-test NAME FILE` prints it.

mod literal;

use crate::machine::Machine;
use crate::screen::narration::describe_input;
use crate::session::timeline::Timeline;
use crate::session::trace::Trace;
use literal::Literal;
use std::fmt::Write;

/// `name` as a function name: lower case, `_` for anything else, never starting with a digit.
pub fn test_name(name: &str) -> String {
    let mut out: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert_str(0, "trace_");
    }
    out
}

/// A comment line's text: one line, whatever the trace's notes hold.
fn comment(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// The trace as a Rust integration test named `name` (made a valid function name, see
/// [`test_name`]), asserting what the trace's model does with each input.
pub fn rust_test(trace: &Trace, name: &str) -> String {
    let timeline = Timeline::from_trace(trace.clone());
    let model = trace.model;
    let mut body = String::new();
    for (index, (step, result)) in trace.steps.iter().zip(timeline.results()).enumerate() {
        let input = describe_input(&step.input);
        // Writing to a String cannot fail.
        let _ = writeln!(
            body,
            "    // Step {index} at {} ms: {}.",
            step.at.0,
            comment(&input)
        );
        if let Some(note) = step.note_for(model) {
            let _ = writeln!(body, "    // {}", comment(note));
        }
        let expected = match result {
            Ok(effects) if effects.is_empty() => "Ok(vec![])".to_owned(),
            Ok(effects) => {
                let lines: Vec<String> = effects
                    .iter()
                    .map(|e| format!("        {},\n", e.literal()))
                    .collect();
                format!("Ok(vec![\n{}    ])", lines.concat())
            }
            Err(rejected) => format!("Err({})", rejected.literal()),
        };
        let _ = writeln!(
            body,
            "    assert_eq!(member.handle({}, &{}), {expected}, \"step {index}\");",
            step.at.literal(),
            step.input.literal()
        );
    }
    let end_facts = timeline.member().facts();
    let _ = writeln!(
        body,
        "    assert_eq!(member.facts().state, {});",
        end_facts.state.literal()
    );
    let _ = writeln!(
        body,
        "    assert_eq!(member.facts().assigned, {});",
        end_facts.assigned.literal()
    );
    let title = trace.title.as_deref().unwrap_or("an untitled trace");
    let sets = if body.contains("BTreeSet::") {
        "use std::collections::BTreeSet;\n"
    } else {
        ""
    };
    format!(
        "//! Exported from a trace by `kip848-replay --rust-test` ({}): {}.\n\
         //! Every step's whole effect list, on the {} model. Regenerate it rather than edit it.\n\
         \n\
         use kip848_core::*;\n\
         {sets}\n\
         #[rustfmt::skip]\n\
         #[test]\n\
         fn {}() {{\n    \
         let config = {};\n    \
         let mut member = AnyMember::new(Model::{model:?}, config);\n\
         {body}}}\n",
        model.as_str(),
        comment(title),
        model.as_str(),
        test_name(name),
        trace.config.literal(),
    )
}
