//! One of librdkafka's log lines, split: when, which facility, which consumer, what it says. Both
//! layouts: the default stderr logger's `%7|1796136435.002|HEARTBEAT|c1#consumer-7| [thrd:main]: …`
//! (seconds since 1970 with milliseconds) and what a `logger=` handler writes,
//! `<its own time and words> HEARTBEAT [c1#consumer-7] [thrd:main]: …` (any time layout the Java
//! importer reads, at the start of the line).

use crate::import::read::librdkafka::consumer_line;
use crate::import::read::stamp::stamp;
use crate::protocol::error_code::ErrorCode;

/// A librdkafka line of one consumer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RdkLine<'a> {
    /// From 1.
    pub number: usize,
    /// Milliseconds on the log's clock, when the line says.
    pub at: Option<i64>,
    pub facility: &'a str,
    /// `c1#consumer-7`: the `client.id` and the handle's number.
    pub handle: &'a str,
    /// The text after `[thrd:…]: `.
    pub message: &'a str,
}

/// `%7|1796136435.002|FAC|` at the start: the stderr layout's time and facility.
fn stderr_head(text: &str) -> Option<(i64, &str)> {
    let rest = text.strip_prefix('%')?;
    let mut fields = rest.splitn(4, '|');
    let level = fields.next()?;
    if level.is_empty() || !level.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let (seconds, millis) = fields.next()?.split_once('.')?;
    let seconds: i64 = seconds.parse().ok()?;
    let digits: String = millis.chars().take(3).collect();
    let millis: i64 = format!("{digits:0<3}").parse().ok()?;
    let facility = fields.next()?;
    Some((seconds.checked_mul(1000)?.checked_add(millis)?, facility))
}

/// The facility: the all-capitals word just before the handle (stderr, Python's logging) or just
/// after it (.NET, Go).
fn facility<'a>(text: &'a str, handle: &str) -> &'a str {
    let Some(at) = text.find(handle) else {
        return "";
    };
    let is_facility = |w: &&str| {
        w.len() >= 3
            && w.bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
    };
    let delimiters = |c: char| "|[] \t".contains(c);
    let before = text[..at].rsplit(delimiters).find(|w| !w.is_empty());
    let after = text[at + handle.len()..]
        .split(delimiters)
        .find(|w| !w.is_empty());
    before
        .filter(is_facility)
        .or(after.filter(is_facility))
        .unwrap_or("")
}

/// The line's time: the stderr layout's, else the first time any frame puts before the handle
/// (`2026-12-01 10:00:00,002 …`, `Debug|2026-12-01 10:00:00.002|…`, `[2026-12-01T10:00:00Z]…`).
fn time(text: &str, handle: &str) -> Option<i64> {
    if let Some((at, _)) = stderr_head(text) {
        return Some(at);
    }
    let end = text.find(handle)?;
    let starts = std::iter::once(0).chain(
        text[..end]
            .char_indices()
            .filter(|(_, c)| matches!(c, '|' | '[' | ' '))
            .map(|(i, _)| i + 1),
    );
    starts
        .filter_map(|i| text.get(i..end))
        .find_map(|rest| stamp(rest).map(|(s, _)| s.ms))
}

/// The line split, if it is a librdkafka consumer's.
pub fn read(number: usize, text: &str) -> Option<RdkLine<'_>> {
    let (handle, rest) = consumer_line(text)?;
    let after = rest.strip_prefix("[thrd:")?;
    let message = &after[after.find("]: ")? + 3..];
    let facility = match stderr_head(text) {
        Some((_, facility)) => facility,
        None => facility(text, handle),
    };
    Some(RdkLine {
        number,
        at: time(text, handle),
        facility,
        handle,
        message,
    })
}

