//! Any trace exported as a Rust `#[test]` of kip848-core (`export::rust_test`): the checked-in
//! export of scenario 05 is exactly what the exporter writes (and `tests/exported/` compiles and
//! runs it), the command prints the same, and the export of any trace parses as Rust with one
//! assertion per step.

#[path = "common/arb.rs"]
mod arb;

use kip848_core::export::{rust_test, test_name};
use kip848_core::session::timeline::Timeline;
use kip848_core::session::trace::Trace;
use kip848_core::Model;
use proptest::prelude::*;
use std::path::{Path, PathBuf};
use std::process::Command;

fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn scenario_05() -> PathBuf {
    manifest().join("../assets/scenarios/05-fenced-mid-revocation.json")
}

fn load(path: &Path) -> Trace {
    Trace::parse(&std::fs::read_to_string(path).expect("readable")).expect("valid")
}

#[test]
fn the_checked_in_export_of_scenario_05_is_what_the_exporter_writes() {
    let checked_in = std::fs::read_to_string(manifest().join("tests/exported/scenario_05.rs"))
        .expect("the exported test");
    assert_eq!(rust_test(&load(&scenario_05()), "scenario_05"), checked_in);
}

#[test]
fn the_command_prints_the_export_and_refuses_a_bad_file() {
    let out = Command::new(env!("CARGO_BIN_EXE_kip848-replay"))
        .args([
            "--rust-test".as_ref(),
            scenario_05().as_os_str(),
            "scenario_05".as_ref(),
        ])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let expected = rust_test(&load(&scenario_05()), "scenario_05");
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
    // Named after the file when no name is given.
    let out = Command::new(env!("CARGO_BIN_EXE_kip848-replay"))
        .args(["--rust-test".as_ref(), scenario_05().as_os_str()])
        .output()
        .expect("runs");
    assert!(String::from_utf8_lossy(&out.stdout).contains("fn trace_05_fenced_mid_revocation()"));
    let out = Command::new(env!("CARGO_BIN_EXE_kip848-replay"))
        .args(["--rust-test", "no-such-file.json"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}

#[test]
fn names_become_function_names() {
    assert_eq!(test_name("scenario_05"), "scenario_05");
    assert_eq!(test_name("05-Fenced mid"), "trace_05_fenced_mid");
    assert_eq!(test_name(""), "trace_");
}

/// The export parses as a Rust file whose one function replays every step: one `member.handle`
/// per step, one effect line per effect, every string escaped.
fn check(trace: &Trace, name: &str) -> Result<(), String> {
    let text = rust_test(trace, name);
    let file = syn::parse_file(&text).map_err(|e| format!("{e}\n{text}"))?;
    let functions: Vec<String> = file
        .items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Fn(f) => Some(f.sig.ident.to_string()),
            _ => None,
        })
        .collect();
    if functions != [test_name(name)] {
        return Err(format!("functions {functions:?}"));
    }
    let handled = text.matches("member.handle(").count();
    if handled != trace.steps.len() {
        return Err(format!("{handled} inputs for {} steps", trace.steps.len()));
    }
    let timeline = Timeline::from_trace(trace.clone());
    let effects: usize = timeline
        .results()
        .iter()
        .map(|r| r.as_ref().map_or(0, Vec::len))
        .sum();
    let lines = text
        .lines()
        .filter(|l| l.starts_with("        Effect::"))
        .count();
    if lines != effects {
        return Err(format!("{lines} effect lines for {effects} effects"));
    }
    Ok(())
}

#[test]
fn every_scenario_and_golden_trace_exports_to_rust() {
    let mut paths = Vec::new();
    for dir in ["../assets/scenarios", "tests/traces", "tests/traces/kafka"] {
        let entries = std::fs::read_dir(manifest().join(dir)).expect("a directory");
        paths.extend(
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "json")),
        );
    }
    assert!(paths.len() > 60);
    for path in paths {
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        if let Err(e) = check(&load(&path), name) {
            panic!("{}: {e}", path.display());
        }
    }
}

#[test]
fn awkward_text_stays_inside_its_literals_and_comments() {
    let text = r#"{"format": "kip848-trace/1", "title": "a */ title\nwith a break",
        "config": {"group_id": "g\"rou\\p", "instance_id": "i\u0007"},
        "steps": [
          {"at": 0, "input": "subscribe", "topics": ["t\"}", "ü"], "note": "line one\nline two */ /*"},
          {"at": 1, "input": "heartbeat_response", "member_id": "m\"\\", "member_epoch": 1,
           "heartbeat_interval_ms": 10, "assignment": {"t\"}": [0]}},
          {"at": 2, "input": "heartbeat_error", "code": "SOME \"OTHER\" CODE"}
        ]}"#;
    let trace = Trace::parse(text).expect("valid");
    check(&trace, "awkward").expect("parses");
}

proptest! {
    #![proptest_config(arb::tenth_of_cases())]

    #[test]
    fn random_seed_sessions_export_to_rust(config in arb::seed::arb_config(), steps in arb::seed::arb_steps()) {
        check(&arb::trace_of(Model::Seed, config, steps), "random").map_err(TestCaseError::fail)?;
    }

    #[test]
    fn random_shipped_sessions_export_to_rust(config in arb::kafka::arb_config(), steps in arb::kafka::arb_steps()) {
        check(&arb::trace_of(Model::Kafka, config, steps), "random").map_err(TestCaseError::fail)?;
    }
}
