//! The network and the clock of a simulated group: messages in flight, delivered after the
//! latency unless their member's messages are held; members' timers; the coordinator's timeouts.
//! At one instant, deliveries come first, then members' timers, then the coordinator's.

use super::records::Reply;
use super::sim::GroupSim;
use crate::effect::HeartbeatRequest;
use crate::error_code::ErrorCode;
use crate::input::{HeartbeatResponse, Input};
use crate::time::Millis;
use serde::Serialize;

/// What a message carries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum MessageKind {
    Request { request: HeartbeatRequest },
    Response { reply: Result<Reply, ErrorCode> },
}

/// A message in flight between a member and the coordinator.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Message {
    pub seq: u64,
    pub member: String,
    pub sent_at: Millis,
    pub deliver_at: Millis,
    pub kind: MessageKind,
}

impl GroupSim {
    pub(super) fn send(&mut self, index: usize, kind: MessageKind) {
        self.seq += 1;
        let member = self.members[index].name.clone();
        let deliver_at = self.now.plus(self.config.latency_ms);
        self.messages.push(Message {
            seq: self.seq,
            member,
            sent_at: self.now,
            deliver_at,
            kind,
        });
    }

    /// The earliest thing due: (time, what).
    pub(super) fn next_event(&self) -> Option<(Millis, Event)> {
        let held = |name: &str| self.members.iter().any(|m| m.name == name && m.held);
        let message = self
            .messages
            .iter()
            .filter(|m| !held(&m.member))
            .min_by_key(|m| (m.deliver_at, m.seq))
            .map(|m| (m.deliver_at, Event::Deliver(m.seq)));
        let member = self
            .members
            .iter()
            .enumerate()
            .filter(|(_, m)| m.alive)
            .filter_map(|(i, m)| m.member.poll_timeout().map(|t| (t, Event::Tick(i))))
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
        let Some(index) = self
            .members
            .iter()
            .position(|m| m.name == message.member && m.alive)
        else {
            return;
        };
        match message.kind {
            MessageKind::Request { request } => {
                let mut reply = self.coordinator.heartbeat(self.now, &request);
                if let Ok(r) = &reply {
                    self.names
                        .insert(r.member_id.clone(), message.member.clone());
                }
                if let Some(code) = self.members[index].inject.take() {
                    reply = Err(code);
                }
                self.send(index, MessageKind::Response { reply });
            }
            MessageKind::Response { reply } => {
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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
