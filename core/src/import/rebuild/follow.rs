//! Following the log's other membership lines: reconciliation blocks, callbacks, leaving, errors,
//! the poll timer and the close. Each either shows an input (a callback returning, an error
//! answer) or confirms what the model already did.

use super::ahead::Ahead;
use super::builder::Builder;
use super::builder::Running;
use crate::import::recognise::event::{Block, Callback, Event};
use crate::protocol::assignment::PartitionSet;
use crate::protocol::effect::Effect;
use crate::protocol::error_code::ErrorCode;
use crate::protocol::input::{Input, Outcome};
use crate::protocol::state::StateName::{self, *};

fn is_callback(effect: &Effect, callback: Callback) -> bool {
    matches!(
        (effect, callback),
        (
            Effect::InvokeOnPartitionsAssigned { .. },
            Callback::Assigned
        ) | (Effect::InvokeOnPartitionsRevoked { .. }, Callback::Revoked)
            | (Effect::InvokeOnPartitionsLost { .. }, Callback::Lost)
    )
}

const CLOSE_WHY: &str = "close(): the application's onPartitionsRevoked runs before the membership leaves; close itself is not logged";

fn returned(running: &Running) -> String {
    format!(
        "{} (log line {}) returned before this line",
        running.callback.method(),
        running.line
    )
}

fn in_group(state: StateName) -> bool {
    matches!(state, Joining | Reconciling | Acknowledging | Stable)
}

impl Builder {
    /// A reconciliation block: the target the member reconciles. When the model has not received
    /// it (3.7 and 3.8 log no transition at INFO), the answer that carried it is inferred here.
    pub(crate) fn on_block(&mut self, block: &Block, ahead: Ahead) {
        self.names.learn(&block.ids);
        if let Some(id) = block.member_id.as_deref().filter(|id| !id.is_empty()) {
            self.member_id.get_or_insert_with(|| id.to_owned());
        }
        if let (Some(owned), Unsubscribed | Joining) = (&block.owned, self.state()) {
            if !owned.is_empty() {
                self.establish(self.view.epoch, owned.clone(), ahead.topics());
            }
        }
        if let Some(assigned) = &block.assigned {
            let received = self.member.target_assignment().partitions == *assigned
                && matches!(self.state(), Reconciling | Acknowledging | Stable);
            if !received {
                let why = "the answer that carried this assignment (no transition line shows it)";
                self.answer(self.view.epoch, Some(assigned.clone()), why);
            }
        }
        // The block prints what was owned when the reconciliation began. With nothing to wait
        // for first (no auto-commit with offsets, nothing to revoke) the assignment is applied at
        // once and the member holds the block's assigned set; either is what the log says.
        let now = crate::import::outcome::view::MemberView::of(&crate::machine::Machine::facts(
            &self.member,
        ))
        .held;
        self.view.held = match &block.assigned {
            Some(assigned) if block.owned.is_some() && now.as_ref() == Some(assigned) => {
                Some(assigned.clone())
            }
            _ => block.owned.clone().or(self.view.held.take()),
        };
        self.block = Some(block.clone());
    }

    /// A commit or callback of an abandoned reconciliation returned (the member had moved on).
    pub(crate) fn on_abandoned(&mut self) {
        self.running = None;
        if self.member.owed_to_abandoned() > 0 {
            let source = self.logged("the abandoned reconciliation's commit or callback returned");
            self.push(
                Input::Completed {
                    outcome: Outcome::Ok,
                },
                source,
            );
        }
    }

    /// Completions owed to abandoned work come first (a `completed` finishes the oldest); their
    /// end is not always logged.
    fn settle_abandoned(&mut self) {
        for _ in 0..4 {
            if self.member.owed_to_abandoned() == 0 {
                return;
            }
            let source = self.implied("the abandoned reconciliation's commit or callback returned");
            if !self.push(
                Input::Completed {
                    outcome: Outcome::Ok,
                },
                source,
            ) {
                return;
            }
        }
    }

    /// A callback started on the application thread (the invoker logs before it calls the
    /// listener): the model is brought to it (after the auto-commit before it, which INFO does not
    /// log). It returns at the next line that shows the member went on ([`Builder::returns`]).
    pub(crate) fn on_callback(
        &mut self,
        callback: Callback,
        partitions: &PartitionSet,
        ahead: Ahead,
    ) {
        self.settle_abandoned();
        for _ in 0..6 {
            match self.member.awaiting().cloned() {
                Some(Effect::CommitOffsets { .. }) => {
                    if !self.complete_inferred() {
                        break;
                    }
                }
                Some(effect) if is_callback(&effect, callback) => {
                    self.running = Some(Running {
                        callback,
                        line: self.line.0,
                        partitions: partitions.clone(),
                    });
                    return;
                }
                None if callback == Callback::Revoked
                    && in_group(self.state())
                    && ahead.closing() =>
                {
                    let source = self.implied(CLOSE_WHY);
                    if !self.push(Input::Close, source) {
                        break;
                    }
                }
                _ => break,
            }
        }
        self.unexpected(callback);
    }