/// librdkafka's words for the broker's error codes (`rd_kafka_err_descs`, 2.15.0) that a
/// heartbeat can be answered with; `None` for a local error (a transport failure or a timeout).
pub fn error_code(words: &str) -> Option<ErrorCode> {
    const WORDS: [(&str, &str); 18] = [
        ("Broker: Unknown member", "UNKNOWN_MEMBER_ID"),
        (
            "Broker: The member epoch is fenced by the group coordinator",
            "FENCED_MEMBER_EPOCH",
        ),
        ("Broker: The member epoch is stale", "STALE_MEMBER_EPOCH"),
        (
            "Broker: Coordinator not available",
            "COORDINATOR_NOT_AVAILABLE",
        ),
        ("Broker: Not coordinator", "NOT_COORDINATOR"),
        (
            "Broker: Coordinator load in progress",
            "COORDINATOR_LOAD_IN_PROGRESS",
        ),
        (
            "Broker: Group authorization failed",
            "GROUP_AUTHORIZATION_FAILED",
        ),
        (
            "Broker: Topic authorization failed",
            "TOPIC_AUTHORIZATION_FAILED",
        ),
        ("Broker: API version not supported", "UNSUPPORTED_VERSION"),
        ("Broker: Invalid request", "INVALID_REQUEST"),
        ("Broker: The group id does not exist", "GROUP_ID_NOT_FOUND"),
        (
            "Broker: Consumer group has reached maximum size",
            "GROUP_MAX_SIZE_REACHED",
        ),
        ("Broker: Static consumer fenced", "FENCED_INSTANCE_ID"),
        (
            "Broker: The instance ID is still used",
            "UNRELEASED_INSTANCE_ID",
        ),
        (
            "Broker: The assignor or its version range",
            "UNSUPPORTED_ASSIGNOR",
        ),
        ("Broker: Request timed out", "REQUEST_TIMED_OUT"),
        ("Broker: Unknown error", "UNKNOWN_SERVER_ERROR"),
        ("Broker: Unknown server error", "UNKNOWN_SERVER_ERROR"),
    ];
    let words = words.trim();
    if words.is_empty() || words.starts_with("Local: ") {
        return None;
    }
    Some(
        WORDS
            .iter()
            .find(|(w, _)| words.starts_with(w))
            .map_or_else(
                || ErrorCode::Other(words.to_owned()),
                |(_, code)| ErrorCode::from(*code),
            ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_layouts_read_to_the_same_line() {
        let stderr = "%7|1796136435.002|HEARTBEAT|c1#consumer-7| [thrd:main]: ConsumerGroupHeartbeat response received for member id \"m\" with epoch 2";
        let logger = "2026-12-01 10:00:00,002 DEBUG app HEARTBEAT [c1#consumer-7] [thrd:main]: ConsumerGroupHeartbeat response received for member id \"m\" with epoch 2";
        let a = read(1, stderr).expect("stderr layout");
        let b = read(1, logger).expect("logger layout");
        assert_eq!(a.at, Some(1_796_136_435_002));
        assert_eq!((a.facility, a.handle), ("HEARTBEAT", "c1#consumer-7"));
        assert_eq!(
            (b.facility, b.handle, b.message),
            (a.facility, a.handle, a.message)
        );
        assert_eq!(b.at.map(|ms| ms % 86_400_000), Some(36_000_002));
        assert_eq!(read(1, "%7|x|HEARTBEAT|c1#consumer-7| [thrd:main]"), None);
        let dotnet = "Debug|2026-12-01 10:00:00.002|c1#consumer-7|HEARTBEAT| [thrd:main]: ConsumerGroupHeartbeat response received for member id \"m\" with epoch 2";
        let go = "[2026-12-01T10:00:00Z][c1#consumer-7][HEARTBEAT][7][thrd:main]: ConsumerGroupHeartbeat response received for member id \"m\" with epoch 2";
        for other in [dotnet, go] {
            let c = read(1, other).expect("a wrapper's layout");
            assert_eq!(
                (c.facility, c.handle, c.message),
                (a.facility, a.handle, a.message),
                "{other}"
            );
        }
        assert_eq!(
            read(1, dotnet).and_then(|l| l.at).map(|ms| ms % 86_400_000),
            Some(36_000_002)
        );
        assert_eq!(
            read(1, go).and_then(|l| l.at).map(|ms| ms % 86_400_000),
            Some(36_000_000)
        );
    }

    #[test]
    fn error_words_name_their_code_and_local_errors_none() {
        assert_eq!(
            error_code("Broker: The member epoch is fenced by the group coordinator"),
            Some(ErrorCode::FencedMemberEpoch)
        );
        assert_eq!(error_code("Local: Broker transport failure"), None);
        assert_eq!(
            error_code("Broker: Something new"),
            Some(ErrorCode::Other("Broker: Something new".to_owned()))
        );
    }
}
