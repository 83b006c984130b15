//! Following the log's transition lines: each says where the member went; when the model is not
//! there yet, the smallest inputs that take it there are inferred (an answer to the heartbeat in
//! flight, the completion of what it waits on, the application's call the log does not show).

use super::ahead::Ahead;
use super::builder::Builder;
use crate::protocol::error_code::ErrorCode;
use crate::protocol::input::Input;
use crate::protocol::state::StateName::{self, *};

/// States in which the model takes an answer and keeps its epoch (in the group).
fn in_group(state: StateName) -> bool {
    matches!(
        state,
        Joining | Reconciling | Acknowledging | Stable | PrepareLeaving
    )
}

impl Builder {
    pub(crate) fn on_transition(
        &mut self,
        epoch: Option<i32>,
        from: StateName,
        to: StateName,
        ahead: Ahead,
    ) {
        self.align(from, epoch, ahead);
        self.catch_up_epoch(epoch, from, to);
        if !self.reached(to) {
            self.drive(to, epoch, ahead);
            if !self.reached(to) {
                let why = format!("the log goes {from} → {to}; the model is {}", self.state());
                self.not_followed(why, None);
            }
        }
        self.view.state = Some(to);
        self.view.epoch = match to {
            // `transitionToFenced` logs, then resets the epoch to 0.
            Fenced => Some(0),
            _ => epoch.or(self.view.epoch),
        };
        match to {
            Acknowledging | Stable if from == Reconciling || from == Joining => {
                if let Some(assigned) = self.block.as_ref().and_then(|b| b.assigned.clone()) {
                    self.view.held = Some(assigned);
                }
            }
            Joining | Unsubscribed => self.view.held = Some(crate::PartitionSet::new()),
            _ => {}
        }
    }

    /// The log's first line about the member may find it already in the group (a log that starts
    /// mid-life): the model is brought there first.
    fn align(&mut self, from: StateName, epoch: Option<i32>, ahead: Ahead) {
        // Only a member that never had an epoch: one that left has -1, and is not brought back.
        if self.was(from) || self.member.member_epoch() != 0 {
            return;
        }
        match (from, self.state()) {
            (Stable | Reconciling | Acknowledging, Unsubscribed | Joining) => {
                let held = ahead.held().unwrap_or_default();
                self.establish(epoch, held, ahead.topics());
                self.reached(Stable);
            }
            (Joining, Unsubscribed) => {
                self.subscribe(ahead.topics());
            }
            _ => {}
        }
    }

    /// A transition line showing an epoch the model does not have, where no answer of the log's
    /// explains it: an unlogged answer moved the epoch, inferred here.
    fn catch_up_epoch(&mut self, epoch: Option<i32>, from: StateName, to: StateName) {
        let Some(epoch) = epoch.filter(|e| *e >= 1) else {
            return;
        };
        let model = self.member.member_epoch();
        let explained = matches!(
            to,
            Reconciling | Joining | Fenced | Leaving | Unsubscribed | Stale | Fatal
        );
        if explained || model < 1 || model == epoch || !in_group(self.state()) || !in_group(from) {
            return;
        }
        let why =
            format!("an answer the log does not show moved the epoch from {model} to {epoch}");
        self.answer(Some(epoch), None, &why);
    }

    fn drive(&mut self, to: StateName, epoch: Option<i32>, ahead: Ahead) {
        match to {
            Joining => self.go_joining(ahead),
            Reconciling => self.go_reconciling(epoch, ahead),
            Acknowledging | Stable => self.go_settled(to, epoch),
            Fenced if self.in_flight() => {
                let why = "the coordinator fenced the member (its error line is not in the log)";
                let source = self.implied(why);
                let code = ErrorCode::FencedMemberEpoch;
                self.push(Input::HeartbeatError { code }, source);
            }
            PrepareLeaving => self.go_prepare_leaving(ahead),
            Leaving | Unsubscribed => self.finish(PrepareLeaving),
            Fatal => self.go_fatal(),
            _ => {}
        }
    }

    /// The member went FATAL and the log names no error (its error line is missing, or DEBUG):
    /// an unnamed fatal answer stands for it, marked inferred.
    pub(crate) fn go_fatal(&mut self) {
        if self.state() == Fatal || self.member.is_closed() || !self.in_flight() {
            return;
        }
        let why = "the member went FATAL; the log does not name the error, so an unnamed fatal one stands for it";
        let source = self.implied(why);
        let code = ErrorCode::UnknownServerError;
        self.push(Input::HeartbeatError { code }, source);
    }

    fn go_joining(&mut self, ahead: Ahead) {
        match self.state() {
            Unsubscribed => {
                self.subscribe(ahead.topics());
            }
            Stale => {
                self.finish(Stale);
                let source =
                    self.implied("the application polled again (the stale member rejoins)");
                self.push(Input::Poll, source);
            }
            Fenced => self.finish(Fenced),
            _ => {}
        }
    }

    fn go_reconciling(&mut self, epoch: Option<i32>, ahead: Ahead) {
        let Some(assigned) = ahead.block().and_then(|b| b.assigned.clone()) else {
            return;
        };
        if self.member.target_assignment().partitions == assigned && self.was(Reconciling) {
            return;
        }
        let why =
            "the coordinator's answer carried a new assignment (the next reconciliation block's)";
        self.answer(epoch, Some(assigned), why);
    }

    fn go_settled(&mut self, to: StateName, epoch: Option<i32>) {
        for _ in 0..8 {
            if self.was(to) {
                return;
            }
            let progressed = match self.state() {
                Reconciling if self.member.awaiting().is_some() => self.complete_inferred(),
                Acknowledging if self.member.in_flight().is_some() => {
                    let why = "the heartbeat in flight was answered; the acknowledgement went next";
                    self.answer(epoch, None, why)
                }
                Reconciling | Joining if to == Stable => {
                    let current = self.member.current().partitions.clone();
                    self.answer(
                        epoch,
                        Some(current),
                        "an answer with the assignment the member has",
                    )
                }
                _ => false,
            };
            if !progressed {
                return;
            }
        }
    }

    fn go_prepare_leaving(&mut self, ahead: Ahead) {
        if !in_group(self.state()) || self.state() == PrepareLeaving {
            return;
        }
        if ahead.leaving() {
            let why =
                "unsubscribe(): the next line says the member releases its assignment to leave";
            let source = self.implied(why);
            self.push(Input::Unsubscribe, source);
            return;
        }
        if ahead.stale() {
            let why = "the poll timer expired (its WARN line is not in the log)";
            let source = self.implied(why);
            self.push(Input::PollTimerExpired, source);
            return;
        }
        let why = "close(): since 4.0 the application's callbacks run first and the membership leaves without a \"triggering callbacks\" line";
        let source = self.implied(why);
        if self.push(Input::Close, source) {
            for _ in 0..4 {
                if self.was(PrepareLeaving) || !self.complete_inferred() {
                    break;
                }
            }
        }
    }
}
