//! Heartbeats: when `rd_kafka_cgrp_consumer_serve` sends one, what it carries, and what the
//! answers do (`rd_kafka_cgrp_handle_ConsumerGroupHeartbeat`).

use super::member::RdkMember;
use crate::machine::facts::Out;
use crate::protocol::effect::{Effect, HeartbeatRequest, Purpose};
use crate::protocol::error_code::ErrorCode;
use crate::protocol::input::HeartbeatResponse;
use crate::protocol::state::StateName;

/// How librdkafka 2.15.0 handles an error answer to a heartbeat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Reaction {
    /// The same request again after `retry.backoff.ms` (COORDINATOR_LOAD_IN_PROGRESS, timeouts).
    Retry,
    /// The coordinator is looked up again; the next heartbeat, at the interval, is full.
    Refresh,
    /// `CONSUMER_F_WAIT_REJOIN`: the assignment is lost, then the member rejoins at epoch 0.
    Rejoin,
    /// Reported to the application; the membership is untouched.
    Report,
    /// `rd_kafka_set_fatal_error`: no callbacks, no leave, nothing more.
    Fatal,
}

/// How often a request is re-sent (`RD_KAFKA_REQUEST_DEFAULT_RETRIES`, the `rkbuf_max_retries`
/// of every ConsumerGroupHeartbeat): `rd_kafka_buf_retry` refuses a third retry.
pub(crate) const MAX_RETRIES: u32 = 2;

/// The reaction to `code` (`None`: no answer at all, a transport error).
pub(crate) fn reaction(code: Option<&ErrorCode>) -> Reaction {
    let Some(code) = code else {
        return Reaction::Refresh;
    };
    match code {
        ErrorCode::CoordinatorLoadInProgress => Reaction::Retry,
        ErrorCode::NotCoordinator | ErrorCode::CoordinatorNotAvailable => Reaction::Refresh,
        ErrorCode::UnknownMemberId | ErrorCode::FencedMemberEpoch => Reaction::Rejoin,
        ErrorCode::TopicAuthorizationFailed => Reaction::Report,
        ErrorCode::Other(name) if name == "REQUEST_TIMED_OUT" => Reaction::Retry,
        // Any other broker error is permanent, and permanent is fatal since 2.15.0.
        _ => Reaction::Fatal,
    }
}

impl RdkMember {
    /// `rd_kafka_cgrp_consumer_heartbeat_preconditions_met`, and no fatal error or close.
    pub(crate) fn may_heartbeat(&self) -> bool {
        !self.fatal
            && self.state != StateName::Term
            && self.subscribed
            && self.in_flight.is_empty()
            && !self.rejoin_to_complete
            && !self.max_poll_exceeded
            && !self.leaving()
    }

    /// `rd_kafka_cgrp_consumer_serve`, run after every input: a lost assignment is revoked once
    /// no callback is outstanding, then a heartbeat goes if one is due.
    pub(crate) fn serve(&mut self, out: &mut Out) {
        if self.fatal || self.state == StateName::Term {
            return;
        }
        if self.wait_rejoin {
            if self.rebalancing() {
                return;
            }
            self.wait_rejoin = false;
            self.rejoin_to_complete = true;
            self.revoke_all(true, out);
        }
        if self.state == StateName::Init {
            self.rejoin_to_complete = false;
        }
        // A retry was decided when the error came (`rd_kafka_buf_retry`): the same request goes
        // again even if the member has since left or unsubscribed.
        if let Some(due) = self.retry_due {
            let busy = self.in_flight.iter().any(|p| *p != Purpose::Leave);
            if self.now >= due && !busy && !self.may_heartbeat() {
                self.send(out);
                return;
            }
        }
        if !self.may_heartbeat() {
            return;
        }
        let due = self.next_due().is_some_and(|at| self.now >= at);
        if due {
            self.send(out);
        }
    }

    fn send(&mut self, out: &mut Out) {
        let ack = self.state == StateName::Steady && self.wait_ack;
        let full_request = self.state == StateName::Init || self.send_full;
        // `rd_kafka_cgrp_consumer_group_heartbeat`: a new subscription goes when no rebalance
        // runs (`rd_kafka_cgrp_consumer_subscription_preconditions_met`), and again in every
        // heartbeat until one is answered.
        if (self.send_subscription && !self.rebalancing()) || self.sending_subscription {
            self.send_subscription = false;
            self.sending_subscription = true;
        }
        let full = full_request || self.sending_subscription;
        let purpose = if self.retry_due.is_some() {
            Purpose::Retry
        } else if self.state == StateName::Init {
            Purpose::Join
        } else if ack {
            Purpose::Acknowledge
        } else {
            Purpose::Interval
        };
        let owned = if ack {
            self.sending_ack = true;
            self.target.clone()
        } else if full_request {
            Some(self.current.clone())
        } else {
            None
        };
        let mut request = HeartbeatRequest::from_member(
            purpose,
            &self.config,
            (&self.member_id, self.epoch.max(0)),
            full.then_some(&self.subscription),
            owned,
        );
        // The instance id goes only in full requests and the leave.
        if !full_request {
            request.instance_id = None;
        }
        self.in_flight.push_back(purpose);
        self.retries = if purpose == Purpose::Retry {
            self.retries.saturating_add(1)
        } else {
            0
        };
        // A retry re-sends the failed request's buffer (`rd_kafka_buf_retry`): the interval
        // timer still runs from the request it repeats.
        if purpose != Purpose::Retry {
            self.last_sent_at = Some(self.now);
        }
        self.expedite_at = None;
        self.sent_since_success = self.sent_since_success.saturating_add(1);
        self.retry_due = None;
        out.push(self, Effect::SendHeartbeat(request));
    }

