//! The member: one `handle(now, input)` call turns an input into the effects it causes.
//!
//! Over 300 lines: the seed member's data and its input dispatch, one method per input as the seed model's sections are; heartbeats and reconciliation are files of their own.

use crate::machine::facts::{Facts, Out};
use crate::protocol::assignment::PartitionSet;
use crate::protocol::choice::{EpochTaken, Fenced};
use crate::protocol::config::Config;
use crate::protocol::effect::{Effect, Purpose};
use crate::protocol::error_code::{ErrorClass, ErrorCode};
use crate::protocol::input::{HeartbeatResponse, Input, Outcome};
use crate::protocol::rejected::Rejected;
use crate::protocol::state::StateName;
use crate::protocol::time::Millis;
use crate::seed::heartbeat::Sender;
use crate::seed::reconciliation::{Plan, Reconciliation};
use std::collections::BTreeSet;

/// A state with the data that only means something inside it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum State {
    New,
    Joining,
    Joined,
    Assigning(Reconciliation),
    /// The revocation steps of leaving, ending with the leave heartbeat.
    Terminating(Plan),
    Terminated {
        failure: Option<ErrorCode>,
    },
}

impl State {
    pub(crate) fn name(&self) -> StateName {
        match self {
            State::New => StateName::New,
            State::Joining => StateName::Joining,
            State::Joined => StateName::Joined,
            State::Assigning(_) => StateName::Assigning,
            State::Terminating(_) => StateName::Terminating,
            State::Terminated { .. } => StateName::Terminated,
        }
    }
}

/// One consumer group member: the seed CGMSM of the seed model. Deterministic and clock-free.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Member {
    /// Shared by every copy of the member (the check copies it at every move; it never changes).
    pub(super) config: std::sync::Arc<Config>,
    pub(super) state: State,
    pub(super) member_id: String,
    pub(super) member_epoch: i32,
    pub(super) heartbeat_interval_ms: u32,
    pub(super) subscription: std::sync::Arc<BTreeSet<String>>,
    pub(super) assigned: PartitionSet,
    pub(super) sender: Sender,
    /// Completions still owed to reconciliations abandoned by a fence or a close: accepted (oldest
    /// first) and discarded when they arrive.
    pub(super) owed_to_abandoned: u32,
    /// With `fenced` = `finish`: the commit or callback a fenced member lets return before it
    /// sends its join (it waits in JOINING).
    pub(super) rejoin_after: Option<Effect>,
    /// With `epoch` = `once_reconciled`: the epoch the newest answer carried, taken once the
    /// reconciliation under way has completed.
    pub(super) epoch_owed: Option<i32>,
    pub(super) now: Millis,
}

impl Member {
    /// Every instant it holds moved by `by`, wrapping (`GroupSim::fingerprint`).
    pub(crate) fn shift_time(&mut self, by: u64) {
        self.now = self.now.wrapping_shift(by);
        self.sender.shift_time(by);
    }

    pub fn new(config: Config) -> Self {
        Member {
            config: std::sync::Arc::new(config),
            state: State::New,
            member_id: String::new(),
            member_epoch: 0,
            heartbeat_interval_ms: 0,
            subscription: std::sync::Arc::default(),
            assigned: PartitionSet::new(),
            sender: Sender::default(),
            owed_to_abandoned: 0,
            rejoin_after: None,
            epoch_owed: None,
            now: Millis::ZERO,
        }
    }

    /// Handles one input at `now` and returns its effects in order. A rejected input changes nothing.
    pub fn handle(&mut self, now: Millis, input: &Input) -> Result<Vec<Effect>, Rejected> {
        crate::machine::facts::handle(self, now, input)
    }

    /// [`Member::handle`], also returning the member's facts just after each effect.
    pub fn handle_observed(
        &mut self,
        now: Millis,
        input: &Input,
    ) -> Result<(Vec<Effect>, Vec<Facts>), Rejected> {
        crate::machine::facts::handle_observed(self, now, input)
    }

