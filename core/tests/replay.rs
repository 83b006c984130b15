//! Golden traces: every `traces/*.json` replays to exactly `traces/*.replay.jsonl` (the Java
//! client's in `traces/kafka/`, librdkafka's in `traces/librdkafka/`), and every
//! built-in scenario of the app (`assets/scenarios/*.json`) to `traces/scenarios/*.replay.jsonl`,
//! both through the library and through the `kip848-replay` command (group traces, and the
//! findings under `traces/group-findings/`, too). `BLESS=1` rewrites the
//! expected files (review the diff: they are the contract).
//!
//! Over 300 lines: the golden-trace runner and its per-model and per-scenario tests share one comparison.

use kip848_core::group::GroupTrace;
use kip848_core::session::replay::replay_to_string;
use kip848_core::session::timeline::Timeline;
use kip848_core::session::trace::Trace;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn json_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn scenarios() -> Vec<PathBuf> {
    json_files(&manifest_dir().join("../assets/scenarios"))
}

/// The shipped client's scenarios, one per test of Kafka's own (Kafka's `ConsumerMembershipManagerTest` and `ConsumerHeartbeatRequestManagerTest`).
fn kafka_traces() -> Vec<PathBuf> {
    json_files(&manifest_dir().join("tests/traces/kafka"))
}

/// Group traces: the §7.10 example and the server scenarios S1–S6.
fn group_traces() -> Vec<PathBuf> {
    json_files(&manifest_dir().join("tests/traces/group"))
}

/// Group traces of what random schedules and Kafka's own tests found: each the regression trace
/// of a fix.
fn group_findings() -> Vec<PathBuf> {
    json_files(&manifest_dir().join("tests/traces/group-findings"))
}

/// A trace's replay output, whichever kind of trace it is.
fn replay_file(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("readable trace");
    if GroupTrace::claims(&text) {
        let trace = GroupTrace::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut out = String::new();
        trace.replay(|line| {
            out.push_str(&line);
            out.push('\n');
        });
        return out;
    }
    let trace = Trace::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    replay_to_string(&Timeline::from_trace(trace))
}

fn traces() -> Vec<PathBuf> {
    let mut all = json_files(&manifest_dir().join("tests/traces"));
    all.extend(kafka_traces());
    all.extend(json_files(&manifest_dir().join("tests/traces/librdkafka")));
    all.extend(group_traces());
    all.extend(group_findings());
    all.extend(scenarios());
    all
}

fn expected_path(trace: &Path) -> PathBuf {
    if trace.parent().is_some_and(|p| p.ends_with("scenarios")) {
        let name = trace.file_name().unwrap_or_default();
        manifest_dir()
            .join("tests/traces/scenarios")
            .join(name)
            .with_extension("replay.jsonl")
    } else {
        trace.with_extension("replay.jsonl")
    }
}

/// The shipped client's traces are named after the Kafka test they replay (`test…`) or, when no
/// single test asserts what they show, after the behaviour; a title names no Kafka test but its own
/// (docs/kafka-tests.md says which test each trace checks, and why the others are out of scope).
#[test]
fn every_kafka_trace_names_only_the_test_it_replays() {
    let traces = kafka_traces();
    let from_tests = traces
        .iter()
        .filter(|p| {
            p.file_stem()
                .and_then(|s| s.to_str())
                .is_some_and(|s| s.starts_with("test"))
        })
        .count();
    assert!(from_tests >= 35, "{from_tests} traces of Kafka tests");
    for path in traces {
        let trace =
            Trace::parse(&std::fs::read_to_string(&path).expect("readable")).expect("valid");
        assert_eq!(trace.model, kip848_core::Model::Kafka, "{}", path.display());
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        let title = trace.title.as_deref().unwrap_or_default();
        let named: Vec<&str> = title
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| {
                w.len() > 4 && w.starts_with("test") && w[4..].starts_with(char::is_uppercase)
            })
            .collect();
        if name.starts_with("test") {
            assert!(
                title.starts_with(name),
                "{} is titled by its test",
                path.display()
            );
            assert!(
                named.iter().all(|w| *w == name),
                "{}: {named:?}",
                path.display()
            );
        } else {
            assert!(!title.contains('…'), "{}: {title}", path.display());
            assert!(
                named.is_empty(),
                "{} names a test it does not replay: {named:?}",
                path.display()
            );
        }
    }
}

