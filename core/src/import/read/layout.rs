//! Any layout: a line of a Kafka client's log is found by its client context (`[Consumer
//! clientId=…, groupId=…] `) wherever it sits, and whatever stands before it — a date or not, a
//! level, a thread, a logger with or without its line number, a container's prefix (`kubectl
//! logs --timestamps`, `docker compose`'s `service  | `) — is read for what it holds. A JSON line (a
//! `message` field, as logstash and ECS encoders write) is read by its fields. A line without a
//! context is read by the usual layouts ([`super::head`]), for the lines that carry none (the
//! config dump, the version, the coordinator's lines).
//!
//! Over 300 lines: every log layout the importer reads is found by the same client-context search.

use super::context::{split_context, ClientContext};
use super::head::{parse_head, Level};
use super::stamp::{stamp, Stamp};
use serde_json::{Map, Value};

/// The first line of a record, read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Line {
    pub(crate) stamp: Option<Stamp>,
    pub(crate) level: Option<Level>,
    pub(crate) thread: Option<String>,
    pub(crate) logger: Option<String>,
    pub(crate) context: Option<ClientContext>,
    pub(crate) message: String,
    /// Lines a JSON message carried after its first.
    pub(crate) more: Vec<String>,
}

/// Labels that open a client context.
const CONTEXTS: [&str; 5] = [
    "[Consumer ",
    "[ShareConsumer ",
    "[Producer ",
    "[AdminClient ",
    "[StreamThread ",
];

/// The first timestamp in `head`, dated ones first.
fn stamp_in(head: &str) -> Option<Stamp> {
    let starts = head
        .char_indices()
        .filter(|(i, c)| c.is_ascii_digit() && !head[..*i].ends_with(|p: char| p.is_ascii_digit()));
    let found: Vec<Stamp> = starts
        .filter_map(|(i, _)| stamp(&head[i..]).map(|(s, _)| s))
        .collect();
    found
        .iter()
        .find(|s| s.dated)
        .or_else(|| found.first())
        .copied()
}

fn level_in(head: &str) -> Option<Level> {
    head.split(|c: char| !c.is_ascii_alphabetic())
        .find_map(Level::parse)
}

/// A logger name (`org.apache.kafka….ConsumerMembershipManager`, `o.a.k.c.c.i.X`), without the
/// line number some layouts add (`X:962`).
fn logger_of(token: &str) -> Option<&str> {
    let token = token.trim_end_matches(':');
    let token = match token.rsplit_once(':') {
        Some((name, line)) if line.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => token,
    };
    let ok = token.contains('.')
        && token.len() > 2
        && !token.starts_with('.')
        && token.chars().any(|c| c.is_ascii_alphabetic())
        && token
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '$'));
    ok.then_some(token)
}

fn logger_in(head: &str) -> Option<&str> {
    head.split(|c: char| c.is_whitespace() || matches!(c, '[' | ']' | '|' | '(' | ')'))
        .rev()
        .find_map(logger_of)
}

/// The first bracketed word of `head` that is neither a time nor a level: a thread.
fn thread_in(head: &str) -> Option<&str> {
    let mut rest = head;
    while let Some(open) = rest.find('[') {
        let inner = &rest[open + 1..];
        let close = inner.find(']')?;
        let word = inner[..close].trim();
        if !word.is_empty() && stamp(word).is_none() && Level::parse(word).is_none() {
            return Some(word);
        }
        rest = &inner[close + 1..];
    }
    None
}

/// A line whose client context stands anywhere in it.
fn with_context(line: &str) -> Option<Line> {
    let (at, context, message) = CONTEXTS
        .iter()
        .filter_map(|label| line.find(label))
        .filter_map(|at| match split_context(&line[at..]) {
            (Some(context), message) => Some((at, context, message)),
            _ => None,
        })
        .min_by_key(|(at, _, _)| *at)?;
    let head = &line[..at];
    let mut read = Line {
        stamp: stamp_in(head),
        level: level_in(head),
        thread: thread_in(head).map(str::to_owned),
        logger: logger_in(head).map(str::to_owned),
        context: Some(context),
        message: message.to_owned(),
        more: Vec::new(),
    };
    // Kafka's own layout puts the logger last: `message (org.apache.kafka.SomeClass)`.
    let trimmed = read.message.trim_end();
    if let Some(open) = trimmed
        .ends_with(')')
        .then(|| trimmed.rfind(" ("))
        .flatten()
    {
        if let Some(logger) = logger_of(&trimmed[open + 2..trimmed.len() - 1]) {
            read.logger.get_or_insert_with(|| logger.to_owned());
            read.message.truncate(open);
        }
    }
    Some(read)
}