    /// Every rejection rule of seed model §3, checked before anything changes.
    fn check(&self, now: Millis, input: &Input) -> Result<(), Rejected> {
        if matches!(self.state, State::Terminated { .. }) {
            return Err(Rejected::Terminated);
        }
        if now < self.now {
            return Err(Rejected::TimeWentBackwards {
                now,
                last: self.now,
            });
        }
        if matches!(
            input,
            Input::Poll | Input::PollTimerExpired | Input::Metadata { .. } | Input::Unsubscribe
        ) {
            return Err(Rejected::NotInModel {
                input: input.kind(),
            });
        }
        if input.is_answer() && self.sender.in_flight.is_none() {
            return Err(Rejected::NoHeartbeatInFlight);
        }
        match input {
            Input::Subscribe { .. } if self.state != State::New => {
                Err(Rejected::AlreadySubscribed {
                    state: self.state.name(),
                })
            }
            Input::HeartbeatResponse(r) if self.sender.in_flight != Some(Purpose::Leave) => {
                if r.member_epoch < 1 {
                    Err(Rejected::EpochBelowOne {
                        member_epoch: r.member_epoch,
                    })
                } else if r.member_id.is_empty() && self.member_id.is_empty() {
                    Err(Rejected::MissingMemberId)
                } else {
                    Ok(())
                }
            }
            Input::Completed { .. } if self.owed_to_abandoned == 0 && self.awaiting().is_none() => {
                Err(Rejected::NothingAwaitingCompletion)
            }
            _ => Ok(()),
        }
    }

    /// Emits `transition(from, to)` and enters `state`. Entering TERMINATED drops every heartbeat
    /// in flight, remembered or owed, and every completion still owed (§5.10).
    pub(crate) fn enter(&mut self, state: State, out: &mut Out) {
        let (from, to) = (self.state.name(), state.name());
        // Out of ASSIGNING, however it ends, no reconciliation keeps an epoch owed: it is taken
        // with the transition.
        if from == StateName::Assigning && to != StateName::Assigning {
            self.take_owed_epoch();
        }
        if matches!(state, State::Terminated { .. }) {
            self.sender.stop();
            self.owed_to_abandoned = 0;
            self.rejoin_after = None;
        }
        self.state = state;
        out.push(self, Effect::Transition { from, to });
    }

    fn on_subscribe(&mut self, topics: &BTreeSet<String>, out: &mut Out) {
        self.subscription = std::sync::Arc::new(topics.clone());
        self.enter(State::Joining, out);
        self.member_epoch = 0;
        self.send(Purpose::Join, out);
    }

    fn on_success(&mut self, response: &HeartbeatResponse, out: &mut Out) {
        if self.sender.answered() == Some(Purpose::Leave) {
            // The answer to the leave: its fields are ignored.
            self.enter(State::Terminated { failure: None }, out);
            return;
        }
        self.sender.retriable_answers = 0;
        if !response.member_id.is_empty() {
            self.member_id.clone_from(&response.member_id);
        }
        // A member with an epoch may wait to take the next one (a joining member has none).
        if self.config.epoch == EpochTaken::OnceReconciled && self.member_epoch > 0 {
            self.epoch_owed = Some(response.member_epoch);
        } else {
            self.member_epoch = response.member_epoch;
        }
        self.heartbeat_interval_ms = response.heartbeat_interval_ms;
        if self.state == State::Joining {
            self.enter(State::Joined, out);
        }
        if let Some(target) = &response.assignment {
            match &mut self.state {
                State::Joined => self.start_assigning(target.clone(), out),
                State::Assigning(reconciliation) => reconciliation.newest_target = target.clone(),
                _ => {} // TERMINATING ignores assignments.
            }
        }
        if !matches!(self.state, State::Assigning(_)) {
            self.take_owed_epoch();
        }
        self.flush_remembered(out);
    }

