//! What each of a librdkafka consumer's lines says, for following it on the model: the input it
//! stands for (an answer, the application's call, the timer's heartbeat) or what the library did
//! (a join state, a heartbeat sent, a callback delegated); topic names and the heartbeat interval
//! the whole log shows.

use super::follow::{Callback, Seen};
use super::line::{error_code, RdkLine};
use super::{event, RdkEvent};
use crate::protocol::assignment::PartitionSet;
use crate::protocol::error_code::ErrorCode;
use crate::protocol::input::{HeartbeatResponse, Input, Outcome};
use crate::protocol::state::StateName;
use std::collections::{BTreeMap, BTreeSet};

/// `t1(AnLs…)[3], (null)(AnLs…)[2]` or `t1((null))[-1]`: (name, topic id, partition) each.
pub(super) fn entries(list: &str) -> Vec<(Option<&str>, &str, i64)> {
    let mut out = Vec::new();
    for item in list.split(", ").filter(|s| !s.is_empty() && *s != "NULL") {
        let (name, rest) = match item.strip_prefix("(null)") {
            Some(rest) => (None, rest),
            None => match item.find('(') {
                Some(at) => (Some(&item[..at]), &item[at..]),
                None => continue,
            },
        };
        let Some(close) = rest.rfind(")[") else {
            continue;
        };
        let id = rest.get(1..close).unwrap_or("");
        let partition = rest
            .get(close + 2..rest.len().saturating_sub(1))
            .and_then(|p| p.parse().ok());
        if let Some(partition) = partition {
            out.push((name.filter(|n| !n.is_empty()), id, partition));
        }
    }
    out
}

pub(super) fn quoted_after<'a>(text: &'a str, before: &str) -> Option<&'a str> {
    let start = text.find(before)? + before.len();
    let end = text[start..].find('"')?;
    Some(&text[start..start + end])
}

/// A heartbeat request line's member id, epoch, whether it is full, and its subscribed topics.
pub(super) struct Request<'a> {
    pub(super) member_id: &'a str,
    pub(super) epoch: i32,
    pub(super) instance_id: Option<&'a str>,
    pub(super) topics: Vec<&'a str>,
}

pub(super) fn request(message: &str) -> Option<Request<'_>> {
    if !message.contains("ConsumerGroupHeartbeat of member id \"") {
        return None;
    }
    let member_id = quoted_after(message, "member id \"")?;
    let epoch = message
        .split_once("generation id ")?
        .1
        .split(',')
        .next()?
        .trim()
        .parse()
        .ok()?;
    let instance_id = quoted_after(message, "group instance id \"")
        .filter(|id| !matches!(*id, "NULL" | "(null)" | ""));
    let topics = quoted_after(message, "subscribed topics \"")
        .map(|list| {
            entries(list)
                .into_iter()
                .filter_map(|e| e.0)
                .filter(|t| !t.is_empty())
                .collect()
        })
        .unwrap_or_default();
    Some(Request {
        member_id,
        epoch,
        instance_id,
        topics,
    })
}

/// What the library logged for one consumer, and what its lines ask the model to do.
pub(super) enum Line<'a> {
    Seen(Seen),
    Input(Input),
    /// A heartbeat request: seen, and the timer's tick if the model has not sent it yet.
    Sent(Request<'a>),
    Nothing,
}

pub(super) struct Reader<'a> {
    pub(super) names: &'a BTreeMap<String, String>,
    pub(super) member_id: Option<String>,
    pub(super) interval_ms: u32,
    pub(super) closing: bool,
    pub(super) lost: bool,
}

impl<'a> Reader<'a> {
    fn assignment(&self, list: &str) -> PartitionSet {
        let mut set = PartitionSet::new();
        for (name, id, partition) in entries(list) {
            let topic = name
                .or_else(|| self.names.get(id).map(String::as_str))
                .unwrap_or(id);
            // A damaged line may lose the name: a partition of no topic is no partition.
            let p = u32::try_from(partition)
                .ok()
                .filter(|p| i32::try_from(*p).is_ok());
            if let (Some(p), false) = (p, topic.is_empty()) {
                set.insert(topic, p);
            }
        }
        set
    }