    fn unexpected(&mut self, callback: Callback) {
        let expected = self.member.awaiting().map_or("no callback", |e| e.name());
        let why = format!(
            "{} ran, but the model expected {expected}",
            callback.method()
        );
        self.not_followed(why, None);
    }

    /// The callback started earlier returned, if `event` shows the member went on: the callback's
    /// failure, the next callback, a new reconciliation, the acknowledgement, the leave going on.
    pub(crate) fn returns(&mut self, event: &Event) {
        let Some(running) = &self.running else {
            return;
        };
        let (outcome, source) = match event {
            Event::CallbackFailed { callback } if *callback == running.callback => (
                Outcome::Failed,
                self.logged(format!("{} threw", callback.method())),
            ),
            Event::Callback { .. }
            | Event::Block(_)
            | Event::Released
            | Event::CallbackFailed { .. } => (Outcome::Ok, self.implied(returned(running))),
            // PREPARE_LEAVING: the application thread called close() or unsubscribe(), so it is
            // out of the callback.
            Event::Transition {
                to: Acknowledging | Stable | PrepareLeaving | Leaving | Joining | Unsubscribed,
                ..
            } => (Outcome::Ok, self.implied(returned(running))),
            _ => return,
        };
        let Some(running) = self.running.take() else {
            return;
        };
        self.push(Input::Completed { outcome }, source);
        self.callback_view(running.callback, &running.partitions);
    }

    /// What the member holds once a callback returned.
    fn callback_view(&mut self, callback: Callback, partitions: &PartitionSet) {
        let leaving = matches!(self.state(), PrepareLeaving | Leaving | Unsubscribed);
        self.view.held = match callback {
            Callback::Lost => Some(PartitionSet::new()),
            Callback::Revoked if leaving => Some(PartitionSet::new()),
            _ => match self.block.as_ref().and_then(|b| b.assigned.clone()) {
                Some(assigned) => Some(assigned),
                None => {
                    let mut held = self.view.held.clone().unwrap_or_default();
                    held.extend(partitions);
                    Some(held)
                }
            },
        };
    }

    /// `triggering callbacks to release assignment … and leave group`: the application left.
    pub(crate) fn on_leaving(&mut self, partitions: &PartitionSet) {
        self.view.held = Some(partitions.clone());
        if !in_group(self.state()) {
            return;
        }
        let why = "the application left the group: unsubscribe() (before 4.0, close() as well)";
        let source = self.logged(why);
        self.push(Input::Unsubscribe, source);
    }

    /// `completed callback to release assignment`: the release callback returned.
    pub(crate) fn on_released(&mut self) {
        if self.state() == PrepareLeaving && self.member.awaiting().is_some() {
            let source = self.logged("the callback releasing the assignment returned");
            self.push(
                Input::Completed {
                    outcome: Outcome::Ok,
                },
                source,
            );
        }
        self.view.held = Some(PartitionSet::new());
    }

    /// An error answer the log shows (unless the DEBUG wire already delivered it).
    pub(crate) fn on_error(&mut self, code: &ErrorCode, epoch: Option<i32>) {
        if let Some(epoch) = epoch {
            // The epoch the request carried: an answer the log does not show may have moved it.
            let model = self.member.member_epoch();
            if model != epoch && in_group(self.state()) {
                self.epoch_gaps
                    .push((self.steps.len(), self.line.0, epoch, model));
            }
        }
        if self.wire_error.take().as_ref() == Some(code) {
            return;
        }
        if self.state() == Fatal {
            return;
        }
        self.in_flight();
        let source = self.logged(format!("the heartbeat failed with {code}"));
        self.push(Input::HeartbeatError { code: code.clone() }, source);
        if code.class() == crate::protocol::error_code::ErrorClass::Fencing {
            // `transitionToFenced` resets the epoch to 0.
            self.view.epoch = Some(0);
        }
    }

    /// A heartbeat got no answer (DEBUG: a retriable transport failure).
    pub(crate) fn on_failed(&mut self) {
        self.in_flight();
        let source = self.logged("the heartbeat got no answer (a retriable failure)");
        self.push(Input::HeartbeatFailed, source);
    }

    /// The poll timer expired, or the application polled again after it did.
    pub(crate) fn on_poll(&mut self, expired: bool) {
        let (input, why) = if expired {
            (
                Input::PollTimerExpired,
                "the application did not poll within max.poll.interval.ms",
            )
        } else {
            (Input::Poll, "the application polled again")
        };
        if expired && !in_group(self.state()) {
            return;
        }
        let source = self.logged(why);
        self.push(input, source);
    }

    /// `App info kafka.consumer for … unregistered`: the consumer was closed.
    pub(crate) fn on_unregistered(&mut self) {
        if self.member.is_closed() || self.state() == Fatal {
            return;
        }
        let source = self.logged("the consumer was closed");
        self.push(Input::Close, source);
        self.finish(self.state());
    }
}
