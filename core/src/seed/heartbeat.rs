//! Heartbeat sending (seed model §5 "Sending", §5.6, §5.7): at most one in flight, at most one
//! remembered behind it, and a retry owed after a retriable answer.
//!
//! | timer | when it fires (on a `tick` at or after it) | what it emits |
//! |---|---|---|
//! | retry | `now + min(base * 2^(n-1), max)` after the n-th retriable answer | the owed retry, full (or the leave) |
//! | interval | `heartbeat_interval_ms` after the last heartbeat emitted, in JOINED, ASSIGNING and TERMINATING | a delta heartbeat |
//!
//! Neither fires while a heartbeat is in flight; the interval does not fire while a retry is owed.

use crate::machine::facts::{Out, RetryOwed};
use crate::protocol::config::Config;
use crate::protocol::effect::{Effect, HeartbeatRequest, Purpose};
use crate::protocol::time::Millis;
use crate::seed::member::{Member, State};
use crate::PartitionSet;

/// What the member knows about its heartbeats.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub(crate) struct Sender {
    pub(super) in_flight: Option<Purpose>,
    pub(super) remembered: Option<Purpose>,
    pub(super) retry: Option<RetryOwed>,
    /// Retriable answers since the last success (the `n` of the backoff).
    pub(super) retriable_answers: u32,
    pub(super) last_sent_at: Option<Millis>,
    /// The owned set in the last request that carried one: a delta only repeats it when it changed.
    pub(super) owned_last_sent: Option<PartitionSet>,
}

impl Sender {
    /// Every instant it holds moved by `by`, wrapping (`GroupSim::fingerprint`).
    pub(crate) fn shift_time(&mut self, by: u64) {
        self.last_sent_at = self.last_sent_at.map(|t| t.wrapping_shift(by));
        if let Some(retry) = &mut self.retry {
            retry.due = retry.due.wrapping_shift(by);
        }
    }

    /// The heartbeat in flight has been answered: it is no longer in flight.
    pub(crate) fn answered(&mut self) -> Option<Purpose> {
        self.in_flight.take()
    }

    /// A heartbeat to send while one is in flight waits behind it; a newer one replaces it, and a
    /// leave replaces anything (nothing replaces a leave).
    fn remember(&mut self, purpose: Purpose) {
        if self.remembered != Some(Purpose::Leave) {
            self.remembered = Some(purpose);
        }
    }

    /// §5.7: a retriable answer owes a full retry after the backoff; it takes the place of the
    /// heartbeat remembered behind the failed one.
    pub(crate) fn owe_retry(&mut self, now: Millis, config: &Config) {
        self.retriable_answers = self.retriable_answers.saturating_add(1);
        let backoff = config.retry_backoff(self.retriable_answers);
        let leave = self.remembered.take() == Some(Purpose::Leave);
        self.retry = Some(RetryOwed {
            due: now.plus(backoff),
            leave,
        });
    }

    /// TERMINATED: nothing in flight, remembered or owed.
    pub(crate) fn stop(&mut self) {
        self.in_flight = None;
        self.remembered = None;
        self.retry = None;
    }
}

impl Member {
    /// *Sends* a heartbeat: emitted at once when none is in flight (even during a backoff),
    /// otherwise remembered and emitted right after the in-flight one is answered.
    pub(crate) fn send(&mut self, purpose: Purpose, out: &mut Out) {
        if self.sender.in_flight.is_some() {
            self.sender.remember(purpose);
        } else {
            self.emit(purpose, out);
        }
    }

    /// After an answer has been handled completely, the remembered heartbeat goes out (unless one
    /// emitted meanwhile took its place).
    pub(crate) fn flush_remembered(&mut self, out: &mut Out) {
        if self.sender.in_flight.is_none() {
            if let Some(purpose) = self.sender.remembered.take() {
                self.emit(purpose, out);
            }
        }
    }

    /// §5.6, §5.7: a tick sends the owed retry once it is due, else an interval heartbeat.
    pub(crate) fn on_tick(&mut self, out: &mut Out) {
        if self.sender.in_flight.is_some() {
            return;
        }
        if let Some(retry) = self.sender.retry {
            if self.now >= retry.due {
                let purpose = if retry.leave {
                    Purpose::Leave
                } else {
                    Purpose::Retry
                };
                self.emit(purpose, out);
            }
            return;
        }
        if let Some(due) = self.interval_due() {
            if self.now >= due {
                self.emit(Purpose::Interval, out);
            }
        }
    }

    fn interval_due(&self) -> Option<Millis> {
        match self.state {
            State::Joined | State::Assigning(_) | State::Terminating(_) => {
                let last = self.sender.last_sent_at.unwrap_or(Millis::ZERO);
                Some(last.plus(u64::from(self.heartbeat_interval_ms)))
            }
            _ => None,
        }
    }

    /// The next time a `tick` would emit something, if any: what a driver sleeps until.
    pub fn poll_timeout(&self) -> Option<Millis> {
        if self.sender.in_flight.is_some() {
            return None;
        }
        match self.sender.retry {
            Some(retry) => Some(retry.due),
            None => self.interval_due(),
        }
    }

    /// Builds the request from the member as it is now and puts it in flight.
    fn emit(&mut self, purpose: Purpose, out: &mut Out) {
        // Any heartbeat emitted while a retry is owed goes out full and settles it; a leave stays a leave.
        let retry_owed = self.sender.retry.take().is_some();
        let leave = purpose == Purpose::Leave;
        let full = !leave && (retry_owed || matches!(purpose, Purpose::Join | Purpose::Retry));
        if leave {
            self.member_epoch = self.config.leave_epoch();
            self.epoch_owed = None;
        }
        // The acknowledgement reports a reconciliation done: with the epoch it waited for.
        if purpose == Purpose::Acknowledge {
            self.take_owed_epoch();
        }
        let owned = if leave {
            None
        } else if full
            || matches!(
                purpose,
                Purpose::Acknowledge | Purpose::BetweenRevokeAndAssign
            )
            || self.sender.owned_last_sent.as_ref() != Some(&self.assigned)
        {
            self.sender.owned_last_sent = Some(self.assigned.clone());
            Some(self.assigned.clone())
        } else {
            None
        };
        let request = HeartbeatRequest::from_member(
            purpose,
            &self.config,
            (&self.member_id, self.member_epoch),
            full.then_some(&self.subscription),
            owned,
        );
        self.sender.in_flight = Some(purpose);
        self.sender.remembered = None;
        self.sender.last_sent_at = Some(self.now);
        out.push(self, Effect::SendHeartbeat(request));
    }
}