    pub(super) fn line(&mut self, l: &RdkLine<'a>, next: Option<&RdkLine<'a>>) -> Line<'a> {
        let m = l.message;
        if let Some(r) = request(m) {
            return Line::Sent(r);
        }
        if l.facility == "LEAVEGROUP" {
            if m.contains("response received in state") {
                return Line::Input(Input::HeartbeatResponse(HeartbeatResponse {
                    member_id: self.member_id.clone().unwrap_or_default(),
                    member_epoch: -1,
                    heartbeat_interval_ms: 0,
                    assignment: None,
                }));
            }
            if let Some((_, words)) = m.split_once("response error in state ") {
                let words = words.split_once(": ").map_or("", |(_, w)| w);
                return Line::Input(answer_error(words));
            }
        }
        match event(m) {
            Some(RdkEvent::JoinState { to, .. }) => {
                return serde_json::from_value(serde_json::Value::String(to))
                    .map_or(Line::Nothing, |state| Line::Seen(Seen::JoinState { state }));
            }
            Some(RdkEvent::Epoch { member_id, epoch }) => {
                // The target is the consumer's next line (a millisecond later, at times).
                let assignment = next
                    .and_then(|n| {
                        quoted_after(
                            n.message,
                            "ConsumerGroupHeartbeat received target assignment \"",
                        )
                    })
                    .map(|list| self.assignment(list));
                return Line::Input(Input::HeartbeatResponse(HeartbeatResponse {
                    member_id,
                    member_epoch: epoch,
                    heartbeat_interval_ms: self.interval_ms,
                    assignment,
                }));
            }
            Some(RdkEvent::Delegated {
                revoke, partitions, ..
            }) => {
                let call = match (revoke, std::mem::take(&mut self.lost)) {
                    (false, _) => Callback::Assign,
                    (true, true) => Callback::Lost,
                    (true, false) => Callback::Revoke,
                };
                return Line::Seen(Seen::Callback { call, partitions });
            }
            Some(RdkEvent::Lost { .. }) => {
                self.lost = true;
                return Line::Nothing;
            }
            None => {}
        }
        if m.contains("changed state ") && m.contains(" -> term") {
            return Line::Seen(Seen::JoinState {
                state: StateName::Term,
            });
        }
        if m.contains("no longer considered lost") {
            self.lost = false;
        }
        // `subscribe to new unset subscription of 0 topics`: Python's unsubscribe(), said next.
        if l.facility == "SUBSCRIBE" && m.contains("subscribe to new ") && !m.contains(" unset ") {
            // The topics are in the next full heartbeat; the subscription itself is this line.
            return Line::Input(Input::Subscribe {
                topics: BTreeSet::new(),
            });
        }
        if l.facility == "CGRPTERM" && m.starts_with("Terminating group") {
            self.closing = true;
            return Line::Input(Input::Close);
        }
        if l.facility == "UNSUBSCRIBE" && m.contains("unsubscribe from current") && !self.closing {
            return Line::Input(Input::Unsubscribe);
        }
        if l.facility == "CGRPOP" && m.contains("received op ASSIGN in state") {
            return Line::Input(Input::Completed {
                outcome: Outcome::Ok,
            });
        }
        // The application polled again after its poll interval passed.
        if m.ends_with(": app polled after poll interval exceeded") {
            return Line::Input(Input::Poll);
        }
        if l.facility == "MAXPOLL" {
            return Line::Input(Input::PollTimerExpired);
        }
        if let Some(rest) = m.strip_prefix("ConsumerGroupHeartbeat failed due to: ") {
            let words = rest.trim_end_matches(": will rejoin the group");
            return Line::Input(answer_error(words));
        }
        if let Some(rest) = m.strip_prefix("ConsumerGroupHeartbeat failed due to coordinator (") {
            // `127.0.0.1:46535/1) no longer available: <words>: re-querying for coordinator`
            let words = rest
                .split_once(") ")
                .and_then(|(_, r)| r.split_once(": "))
                .map_or("", |(_, w)| w);
            let words = words
                .trim_end_matches(": retrying")
                .trim_end_matches(": re-querying for coordinator");
            return Line::Input(answer_error(words));
        }
        if m.starts_with("ConsumerGroupHeartbeat failed: ") {
            return Line::Input(Input::HeartbeatError {
                code: ErrorCode::TopicAuthorizationFailed,
            });
        }
        if let Some(rest) = m.strip_prefix("Fatal error: ") {
            if let Some((_, words)) = rest.split_once("ConsumerGroupHeartbeat fatal error: ") {
                self.lost = false;
                return Line::Input(answer_error(words));
            }
        }
        Line::Nothing
    }
}

fn answer_error(words: &str) -> Input {
    match error_code(words) {
        Some(code) => Input::HeartbeatError { code },
        None => Input::HeartbeatFailed,
    }
}

/// Topic ids and the names the log gives them anywhere (`t1(AnLs…)[3]`).
pub(super) fn topic_names(lines: &[RdkLine<'_>]) -> BTreeMap<String, String> {
    let mut names = BTreeMap::new();
    for l in lines {
        for quoted in l.message.split('"').skip(1).step_by(2) {
            for (name, id, _) in entries(quoted) {
                if let Some(name) = name {
                    if id != "(null)" {
                        names.insert(id.to_owned(), name.to_owned());
                    }
                }
            }
        }
    }
    names
}

/// The heartbeat interval: the commonest gap (to 10 ms) between two heartbeats of one consumer,
/// over every consumer of the log (they share a coordinator), less 5 ms for lines cut to the
/// millisecond. Expedited heartbeats make shorter gaps, seldom twice the same; those a few
/// milliseconds apart (a join, then its acknowledgement) are not counted, since in a log with
/// few heartbeats they can be as many as the interval's. 3 s when the log has too few.
pub(super) fn interval(lines: &[RdkLine<'_>]) -> u32 {
    let mut last: BTreeMap<&str, i64> = BTreeMap::new();
    let mut counts: BTreeMap<i64, usize> = BTreeMap::new();
    for l in lines {
        let (Some(at), true) = (l.at, request(l.message).is_some_and(|r| r.epoch >= 0)) else {
            continue;
        };
        if let Some(before) = last.insert(l.handle, at) {
            let gap = (at - before + 5) / 10 * 10;
            if gap > 0 {
                *counts.entry(gap).or_default() += 1;
            }
        }
    }
    // The commonest; of equals, the shortest (a BTreeMap is in order, max_by_key keeps the last).
    let Some((&mode, _)) = counts.iter().rev().max_by_key(|(_, n)| **n) else {
        return 3000;
    };
    u32::try_from((mode - 5).max(1)).unwrap_or(3000)
}