    /// `rd_kafka_cgrp_consumer_leave`: epoch -1, or -2 for a static member; only the ids.
    pub(crate) fn send_leave(&mut self, out: &mut Out) {
        self.leave_on_unassign_done = false;
        let request = HeartbeatRequest::from_member(
            Purpose::Leave,
            &self.config,
            (&self.member_id, self.config.leave_epoch()),
            None,
            None,
        );
        self.in_flight.push_back(Purpose::Leave);
        self.last_sent_at = Some(self.now);
        out.push(self, Effect::SendHeartbeat(request));
    }

    /// The leave's answer, success or error alike (`…_ConsumerGroupHeartbeat_leave`).
    fn leave_answered(&mut self, out: &mut Out) {
        // `rd_kafka_cgrp_consumer_reset`: epoch 0, nothing current, targeted or awaiting its
        // acknowledgement (a leave sent from steady leaves nothing behind to acknowledge).
        self.reset();
        if self.terminating {
            self.terminate_if_done(out);
        } else if self.subscribed {
            // Subscribed again (or still, after the poll interval passed): rejoin at once.
            self.expedite();
        }
    }

    /// The request an answer belongs to: the leave's answer carries the leave epoch (−1 or −2)
    /// and may overtake a heartbeat sent before it; any other answer is the oldest heartbeat's.
    fn answered_request(&mut self, leave: bool) -> Option<Purpose> {
        let at = self
            .in_flight
            .iter()
            .position(|p| (*p == Purpose::Leave) == leave)
            .unwrap_or(0);
        self.in_flight.remove(at)
    }

    pub(crate) fn on_success(&mut self, response: &HeartbeatResponse, out: &mut Out) {
        let answered = self.answered_request(response.member_epoch < 0);
        if answered == Some(Purpose::Leave) {
            return self.leave_answered(out);
        }
        if !response.member_id.is_empty() {
            self.member_id = response.member_id.clone();
        }
        self.epoch = response.member_epoch;
        // A heartbeat answered after the member decided to leave is ignored (_OUTDATED).
        if self.leaving() || self.terminating {
            return;
        }
        self.sent_since_success = 0;
        if response.heartbeat_interval_ms > 0 {
            self.interval_ms = response.heartbeat_interval_ms;
        }
        self.send_full = false;
        if let Some(assignment) = &response.assignment {
            // Every assignment received replaces the next one; one that is the assignment being
            // reconciled (or the current one) leaves none, so an older next is not taken later
            // (`rd_kafka_cgrp_handle_ConsumerGroupHeartbeat`).
            let against = self.target.as_ref().unwrap_or(&self.current);
            self.next = (assignment != against).then(|| assignment.clone());
        }
        if self.wait_ack && self.state == StateName::Steady {
            if self.sending_ack {
                // J15: the coordinator has the acknowledgement.
                self.current = self.target.take().unwrap_or_default();
                self.wait_ack = false;
            } else {
                // The reconciliation finished while this heartbeat was in flight.
                self.expedite();
            }
        }
        if self.subscribed {
            self.take_next_target(out);
        } else {
            self.next = None;
        }
        // A new subscription that waited for a rebalance to end goes now.
        if self.send_subscription && !self.rebalancing() {
            self.expedite();
        }
        self.sending_subscription = false;
        self.sending_ack = false;
    }

    pub(crate) fn on_error(&mut self, code: Option<&ErrorCode>, out: &mut Out) {
        let answered = self.in_flight.pop_front();
        if answered == Some(Purpose::Leave) {
            return self.leave_answered(out);
        }
        // The group gone while the leave is on its way (`F_WAIT_LEAVE`) is what leaving expects.
        if code == Some(&ErrorCode::GroupIdNotFound) && self.in_flight.contains(&Purpose::Leave) {
            return;
        }
        let reaction = match reaction(code) {
            // Before the first success every error that is not fatal is retried.
            Reaction::Refresh | Reaction::Report if self.interval_ms == 0 => Reaction::Retry,
            other => other,
        };
        match reaction {
            // `rd_kafka_buf_retry` refuses a request already re-sent twice: it is done with, and
            // the next heartbeat is a new request, sent (and logged) as soon as it is due — at
            // once before the first success, whose interval is 0 (random-110169, random-110210).
            Reaction::Retry if self.retries >= MAX_RETRIES => {}
            Reaction::Retry => {
                self.retry_due = Some(self.now.plus(self.config.retry_backoff_ms));
            }
            Reaction::Refresh => self.send_full = true,
            Reaction::Rejoin => self.wait_rejoin = true,
            Reaction::Report => {
                if let Some(code) = code {
                    out.push(self, Effect::ReportError { code: code.clone() });
                }
            }
            Reaction::Fatal => {
                if let Some(code) = code {
                    self.raise_fatal(code.clone(), out);
                }
            }
        }
    }
}
