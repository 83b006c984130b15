//! The inferred inputs: the coordinator's answers an INFO log does not show, the completions of
//! commits and callbacks it does not log, the subscription that starts it all. Each is the
//! smallest input that lets the model do what the log shows next.

use super::builder::Builder;
use crate::kafka::CLIENT_MEMBER_ID;
use crate::protocol::assignment::PartitionSet;
use crate::protocol::effect::{Effect, Purpose};
use crate::protocol::input::{HeartbeatResponse, Input, Outcome};
use crate::protocol::state::StateName;
use crate::session::limits::MAX_NAME_CHARS;
use std::collections::BTreeSet;

/// The topic subscribed to when no line names one.
pub(crate) const UNKNOWN_TOPIC: &str = "unknown-topic";

/// What a commit or callback is, in the words of a note.
fn awaited(effect: &Effect) -> String {
    match effect {
        Effect::CommitOffsets { .. } => {
            "the auto-commit finished (commits are not logged at INFO)".into()
        }
        Effect::InvokeOnPartitionsRevoked { partitions } => {
            format!("onPartitionsRevoked({partitions}) returned; its line is not in the log")
        }
        Effect::InvokeOnPartitionsAssigned { partitions } => {
            format!("onPartitionsAssigned({partitions}) returned; its line is not in the log")
        }
        Effect::InvokeOnPartitionsLost { partitions } => {
            format!("onPartitionsLost({partitions}) returned; its line is not in the log")
        }
        other => format!("{} finished", other.name()),
    }
}

impl Builder {
    /// The member id an answer carries: the log's, else the model's own.
    pub(crate) fn answer_member_id(&self) -> String {
        self.member_id
            .clone()
            .filter(|id| !id.is_empty() && id.chars().count() <= MAX_NAME_CHARS)
            .unwrap_or_else(|| CLIENT_MEMBER_ID.to_owned())
    }

    /// Completes the oldest commit or callback the model waits on, as inferred.
    pub(crate) fn complete_inferred(&mut self) -> bool {
        let Some(effect) = self.member.awaiting().cloned() else {
            return false;
        };
        let source = self.implied(awaited(&effect));
        self.push(
            Input::Completed {
                outcome: Outcome::Ok,
            },
            source,
        )
    }

    /// Completes what the model waits on until it leaves `state` (or waits on nothing).
    pub(crate) fn finish(&mut self, state: StateName) {
        for _ in 0..8 {
            if self.state() != state || !self.complete_inferred() {
                return;
            }
        }
    }

    /// The application subscribed: from its `Subscribed to topic(s)` line, else inferred.
    pub(crate) fn subscribe(&mut self, fallback: Option<BTreeSet<String>>) -> bool {
        if self.state() != StateName::Unsubscribed || self.member.is_closed() {
            return false;
        }
        let (topics, named) = match self.topics.clone().or(fallback) {
            Some(topics) if !topics.is_empty() => (topics, true),
            _ => ([UNKNOWN_TOPIC.to_owned()].into(), false),
        };
        let source = match (&self.subscribed_line, named) {
            (Some((line, text)), true) => crate::import::outcome::source::StepSource::logged(
                *line,
                text,
                "the application subscribed (and polled)",
            ),
            (_, true) => {
                self.implied("the application subscribed; the topics are the ones its lines name")
            }
            (_, false) => self.implied("the application subscribed; no line names a topic"),
        };
        self.push(Input::Subscribe { topics }, source)
    }

