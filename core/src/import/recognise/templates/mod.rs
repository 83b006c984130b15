//! The Java consumer's membership log statements as data ([`java::TEMPLATES`]), and the matcher
//! that recognises a message by them: a template's fixed words in order, each `{}` filled by a
//! value of its [`Slot`]'s kind. The same table renders lines for the tests, so every statement of
//! every release read is imported at least once.

pub mod java;

use super::event::Callback;
use crate::import::read::head::Level;
use crate::import::read::partitions::partition_list;
use crate::kafka::STATES;
use crate::protocol::error_code::ErrorCode;

/// What fills a `{}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// A member id: empty before a 3.x member has one, else without spaces.
    MemberId,
    /// A member epoch (−2 up).
    Epoch,
    /// A `MemberState` name.
    State,
    /// A set of partitions: `[t-0, t-1]`, or joined without brackets (before 4.1).
    Partitions,
    /// 3.7's `TopicIdPartition`s: `[Uuid:t-0]`.
    IdPartitions,
    /// An error name (`FENCED_MEMBER_EPOCH`).
    ErrorName,
    /// A number (milliseconds, a local epoch, an offset).
    Number,
    /// Anything: a broker's message, a map, a node.
    Text,
}

/// What a statement means for the trace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// `Member {id} with epoch {e} transitioned from {A} to {B}.`
    Transition,
    /// The member became FATAL.
    Fatal,
    /// The multi-line reconciliation block.
    Block,
    /// A revocation starts (not the callback).
    Revoking,
    Callback(Callback),
    CallbackFailed(Callback),
    /// Leaving: the callbacks to release the assignment start.
    Leaving,
    /// Leaving: those callbacks returned (or failed).
    Released,
    /// A commit or callback of an abandoned reconciliation returned.
    Abandoned,
    /// A heartbeat answered with this error.
    Error(ErrorCode),
    /// A heartbeat answered with the error its [`Slot::ErrorName`] names.
    ErrorNamed,
    /// A heartbeat failed on the client for good (no API for it on the broker, among others).
    FailedFatal,
    /// A heartbeat got no answer (retriable).
    HeartbeatFailed,
    /// `max.poll.interval.ms` expired.
    PollExpired,
    /// The application polled again after it expired.
    PollResumed,
    /// `Subscribed to topic(s): {}`.
    Subscribed,
    /// A membership statement with nothing for the trace (DEBUG detail, commits, the coordinator's
    /// discovery, closing): recognised and counted.
    Noted,
}

/// One log statement of one text, in the releases that print it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template {
    pub id: &'static str,
    /// Bit `i` set: printed by [`java::READ`]`[i]`.
    pub versions: u16,
    pub level: Level,
    /// The class that prints it at the newest release.
    pub class: &'static str,
    /// The message after the client context, `{}` for each value.
    pub text: &'static str,
    pub slots: &'static [Slot],
    pub kind: Kind,
}

impl Template {
    /// The releases that print it.
    pub fn releases(&self) -> impl Iterator<Item = &'static str> + '_ {
        java::READ
            .iter()
            .enumerate()
            .filter(|(i, _)| self.versions & (1 << i) != 0)
            .map(|(_, v)| *v)
    }

    /// The first line of the text (a block's continuation lines are read by the block parser).
    pub fn first_line(&self) -> &'static str {
        self.text.split('\n').next().unwrap_or(self.text)
    }

    /// The fixed words of the first line, as matched.
    fn literal_len(&self) -> usize {
        self.first_line().len() - 2 * self.first_line().matches("{}").count()
    }
}

/// A message recognised: its template and the values of its first line's slots.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Matched<'m> {
    pub template: &'static Template,
    pub values: Vec<&'m str>,
}

impl Matched<'_> {
    /// The value of the `n`-th slot of `slot`'s kind.
    pub fn nth(&self, slot: Slot, n: usize) -> Option<&str> {
        self.template
            .slots
            .iter()
            .zip(&self.values)
            .filter(|(s, _)| **s == slot)
            .nth(n)
            .map(|(_, v)| *v)
    }
}

