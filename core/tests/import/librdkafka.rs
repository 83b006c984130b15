//! Logs of librdkafka's consumers, made by running the library (tests/logs/librdkafka/README.md):
//! refused by name, each consumer named, in the stderr layout and re-laid as a Python `logging`
//! handler writes them — not read as a log without membership lines.

use super::logs_dir;
use kip848_core::import::{ImportError, ParsedLog};

fn librdkafka_log(name: &str) -> String {
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
