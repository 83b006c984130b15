//! The shipped client's heartbeat manager (Kafka's `AbstractHeartbeatRequestManager`, `ConsumerHeartbeatRequestManager`): immediate heartbeats in JOINING,
//! ACKNOWLEDGING and LEAVING, interval heartbeats otherwise, backoff after failures, and the
//! `SentFields` that decide what a request repeats.
//!
//! | timer | set | a heartbeat may go when |
//! |---|---|---|
//! | interval | `now + interval` at each send (3.7: at each successful answer); `now` after a failure | expired, nothing in flight, backoff over |
//! | backoff | `now + min(base·2^(n-1), max)` after the n-th failure; reset by success, NOT_COORDINATOR, COORDINATOR_NOT_AVAILABLE and fencing | over — except in JOINING and ACKNOWLEDGING, which send as soon as nothing is in flight |

use super::member::KafkaMember;
use crate::machine::facts::Out;
use crate::protocol::effect::{Effect, HeartbeatRequest, Purpose};
use crate::protocol::state::StateName;
use crate::protocol::time::Millis;
use crate::protocol::version::ClientVersion;

impl super::member::Heartbeats {
    /// A deadline passed is read only as passed (`now >= deadline`): held at `now` rather than
    /// at whichever instant it passed, two members that differ only in how long ago their
    /// backoff ended are one state to the bounded check.
    pub(crate) fn forget_passed(&mut self, now: Millis) {
        self.next_due = self.next_due.max(now);
        self.backoff_until = self.backoff_until.max(now);
    }
}

/// Everything but the instant of the last heartbeat, which is shown and never compared: a state
/// told apart by it alone (a member that fell behind before it heartbeat again) is one state to the
/// bounded check (`GroupSim::fingerprint`).
impl std::hash::Hash for super::member::Heartbeats {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (
            &self.in_flight,
            self.next_due,
            self.failed_attempts,
            self.backoff_until,
            self.full_sent,
            &self.topics_sent,
            &self.local_sent,
            self.wedged,
        )
            .hash(state);
    }
}

impl KafkaMember {
    pub(crate) fn reset_backoff(&mut self) {
        self.heartbeats.failed_attempts = 0;
        self.heartbeats.backoff_until = self.now;
    }

    /// `onFailedAttempt`: the next heartbeat is due at once, after the backoff.
    pub(crate) fn failed_attempt(&mut self) {
        self.heartbeats.failed_attempts = self.heartbeats.failed_attempts.saturating_add(1);
        let backoff = self.config.retry_backoff(self.heartbeats.failed_attempts);
        self.heartbeats.backoff_until = self.now.plus(backoff);
        self.heartbeats.next_due = self.now;
    }

    /// Whether the member heartbeats at all in its state (`shouldSkipHeartbeat`).
    fn heartbeats_skipped(&self) -> bool {
        matches!(
            self.state,
            StateName::Unsubscribed | StateName::Fatal | StateName::Stale | StateName::Fenced
        )
    }

    /// One pass of the heartbeat manager: sends a request if one is due.
    pub(crate) fn heartbeat_poll(&mut self, out: &mut Out) {
        if self.heartbeats_skipped() || self.heartbeats.wedged {
            return;
        }
        let idle = self.heartbeats.in_flight.is_empty();
        let backoff_over = self.now >= self.heartbeats.backoff_until;
        let since_38 = self.config.kafka_version() >= ClientVersion::V3_8;
        let send = match self.state {
            // From 3.8 the leave goes out at once, even with a request in flight; 3.7's
            // `heartbeatNow` waited for the answer.
            StateName::Leaving => since_38 || idle,
            // `heartbeatNow` (`AbstractHeartbeatRequestManager.poll`): a
            // member that should heartbeat now sends as soon as nothing is in flight, without
            // waiting for the backoff: the backoff only holds back requests that wait for the
            // interval. So COORDINATOR_LOAD_IN_PROGRESS while JOINING is retried at once.
            StateName::Joining | StateName::Acknowledging => idle,
            _ => idle && backoff_over && self.now >= self.heartbeats.next_due,
        };
        if send {
            self.emit(out);
        }
    }

    /// Builds the request from the member as it is, then `onHeartbeatRequestGenerated`.
    fn emit(&mut self, out: &mut Out) {
        let purpose = match self.state {
            StateName::Joining => Purpose::Join,
            StateName::Acknowledging => Purpose::Acknowledge,
            StateName::Leaving => Purpose::Leave,
            _ if self.heartbeats.failed_attempts > 0 => Purpose::Retry,
            _ => Purpose::Interval,
        };
        let leave = purpose == Purpose::Leave;
        let send_all = self.state == StateName::Joining || !self.heartbeats.full_sent;
        let topics_changed = self.heartbeats.topics_sent.as_ref() != Some(&self.subscription);
        let full = !leave && (send_all || topics_changed);
        let owned_changed = self.heartbeats.local_sent.as_ref() != Some(&self.current);
        let owned =
            (!leave && (send_all || owned_changed)).then(|| self.current.partitions.clone());
        if !leave {
            self.heartbeats.full_sent = true;
            self.heartbeats.topics_sent = Some((*self.subscription).clone());
            if owned.is_some() {
                self.heartbeats.local_sent = Some(self.current.clone());
            }
        }
        let request = HeartbeatRequest::from_member(
            purpose,
            &self.config,
            (&self.member_id, self.member_epoch),
            full.then_some(&self.subscription),
            owned,
        );
        self.heartbeats.in_flight.push_back(purpose);
        self.heartbeats.last_sent_at = Some(self.now);
        // From 3.8 the interval counts from the send (`makeHeartbeatRequest` resets the timer);
        // 3.7 counted it from the successful answer (`on_success`).
        if self.config.kafka_version() >= ClientVersion::V3_8 {
            self.heartbeats.next_due = self.now.plus(u64::from(self.heartbeat_interval_ms));
        }
        out.push(self, Effect::SendHeartbeat(request));
        self.on_request_generated(out);
    }

    /// ACKNOWLEDGING and LEAVING end when their request is generated, not answered.
    fn on_request_generated(&mut self, out: &mut Out) {
        match self.state {
            StateName::Acknowledging => {
                let next = if self.target == self.current {
                    StateName::Stable
                } else {
                    StateName::Reconciling
                };
                self.enter(next, out);
            }
            StateName::Leaving if self.poll_expired => {
                // The stale leave's answer is ignored; the member waits for the application.
                self.leave_pending = false;
                self.heartbeats.full_sent = false;
                self.heartbeats.local_sent = None;
                self.reset_backoff();
                self.enter(StateName::Stale, out);
                self.release_as_lost(super::local::Then::RejoinAfterStale, out);
            }
            StateName::Leaving => self.enter(StateName::Unsubscribed, out),
            _ => {}
        }
    }

    /// The next time a `tick` would send something.
    pub fn poll_timeout(&self) -> Option<Millis> {
        if self.heartbeats_skipped()
            || self.heartbeats.wedged
            || !self.heartbeats.in_flight.is_empty()
        {
            return None;
        }
        match self.state {
            StateName::Joining | StateName::Acknowledging | StateName::Leaving => Some(self.now),
            _ => Some(self.heartbeats.next_due.max(self.heartbeats.backoff_until)),
        }
    }
}
