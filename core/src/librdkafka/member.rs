//! librdkafka's member: its data (`rd_kafka_cgrp_t`'s fields for this protocol), `handle(now,
//! input)`, and what it shows of itself.
//!
//! Over 300 lines: librdkafka's member data and its input dispatch, as rdkafka_cgrp.c keeps them in one struct; heartbeats, leaving and rebalances are files of their own.

use crate::machine::facts::Out;
use crate::machine::{Activity, NextCompletion};
use crate::protocol::assignment::PartitionSet;
use crate::protocol::config::Config;
use crate::protocol::effect::{Effect, Purpose};
use crate::protocol::error_code::ErrorCode;
use crate::protocol::input::{Input, InputKind};
use crate::protocol::rejected::Rejected;
use crate::protocol::state::StateName;
use crate::protocol::time::Millis;
use std::collections::{BTreeSet, VecDeque};

/// The member id librdkafka generates (a random UUID in base64, made once when the handle is
/// created; since 2.10, KIP-1082). Fixed, so replays are deterministic.
pub const RDK_MEMBER_ID: &str = "cmRrYWZrYS1tZW1iZXIAAA";

/// What the application's answer to the rebalance callback leads to.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Then {
    /// `incremental_assign(added)`: then steady.
    Assign(PartitionSet),
    /// `incremental_unassign(revoked)`: then the parked assign (`rkcg_rebalance_incr_assignment`,
    /// possibly empty), or the rejoin (`rkcg_rebalance_rejoin`), or steady.
    Unassign {
        revoked: PartitionSet,
        then_assign: Option<PartitionSet>,
        rejoin: bool,
        during: Activity,
    },
}

/// The callback handed to the application, and what its answer leads to.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Pending {
    pub(super) effect: Effect,
    pub(super) then: Then,
}

/// One librdkafka consumer in a group of the consumer protocol. Deterministic and clock-free.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RdkMember {
    /// Shared by every copy of the member (the check copies it at every move; it never changes).
    pub(super) config: std::sync::Arc<Config>,
    /// The join state (`rkcg_join_state`), or `term` once the group handle terminated.
    pub(super) state: StateName,
    pub(super) member_id: String,
    /// `rkcg_generation_id`: the member epoch.
    pub(super) epoch: i32,
    /// The last interval a success gave; 0 before the first.
    pub(super) interval_ms: u32,
    pub(super) subscription: std::sync::Arc<BTreeSet<String>>,
    /// `F_SUBSCRIPTION`.
    pub(super) subscribed: bool,
    /// What the application fetches: changed by its incremental assign and unassign calls.
    pub(super) assigned: PartitionSet,
    /// The last acknowledged assignment (`rkcg_current_assignment`).
    pub(super) current: PartitionSet,
    /// The assignment being reconciled (`rkcg_target_assignment`).
    pub(super) target: Option<PartitionSet>,
    /// The newest assignment received, waiting its turn (`rkcg_next_target_assignment`).
    pub(super) next: Option<PartitionSet>,
    /// `CONSUMER_F_WAIT_ACK`: a reconciliation runs or waits for its acknowledgement.
    pub(super) wait_ack: bool,
    /// `CONSUMER_F_SENDING_ACK`: set when an acknowledgement is built, cleared only by a
    /// successful answer, so an acknowledgement that failed and was retried (or followed by any
    /// other request) is acknowledged by the next success.
    pub(super) sending_ack: bool,
    /// Requests sent and not answered, oldest first (a leave may go out behind a heartbeat).
    pub(super) in_flight: VecDeque<Purpose>,
    pub(super) last_sent_at: Option<Millis>,
    /// `rd_kafka_cgrp_consumer_expedite_next_heartbeat`: the next heartbeat goes at this time,
    /// ahead of the interval.
    pub(super) expedite_at: Option<Millis>,
    /// `rkcg_expedite_heartbeat_retries`: heartbeats sent since the last successful answer;
    /// each expedited heartbeat waits `2^(n-1)` ms for it, up to `retry.backoff.max.ms`.
    pub(super) sent_since_success: u32,
    /// After COORDINATOR_LOAD_IN_PROGRESS: the same request again at this time.
    pub(super) retry_due: Option<Millis>,
    /// `rkbuf_retries`: how often the heartbeat in flight was re-sent (at most
    /// [`super::heartbeat::MAX_RETRIES`]).
    pub(super) retries: u32,
    /// `CONSUMER_F_SEND_FULL_REQUEST`, set when the coordinator was lost.
    pub(super) send_full: bool,
    /// `CONSUMER_F_SEND_NEW_SUBSCRIPTION`: a changed subscription goes out in the next heartbeat
    /// built while no rebalance runs (`rd_kafka_cgrp_consumer_subscription_preconditions_met`).
    pub(super) send_subscription: bool,
    /// `CONSUMER_F_SENDING_NEW_SUBSCRIPTION`: a heartbeat carried it; cleared only by a
    /// successful answer, so every heartbeat until then carries it too.
    pub(super) sending_subscription: bool,
    /// `rkcg_rebalance_incr_assignment` left behind: the assign a revoking target parked behind
    /// its on_revoke, when an unsubscribe left while that on_revoke waited and its answer came
    /// in `init` (`rd_kafka_cgrp_consumer_incr_unassign_done`, which takes and clears it, runs
    /// only from `wait-incr-unassign-to-complete`). Until the next incremental unassign is done
    /// (or a close's assign clears it) `RD_KAFKA_CGRP_REBALANCING` holds (random-440234).
    pub(super) orphaned_assign: Option<PartitionSet>,
    /// `CONSUMER_F_WAIT_REJOIN`: fenced (or the poll interval passed); acted on when no
    /// rebalance callback is outstanding.
    pub(super) wait_rejoin: bool,
    /// `CONSUMER_F_WAIT_REJOIN_TO_COMPLETE`: the lost assignment is being revoked; no heartbeats.
    pub(super) rejoin_to_complete: bool,
    /// `F_LEAVE_ON_UNASSIGN_DONE`: leave once the revocation is done.
    pub(super) leave_on_unassign_done: bool,
    /// `F_MAX_POLL_EXCEEDED`, until the application polls again.
    pub(super) max_poll_exceeded: bool,
    /// `rkcg_max_poll_interval_tmr` runs: started when an incremental assign or unassign brings
    /// a subscribed member to `steady`, stopped when it fires or the member unsubscribes. It
    /// keeps running through a rejoin, so the poll interval can pass in `init` at epoch 0.
    pub(super) poll_timer_running: bool,
    /// `F_TERMINATE`: close() was called.
    pub(super) terminating: bool,
    /// The callbacks handed to the application and not answered, oldest first: one, but for a
    /// close while `on_assign` runs, which queues an `on_revoke` behind it.
    pub(super) pending: VecDeque<Pending>,
    pub(super) failure: Option<ErrorCode>,
    /// A fatal error was raised: no heartbeats, no callbacks, ever.
    pub(super) fatal: bool,
    pub(super) now: Millis,
}