/// The string at `path` (`log.level`, or the nested `{"log": {"level": …}}`).
fn field<'a>(object: &'a Map<String, Value>, path: &str) -> Option<&'a Value> {
    if let Some(v) = object.get(path) {
        return Some(v);
    }
    let (first, rest) = path.split_once('.')?;
    match object.get(first)? {
        Value::Object(inner) => field(inner, rest),
        _ => None,
    }
}

fn first_text(object: &Map<String, Value>, paths: &[&str]) -> Option<String> {
    paths.iter().find_map(|p| match field(object, p)? {
        Value::String(s) => Some(s.clone()),
        _ => None,
    })
}

/// A timestamp field: a date string, or a number of seconds or milliseconds since 1970.
fn json_stamp(object: &Map<String, Value>) -> Option<Stamp> {
    const PATHS: [&str; 7] = [
        "@timestamp",
        "timestamp",
        "time",
        "ts",
        "date",
        "datetime",
        "instant",
    ];
    PATHS.iter().find_map(|p| match field(object, p)? {
        Value::String(s) => stamp(s).map(|(s, _)| s),
        Value::Number(n) => {
            let value = n.as_f64()?;
            // Seconds (as logstash's `ts` or librdkafka write them) or milliseconds.
            let ms = if value < 1e11 { value * 1000.0 } else { value };
            Some(Stamp {
                ms: ms as i64,
                dated: true,
            })
        }
        _ => None,
    })
}

/// A JSON line with a message field.
fn json(line: &str) -> Option<Line> {
    // One object a line, or the objects of a JSON array, one a line (`{…},`).
    let trimmed = line.trim().trim_end_matches(',');
    if !trimmed.starts_with('{') {
        return None;
    }
    let Value::Object(object) = serde_json::from_str::<Value>(trimmed).ok()? else {
        return None;
    };
    let text = first_text(
        &object,
        &[
            "message",
            "msg",
            "@message",
            "log",
            "short_message",
            "full_message",
        ],
    )?;
    let mut lines = text.lines().map(|l| l.trim_end_matches('\r'));
    let first = lines.next().unwrap_or_default();
    let more: Vec<String> = lines.map(str::to_owned).collect();
    // A JSON line whose message is itself a whole log line (Docker's json-file driver): read that.
    let mut read = with_context(first)
        .or_else(|| plain(first))
        .unwrap_or_else(|| Line {
            message: first.to_owned(),
            ..Line::default()
        });
    read.more = more;
    read.stamp = json_stamp(&object).or(read.stamp);
    let level = first_text(
        &object,
        &["level", "log.level", "severity", "levelname", "loglevel"],
    );
    read.level = level
        .as_deref()
        .and_then(|l| Level::parse(&l.to_ascii_uppercase()))
        .or(read.level);
    read.logger = first_text(
        &object,
        &["logger_name", "logger", "log.logger", "loggerName", "name"],
    )
    .or(read.logger);
    read.thread = first_text(
        &object,
        &["thread_name", "thread", "process.thread.name", "threadName"],
    )
    .or(read.thread);
    Some(read)
}

/// A line in one of the usual layouts.
fn plain(line: &str) -> Option<Line> {
    let head = parse_head(line)?;
    let (context, message) = split_context(head.message);
    Some(Line {
        stamp: head.stamp,
        level: head.level,
        thread: head.thread.map(str::to_owned),
        logger: head.logger.map(str::to_owned),
        context,
        message: message.to_owned(),
        more: Vec::new(),
    })
}

