//! What a consumer's log says about the consumer itself: its configuration (the `ConsumerConfig
//! values:` dump `AbstractConfig` logs at construction), and its Kafka version (`AppInfoParser`'s
//! `Kafka version: …`, or what its templates give away).

use super::text::Record;
use crate::import::recognise::event::Event;
use crate::protocol::config::Config;

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

pub use crate::protocol::version::ClientVersion;

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