#[test]
fn the_worked_example_and_every_server_scenario_has_a_group_trace() {
    let names: Vec<String> = group_traces()
        .iter()
        .filter_map(|p| p.file_stem()?.to_str().map(str::to_owned))
        .collect();
    for scenario in ["s1", "s2", "s3", "s4", "s5", "s6"] {
        assert!(
            names
                .iter()
                .any(|n| n.split('-').any(|part| part == scenario)),
            "{scenario} in {names:?}"
        );
    }
}

#[test]
fn there_are_at_least_ten_golden_traces_and_ten_scenarios() {
    assert!(json_files(&manifest_dir().join("tests/traces")).len() >= 10);
    assert!(scenarios().len() >= 10);
}

/// A built-in scenario teaches: it has a title, narration, and no input the member rejects.
#[test]
fn every_built_in_scenario_is_titled_narrated_and_fully_accepted() {
    for path in scenarios() {
        let text = std::fs::read_to_string(&path).expect("readable");
        let trace = Trace::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            trace.title.is_some() && trace.description.is_some(),
            "{}",
            path.display()
        );
        assert!(
            trace
                .steps
                .iter()
                .any(|s| s.note_for(trace.model).is_some()),
            "{} has no narration",
            path.display()
        );
        let timeline = Timeline::from_trace(trace);
        let rejected: Vec<usize> = (0..timeline.len())
            .filter(|&i| timeline.results()[i].is_err())
            .collect();
        assert!(
            rejected.is_empty(),
            "{}: steps {rejected:?} are rejected",
            path.display()
        );
    }
}

