//! The real logs (`tests/logs/real/`) re-laid in every layout the importer reads — logback,
//! Kafka's log4j, slf4j-simple without timestamps, JSON lines, `kubectl logs --timestamps`,
//! `docker compose`'s prefix, the `LEVEL - date - logger:line -` layout, CRLF, trailing spaces and
//! other threads' lines in between — import to the same trace as the log as published (the same
//! inputs at the same times; without timestamps, the same inputs from the log's own lines).
//!
//! Over 300 lines: every layout the importer reads, applied to the same real logs.

use kip848_core::import::{Imported, ParsedLog, Record};
use std::path::{Path, PathBuf};

fn logs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/logs/real");
    let mut logs: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("tests/logs/real")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "log"))
        .collect();
    logs.sort();
    logs
}

/// `yyyy-MM-dd HH:mm:ss.SSS` of milliseconds since 1970 (Howard Hinnant's `civil_from_days`).
fn date(ms: i64, comma: bool) -> String {
    let days = ms.div_euclid(86_400_000);
    let of_day = ms.rem_euclid(86_400_000);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let (h, m, s, f) = (
        of_day / 3_600_000,
        of_day / 60_000 % 60,
        of_day / 1000 % 60,
        of_day % 1000,
    );
    let sep = if comma { ',' } else { '.' };
    format!("{year:04}-{month:02}-{day:02} {h:02}:{m:02}:{s:02}{sep}{f:03}")
}

fn context(r: &Record) -> String {
    let Some(c) = &r.context else {
        return String::new();
    };
    let mut fields = Vec::new();
    if let Some(i) = &c.instance_id {
        fields.push(format!("instanceId={i}"));
    }
    fields.push(format!("clientId={}", c.client_id));
    if let Some(g) = &c.group_id {
        fields.push(format!("groupId={g}"));
    }
    let label = match c.kind {
        kip848_core::import::ClientKind::ShareConsumer => "ShareConsumer",
        kip848_core::import::ClientKind::Producer => "Producer",
        _ => "Consumer",
    };
    format!("[{label} {}] ", fields.join(", "))
}

/// One layout: the lines of a record.
type Layout = fn(&Record) -> Vec<String>;

fn level(r: &Record) -> String {
    r.level
        .map_or("INFO".to_owned(), |l| format!("{l:?}").to_ascii_uppercase())
}
fn logger(r: &Record) -> String {
    r.logger
        .clone()
        .unwrap_or_else(|| "org.apache.kafka.clients.consumer.internals.X".to_owned())
}
fn thread(r: &Record) -> String {
    r.thread
        .clone()
        .unwrap_or_else(|| "consumer_background_thread".to_owned())
}
fn body(r: &Record) -> String {
    format!("{}{}", context(r), r.message)
}
fn with_more(first: String, r: &Record) -> Vec<String> {
    std::iter::once(first)
        .chain(r.more.iter().cloned())
        .collect()
}

