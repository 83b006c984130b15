//! What a consumer's log says about the consumer itself: its configuration (the `ConsumerConfig
//! values:` dump `AbstractConfig` logs at construction), and its Kafka version (`AppInfoParser`'s
//! `Kafka version: …`, or what its templates give away).

use super::text::Record;
use crate::import::recognise::event::Event;
use crate::protocol::config::Config;
use serde::Serialize;

/// The configuration keys the import reads; the rest of the dump is ignored.
const KEYS: [&str; 9] = [
    "client.id",
    "group.id",
    "group.instance.id",
    "group.protocol",
    "enable.auto.commit",
    "group.remote.assignor",
    "max.poll.interval.ms",
    "retry.backoff.ms",
    "retry.backoff.max.ms",
];

/// The dump's `key = value` lines that the import reads.
pub(crate) fn config_dump(record: &Record) -> Event {
    let values = record
        .more
        .iter()
        .filter_map(|line| line.trim().split_once(" = "))
        .filter(|(k, _)| KEYS.contains(k))
        .map(|(k, v)| (k.to_owned(), v.trim().to_owned()))
        .collect();
    Event::Config { values }
}

/// The dump's value of `key`, `null` and empty read as absent.
pub(crate) fn value<'a>(values: &'a [(String, String)], key: &str) -> Option<&'a str> {
    values
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
        .filter(|v| !v.is_empty() && *v != "null")
}

/// The trace configuration a dump implies. Commits and callbacks wait for `completed` inputs
/// (`auto_complete: false`) because the log shows when they ran.
pub(crate) fn trace_config(
    values: &[(String, String)],
    group_id: Option<&str>,
    listener: bool,
) -> Config {
    let mut config = Config {
        auto_complete: false,
        listener,
        ..Config::default()
    };
    if let Some(group) = group_id.or_else(|| value(values, "group.id")) {
        config.group_id = group.to_owned();
    }
    config.instance_id = value(values, "group.instance.id").map(str::to_owned);
    config.server_assignor = value(values, "group.remote.assignor").map(str::to_owned);
    if let Some(auto) = value(values, "enable.auto.commit") {
        config.enable_auto_commit = auto == "true";
    }
    let number = |key| value(values, key).and_then(|v| v.parse().ok());
    if let Some(ms) = number("max.poll.interval.ms") {
        config.rebalance_timeout_ms = u32::try_from(ms).unwrap_or(u32::MAX);
    }
    if let Some(ms) = number("retry.backoff.ms") {
        config.retry_backoff_ms = ms;
    }
    if let Some(ms) = number("retry.backoff.max.ms") {
        config.retry_backoff_max_ms = ms;
    }
    config
}

/// The client versions whose templates the import knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub enum ClientVersion {
    V3_7,
    V3_8,
    V3_9,
    V4_0,
    V4_1,
    V4_2,
    V4_3,
    /// Later than 4.3: read with 4.3's templates.
    Later,
}

impl ClientVersion {
    pub fn as_str(self) -> &'static str {
        match self {
            ClientVersion::V3_7 => "3.7",
            ClientVersion::V3_8 => "3.8",
            ClientVersion::V3_9 => "3.9",
            ClientVersion::V4_0 => "4.0",
            ClientVersion::V4_1 => "4.1",
            ClientVersion::V4_2 => "4.2",
            ClientVersion::V4_3 => "4.3",
            ClientVersion::Later => "later than 4.3",
        }
    }

    /// `3.8.1`, `4.0.0`, and Confluent's builds (`7.7.1-ccs` is Kafka 3.7, `8.1.1-ce` is 4.1); a
    /// version before 3.7 has no KIP-848 consumer: `None`.
    pub fn parse(text: &str) -> Option<ClientVersion> {
        let mut parts = text.split(['.', '-']);
        let major: u32 = parts.next()?.trim().parse().ok()?;
        let minor: u32 = parts.next()?.trim().parse().ok()?;
        // Confluent Platform 7.x ships Kafka 3.x, 8.x ships 4.x, minor for minor.
        let (major, minor) = match major {
            7 => (3, minor),
            8 => (4, minor),
            _ => (major, minor),
        };
        Some(match (major, minor) {
            (3, 7) => ClientVersion::V3_7,
            (3, 8) => ClientVersion::V3_8,
            (3, 9) => ClientVersion::V3_9,
            (4, 0) => ClientVersion::V4_0,
            (4, 1) => ClientVersion::V4_1,
            (4, 2) => ClientVersion::V4_2,
            (4, 3) => ClientVersion::V4_3,
            (m, n) if (m, n) > (4, 3) => ClientVersion::Later,
            _ => return None,
        })
    }

    /// Before 4.0 the coordinator gave the member its id and `close()` left like `unsubscribe()`.
    pub fn is_3x(self) -> bool {
        self < ClientVersion::V4_0
    }
}

impl ClientVersion {
    /// The release line of a template table release (`4.1.1` → 4.1).
    pub(crate) fn of_release(release: &str) -> Option<ClientVersion> {
        ClientVersion::parse(release)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_parse_from_the_app_info_line() {
        assert_eq!(ClientVersion::parse("3.8.1"), Some(ClientVersion::V3_8));
        assert_eq!(ClientVersion::parse("4.0.0-ce"), Some(ClientVersion::V4_0));
        assert_eq!(ClientVersion::parse("4.3.0"), Some(ClientVersion::V4_3));
        assert_eq!(ClientVersion::parse("4.4.0"), Some(ClientVersion::Later));
        assert_eq!(ClientVersion::parse("8.1.1-ce"), Some(ClientVersion::V4_1));
        assert_eq!(ClientVersion::parse("7.7.2-ccs"), Some(ClientVersion::V3_7));
        assert_eq!(ClientVersion::parse("3.6.2"), None);
        assert_eq!(ClientVersion::parse("x"), None);
    }

    #[test]
    fn the_dump_sets_what_the_model_reads() {
        let values = vec![
            ("group.instance.id".to_owned(), "i-1".to_owned()),
            ("enable.auto.commit".to_owned(), "false".to_owned()),
            ("group.remote.assignor".to_owned(), "null".to_owned()),
            ("max.poll.interval.ms".to_owned(), "60000".to_owned()),
        ];
        let config = trace_config(&values, Some("g"), true);
        assert_eq!(config.group_id, "g");
        assert_eq!(config.instance_id.as_deref(), Some("i-1"));
        assert!(!config.enable_auto_commit && !config.auto_complete && config.listener);
        assert_eq!(
            (config.server_assignor, config.rebalance_timeout_ms),
            (None, 60_000)
        );
    }
}
