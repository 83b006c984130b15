//! The expected files beside each log: what the import writes, compared (or, with `BLESS=1`,
//! rewritten) byte for byte.

use crate::{logs, logs_dir, text};
use kip848_core::import::{Imported, ParsedLog};
use kip848_core::session::replay::replay_to_string;
use kip848_core::session::timeline::Timeline;
use kip848_core::session::trace::Trace;
use std::path::PathBuf;

/// The `.import.txt` of an import: everything but the trace, in words.
fn summary(imported: &Imported) -> String {
    let mut out = vec![format!(
        "consumer: {} (group {})",
        imported.client_id,
        imported.group_id.as_deref().unwrap_or("?")
    )];
    for c in &imported.consumers {
        out.push(format!(
            "  consumer {:?} first at line {}: {} membership lines{}",
            c.client_id,
            c.first_line,
            c.membership_lines,
            if c.classic { ", classic protocol" } else { "" }
        ));
    }
    out.push(format!(
        "version: {:?} ({:?})",
        imported.version, imported.version_evidence
    ));
    out.push(format!(
        "heartbeat interval: {} ms (from the log: {})",
        imported.heartbeat_interval_ms, imported.interval_from_log
    ));
    out.extend(imported.report.lines());
    out.push(format!("divergences: {}", imported.divergences.len()));
    for d in &imported.divergences {
        let reason = d
            .reason
            .as_ref()
            .map_or_else(String::new, |r| format!(" — {}", r.text()));
        out.push(format!(
            "  step {}, line {:?}, {:?}: {}{reason}",
            d.step, d.line, d.aspects, d.summary
        ));
    }
    out.push("steps:".into());
    for (i, (s, step)) in imported.steps.iter().zip(&imported.trace.steps).enumerate() {
        let how = if s.inferred { "inferred" } else { "logged" };
        out.push(format!(
            "  {i} at {} {}: {how}, line {:?}: {}",
            step.at.0,
            step.input.kind().as_str(),
            s.line,
            s.why
        ));
    }
    out.join("\n") + "\n"
}

/// Every expected output of the logs, by file name.
fn outputs() -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    for path in logs() {
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("utf-8 name")
            .to_owned();
        let parsed = ParsedLog::parse(&text(&path)).expect("within limits");
        let clients: Vec<String> = parsed.importable().map(|c| c.client_id.clone()).collect();
        for client in clients {
            let imported = parsed.import(Some(&client)).expect("importable");
            let json = imported.trace.to_json() + "\n";
            let trace = Trace::parse(&json).unwrap_or_else(|e| panic!("{stem}/{client}: {e}"));
            let file = |suffix: &str| logs_dir().join(format!("{stem}--{client}.{suffix}"));
            let replay = replay_to_string(&Timeline::from_trace(trace));
            out.push((file("trace.json"), json));
            out.push((file("replay.jsonl"), replay));
            out.push((file("import.txt"), summary(&imported)));
        }
        if let Some(broker) = parsed.broker() {
            let json = serde_json::to_string_pretty(&broker).expect("plain data") + "\n";
            out.push((logs_dir().join(format!("{stem}.broker.json")), json));
        }
        // Several consumers, or the coordinator's lines: what the group view of the log draws.
        if parsed.importable().count() > 1 || parsed.broker().is_some() {
            let together = parsed.together().expect("something to draw");
            let json = serde_json::to_string_pretty(&together).expect("plain data") + "\n";
            out.push((logs_dir().join(format!("{stem}.together.json")), json));
        }
    }
    out
}

#[test]
fn every_log_imports_to_its_expected_trace_replay_and_report() {
    let bless = std::env::var_os("BLESS").is_some();
    let outputs = outputs();
    let mut mismatches = Vec::new();
    for (path, actual) in &outputs {
        if bless {
            std::fs::write(path, actual).expect("writable");
            continue;
        }
        let expected = std::fs::read_to_string(path).unwrap_or_default();
        if *actual != expected {
            mismatches.push(format!(
                "{}\n--- expected\n{expected}--- actual\n{actual}",
                path.display()
            ));
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
    // No expected file outlives its log or consumer.
    let known: Vec<&PathBuf> = outputs.iter().map(|(p, _)| p).collect();
    for entry in std::fs::read_dir(logs_dir()).expect("tests/logs") {
        let path = entry.expect("entry").path();
        let expected = ["json", "jsonl", "txt"]
            .iter()
            .any(|e| path.extension().is_some_and(|x| x == *e));
        assert!(
            !expected || known.contains(&&path),
            "{} belongs to no log",
            path.display()
        );
    }
}
