//! Following DEBUG `NetworkClient` lines: each request is the client sending a heartbeat, each
//! response the coordinator's exact answer (nothing about it is inferred).

use super::builder::Builder;
use crate::import::recognise::wire::{error_code, WireRequest, WireResponse};
use crate::protocol::input::{HeartbeatResponse, Input};
use crate::protocol::state::StateName;
use crate::session::limits::MAX_NAME_CHARS;
use std::collections::BTreeSet;

impl Builder {
    /// The client sent a heartbeat. The model sends its own from its timers; when it has none in
    /// flight the time that passed is given to it (`tick`), and if it still sends nothing its
    /// timers differ from the client's.
    pub(crate) fn on_request(&mut self, request: &WireRequest) {
        if let Some(topics) = &request.subscribed {
            let topics: BTreeSet<String> = topics
                .iter()
                .filter(|t| !t.is_empty() && t.chars().count() <= MAX_NAME_CHARS)
                .cloned()
                .collect();
            if !topics.is_empty() {
                self.topics = Some(topics);
            }
        }
        if let Some(id) = request.member_id.as_deref().filter(|id| !id.is_empty()) {
            self.member_id = Some(id.to_owned());
        }
        if self.state() == StateName::Unsubscribed && request.member_epoch == Some(0) {
            self.subscribe(None);
        }
        if self.member.in_flight().is_some() {
            return;
        }
        let source = self.logged("the client sent a heartbeat");
        self.push(Input::Tick, source);
        if self.member.in_flight().is_none() {
            self.not_followed(
                "the client sent a heartbeat; the model's timers had none due",
                None,
            );
        }
    }

    /// A heartbeat in flight for a logged answer. The wire logs every answer, the leave's too, so
    /// nothing in flight is answered here; only a heartbeat the model has not sent is.
    fn answerable(&mut self) {
        if self.member.in_flight().is_none() {
            self.in_flight();
        }
    }

    /// The coordinator's answer, exactly.
    pub(crate) fn on_response(&mut self, response: &WireResponse) {
        if let Some(ms) = response.heartbeat_interval_ms.filter(|ms| *ms > 0) {
            self.interval = ms;
        }
        if let Some(id) = response.member_id.as_deref().filter(|id| !id.is_empty()) {
            self.member_id = Some(id.to_owned());
        }
        if response.error_code != 0 {
            let code = error_code(response.error_code);
            self.answerable();
            let source = self.logged(format!("the coordinator answered {code}"));
            self.push(Input::HeartbeatError { code: code.clone() }, source);
            self.wire_error = Some(code);
        } else if let Some(epoch) = response.member_epoch {
            self.wire_answer(epoch, response.assignment.as_deref());
        }
    }

    fn wire_answer(&mut self, epoch: i32, ids: Option<&[(String, Vec<u32>)]>) {
        let assignment = match ids.map(|ids| self.names.set(ids)) {
            Some(None) => return self.not_followed("a topic name in the answer is too long", None),
            Some(set) => set,
            None => None,
        };
        self.answerable();
        let answer = HeartbeatResponse {
            member_id: self.answer_member_id(),
            member_epoch: epoch,
            heartbeat_interval_ms: self.interval,
            assignment,
        };
        let why = match ids {
            Some(ids) if !self.names.knows(ids) => {
                "the coordinator's answer (a topic id no line names is kept as its name)"
            }
            _ => "the coordinator's answer",
        };
        let source = self.logged(why);
        self.push(Input::HeartbeatResponse(answer), source);
        if epoch >= 1 {
            self.view.epoch = Some(epoch);
        }
    }
}
