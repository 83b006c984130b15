//! What holds for every log: its header, the versions and the wire covered, each step's source,
//! and the cheap look that sends a text to the importer.

use crate::{logs, text};
use kip848_core::import::{ClientVersion, ParsedLog, VersionEvidence};
use kip848_core::session::trace::Trace;
use std::path::Path;

#[test]
fn every_log_names_the_class_and_version_of_its_templates() {
    for path in logs() {
        let text = text(&path);
        let header: Vec<&str> = text.lines().take_while(|l| l.starts_with('#')).collect();
        let header = header.join("\n");
        assert!(header.contains("Written by us"), "{}", path.display());
        assert!(
            header.contains("Templates, class and version"),
            "{}",
            path.display()
        );
        assert!(
            header.contains(".java")
                || header.contains("Manager")
                || header.contains("GroupMetadataManager"),
            "{}",
            path.display()
        );
    }
}

#[test]
fn every_client_version_has_a_log_and_one_shows_the_wire() {
    let mut versions = Vec::new();
    let mut wire = false;
    for path in logs() {
        let parsed = ParsedLog::parse(&text(&path)).expect("within limits");
        for client in parsed.importable() {
            let imported = parsed.import(Some(&client.client_id)).expect("importable");
            if imported.version_evidence == VersionEvidence::VersionLine {
                versions.extend(imported.version);
            }
            wire |= imported.interval_from_log;
        }
    }
    for v in [
        ClientVersion::V3_7,
        ClientVersion::V3_8,
        ClientVersion::V3_9,
        ClientVersion::V4_0,
        ClientVersion::V4_1,
    ] {
        assert!(versions.contains(&v), "no log of {}", v.as_str());
    }
    assert!(wire, "no log with DEBUG NetworkClient lines");
}

#[test]
fn every_step_says_where_it_came_from_and_the_trace_round_trips() {
    for path in logs() {
        let parsed = ParsedLog::parse(&text(&path)).expect("within limits");
        for client in parsed.importable() {
            let imported = parsed.import(Some(&client.client_id)).expect("importable");
            assert_eq!(imported.steps.len(), imported.trace.steps.len());
            for (source, step) in imported.steps.iter().zip(&imported.trace.steps) {
                let note = step.note.as_deref().unwrap_or_default();
                let form = match (source.line, source.inferred) {
                    (Some(l), false) => format!("log line {l}: "),
                    (Some(l), true) => format!("inferred from log line {l} ("),
                    (None, _) => "inferred (no log line): ".to_owned(),
                };
                assert!(note.starts_with(&form), "{}: {note}", path.display());
            }
            let back = Trace::parse(&imported.trace.to_json()).expect("a valid trace");
            assert_eq!(back, imported.trace);
        }
    }
}

/// The member page hands a text to the importer's page only when this cheap look says so: it
/// must say so for every log with a membership line (with the lines it flags taken out, no log has
/// an importable consumer left), and not for a trace or plain application lines.
#[test]
fn the_cheap_look_flags_every_line_that_makes_a_log_importable() {
    use kip848_core::import::mentions_membership;
    let mut importable = 0;
    for path in logs() {
        let text = text(&path);
        if ParsedLog::parse(&text)
            .expect("within limits")
            .importable()
            .next()
            .is_none()
        {
            continue;
        }
        importable += 1;
        assert!(mentions_membership(&text), "{}", path.display());
        let rest: String = text
            .lines()
            .filter(|line| !mentions_membership(line))
            .map(|line| format!("{line}\n"))
            .collect();
        let left = ParsedLog::parse(&rest).expect("within limits");
        let names: Vec<&str> = left.importable().map(|c| c.client_id.as_str()).collect();
        assert!(
            names.is_empty(),
            "{}: {names:?} still importable",
            path.display()
        );
    }
    assert!(importable >= 5, "the test logs");
    let scenarios = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/scenarios");
    for entry in std::fs::read_dir(scenarios).expect("scenarios") {
        let path = entry.expect("entry").path();
        let trace = std::fs::read_to_string(&path).expect("readable");
        assert!(!mentions_membership(&trace), "{}", path.display());
    }
    assert!(!mentions_membership(
        "2025-01-01 00:00:00,000 INFO [main] com.example.App - hello\n<html>not a log</html>"
    ));
}