const LAYOUTS: [(&str, Layout, bool); 9] = [
    (
        "logback",
        |r| {
            with_more(
                format!(
                    "{} {:<5} [{}] {} - {}",
                    date(r.at.unwrap_or(0), false),
                    level(r),
                    thread(r),
                    logger(r),
                    body(r)
                ),
                r,
            )
        },
        true,
    ),
    (
        "kafka log4j",
        |r| {
            let mut lines = with_more(
                format!(
                    "[{}] {} {}",
                    date(r.at.unwrap_or(0), true),
                    level(r),
                    body(r)
                ),
                r,
            );
            if let Some(last) = lines.last_mut() {
                last.push_str(&format!(" ({})", logger(r)));
            }
            lines
        },
        true,
    ),
    (
        "slf4j-simple, no time",
        |r| {
            with_more(
                format!("[{}] {} {} - {}", thread(r), level(r), logger(r), body(r)),
                r,
            )
        },
        false,
    ),
    (
        "json lines",
        |r| {
            let mut message = body(r);
            for more in &r.more {
                message.push('\n');
                message.push_str(more);
            }
            let line = serde_json::json!({
                "@timestamp": date(r.at.unwrap_or(0), false).replace(' ', "T") + "Z",
                "log.level": level(r),
                "log.logger": logger(r),
                "process.thread.name": thread(r),
                "message": message,
            });
            vec![line.to_string()]
        },
        true,
    ),
    (
        "kubectl --timestamps",
        |r| {
            let stamp = date(r.at.unwrap_or(0), false).replace(' ', "T") + "123456Z";
            with_more(
                format!(
                    "{} {:<5} [{}] {} - {}",
                    date(r.at.unwrap_or(0), false),
                    level(r),
                    thread(r),
                    logger(r),
                    body(r)
                ),
                r,
            )
            .into_iter()
            .map(|l| format!("{stamp} {l}"))
            .collect()
        },
        true,
    ),
    (
        "docker compose",
        |r| {
            with_more(
                format!(
                    "{} {} [{}] {} - {}",
                    date(r.at.unwrap_or(0), true),
                    level(r),
                    thread(r),
                    logger(r),
                    body(r)
                ),
                r,
            )
            .into_iter()
            .map(|l| format!("consumer-1  | {l}"))
            .collect()
        },
        true,
    ),
    (
        "LEVEL - date - logger:line -",
        |r| {
            with_more(
                format!(
                    "{} - {} - {}:962 - {}",
                    level(r),
                    date(r.at.unwrap_or(0), true),
                    logger(r),
                    body(r)
                ),
                r,
            )
        },
        true,
    ),
    (
        "trailing spaces",
        |r| {
            with_more(
                format!(
                    "{} {} [{}] {} - {}  ",
                    date(r.at.unwrap_or(0), false),
                    level(r),
                    thread(r),
                    logger(r),
                    body(r)
                ),
                r,
            )
            .into_iter()
            .map(|l| format!("{l}  "))
            .collect()
        },
        true,
    ),
    (
        "other threads between",
        |r| {
            let mut lines = with_more(
                format!(
                    "{} {} [{}] {} - {}",
                    date(r.at.unwrap_or(0), false),
                    level(r),
                    thread(r),
                    logger(r),
                    body(r)
                ),
                r,
            );
            lines.push(format!(
                "{} INFO [worker-7] com.example.App - processed 42 records",
                date(r.at.unwrap_or(0), false)
            ));
            lines
        },
        true,
    ),
];

/// The trace's inputs (with their times); without times, the ones the log's own lines show (an
/// inferred heartbeat depends on how much time passed, which a log without times does not say).
fn inputs(imported: &Imported, times: bool) -> Vec<String> {
    imported
        .trace
        .steps
        .iter()
        .zip(&imported.steps)
        .filter(|(_, source)| times || !source.inferred)
        .map(|(s, _)| {
            let input = format!("{:?}", s.input);
            if times {
                format!("{} {input}", s.at.0)
            } else {
                input
            }
        })
        .collect()
}

#[test]
fn every_real_log_imports_the_same_in_every_layout() {
    let mut compared = 0;
    for path in logs() {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_owned();
        let text = std::fs::read_to_string(&path).expect("a log");
        let parsed = ParsedLog::parse(&text).expect("within limits");
        let Ok(original) = parsed.import(None) else {
            continue;
        };
        let dated = !original.times_inferred;
        for (layout, render, keeps_time) in LAYOUTS {
            let mut lines: Vec<String> = parsed.records().iter().flat_map(render).collect();
            if layout == "docker compose" {
                lines = lines.into_iter().map(|l| l + "\r").collect();
            }
            let relaid = lines.join("\n");
            let again = ParsedLog::parse(&relaid)
                .and_then(|p| p.import(Some(&original.client_id)))
                .unwrap_or_else(|e| panic!("{name} as {layout}: {e}\n{relaid}"));
            let times = dated && keeps_time;
            assert_eq!(
                inputs(&again, times),
                inputs(&original, times),
                "{name} as {layout}:\n{relaid}"
            );
            assert_eq!(
                again.trace.config.member_id, original.trace.config.member_id,
                "{name} as {layout}"
            );
            assert_eq!(again.times_inferred, !keeps_time, "{name} as {layout}");
            compared += 1;
        }
    }
    assert!(compared >= 7 * LAYOUTS.len(), "{compared} comparisons");
}
