//! Golden imports: every log under `logs/` (written by us from Kafka's templates, each naming the
//! class and version of each template it uses) imports, for each of its consumers, to exactly
//! `logs/<log>--<client>.trace.json` (the trace), `.replay.jsonl` (that trace replayed on the
//! shipped model) and `.import.txt` (the report, the divergences, each step's source); a log with
//! coordinator lines to `logs/<log>.broker.json`; a log with several consumers or coordinator lines
//! to `logs/<log>.together.json` (the group view of it). `BLESS=1` rewrites them (review the diff).
//! Then what each log is there to show.

use kip848_core::import::{Aspect, ClientVersion, Imported, ParsedLog, Reason, VersionEvidence};
use kip848_core::session::replay::replay_to_string;
use kip848_core::session::timeline::Timeline;
use kip848_core::session::trace::Trace;
use kip848_core::{ErrorCode, InputKind, Machine, StateName};
use std::path::{Path, PathBuf};

fn logs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/logs")
}

fn logs() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(logs_dir())
        .expect("tests/logs")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "log"))
        .collect();
    files.sort();
    files
}

/// A log's text: its bytes as the command reads them (invalid UTF-8 as replacement characters).
fn text(path: &Path) -> String {
    String::from_utf8_lossy(&std::fs::read(path).expect("readable log")).into_owned()
}

fn parsed(name: &str) -> ParsedLog {
    ParsedLog::parse(&text(&logs_dir().join(name))).expect("within limits")
}

fn imported(name: &str, client: Option<&str>) -> Imported {
    parsed(name).import(client).expect("importable")
}

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

#[test]
fn an_info_log_shows_an_epoch_the_model_never_had_as_an_unlogged_heartbeat() {
    let imported = imported("v4.0-info.log", None);
    let d = imported
        .divergences
        .iter()
        .find(|d| d.aspects == [Aspect::Epoch])
        .expect("the epoch");
    assert_eq!(d.reason, Some(Reason::UnloggedHeartbeat));
    assert_eq!((d.log.epoch, d.model.epoch), (Some(2), Some(1)));
    assert_eq!(
        imported.trace.steps[d.step].input.kind(),
        InputKind::HeartbeatError
    );
}

#[test]
fn with_the_wire_every_answer_is_exact() {
    let imported = imported("v4.0-debug-wire.log", None);
    assert!(imported.interval_from_log);
    assert_eq!(imported.heartbeat_interval_ms, 3000);
    let answers = imported
        .steps
        .iter()
        .zip(&imported.trace.steps)
        .filter(|(_, step)| step.input.is_answer());
    for (source, step) in answers {
        assert!(!source.inferred, "{:?}", step);
    }
    // The topic id of the answers got its name from the reconciliation block.
    let json = imported.trace.to_json();
    assert!(json.contains("\"payments\"") && !json.contains("Qm9yZ2VkVG9waWNJZDAwMQ"));
    assert!(
        imported.divergences.is_empty(),
        "{:?}",
        imported.divergences
    );
}

#[test]
fn the_3_8_block_with_swapped_values_and_the_3_7_block_with_topic_ids_read_the_same() {
    let swapped = parsed("v3.8-info.log");
    assert!(swapped.records().iter().any(|r| r
        .message
        .starts_with("Reconciling assignment with local epoch 4xA2")));
    let imported = swapped.import(None).expect("importable");
    assert_eq!(imported.version, Some(ClientVersion::V3_8));
    let last = Timeline::from_trace(imported.trace.clone());
    assert_eq!(last.member().facts().assigned.to_string(), "parcels-1");
    let old = imported_v37();
    assert_eq!(old.version, Some(ClientVersion::V3_7));
    let timeline = Timeline::from_trace(old.trace.clone());
    assert_eq!(timeline.member().facts().state, StateName::Fatal);
    assert_eq!(
        timeline.member().facts().failure,
        Some(ErrorCode::GroupMaxSizeReached)
    );
}

fn imported_v37() -> Imported {
    let parsed = parsed("v3.7-info.log");
    let legacy = parsed
        .consumers()
        .iter()
        .find(|c| c.client_id == "audit-legacy")
        .expect("listed");
    assert!(legacy.classic && legacy.membership_lines == 0);
    let refused = parsed
        .import(Some("audit-legacy"))
        .expect_err("classic only");
    assert!(refused.to_string().contains("no KIP-848 membership line"));
    parsed.import(None).expect("audit-2")
}

