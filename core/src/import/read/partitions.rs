//! Partition lists as Kafka prints them: `[orders-0, orders-1]` (a Java set), `orders-0, orders-1`
//! (joined), `[]` or nothing; 3.7's `vDGwL3ioRXqhzDx_Ur5yGw:orders-0` (a `TopicIdPartition`: the
//! topic id, then the name); the broker's `vDGwL3ioRXqhzDx_Ur5yGw-0` (topic ids only).

use crate::protocol::assignment::PartitionSet;
use crate::session::limits::{MAX_NAME_CHARS, MAX_PARTITIONS};

/// A parsed list, and the topic ids it named beside topic names (3.7's form).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Listed {
    pub(crate) set: PartitionSet,
    /// `(topic id, topic name)` pairs.
    pub(crate) ids: Vec<(String, String)>,
}

/// `topic-7`: a topic (which may itself hold dashes) and a partition number.
pub(crate) fn topic_partition(item: &str) -> Option<(&str, u32)> {
    let (topic, number) = item.rsplit_once('-')?;
    let partition = number.parse().ok()?;
    let valid = !topic.is_empty()
        && topic.chars().count() <= MAX_NAME_CHARS
        && !topic.contains(|c: char| c.is_whitespace() || matches!(c, '[' | ']' | ',' | '{'));
    valid.then_some((topic, partition))
}

/// A whole list, or `None` when an item is malformed (a line cut short, say) or the list is too
/// long for a trace.
pub(crate) fn partition_list(text: &str) -> Option<Listed> {
    let text = text.trim();
    let inner = match text.strip_prefix('[') {
        Some(open) => open.strip_suffix(']')?,
        None => text,
    };
    let mut listed = Listed::default();
    let mut count = 0usize;
    for item in inner.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        count += 1;
        if count > MAX_PARTITIONS {
            return None;
        }
        let named = match item.split_once(':') {
            Some((id, rest)) if !id.is_empty() => {
                let (topic, _) = topic_partition(rest)?;
                if !listed.ids.iter().any(|(i, _)| i == id) {
                    listed.ids.push((id.to_owned(), topic.to_owned()));
                }
                rest
            }
            _ => item,
        };
        let (topic, partition) = topic_partition(named)?;
        listed.set.insert(topic, partition);
    }
    Some(listed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(text: &str) -> Option<String> {
        partition_list(text).map(|l| l.set.to_string())
    }

    #[test]
    fn sets_joined_lists_and_empty_lists() {
        assert_eq!(
            set("[my-topic-1, my-topic-0]").as_deref(),
            Some("my-topic-0, my-topic-1")
        );
        assert_eq!(
            set("orders-2, orders-0").as_deref(),
            Some("orders-0, orders-2")
        );
        assert_eq!(set("[]").as_deref(), Some("{}"));
        assert_eq!(set("").as_deref(), Some("{}"));
    }

    #[test]
    fn topic_ids_beside_names_are_kept_as_pairs() {
        let listed =
            partition_list("[AAAAAAAAAAAAAAAAAAAAAA:orders-0, AAAAAAAAAAAAAAAAAAAAAA:orders-1]")
                .expect("valid");
        assert_eq!(listed.set.to_string(), "orders-0, orders-1");
        assert_eq!(
            listed.ids,
            vec![("AAAAAAAAAAAAAAAAAAAAAA".to_owned(), "orders".to_owned())]
        );
    }

    #[test]
    fn cut_or_malformed_lists_are_refused() {
        for text in [
            "[orders-0, orders-",
            "[orders-0",
            "[orders]",
            "[-1]",
            "[orders-x]",
        ] {
            assert_eq!(set(text), None, "{text}");
        }
    }
}