    fn on_error(&mut self, code: Option<&ErrorCode>, out: &mut Out) {
        if self.sender.answered() == Some(Purpose::Leave) {
            // Any answer ends the leave, fatal codes included, without a report.
            self.enter(State::Terminated { failure: None }, out);
            return;
        }
        match code.map_or(ErrorClass::Retriable, ErrorCode::class) {
            ErrorClass::Fencing => self.fence(out),
            ErrorClass::Retriable => self.sender.owe_retry(self.now, &self.config),
            ErrorClass::Fatal => {
                let code = code.cloned().unwrap_or(ErrorCode::UnknownServerError);
                self.fail(code, out);
            }
        }
    }

    /// §5.5: drop everything owned without callbacks and rejoin with epoch 0 and the same id; with
    /// `fenced` = `finish`, the join waits for the commit or callback running to return.
    fn fence(&mut self, out: &mut Out) {
        if let State::Terminating(_) = self.state {
            self.enter(State::Terminated { failure: None }, out);
            return;
        }
        let running = match self.config.fenced {
            Fenced::Finish => self.take_running(),
            Fenced::Abandon => None,
        };
        self.abandon_reconciliation();
        self.clear_assigned(out);
        self.member_epoch = 0;
        self.epoch_owed = None;
        if self.state != State::Joining {
            self.enter(State::Joining, out);
        }
        match running {
            Some(effect) => {
                // Nothing of the abandoned reconciliation goes out, its acknowledgement included.
                self.sender.remembered = None;
                self.rejoin_after = Some(effect);
            }
            None => self.send(Purpose::Join, out),
        }
    }

    /// §5.8 (and §5.9 before the leave is sent): report, drop what is owned, terminate.
    fn fail(&mut self, code: ErrorCode, out: &mut Out) {
        out.push(self, Effect::ReportError { code: code.clone() });
        self.clear_assigned(out);
        self.enter(
            State::Terminated {
                failure: Some(code),
            },
            out,
        );
    }

    fn clear_assigned(&mut self, out: &mut Out) {
        if !self.assigned.is_empty() {
            let partitions = std::mem::take(&mut self.assigned);
            out.push(self, Effect::ClearAssigned { partitions });
        }
    }

    fn on_completed(&mut self, outcome: Outcome, out: &mut Out) {
        if self.owed_to_abandoned > 0 {
            self.owed_to_abandoned -= 1;
            return;
        }
        if let Some(returned) = self.rejoin_after.take() {
            if outcome == Outcome::Failed {
                out.push(self, Effect::failed(&returned));
            }
            self.send(Purpose::Join, out);
            return;
        }
        self.complete_awaited(outcome, out);
    }

    /// §5.9: leave, revoking everything owned first.
    fn on_close(&mut self, out: &mut Out) {
        match self.state {
            State::New => self.enter(State::Terminated { failure: None }, out),
            State::Joining if self.member_id.is_empty() => {
                self.enter(State::Terminated { failure: None }, out)
            }
            State::Joining | State::Joined | State::Assigning(_) => {
                self.abandon_reconciliation();
                if self.rejoin_after.take().is_some() {
                    self.owed_to_abandoned += 1;
                }
                let plan = Plan::leave(&self.assigned, self.config.release);
                self.enter(State::Terminating(plan), out);
                self.run_plan(out);
            }
            State::Terminating(_) | State::Terminated { .. } => {}
        }
    }
}

impl crate::machine::facts::HandleInto for Member {
    fn handle_into(&mut self, now: Millis, input: &Input, out: &mut Out) -> Result<(), Rejected> {
        self.check(now, input)?;
        self.now = now;
        match input {
            Input::Subscribe { topics } => self.on_subscribe(topics, out),
            Input::HeartbeatResponse(response) => self.on_success(response, out),
            Input::HeartbeatError { code } => self.on_error(Some(code), out),
            Input::HeartbeatFailed => self.on_error(None, out),
            Input::Tick => self.on_tick(out),
            Input::Completed { outcome } => self.on_completed(*outcome, out),
            Input::Close => self.on_close(out),
            // Rejected by `check`.
            Input::Poll | Input::PollTimerExpired | Input::Metadata { .. } | Input::Unsubscribe => {
            }
        }
        Ok(())
    }
}
