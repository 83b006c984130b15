//! librdkafka's membership lines, read (this file), and a librdkafka consumer's log followed on
//! the librdkafka model (`follow`): the live check and the import page's librdkafka import. The
//! layouts librdkafka's logs come in: the default stderr logger's
//! `%7|1796136253.413|CGRPJOINSTATE|c1#consumer-2| [thrd:main]: …`, a `logger=` handler's
//! `… CGRPJOINSTATE [c1#consumer-2] [thrd:main]: …`, the wrappers' frames around the same fields,
//! and Node's objects (`records`). The mock coordinator's own lines are read beside them
//! (`coordinator`).

use std::collections::BTreeMap;

pub mod coordinator;
pub mod follow;
mod followed;
pub mod line;
mod reader;
pub mod records;
mod report;

/// What one of librdkafka's membership lines says (librdkafka 2.15.0's wording).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RdkEvent {
    /// `Group "g" changed join state X -> Y`: the join state machine of `rdkafka_cgrp.c`.
    JoinState { from: String, to: String },
    /// `ConsumerGroupHeartbeat response received for member id "…" with epoch E`.
    Epoch { member_id: String, epoch: i32 },
    /// `delegating incremental assign|revoke of N partition(s) to application …: reason`: a
    /// rebalance callback is due.
    Delegated {
        revoke: bool,
        partitions: usize,
        reason: String,
    },
    /// `current assignment of N partition(s) lost`: the next revoke is delivered as lost.
    Lost { partitions: usize },
}

/// The library's version, from its `INIT` line (`librdkafka v2.15.0 (0x20f00ff) c1#consumer-2
/// initialized`).
fn version(text: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let rest = &line[line.find("librdkafka v")? + "librdkafka v".len()..];
        let v = rest.split_whitespace().next()?;
        (rest.contains("initialized") && v.starts_with(|c: char| c.is_ascii_digit()))
            .then(|| v.to_owned())
    })
}

/// A line's consumer handle and message, if it is one of librdkafka's.
fn split(line: &str) -> Option<(&str, &str)> {
    let (handle, rest) = super::read::librdkafka::consumer_line(line)?;
    let message = rest.strip_prefix("[thrd:")?;
    let message = &message[message.find("]: ")? + 3..];
    Some((handle, message))
}

fn quoted_after<'a>(text: &'a str, before: &str) -> Option<&'a str> {
    let start = text.find(before)? + before.len();
    let end = text[start..].find('"')?;
    Some(&text[start..start + end])
}

fn number_before(text: &str, after: &str) -> Option<usize> {
    let end = text.find(after)?;
    let digits = text[..end].trim_end();
    let start = digits
        .char_indices()
        .rev()
        .find(|(_, c)| !c.is_ascii_digit())
        .map_or(0, |(i, c)| i + c.len_utf8());
    digits[start..].parse().ok()
}

/// What `message` (the text after `[thrd:…]: `) says, if it is a membership line this reads.
pub fn event(message: &str) -> Option<RdkEvent> {
    if let Some(rest) = message.split_once("\" changed join state ").map(|(_, r)| r) {
        let (from, to) = rest.split_once(" -> ")?;
        let to = to.split_whitespace().next()?;
        return Some(RdkEvent::JoinState {
            from: from.to_owned(),
            to: to.to_owned(),
        });
    }
    if message.starts_with("ConsumerGroupHeartbeat response received for member id") {
        let member_id = quoted_after(message, "member id \"")?.to_owned();
        let epoch = message.rsplit_once("with epoch ")?.1.trim().parse().ok()?;
        return Some(RdkEvent::Epoch { member_id, epoch });
    }
    if let Some(rest) = message
        .split_once("delegating incremental ")
        .map(|(_, r)| r)
    {
        let revoke = rest.starts_with("revoke");
        let partitions = number_before(rest, " partition(s)")?;
        let reason = rest.rsplit_once(": ")?.1.trim().to_owned();
        return Some(RdkEvent::Delegated {
            revoke,
            partitions,
            reason,
        });
    }
    if message.contains("current assignment of ") && message.contains(" partition(s) lost") {
        return Some(RdkEvent::Lost {
            partitions: number_before(message, " partition(s) lost")?,
        });
    }
    None
}

/// Every librdkafka consumer of `text` (by handle, `c1#consumer-2`) and its membership events, in
/// the order of the log.
pub fn membership(text: &str) -> BTreeMap<String, Vec<RdkEvent>> {
    let mut out: BTreeMap<String, Vec<RdkEvent>> = BTreeMap::new();
    for line in records::relayout(text).lines() {
        if let Some((handle, message)) = split(line) {
            if let Some(event) = event(message) {
                out.entry(handle.to_owned()).or_default().push(event);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{event, membership, RdkEvent};

    #[test]
    fn lines_in_other_words_or_damaged_read_as_nothing_and_never_panic() {
        // A number right after a letter of two bytes: read, not cut inside the letter.
        assert_eq!(
            event("é4 partition(s) lost current assignment of é"),
            Some(RdkEvent::Lost { partitions: 4 })
        );
        assert_eq!(
            event("Group \"g\": current assignment of 4 partition(s) lost: fenced"),
            Some(RdkEvent::Lost { partitions: 4 })
        );
        for line in [
            "%7|1|CGRPJOINSTATE|c#consumer-1| [thrd:main]: Group \"g\" changed join state init",
            "%7|1|ASSIGN|c#consumer-1| [thrd:main]: delegating incremental assign of é partition(s)",
            "%7|1|HEARTBEAT|c#consumer-1| [thrd:main]: ConsumerGroupHeartbeat response received for member id \"x",
            "ü [c#consumer-1] [thrd:mainü",
        ] {
            assert!(membership(line).values().all(Vec::is_empty), "{line}");
        }
    }
}