/// A container's prefix, removed: `kubectl logs --timestamps` puts an RFC 3339 time (with
/// nanoseconds) and a space before every line, `docker compose` the service's name and ` | `. Both
/// stand before continuation lines too, so they come off before a line is read.
pub(crate) fn unwrap_container(line: &str) -> (Option<Stamp>, &str) {
    let bytes = line.as_bytes();
    let rfc3339 = bytes.len() > 20 && bytes[4] == b'-' && bytes[10] == b'T';
    if rfc3339 {
        // kubectl writes UTC (`…Z`) and one space before the line as the container wrote it; a
        // layout of the application's own (Spring Boot's `…+02:00  INFO`) has a level next.
        if let Some((stamp, rest)) = stamp(line) {
            let utc = line[..line.len() - rest.len()].ends_with('Z');
            if let Some(inner) = rest.strip_prefix(' ').filter(|_| utc) {
                let next = inner.split_whitespace().next().unwrap_or_default();
                if !inner.starts_with(' ') && Level::parse(next).is_none() {
                    return (Some(stamp), inner);
                }
            }
        }
    }
    let head = line.get(..72.min(line.len())).unwrap_or(line);
    if let Some(bar) = head.find(" | ") {
        let name = head[..bar].trim_end();
        let service = !name.is_empty()
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
        if service {
            return (None, &line[bar + 3..]);
        }
    }
    (None, line)
}

/// The line read, when it starts a record; `None` when it continues the one before.
pub(crate) fn read(line: &str) -> Option<Line> {
    json(line)
        .or_else(|| with_context(line))
        .or_else(|| plain(line))
}

#[cfg(test)]
mod tests {
    use super::*;

    const MESSAGE: &str = "Member m with epoch 1 transitioned from JOINING to RECONCILING.";

    fn client(line: &str) -> Line {
        let read = read(line).unwrap_or_else(|| panic!("not a record: {line}"));
        assert_eq!(
            read.context.as_ref().map(|c| c.client_id.as_str()),
            Some("c1"),
            "{line}"
        );
        assert_eq!(read.message.trim_end(), MESSAGE, "{line}");
        read
    }

    #[test]
    fn the_context_is_found_in_any_layout() {
        let prefix = "[Consumer clientId=c1, groupId=g]";
        for line in [
            format!("INFO - 2024-11-11 09:37:20,194 - org.apache.kafka.clients.consumer.internals.MembershipManagerImpl:962 - {prefix} {MESSAGE}  "),
            format!("[consumer_background_thread] INFO org.apache.kafka.clients.consumer.internals.MembershipManagerImpl - {prefix} {MESSAGE}"),
            format!("2024-05-01T12:00:00.123456789Z 12:00:00.123 [bg] INFO  o.a.k.c.c.i.ConsumerMembershipManager - {prefix} {MESSAGE}"),
            format!("consumer-1  | 2024-05-01 12:00:00,123 INFO {prefix} {MESSAGE} (org.apache.kafka.clients.consumer.internals.ConsumerMembershipManager)"),
            format!("{{\"@timestamp\":\"2024-05-01T12:00:00.123Z\",\"log.level\":\"INFO\",\"message\":\"{prefix} {MESSAGE}\",\"log.logger\":\"org.apache.kafka.X\"}}"),
        ] {
            let read = client(&line);
            assert!(read.logger.is_some(), "{line}");
        }
        let read = client(&format!("INFO - 2024-11-11 09:37:20,194 - org.apache.kafka.a.MembershipManagerImpl:962 - {prefix} {MESSAGE}"));
        assert_eq!(read.level, Some(Level::Info));
        assert_eq!(
            read.logger.as_deref(),
            Some("org.apache.kafka.a.MembershipManagerImpl")
        );
        assert!(read.stamp.is_some_and(|s| s.dated));
        let read = client(&format!(
            "[consumer_background_thread] INFO a.b.C - {prefix} {MESSAGE}"
        ));
        assert_eq!(read.thread.as_deref(), Some("consumer_background_thread"));
        assert_eq!(read.stamp, None);
    }

    #[test]
    fn continuation_lines_and_json_without_a_message_start_nothing() {
        for line in [
            "\tMember:   m",
            "  ",
            "    at org.apache.Foo(Foo.java:1)",
            "{\"a\": 1}",
            "{not json",
        ] {
            assert!(read(line).is_none(), "{line:?}");
        }
    }
}