impl RdkMember {
    /// Every instant it holds moved by `by`, wrapping (`GroupSim::fingerprint`).
    pub(crate) fn shift_time(&mut self, by: u64) {
        self.now = self.now.wrapping_shift(by);
        for t in [
            &mut self.last_sent_at,
            &mut self.expedite_at,
            &mut self.retry_due,
        ] {
            *t = t.map(|t| t.wrapping_shift(by));
        }
    }

    pub fn new(config: Config) -> Self {
        let member_id = config
            .member_id
            .clone()
            .filter(|id| !id.is_empty())
            .unwrap_or_else(|| RDK_MEMBER_ID.to_owned());
        RdkMember {
            config: std::sync::Arc::new(config),
            state: StateName::Init,
            member_id,
            epoch: 0,
            interval_ms: 0,
            subscription: std::sync::Arc::default(),
            subscribed: false,
            assigned: PartitionSet::new(),
            current: PartitionSet::new(),
            target: None,
            next: None,
            wait_ack: false,
            sending_ack: false,
            in_flight: VecDeque::new(),
            last_sent_at: None,
            expedite_at: None,
            sent_since_success: 0,
            retry_due: None,
            retries: 0,
            send_full: false,
            send_subscription: false,
            sending_subscription: false,
            orphaned_assign: None,
            wait_rejoin: false,
            rejoin_to_complete: false,
            leave_on_unassign_done: false,
            max_poll_exceeded: false,
            poll_timer_running: false,
            terminating: false,
            pending: VecDeque::new(),
            failure: None,
            fatal: false,
            now: Millis::ZERO,
        }
    }

    /// `RD_KAFKA_CGRP_REBALANCING`: a rebalance callback is outstanding or its follow-up is due,
    /// or an assign parked behind a revocation was left behind.
    pub(crate) fn rebalancing(&self) -> bool {
        !self.pending.is_empty()
            || self.orphaned_assign.is_some()
            || matches!(
                self.state,
                StateName::WaitAssignCall
                    | StateName::WaitUnassignCall
                    | StateName::WaitIncrUnassignToComplete
                    | StateName::WaitUnassignToComplete
            )
    }

    /// Leaving: the leave waits for the revocation, or is in flight.
    pub(crate) fn leaving(&self) -> bool {
        self.leave_on_unassign_done || self.in_flight.contains(&Purpose::Leave)
    }

    /// Emits `transition(from, to)`; a move the model does not list is a bug caught by the tests.
    pub(crate) fn enter(&mut self, to: StateName, out: &mut Out) {
        if to == self.state {
            return;
        }
        debug_assert!(
            super::is_allowed(self.state, to),
            "illegal transition {} → {}",
            self.state,
            to
        );
        let from = self.state;
        self.state = to;
        out.push(self, Effect::Transition { from, to });
    }