#[test]
fn interleaved_consumers_are_listed_and_each_imports_its_own_lines() {
    let parsed = parsed("v4.1-interleaved.log");
    let names: Vec<&str> = parsed.importable().map(|c| c.client_id.as_str()).collect();
    assert_eq!(names, ["inventory-a", "inventory-b"]);
    assert_eq!(parsed.import(None).expect("first").client_id, "inventory-a");
    let a = parsed.import(Some("inventory-a")).expect("a");
    let b = parsed.import(Some("inventory-b")).expect("b");
    let lines_of = |i: &Imported| -> Vec<usize> { i.steps.iter().filter_map(|s| s.line).collect() };
    assert!(lines_of(&a)
        .iter()
        .all(|l| !lines_of(&b).contains(l) || *l == 0));
    // a's log starts mid-life: the model is brought into the group at time 0, without a line.
    assert!(a.steps[..4].iter().all(|s| s.inferred));
    assert_eq!(
        Timeline::from_trace(a.trace).member().facts().state,
        StateName::Stable
    );
    assert_eq!(
        Timeline::from_trace(b.trace).member().facts().state,
        StateName::Unsubscribed
    );
    let unknown = parsed
        .import(Some("inventory-z"))
        .expect_err("not in the log");
    assert!(unknown.to_string().contains("inventory-a, inventory-b"));
}

#[test]
fn a_slow_revocation_stays_pending_until_the_member_is_fenced_and_rejoins() {
    let imported = imported("v4.1-slow-revoker-fenced.log", None);
    let timeline = Timeline::from_trace(imported.trace.clone());
    let fenced = imported
        .trace
        .steps
        .iter()
        .position(|s| s.input.kind() == InputKind::HeartbeatError)
        .expect("fenced");
    // Just before the fence the model still waits on onPartitionsRevoked, a minute after it began.
    let before = timeline.member_at(fenced);
    assert_eq!(
        before.facts().awaiting.map(|e| e.name()),
        Some("invoke_on_partitions_revoked")
    );
    let after = timeline.member_at(fenced + 1);
    assert_eq!(after.facts().state, StateName::Fenced);
    assert_eq!(timeline.member().facts().state, StateName::Stable);
    assert!(
        imported.divergences.is_empty(),
        "{:?}",
        imported.divergences
    );
}

#[test]
fn an_unsupported_protocol_ends_fatal_on_the_first_heartbeat() {
    let imported = imported("v4.1-fatal-unsupported.log", None);
    let timeline = Timeline::from_trace(imported.trace);
    assert_eq!(timeline.member().facts().state, StateName::Fatal);
    assert_eq!(
        timeline.member().facts().failure,
        Some(ErrorCode::UnsupportedVersion)
    );
}

#[test]
fn lines_the_model_cannot_follow_are_flagged_with_both_sides_and_why() {
    let imported = imported("v4.0-divergences.log", None);
    let by_line = |line| {
        imported
            .divergences
            .iter()
            .find(|d| d.line == Some(line))
            .expect("flagged")
    };
    let callback = by_line(27);
    assert_eq!(callback.aspects, [Aspect::Input]);
    assert!(
        matches!(&callback.reason, Some(Reason::NotFollowed { why }) if why.contains("expected no callback"))
    );
    let state = by_line(28);
    assert!(state.aspects.contains(&Aspect::State));
    assert_eq!(
        (state.log.state, state.model.state),
        (Some(StateName::Reconciling), Some(StateName::Stable))
    );
    assert!(
        state.summary.starts_with("log: RECONCILING at epoch 3"),
        "{}",
        state.summary
    );
    let refused = by_line(31);
    assert!(refused.aspects.contains(&Aspect::Input));
    assert!(matches!(&refused.reason, Some(Reason::Refused { .. })));
}

#[test]
fn the_coordinator_lines_become_a_timeline_of_epochs_states_and_partitions() {
    let parsed = parsed("v3.9-broker.log");
    assert!(parsed.import(None).is_err(), "no consumer lines");
    let broker = parsed.broker().expect("coordinator lines");
    let group = &broker.groups[0];
    assert_eq!(group.group_id, "billing");
    let last = group.points.last().expect("points");
    assert_eq!((last.group_epoch, last.target_epoch), (Some(4), Some(4)));
    let a = &last.members["Gd0bW1mZRGqCtz7kYp2a4Q"];
    assert_eq!((a.epoch, a.previous_epoch), (4, 3));
    let unrevoked = group
        .points
        .iter()
        .filter_map(|p| p.members.get("Gd0bW1mZRGqCtz7kYp2a4Q"));
    assert!(unrevoked
        .into_iter()
        .any(|m| m.state == kip848_core::group::ServerState::UnrevokedPartitions));
    assert_eq!(last.target["Hn4sQ8zkT1qY5uWe2oPa7c"].len(), 2);
    assert_eq!(broker.malformed, [21]);
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
