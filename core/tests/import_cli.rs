//! `kip848-import`'s exits: a trace on standard output and the report on standard error (exit 0);
//! one line on standard error and nothing on standard output for a log it cannot import (exit 2).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn log(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/logs")
        .join(name)
}

fn import(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kip848-import"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the import command runs");
    let pipe = child.stdin.take();
    let bytes = stdin.map(<[u8]>::to_vec);
    // Written from a thread: a big input would otherwise fill the pipe while the command, not
    // reading it yet, fills its own output.
    let writer = std::thread::spawn(move || {
        if let (Some(bytes), Some(mut pipe)) = (bytes, pipe) {
            let _ = std::io::Write::write_all(&mut pipe, &bytes);
        }
    });
    let out = child.wait_with_output().expect("it ends");
    writer.join().expect("the writer ends");
    out
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Exit 2, nothing on standard output, one line on standard error that mentions `what`.
fn refused(out: &Output, what: &str) {
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(out.stdout.is_empty(), "printed {}", text(&out.stdout));
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(what), "expected {what:?} in {stderr}");
}

#[test]
fn a_file_and_standard_input_give_the_expected_trace_and_a_report() {
    let path = log("v4.0-info.log");
    let expected =
        std::fs::read_to_string(log("v4.0-info--consumer-orders-1.trace.json")).expect("golden");
    let out = import(&[path.to_str().expect("utf-8")], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), expected);
    let stderr = text(&out.stderr);
    for part in [
        "consumer consumer-orders-1",
        "recognised:",
        "inferred:",
        "ignored:",
        "divergences: 1",
    ] {
        assert!(stderr.contains(part), "{part} in {stderr}");
    }
    let bytes = std::fs::read(&path).expect("log");
    let out = import(&["-"], Some(&bytes));
    assert!(out.status.success());
    assert_eq!(text(&out.stdout), expected);
}

#[test]
fn with_several_consumers_the_first_is_imported_and_the_others_named() {
    let path = log("v4.1-interleaved.log");
    let path = path.to_str().expect("utf-8");
    let out = import(&[path], None);
    assert!(out.status.success());
    let stderr = text(&out.stderr);
    assert!(stderr.contains("consumer inventory-a"), "{stderr}");
    assert!(
        stderr.contains("other consumers in this log (import one with --client ID): inventory-b"),
        "{stderr}"
    );
    let out = import(&["--client", "inventory-b", path], None);
    assert!(out.status.success());
    let expected =
        std::fs::read_to_string(log("v4.1-interleaved--inventory-b.trace.json")).expect("golden");
    assert_eq!(text(&out.stdout), expected);
    refused(
        &import(&["--client", "nobody", path], None),
        "inventory-a, inventory-b",
    );
}

#[test]
fn a_log_without_a_membership_line_exits_2_with_one_line() {
    let cases: [(&[u8], &str); 5] = [
        (b"", "no KIP-848"),
        (b"2025-01-01 00:00:00,000 INFO [main] com.example.App - started\nplain text\n", "no KIP-848"),
        (b"\x00\x01\xff\xfe<html><body>502</body></html>\x89PNG", "no KIP-848"),
        (
            b"[2024-01-01 00:00:00,000] INFO [Consumer clientId=c, groupId=g] (Re-)joining group (org.apache.kafka.clients.consumer.internals.ConsumerCoordinator)\n",
            "c speaks the classic protocol",
        ),
        (&std::fs::read(log("v3.9-broker.log")).expect("log"), "no KIP-848"),
    ];
    for (input, what) in cases {
        refused(&import(&["-"], Some(input)), what);
    }
}

#[test]
fn logs_over_the_limits_exit_2_with_the_limit() {
    let big = vec![b' '; kip848_core::session::limits::MAX_LOG_BYTES + 1];
    refused(
        &import(&["-"], Some(&big)),
        "over the limit of 16777216 bytes",
    );
    let many = vec![b'\n'; kip848_core::session::limits::MAX_LOG_LINES + 1];
    refused(
        &import(&["-"], Some(&many)),
        "500001 lines, over the limit of 500000 lines",
    );
}

