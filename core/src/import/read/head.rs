//! The head of a log line: timestamp, level, thread and logger in front of the message, in the
//! usual log4j and logback layouts, so the message can be matched whatever the layout:
//!
//! ```text
//! 2024-05-01 12:00:00.123 INFO  [main] o.a.k.c.c.i.ConsumerMembershipManager - message   logback
//! 12:00:00.123 [main] INFO  o.a.k.c.c.i.ConsumerMembershipManager - message             logback default
//! 2024-05-01 12:00:00,123 [main] INFO  org.apache.kafka...MembershipManagerImpl - message  log4j
//! [2024-05-01 12:00:00,123] INFO message (org.apache.kafka...GroupMetadataManager)       Kafka's own
//! 2024-05-01T12:00:00.123+02:00  INFO 4242 --- [app] [main] o.a.k...Manager : message   Spring Boot
//! ```
//!
//! A line that starts with a timestamp (or with a level) starts a record; any other line continues
//! the one before (the lines of a multi-line block, a stack trace, a config dump).

use super::stamp::{stamp, Stamp};
use serde::Serialize;

/// A log level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Level {
    Trace,
    Debug,
    Info,
    Warn,
    Error,
    Fatal,
}

impl Level {
    pub(crate) fn parse(word: &str) -> Option<Level> {
        Some(match word {
            "TRACE" => Level::Trace,
            "DEBUG" => Level::Debug,
            "INFO" => Level::Info,
            "WARN" | "WARNING" => Level::Warn,
            "ERROR" => Level::Error,
            "FATAL" => Level::Fatal,
            _ => return None,
        })
    }
}

/// What precedes the message on the first line of a record.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Head<'a> {
    pub(crate) stamp: Option<Stamp>,
    pub(crate) level: Option<Level>,
    pub(crate) thread: Option<&'a str>,
    pub(crate) logger: Option<&'a str>,
    pub(crate) message: &'a str,
}

/// Brackets that open a message rather than name a thread (Kafka's log contexts).
const MESSAGE_BRACKETS: [&str; 6] = [
    "[Consumer ",
    "[ShareConsumer ",
    "[Producer ",
    "[GroupCoordinator",
    "[GroupId ",
    "[AdminClient ",
];

/// A logger name, full or abbreviated (`o.a.k.c.c.i.ConsumerMembershipManager`).
fn is_logger(word: &str) -> bool {
    word.contains('.')
        && word.len() > 2
        && !word.starts_with('.')
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '$'))
        && word.chars().any(|c| c.is_ascii_alphabetic())
}

/// The first whitespace-separated word of `s`, and what follows it.
fn word(s: &str) -> (&str, &str) {
    let end = s.find(char::is_whitespace).unwrap_or(s.len());
    (&s[..end], &s[end..])
}

/// `[...]` at the start of `s` (a thread name may hold spaces), and what follows it.
fn bracket(s: &str) -> Option<(&str, &str)> {
    let inner = s.strip_prefix('[')?;
    let end = inner.find(']')?;
    Some((inner[..end].trim(), &inner[end + 1..]))
}

/// Reads level, thread and logger tokens until the message begins.
fn fields<'a>(mut rest: &'a str, head: &mut Head<'a>) -> &'a str {
    for _ in 0..8 {
        rest = rest.trim_start();
        if MESSAGE_BRACKETS.iter().any(|b| rest.starts_with(b)) {
            break;
        }
        if let Some((thread, after)) = bracket(rest) {
            head.thread = Some(thread);
            rest = after;
            continue;
        }
        let (token, after) = word(rest);
        if let Some(level) = Level::parse(token).filter(|_| head.level.is_none()) {
            head.level = Some(level);
        } else if token == "-" || token == ":" {
            return after;
        } else if token == "---" || (!token.is_empty() && token.bytes().all(|b| b.is_ascii_digit()))
        {
            // Spring Boot's process id and separator.
        } else if head.logger.is_none() && is_logger(token.trim_end_matches(':')) {
            head.logger = Some(token.trim_end_matches(':'));
            if token.ends_with(':') {
                return after;
            }
        } else {
            break;
        }
        rest = after;
    }
    rest
}

/// Kafka's own layout puts the logger last: `message (org.apache.kafka.SomeClass)`.
fn trailing_logger<'a>(message: &'a str, head: &mut Head<'a>) -> &'a str {
    let trimmed = message.trim_end();
    if head.logger.is_none() && trimmed.ends_with(')') {
        if let Some(open) = trimmed.rfind(" (") {
            let logger = &trimmed[open + 2..trimmed.len() - 1];
            if is_logger(logger) {
                head.logger = Some(logger);
                return &trimmed[..open];
            }
        }
    }
    message
}

/// The head of `line` when it starts a record: a timestamp (bare or in brackets) or a level first.
pub(crate) fn parse_head(line: &str) -> Option<Head<'_>> {
    let mut head = Head::default();
    let rest = if let Some((s, rest)) = stamp(line) {
        head.stamp = Some(s);
        rest
    } else if let Some((s, rest)) = line.strip_prefix('[').and_then(stamp) {
        head.stamp = Some(s);
        rest.strip_prefix(']')?
    } else if Level::parse(word(line).0).is_some() {
        line
    } else if bracket(line)
        .is_some_and(|(_, rest)| Level::parse(word(rest.trim_start()).0).is_some())
    {
        // slf4j-simple: `[thread] LEVEL logger - message`, no timestamp.
        line
    } else {
        return None;
    };
    let message = fields(rest, &mut head);
    head.message = trailing_logger(message.trim_start(), &mut head);
    Some(head)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(line: &str) -> (Option<Level>, Option<&str>, Option<&str>, &str) {
        let h = parse_head(line).expect("a record");
        (h.level, h.thread, h.logger, h.message)
    }

    #[test]
    fn logback_log4j_kafka_and_spring_layouts_give_the_same_message() {
        let message =
            "[Consumer clientId=c1, groupId=g] Revoking previously assigned partitions [t-0]";
        let lines = [
            format!("2024-05-01 12:00:00.123 INFO  [main] o.a.k.c.c.i.ConsumerMembershipManager - {message}"),
            format!("12:00:00.123 [main] INFO  o.a.k.c.c.i.ConsumerMembershipManager - {message}"),
            format!("2024-05-01 12:00:00,123 [main] INFO  org.apache.kafka.Foo - {message}"),
            format!("[2024-05-01 12:00:00,123] INFO {message} (org.apache.kafka.Foo)"),
            format!("2024-05-01T12:00:00.123+02:00  INFO 4242 --- [app] [    main] o.a.k.Foo   : {message}"),
        ];
        for line in &lines {
            let (level, _, logger, got) = parts(line);
            assert_eq!(level, Some(Level::Info), "{line}");
            assert!(logger.is_some(), "{line}");
            assert_eq!(got, message, "{line}");
        }
        assert_eq!(parts(&lines[0]).1, Some("main"));
    }

    #[test]
    fn continuation_lines_and_other_text_start_no_record() {
        for line in [
            "\tMember: abc",
            "",
            "    at org.apache.Foo(Foo.java:1)",
            "<html>",
            "\u{0}\u{1}",
        ] {
            assert!(parse_head(line).is_none(), "{line:?}");
        }
    }

    #[test]
    fn a_level_without_a_timestamp_still_starts_a_record() {
        let (level, thread, _, message) = parts("WARN [kafka-coordinator-heartbeat-thread | g] x");
        assert_eq!(level, Some(Level::Warn));
        assert_eq!(thread, Some("kafka-coordinator-heartbeat-thread | g"));
        assert_eq!(message, "x");
    }
}