fn valid(slot: Slot, value: &str) -> bool {
    match slot {
        Slot::MemberId => !value.contains(' '),
        Slot::Epoch => value.parse::<i32>().is_ok_and(|e| e >= -2),
        Slot::State => STATES.iter().any(|s| s.as_str() == value),
        Slot::Partitions | Slot::IdPartitions => partition_list(value).is_some(),
        Slot::ErrorName => {
            value.len() > 2 && value.bytes().all(|b| b.is_ascii_uppercase() || b == b'_')
        }
        Slot::Number => value.trim_start_matches('-').parse::<u64>().is_ok(),
        Slot::Text => true,
    }
}

/// Where a value that starts at `at` ends, before the literal `next`: a bracketed value ends at
/// its closing bracket; the last value before the end of the line takes the rest.
fn value_end(message: &str, at: usize, next: &str, last: bool) -> Option<usize> {
    let rest = &message[at..];
    if rest.starts_with('[') {
        if let Some(close) = rest.find(']') {
            if rest[close + 1..].starts_with(next) {
                return Some(at + close + 1);
            }
        }
    }
    if last {
        return message
            .ends_with(next)
            .then(|| message.len() - next.len())
            .filter(|e| *e >= at);
    }
    rest.find(next).map(|i| at + i)
}

/// The values of `template`'s first line in `message`, if it matches.
fn capture<'m>(template: &'static Template, message: &'m str) -> Option<Vec<&'m str>> {
    let line = template.first_line().trim_end();
    let pieces: Vec<&str> = line.split("{}").collect();
    let mut at = message.strip_prefix(pieces[0]).map(|_| pieces[0].len())?;
    let mut values = Vec::with_capacity(pieces.len() - 1);
    for (i, next) in pieces.iter().enumerate().skip(1) {
        let last = i == pieces.len() - 1;
        let end = value_end(message, at, next, last)?;
        values.push(&message[at..end]);
        at = end + next.len();
    }
    (at == message.len()).then_some(values)
}

/// The template that reads `message` (a record's first line after its client context), the most
/// specific when several do; `None` when none does.
pub fn recognise(message: &str) -> Option<Matched<'_>> {
    let message = message.trim_end();
    java::TEMPLATES
        .iter()
        .filter_map(|t| {
            let values = capture(t, message)?;
            let slots = t.slots.iter().take(values.len());
            slots
                .zip(&values)
                .all(|(s, v)| valid(*s, v))
                .then_some(Matched {
                    template: t,
                    values,
                })
        })
        .max_by_key(|m| m.template.literal_len())
}

/// Whether `message` starts like one of the templates (its fixed words up to the first value,
/// when they are long enough to tell): a line cut short or damaged, rather than someone else's.
pub fn starts_like_one(message: &str) -> bool {
    java::TEMPLATES.iter().any(|t| {
        let head = t.first_line().split("{}").next().unwrap_or_default();
        head.len() >= 24 && message.starts_with(head)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_has_a_slot_per_value_and_a_release() {
        for t in java::TEMPLATES {
            assert_eq!(t.text.matches("{}").count(), t.slots.len(), "{}", t.id);
            assert!(
                t.versions != 0 && t.versions < 1 << java::READ.len(),
                "{}",
                t.id
            );
            assert!(
                java::TEMPLATES.iter().filter(|u| u.id == t.id).count() == 1,
                "{} twice",
                t.id
            );
        }
    }

    #[test]
    fn the_empty_member_id_of_3_7_and_the_4_1_unsupported_version_line_are_read() {
        let m = recognise("Member  with epoch 0 transitioned to FATAL state").expect("3.7");
        assert_eq!(m.template.kind, Kind::Fatal);
        assert_eq!(m.nth(Slot::MemberId, 0), Some(""));
        let m = recognise("ConsumerGroupHeartbeatRequest failed due to unsupported version response on broker side: The cluster does not support the new CONSUMER group protocol. Set group.protocol=classic on the consumer configs to revert to the CLASSIC protocol until the cluster is upgraded.").expect("4.1");
        assert_eq!(m.template.kind, Kind::Error(ErrorCode::UnsupportedVersion));
        let m = recognise("Member oCpR with epoch 2 transitioned from JOINING to RECONCILING.")
            .expect("a transition");
        assert_eq!(m.nth(Slot::State, 1), Some("RECONCILING"));
        assert!(recognise("Member x with epoch 2 transitioned from JOINING to NOWHERE.").is_none());
    }
}