    fn check(&self, now: Millis, input: &Input) -> Result<(), Rejected> {
        if now < self.now {
            return Err(Rejected::TimeWentBackwards {
                now,
                last: self.now,
            });
        }
        if self.state == StateName::Term {
            return Err(Rejected::Terminated);
        }
        if input.is_answer() && self.in_flight.is_empty() {
            return Err(Rejected::NoHeartbeatInFlight);
        }
        match input {
            Input::Completed { .. } if self.pending.is_empty() => {
                Err(Rejected::NothingAwaitingCompletion)
            }
            // librdkafka takes any epoch it is given; an epoch of 0 is what a coordinator (the
            // mock, at least) answers a joining member whose partitions are still owned elsewhere.
            Input::HeartbeatResponse(r)
                if r.member_epoch < 0 && !self.in_flight.contains(&Purpose::Leave) =>
            {
                Err(Rejected::EpochBelowOne {
                    member_epoch: r.member_epoch,
                })
            }
            // librdkafka resolves topic ids with its own metadata requests; names come resolved.
            Input::Metadata { .. } => Err(Rejected::NotInModel {
                input: InputKind::Metadata,
            }),
            _ if input.is_answer() || matches!(input, Input::Completed { .. } | Input::Tick) => {
                Ok(())
            }
            Input::Close if !self.terminating => Ok(()),
            _ if self.terminating => Err(Rejected::Closed),
            _ if self.fatal => Err(Rejected::Fatal),
            _ => Ok(()),
        }
    }

    fn on_subscribe(&mut self, topics: &BTreeSet<String>) {
        if self.subscribed && *topics == *self.subscription {
            return;
        }
        self.subscription = std::sync::Arc::new(topics.clone());
        self.subscribed = true;
        self.send_subscription = true;
        self.expedite();
    }

    fn on_completed(&mut self, out: &mut Out) {
        if let Some(done) = self.pending.pop_front() {
            self.answered(done.then, out);
        }
    }

    /// The application polls again after the poll interval passed: heartbeats may resume.
    fn on_poll(&mut self) {
        if self.max_poll_exceeded && self.pending.is_empty() {
            self.max_poll_exceeded = false;
            self.expedite();
        }
    }

    /// `rd_kafka_cgrp_consumer_expedite_next_heartbeat`: the backoff is `2^(n-1)` ms after n
    /// heartbeats without a successful answer, up to `retry.backoff.max.ms`, times a jitter of
    /// 0.8 to 1.2; the model takes the jitter's low end, the earliest the library may send.
    pub(crate) fn expedite(&mut self) {
        let backoff = match self.sent_since_success {
            0 => 0,
            n => (1u64 << (n - 1).min(20)).min(self.config.retry_backoff_max_ms) * 4 / 5,
        };
        self.expedite_at = Some(self.now.plus(backoff));
    }

    /// The next heartbeat's due time, if one will go without another input.
    pub(crate) fn next_due(&self) -> Option<Millis> {
        // Fenced while a callback runs: nothing goes out until it returns (see `serve`).
        if self.wait_rejoin && self.rebalancing() {
            return None;
        }
        if let (Some(due), false) = (self.retry_due, self.fatal || self.state == StateName::Term) {
            return Some(due);
        }
        if !self.may_heartbeat() {
            return None;
        }
        // An expedited heartbeat replaces the interval's (the interval timer is reset to have
        // run out `backoff` from now); before the first answer the interval is 0.
        Some(self.expedite_at.unwrap_or_else(|| {
            self.last_sent_at
                .map_or(self.now, |at| at.plus(u64::from(self.interval_ms)))
        }))
    }

    pub fn next_completion(&self) -> Option<NextCompletion> {
        let pending = self.pending.front()?;
        let (during, revoking) = match &pending.then {
            Then::Assign(_) => (
                if self.terminating {
                    Activity::Close
                } else {
                    Activity::Reconciliation
                },
                false,
            ),
            Then::Unassign { during, .. } => (*during, true),
        };
        Some(NextCompletion::Awaited {
            effect: pending.effect.clone(),
            during,
            revoking,
        })
    }
}

impl crate::machine::facts::HandleInto for RdkMember {
    fn handle_into(&mut self, now: Millis, input: &Input, out: &mut Out) -> Result<(), Rejected> {
        self.check(now, input)?;
        self.now = now;
        match input {
            Input::Subscribe { topics } => self.on_subscribe(topics),
            Input::HeartbeatResponse(r) => self.on_success(r, out),
            Input::HeartbeatError { code } => self.on_error(Some(code), out),
            Input::HeartbeatFailed => self.on_error(None, out),
            Input::Tick | Input::Metadata { .. } => {}
            Input::Completed { .. } => self.on_completed(out),
            Input::Close => self.on_close(out),
            Input::Poll => self.on_poll(),
            Input::PollTimerExpired => self.on_poll_timer_expired(out),
            Input::Unsubscribe => self.on_unsubscribe(out),
        }
        self.serve(out);
        Ok(())
    }
}