    /// Makes sure a heartbeat is in flight for an answer: the leave's answer first, then the next
    /// interval heartbeat if one is due. False when the model has sent nothing and cannot yet.
    pub(crate) fn in_flight(&mut self) -> bool {
        if self.member.in_flight() == Some(Purpose::Leave) && self.state() != StateName::Leaving {
            self.answer_leave();
        }
        if self.member.in_flight().is_some() {
            return true;
        }
        let due = self.member.poll_timeout().is_some_and(|t| t <= self.now);
        if due {
            let source =
                self.implied("the next interval heartbeat (heartbeats are not logged at INFO)");
            self.push(Input::Tick, source);
        }
        if self.member.in_flight().is_some() {
            return true;
        }
        // The answer is due before the model would send: a shorter interval would let it.
        if let Some(sent) = self.member.last_heartbeat_at() {
            let gap = self.now.0.saturating_sub(sent.0).max(1);
            let gap = u32::try_from(gap).unwrap_or(u32::MAX);
            self.needs_interval = Some(self.needs_interval.map_or(gap, |g| g.min(gap)));
        }
        false
    }

    /// The coordinator's (unlogged) answer to a leave heartbeat.
    pub(crate) fn answer_leave(&mut self) {
        let answer = HeartbeatResponse {
            member_id: self.answer_member_id(),
            member_epoch: self.member.member_epoch(),
            heartbeat_interval_ms: self.interval,
            assignment: None,
        };
        let source = self.implied("the coordinator answered the leave heartbeat");
        self.push(Input::HeartbeatResponse(answer), source);
    }

    /// An inferred successful answer with `epoch` (else the log's, else the model's, at least 1)
    /// and `assignment` (`None`: unchanged).
    pub(crate) fn answer(
        &mut self,
        epoch: Option<i32>,
        assignment: Option<PartitionSet>,
        why: &str,
    ) -> bool {
        if self.state() == StateName::Unsubscribed {
            let topics: Option<BTreeSet<String>> = assignment
                .as_ref()
                .map(|a| a.topics().map(|(t, _)| t.to_owned()).collect())
                .filter(|t: &BTreeSet<String>| !t.is_empty());
            self.subscribe(topics);
        }
        if !self.in_flight() {
            self.not_followed(
                format!("{why}, but the model had no heartbeat in flight to answer"),
                None,
            );
            return false;
        }
        let logged = epoch.filter(|e| *e >= 1);
        let epoch = logged.unwrap_or_else(|| self.member.member_epoch().max(1));
        let answer = HeartbeatResponse {
            member_id: self.answer_member_id(),
            member_epoch: epoch,
            heartbeat_interval_ms: self.interval,
            assignment,
        };
        let source = self.implied(why);
        let accepted = self.push(Input::HeartbeatResponse(answer), source);
        if accepted {
            // The log says the epoch only when a line printed it.
            self.view.epoch = logged;
        }
        accepted
    }

    /// Once the member is out of the group, heartbeats it sent before leaving get their answers
    /// (which it ignores): otherwise the answer that takes it back in would go to one of them
    /// rather than to its join. The leave's own answer waits until it rejoins.
    pub(crate) fn settle_after_leaving(&mut self) {
        for _ in 0..4 {
            let out = matches!(self.state(), StateName::Unsubscribed | StateName::Stale);
            match self.member.in_flight() {
                Some(p) if out && p != Purpose::Leave => {}
                _ => return,
            }
            let answer = HeartbeatResponse {
                member_id: self.answer_member_id(),
                member_epoch: self.member.member_epoch(),
                heartbeat_interval_ms: self.interval,
                assignment: None,
            };
            let source = self
                .implied("the answer to a heartbeat sent before the member left (it ignores it)");
            if !self.push(Input::HeartbeatResponse(answer), source) {
                return;
            }
        }
    }

    /// Brings a model that has not joined to STABLE holding `held` at `epoch`: where the log
    /// starts when it resumes mid-life.
    pub(crate) fn establish(
        &mut self,
        epoch: Option<i32>,
        held: PartitionSet,
        topics: Option<BTreeSet<String>>,
    ) {
        if self.state() == StateName::Unsubscribed {
            self.subscribe(topics);
        }
        if self.state() != StateName::Joining {
            return;
        }
        let why = "the log starts with the member in the group: it had joined and owned these";
        if self.answer(epoch, Some(held), why) {
            self.finish(StateName::Reconciling);
        }
    }
}
