//! The network and the clock of a simulated group: messages in flight, delivered after the
//! latency unless their member's messages are held; members' timers; the coordinator's timeouts.
//! At one instant, deliveries come first, then members' timers, then the coordinator's.
//!
//! A message belongs to one process (an incarnation), not to a name: a request reaches the
//! coordinator even if the process that sent it has since gone, but the answer is for that
//! process only. A later process started under the same name does not get it: it is dropped,
//! as a closed connection drops it.

use super::records::Reply;
use super::sim::{GroupSim, Process};
use crate::protocol::effect::HeartbeatRequest;
use crate::protocol::error_code::ErrorCode;
use crate::protocol::input::{HeartbeatResponse, Input};
use crate::protocol::time::Millis;
use serde::Serialize;

/// What a message carries.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum MessageKind {
    Request { request: HeartbeatRequest },
    Response { reply: Result<Reply, ErrorCode> },
}

/// A message in flight between a member and the coordinator.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Message {
    pub seq: u64,
    pub member: String,
    /// The process that sent it (a request) or that it answers (a response).
    pub incarnation: u64,
    pub sent_at: Millis,
    pub deliver_at: Millis,
    pub kind: MessageKind,
}

/// Why a message never arrived.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DropReason {
    /// The user dropped the member's messages: its heartbeat fails.
    Lost,
    /// Its process was killed.
    Killed,
    /// The process it answers is gone; a later process with the same name does not get it.
    ProcessGone,
}

impl DropReason {
    pub fn as_str(self) -> &'static str {
        match self {
            DropReason::Lost => "lost",
            DropReason::Killed => "its process was killed",
            DropReason::ProcessGone => "its process is gone",
        }
    }
}

/// A message taken off the network without being delivered.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Dropped {
    pub message: Message,
    pub at: Millis,
    pub reason: DropReason,
}

impl Dropped {
    pub(super) fn new(message: Message, at: Millis, reason: DropReason) -> Self {
        Dropped {
            message,
            at,
            reason,
        }
    }
}

impl GroupSim {
    pub(super) fn send(&mut self, member: &str, incarnation: u64, kind: MessageKind) {
        self.seq += 1;
        let deliver_at = self.now.plus(self.config.latency_ms);
        self.messages.push(Message {
            seq: self.seq,
            member: member.to_owned(),
            incarnation,
            sent_at: self.now,
            deliver_at,
            kind,
        });
    }

    /// The earliest thing due: (time, what).
    pub(super) fn next_event(&self) -> Option<(Millis, Event)> {
        let held = |incarnation: u64| {
            self.members
                .iter()
                .any(|m| m.incarnation == incarnation && m.held)
        };
        let message = self
            .messages
            .iter()
            .filter(|m| !held(m.incarnation))
            .min_by_key(|m| (m.deliver_at, m.seq))
            .map(|m| (m.deliver_at, Event::Deliver(m.seq)));
        let member = self
            .members
            .iter()
            .enumerate()
            .filter(|(_, m)| m.alive)
            .filter_map(|(i, m)| m.facts.next_deadline.map(|t| (t, Event::Tick(i))))
            .min_by_key(|(t, _)| *t);
        let coordinator = self.coordinator.next_deadline().map(|t| (t, Event::Expire));
        [message, member, coordinator]
            .into_iter()
            .flatten()
            .min_by_key(|(t, e)| (*t, e.order()))
    }

    /// Processes every event due at or before `at`, in order.
    pub(super) fn run_until(&mut self, at: Millis) {
        // Bounded: a schedule that keeps producing events at one instant is cut off.
        for _ in 0..100_000 {
            match self.next_event() {
                Some((t, event)) if t <= at => {
                    self.now = self.now.max(t);
                    self.fire(event);
                }
                _ => break,
            }
        }
    }

    /// Events due right now (a zero latency, or effects of the input).
    pub(super) fn settle(&mut self) {
        self.run_until(self.now);
    }

    fn fire(&mut self, event: Event) {
        match event {
            Event::Deliver(seq) => {
                let Some(pos) = self.messages.iter().position(|m| m.seq == seq) else {
                    return;
                };
                let message = self.messages.remove(pos);
                self.deliver(message);
            }
            Event::Tick(i) => {
                let _ = self.feed(i, Input::Tick);
            }
            Event::Expire => {
                self.coordinator.expire(self.now);
                self.observe();
            }
        }
    }

    fn deliver(&mut self, message: Message) {
        // The process this message belongs to, if it still runs.
        let index = self
            .members
            .iter()
            .position(|m| m.incarnation == message.incarnation && m.alive);
        match (message.kind, index) {
            (MessageKind::Request { request }, _) => {
                let mut reply = self.coordinator.heartbeat(self.now, &request);
                if let Ok(r) = &reply {
                    // An id belongs, for good, to the process whose request it was given to.
                    self.processes
                        .entry(r.member_id.clone())
                        .or_insert_with(|| Process {
                            name: message.member.clone(),
                            incarnation: message.incarnation,
                        });
                }
                if let Some(code) = index.and_then(|i| self.members[i].inject.take()) {
                    reply = Err(code);
                }
                let kind = MessageKind::Response { reply };
                self.send(&message.member, message.incarnation, kind);
            }
            (kind @ MessageKind::Response { .. }, None) => {
                let gone = Message { kind, ..message };
                let now = self.now;
                self.dropped
                    .push(Dropped::new(gone, now, DropReason::ProcessGone));
            }
            (MessageKind::Response { reply }, Some(index)) => {
                let input = match reply {
                    Ok(r) => Input::HeartbeatResponse(HeartbeatResponse {
                        member_id: r.member_id,
                        member_epoch: r.member_epoch,
                        heartbeat_interval_ms: r.heartbeat_interval_ms,
                        assignment: r.assignment,
                    }),
                    Err(code) => Input::HeartbeatError { code },
                };
                let _ = self.feed(index, input);
            }
        }
    }
}

/// Something the schedule does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Event {
    Deliver(u64),
    Tick(usize),
    Expire,
}

impl Event {
    /// At one instant: deliveries first, then members' timers, then the coordinator's.
    fn order(&self) -> (u8, u64) {
        match self {
            Event::Deliver(seq) => (0, *seq),
            Event::Tick(i) => (1, *i as u64),
            Event::Expire => (2, 0),
        }
    }
}