#[test]
fn the_broker_timeline_is_printed_with_broker_and_refused_without_coordinator_lines() {
    let out = import(
        &["--broker", log("v3.9-broker.log").to_str().expect("utf-8")],
        None,
    );
    assert!(out.status.success());
    let expected = std::fs::read_to_string(log("v3.9-broker.broker.json")).expect("golden");
    assert_eq!(text(&out.stdout), expected);
    refused(
        &import(
            &["--broker", log("v4.0-info.log").to_str().expect("utf-8")],
            None,
        ),
        "GroupMetadataManager",
    );
}

#[test]
fn bad_arguments_and_missing_files_exit_2() {
    refused(&import(&[], None), "usage");
    refused(&import(&["a.log", "b.log"], None), "a.log: cannot read");
    refused(&import(&["--together"], None), "usage");
    refused(&import(&["--client"], None), "usage");
    refused(&import(&["/nonexistent/consumer.log"], None), "cannot read");
}

#[test]
fn several_files_are_one_log_and_together_prints_what_the_group_view_draws() {
    let (info, broker) = (log("v3.9-info.log"), log("v3.9-broker.log"));
    let path = |p: &PathBuf| p.to_str().expect("utf-8").to_owned();
    // Two files are the two texts one after the other.
    let joined = std::fs::read_to_string(&info).expect("log")
        + &std::fs::read_to_string(&broker).expect("log");
    let files = import(&["--together", &path(&info), &path(&broker)], None);
    let piped = import(&["--together", "-"], Some(joined.as_bytes()));
    assert!(files.status.success(), "{}", text(&files.stderr));
    assert_eq!(text(&files.stdout), text(&piped.stdout));
    let parsed = kip848_core::import::ParsedLog::parse(&joined).expect("within limits");
    let expected =
        serde_json::to_string_pretty(&parsed.together().expect("drawable")).expect("data");
    assert_eq!(text(&files.stdout).trim_end(), expected);
    // A log with nothing to draw: one line, exit 2.
    refused(
        &import(&["--together", "-"], Some(b"hello\n")),
        "no KIP-848",
    );
}

/// A librdkafka consumer's log, with no option: the trace `--librdkafka --client` gives for its
/// first consumer (what the import page opens), and a report that names it and the others.
#[test]
fn a_librdkafka_log_gives_its_first_consumers_librdkafka_trace() {
    let path = log("librdkafka/v2.15.0-mock-second-join.log");
    let path = path.to_str().expect("utf-8");
    let listed = import(&["--librdkafka", path], None);
    let consumers: serde_json::Value =
        serde_json::from_slice(&listed.stdout).expect("the consumers as JSON");
    let handles: Vec<&str> = consumers
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|c| c["handle"].as_str())
        .collect();
    assert!(handles.len() >= 2, "two consumers: {handles:?}");
    let plain = import(&[path], None);
    let stderr = text(&plain.stderr);
    assert!(plain.status.success(), "{stderr}");
    let first = import(&["--librdkafka", "--client", handles[0], path], None);
    assert_eq!(text(&plain.stdout), text(&first.stdout));
    assert!(text(&plain.stdout).contains("\"model\": \"librdkafka\""));
    assert!(
        stderr.starts_with(&format!("librdkafka consumer {}", handles[0])),
        "{stderr}"
    );
    assert!(
        stderr.contains(handles[1]),
        "the other consumer is named: {stderr}"
    );
    // --client picks another, as with a Java log.
    let second = import(&["--client", handles[1], path], None);
    let again = import(&["--librdkafka", "--client", handles[1], path], None);
    assert!(second.status.success(), "{}", text(&second.stderr));
    assert_eq!(text(&second.stdout), text(&again.stdout));
}