#[test]
fn every_golden_trace_replays_to_its_expected_output() {
    let bless = std::env::var_os("BLESS").is_some();
    let mut mismatches = Vec::new();
    for path in traces() {
        let actual = replay_file(&path);
        let expected_file = expected_path(&path);
        if bless {
            std::fs::write(&expected_file, &actual).expect("writable");
            continue;
        }
        let expected = std::fs::read_to_string(&expected_file).unwrap_or_default();
        if actual != expected {
            mismatches.push(format!(
                "{}\n--- expected\n{expected}--- actual\n{actual}",
                path.display()
            ));
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

fn replay_command(arg: &str, stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kip848-replay"))
        .arg(arg)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the replay command runs");
    if let (Some(text), Some(mut pipe)) = (stdin, child.stdin.take()) {
        std::io::Write::write_all(&mut pipe, text.as_bytes()).expect("stdin");
    }
    child.wait_with_output().expect("it ends")
}

#[test]
fn the_command_prints_the_expected_lines_for_a_file_and_for_standard_input() {
    let path = traces().into_iter().next().expect("a trace");
    let expected = std::fs::read_to_string(expected_path(&path)).expect("expected output");
    let out = replay_command(path.to_str().expect("utf-8 path"), None);
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
    let text = std::fs::read_to_string(&path).expect("trace");
    let out = replay_command("-", Some(&text));
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
}

/// Each malformed file: exit 2, nothing on stdout, one line on stderr that says what and where.
#[test]
fn a_malformed_file_exits_2_with_one_clear_line_and_no_output() {
    let head = r#"{"format":"kip848-trace/1","steps":["#;
    let cases = [
        ("not json at all", "not valid JSON"),
        ("", "not valid JSON"),
        ("[1, 2]", "not a trace"),
        (
            r#"{"format":"kip848-trace/2","steps":[]}"#,
            "field `format`",
        ),
        (r#"{"steps":[]}"#, "missing field `format`"),
        (r#"{"format":"kip848-trace/1"}"#, "missing field `steps`"),
        (
            r#"{"format":"kip848-trace/1","steps":[],"extra":1}"#,
            "unknown field `extra`",
        ),
        (
            r#"{"format":"kip848-trace/1","config":{"auto_complete":"yes"},"steps":[]}"#,
            "field `config.auto_complete`",
        ),
        (
            r#"{"format":"kip848-trace/1","config":{"colour":1},"steps":[]}"#,
            "unknown field `colour`",
        ),
        (
            &format!(r#"{head}{{"at":0,"input":"tick"}},{{"at":5,"input":"jump"}}]}}"#),
            "step 1, field `input`",
        ),
        (
            &format!(r#"{head}{{"at":0,"input":"tick","code":"X"}}]}}"#),
            "step 0, field `code`",
        ),
        (
            &format!(r#"{head}{{"at":0,"input":"tick","colour":"red"}}]}}"#),
            "step 0, field `colour`: unknown field",
        ),
        (
            &format!(r#"{head}{{"at":10,"input":"tick"}},{{"at":5,"input":"tick"}}]}}"#),
            "step 1, field `at`",
        ),
        (
            &format!(r#"{head}{{"input":"tick"}}]}}"#),
            "step 0: missing field `at`",
        ),
        (
            &format!(
                r#"{head}{{"at":0,"input":"heartbeat_response","member_id":"m","member_epoch":"one","heartbeat_interval_ms":1}}]}}"#
            ),
            "step 0, field `member_epoch`",
        ),
        (
            &format!(
                r#"{head}{{"at":0,"input":"heartbeat_response","member_id":"m","member_epoch":1}}]}}"#
            ),
            "step 0, field `heartbeat_interval_ms`",
        ),
        (
            &format!(
                r#"{head}{{"at":0,"input":"heartbeat_response","member_id":"m","member_epoch":3000000000,"heartbeat_interval_ms":1}}]}}"#
            ),
            "step 0, field `member_epoch`",
        ),
        (
            &format!(
                r#"{head}{{"at":0,"input":"heartbeat_response","member_id":"m","member_epoch":1,"heartbeat_interval_ms":1,"assignment":{{"t":[-1]}}}}]}}"#
            ),
            "step 0, field `assignment.t`",
        ),
        (
            &format!(
                r#"{head}{{"at":0,"input":"heartbeat_response","member_id":"m","member_epoch":1,"heartbeat_interval_ms":1,"assignment":{{"t":[1,1]}}}}]}}"#
            ),
            "listed twice",
        ),
        (
            &format!(r#"{head}{{"at":0,"input":"subscribe","topics":[""]}}]}}"#),
            "step 0, field `topics`",
        ),
        (
            &format!(r#"{head}{{"at":0,"input":"completed","outcome":"maybe"}}]}}"#),
            "step 0, field `outcome`",
        ),
        (
            &format!(r#"{head}{{"at":-1,"input":"tick"}}]}}"#),
            "step 0, field `at`",
        ),
        (
            &format!(r#"{head}{{"at":0,"input":"heartbeat_error"}}]}}"#),
            "step 0, field `code`",
        ),
    ];
    for (text, mentions) in cases {
        let out = replay_command("-", Some(text));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{text}: {stderr}");
        assert!(
            out.stdout.is_empty(),
            "{text}: printed {:?}",
            String::from_utf8_lossy(&out.stdout)
        );
        assert_eq!(stderr.lines().count(), 1, "{text}: {stderr}");
        assert!(
            stderr.contains(mentions),
            "{text}: expected {mentions:?} in {stderr}"
        );
    }
}

#[test]
fn a_missing_file_or_no_argument_exits_2() {
    let out = replay_command("/nonexistent/trace.json", None);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let out = Command::new(env!("CARGO_BIN_EXE_kip848-replay"))
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
}
