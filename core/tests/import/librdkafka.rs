//! Logs of librdkafka's consumers, made by running the library (tests/logs/librdkafka/README.md):
//! refused by name, each consumer named, in the stderr layout and re-laid as a Python `logging`
//! handler writes them — not read as a log without membership lines.

use super::logs_dir;
use kip848_core::import::librdkafka::{membership, RdkEvent};
use kip848_core::import::{ImportError, ParsedLog};
use std::collections::BTreeMap;

pub(super) fn librdkafka_log(name: &str) -> String {
    std::fs::read_to_string(logs_dir().join("librdkafka").join(name)).expect("a librdkafka log")
}

/// What `logging.basicConfig(format="%(asctime)s %(levelname)s %(name)s %(message)s")` writes for
/// the lines confluent-kafka's `logger=` handler receives (`FAC [handle] message`).
fn as_python_logging(stderr: &str) -> String {
    stderr
        .lines()
        .filter_map(|line| {
            let mut parts = line.splitn(5, '|');
            let (_level, _at, fac, handle, message) = (
                parts.next()?,
                parts.next()?,
                parts.next()?,
                parts.next()?,
                parts.next()?,
            );
            Some(format!(
                "2026-12-01 10:00:00,000 DEBUG app {fac} [{handle}] {}",
                message.trim_start()
            ))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn refusal(text: &str) -> (Vec<String>, String) {
    let log = ParsedLog::parse(text).expect("within the limits");
    match log.import(None) {
        Err(error @ ImportError::NoMembership { .. }) => {
            let ImportError::NoMembership { librdkafka, .. } = &error else {
                unreachable!()
            };
            (librdkafka.clone(), error.to_string())
        }
        other => panic!("a librdkafka log must be refused by name, not {other:?}"),
    }
}

#[test]
fn a_librdkafka_log_is_refused_naming_its_consumers_in_either_layout() {
    for (file, consumers) in [
        (
            "v2.15.0-mock-second-join.log",
            vec!["c1#consumer-4", "c2#consumer-5"],
        ),
        ("v2.15.0-mock-fenced.log", vec!["c1#consumer-7"]),
    ] {
        let stderr = librdkafka_log(file);
        for text in [stderr.clone(), as_python_logging(&stderr)] {
            let (named, message) = refusal(&text);
            assert_eq!(named, consumers, "{file}");
            assert!(
                message.starts_with("this is a log of librdkafka's consumer")
                    && consumers.iter().all(|c| message.contains(c)),
                "{file}: {message}"
            );
        }
    }
}

/// The Java logs, ours and those from the wild (several of which are refused: classic and share
/// consumers), never name a librdkafka consumer.
#[test]
fn a_java_log_names_no_librdkafka_consumer() {
    let real = logs_dir().join("real");
    let mut paths = super::logs();
    paths.extend(
        std::fs::read_dir(&real)
            .expect("tests/logs/real")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "log")),
    );
    let mut refused = 0;
    for path in paths {
        // Some logs are not UTF-8 on purpose: read as the importer's callers do.
        let text = String::from_utf8_lossy(&std::fs::read(&path).expect("a log")).into_owned();
        let log = ParsedLog::parse(&text).expect("within the limits");
        if let Err(ImportError::NoMembership { librdkafka, .. }) = log.import(None) {
            assert!(librdkafka.is_empty(), "{}", path.display());
            refused += 1;
        }
    }
    assert!(
        refused >= 3,
        "the real logs' refused controls were checked: {refused}"
    );
}

/// The harness's own record of each rebalance callback, per client.id: (kind, partitions).
pub(super) fn callbacks(log: &str) -> BTreeMap<String, Vec<(String, usize)>> {
    let mut out: BTreeMap<String, Vec<(String, usize)>> = BTreeMap::new();
    for line in log.lines() {
        let mut parts = line.splitn(5, '|');
        let (Some(_), Some(_), Some("HARNESS"), Some(client), Some(message)) = (
            parts.next(),
            parts.next(),
            parts.next(),
            parts.next(),
            parts.next(),
        ) else {
            continue;
        };
        let mut words = message.split_whitespace();
        let kind = words.next().unwrap_or_default();
        if !matches!(kind, "on_assign" | "on_revoke" | "on_lost") {
            continue;
        }
        let list = words
            .next()
            .and_then(|w| w.strip_prefix("partitions=["))
            .and_then(|w| w.strip_suffix(']'))
            .unwrap_or_default();
        let count = list.split(',').filter(|p| !p.is_empty()).count();
        out.entry(client.to_owned())
            .or_default()
            .push((kind.to_owned(), count));
    }
    out
}

/// Read from librdkafka's own lines, each consumer's join states follow one another, its epochs
/// never fall but to rejoin, and every callback it delegates is the one the application's callback
/// then ran (the harness's record of it: kind, and how many partitions), the empty `on_assign`
/// after an incremental revoke and `on_lost` after a fence included.
#[test]
fn librdkafka_membership_lines_agree_with_the_callbacks_the_application_saw() {
    for (file, empty_assign, lost) in [
        ("v2.15.0-mock-second-join.log", true, false),
        ("v2.15.0-mock-fenced.log", false, true),
    ] {
        let text = librdkafka_log(file);
        let seen = callbacks(&text);
        let read = membership(&text);
        assert!(!read.is_empty(), "{file}");
        assert_eq!(
            membership(&as_python_logging(&text)),
            read,
            "{file}: either layout"
        );
        let (mut empties, mut losts) = (0, 0);
        for (handle, events) in &read {
            let client = handle.split('#').next().unwrap_or_default();
            let mut state = "init".to_owned();
            let mut lost_pending = false;
            let mut delegated = Vec::new();
            for event in events {
                match event {
                    RdkEvent::JoinState { from, to } => {
                        assert_eq!(from, &state, "{file} {handle}");
                        state.clone_from(to);
                    }
                    RdkEvent::Lost { .. } => lost_pending = true,
                    RdkEvent::Delegated {
                        revoke, partitions, ..
                    } => {
                        let kind = match (revoke, lost_pending) {
                            (false, _) => "on_assign",
                            (true, true) => "on_lost",
                            (true, false) => "on_revoke",
                        };
                        lost_pending &= !revoke;
                        empties += usize::from(kind == "on_assign" && *partitions == 0);
                        losts += usize::from(kind == "on_lost");
                        delegated.push((kind.to_owned(), *partitions));
                    }
                    RdkEvent::Epoch { .. } => {}
                }
            }
            assert_eq!(
                Some(&delegated),
                seen.get(client),
                "{file}: {handle}'s callbacks"
            );
        }
        assert_eq!(empties > 0, empty_assign, "{file}: an empty on_assign");
        assert_eq!(losts > 0, lost, "{file}: on_lost");
    }
}
