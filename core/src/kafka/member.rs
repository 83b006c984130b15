//! The shipped client's member: its data, and `handle(now, input)`.
//!
//! Over 300 lines: the Java client's member data and its input dispatch, one method per input kind as Kafka's manager has them; the heartbeat, leave and reconciliation halves are files of their own.

use super::local::{LocalAssignment, Pending, Reconciliation, Then};
use crate::machine::facts::{Facts, Out};
use crate::protocol::assignment::PartitionSet;
use crate::protocol::config::Config;
use crate::protocol::effect::{Effect, Purpose};
use crate::protocol::error_code::{ErrorClass, ErrorCode};
use crate::protocol::input::{HeartbeatResponse, Input, Outcome};
use crate::protocol::rejected::Rejected;
use crate::protocol::state::StateName;
use crate::protocol::time::Millis;
use crate::protocol::version::ClientVersion;
use std::collections::{BTreeSet, VecDeque};

/// The member id this client generates (K4x, ConsumerGroupHeartbeat v1: a UUID made once at
/// construction). Fixed, so replays are deterministic. K24 (v0) sent `""` and took the coordinator's.
pub const CLIENT_MEMBER_ID: &str = "5b1e2c4d-0000-4000-8000-00000000c11e";

/// The heartbeat manager's state (`AbstractHeartbeatRequestManager`'s fields).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Heartbeats {
    /// Requests sent and not answered, oldest first (a leave goes out even with one in flight).
    pub(super) in_flight: VecDeque<Purpose>,
    /// The interval timer: no interval heartbeat before this.
    pub(super) next_due: Millis,
    pub(super) failed_attempts: u32,
    /// The backoff after failures: nothing is sent before this.
    pub(super) backoff_until: Millis,
    pub(super) last_sent_at: Option<Millis>,
    /// `SentFields`: the full fields are known to the coordinator (reset on any error).
    pub(super) full_sent: bool,
    pub(super) topics_sent: Option<BTreeSet<String>>,
    pub(super) local_sent: Option<LocalAssignment>,
    /// 3.7 only: an error answer its request state never saw, so it still counts a request in
    /// flight and sends nothing more until the poll timer's leave resets it (KAFKA-16215).
    pub(super) wedged: bool,
}

/// One consumer of the shipped client. Deterministic and clock-free, like the seed [`crate::Member`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct KafkaMember {
    /// Shared by every copy of the member (the check copies it at every move; it never changes).
    pub(super) config: std::sync::Arc<Config>,
    pub(super) state: StateName,
    pub(super) member_id: String,
    pub(super) member_epoch: i32,
    pub(super) heartbeat_interval_ms: u32,
    pub(super) subscription: std::sync::Arc<BTreeSet<String>>,
    pub(super) subscribed: bool,
    /// `subscribe()` was called since the last poll (`onSubscriptionUpdated`): the next poll joins.
    pub(super) subscription_updated: bool,
    pub(super) closed: bool,
    /// The subscription's assigned partitions that are not pending revocation.
    pub(super) assigned: PartitionSet,
    pub(super) pending_revocation: PartitionSet,
    pub(super) current: LocalAssignment,
    pub(super) target: LocalAssignment,
    /// Topics metadata resolves; `None` until a `metadata` input: every topic resolves.
    pub(super) known_topics: Option<BTreeSet<String>>,
    /// Names resolved before (the client's topic-name cache).
    pub(super) name_cache: BTreeSet<String>,
    pub(super) reconciliation: Option<Reconciliation>,
    pub(super) pending: VecDeque<Pending>,
    pub(super) poll_expired: bool,
    pub(super) rejoin_on_lost: bool,
    pub(super) leave_pending: bool,
    pub(super) failure: Option<ErrorCode>,
    pub(super) heartbeats: Heartbeats,
    pub(super) now: Millis,
}

impl KafkaMember {
    /// Every instant it holds moved by `by`, wrapping (`GroupSim::fingerprint`).
    pub(crate) fn shift_time(&mut self, by: u64) {
        self.now = self.now.wrapping_shift(by);
        let h = &mut self.heartbeats;
        h.next_due = h.next_due.wrapping_shift(by);
        h.backoff_until = h.backoff_until.wrapping_shift(by);
        h.last_sent_at = h.last_sent_at.map(|t| t.wrapping_shift(by));
    }

    pub fn new(config: Config) -> Self {
        let member_id = config
            .member_id
            .clone()
            .filter(|id| !id.is_empty())
            .unwrap_or_else(|| CLIENT_MEMBER_ID.to_owned());
        KafkaMember {
            config: std::sync::Arc::new(config),
            state: StateName::Unsubscribed,
            member_id,
            member_epoch: 0,
            heartbeat_interval_ms: 0,
            subscription: std::sync::Arc::default(),
            subscribed: false,
            subscription_updated: false,
            closed: false,
            assigned: PartitionSet::new(),
            pending_revocation: PartitionSet::new(),
            current: LocalAssignment::none(),
            target: LocalAssignment::none(),
            known_topics: None,
            name_cache: BTreeSet::new(),
            reconciliation: None,
            pending: VecDeque::new(),
            poll_expired: false,
            rejoin_on_lost: false,
            leave_pending: false,
            failure: None,
            heartbeats: Heartbeats::default(),
            now: Millis::ZERO,
        }
    }

    /// Handles one input at `now`, then runs the background loop; a rejected input changes nothing.
    pub fn handle(&mut self, now: Millis, input: &Input) -> Result<Vec<Effect>, Rejected> {
        crate::machine::facts::handle(self, now, input)
    }

    /// [`KafkaMember::handle`], also returning the member's facts just after each effect.
    pub fn handle_observed(
        &mut self,
        now: Millis,
        input: &Input,
    ) -> Result<(Vec<Effect>, Vec<Facts>), Rejected> {
        crate::machine::facts::handle_observed(self, now, input)
    }

    fn check(&self, now: Millis, input: &Input) -> Result<(), Rejected> {
        if now < self.now {
            return Err(Rejected::TimeWentBackwards {
                now,
                last: self.now,
            });
        }
        if input.is_answer() && self.heartbeats.in_flight.is_empty() {
            return Err(Rejected::NoHeartbeatInFlight);
        }
        match input {
            Input::Completed { .. } if self.pending.is_empty() => {
                Err(Rejected::NothingAwaitingCompletion)
            }
            // As in the seed, a success must carry a real epoch, unless it answers a leave or the
            // member is outside the group (where the client ignores responses).
            Input::HeartbeatResponse(r)
                if r.member_epoch < 1
                    && self.heartbeats.in_flight.front() != Some(&Purpose::Leave)
                    && self.in_group_or_leaving() =>
            {
                Err(Rejected::EpochBelowOne {
                    member_epoch: r.member_epoch,
                })
            }
            // What is still in flight may finish; nothing new may start.
            _ if input.is_answer() || matches!(input, Input::Completed { .. } | Input::Tick) => {
                Ok(())
            }
            _ if self.state == StateName::Fatal => Err(Rejected::Fatal),
            _ if self.closed => Err(Rejected::Closed),
            _ => Ok(()),
        }
    }

    /// Emits `transition(from, to)`. The table of §2.2 must allow it: a pair it does not list is a
    /// bug in this model, caught by the tests (in a release build the step still happens).
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

    /// Emits `effect` and waits for its completion (at once when `auto_complete`).
    pub(crate) fn wait_for(&mut self, effect: Effect, then: Then, out: &mut Out) {
        if self.config.auto_complete {
            out.push(self, effect);
            self.resume(then, Outcome::Ok, out);
        } else {
            // Waited on from the moment it is invoked: the facts after it say so.
            self.pending.push_back(Pending {
                effect: effect.clone(),
                then,
            });
            out.push(self, effect);
        }
    }

    fn on_completed(&mut self, outcome: Outcome, out: &mut Out) {
        if let Some(done) = self.pending.pop_front() {
            self.resume(done.then, outcome, out);
        }
    }

    fn on_subscribe(&mut self, topics: &BTreeSet<String>, out: &mut Out) {
        self.subscription = std::sync::Arc::new(topics.clone());
        self.subscribed = true;
        self.subscription_updated = true;
        // Applications poll right after subscribing; the poll joins (onConsumerPoll).
        self.on_poll(out);
    }

    /// The application polls: a subscribed, unjoined member joins; a stale one rejoins once its
    /// onPartitionsLost is done.
    fn on_poll(&mut self, out: &mut Out) {
        let updated = std::mem::take(&mut self.subscription_updated);
        match self.state {
            StateName::Unsubscribed if updated && self.subscribed => {
                self.transition_to_joining(out)
            }
            StateName::Stale if self.subscribed => {
                self.rejoin_on_lost = true;
                if !self
                    .pending
                    .iter()
                    .any(|p| p.then == Then::RejoinAfterStale)
                {
                    self.poll_expired = false;
                    self.transition_to_joining(out);
                }
            }
            _ => {}
        }
    }

    /// In the group (JOINING to STABLE) or leaving it (PREPARE_LEAVING).
    pub(crate) fn in_group_or_leaving(&self) -> bool {
        matches!(
            self.state,
            StateName::Joining
                | StateName::Reconciling
                | StateName::Acknowledging
                | StateName::Stable
                | StateName::PrepareLeaving
        )
    }

    /// Epoch 0, JOINING; a reconciliation still running is interrupted (it blocks the next one until
    /// its commit or callback finishes, then is discarded).
    pub(crate) fn transition_to_joining(&mut self, out: &mut Out) {
        self.member_epoch = 0;
        self.interrupt_reconciliation();
        self.target = LocalAssignment::none();
        self.reset_backoff();
        self.enter(StateName::Joining, out);
    }

    fn on_success(&mut self, response: &HeartbeatResponse, out: &mut Out) {
        let answered = self.heartbeats.in_flight.pop_front();
        self.reset_backoff();
        // 3.7 restarts the interval at every successful answer (`resetTimer` in `onResponse`);
        // from 3.8 only a changed interval restarts it, and each send starts it.
        let counts_from_answer = self.config.kafka_version() < ClientVersion::V3_8;
        if response.heartbeat_interval_ms != self.heartbeat_interval_ms || counts_from_answer {
            self.heartbeat_interval_ms = response.heartbeat_interval_ms;
            self.heartbeats.next_due = self.now.plus(u64::from(response.heartbeat_interval_ms));
        }
        match self.state {
            StateName::Leaving => {}
            StateName::Unsubscribed if answered == Some(Purpose::Leave) => {
                self.leave_pending = false
            }
            StateName::Unsubscribed | StateName::Fenced | StateName::Fatal | StateName::Stale => {}
            _ => {
                // K4x ignores the response's member id (the client made its own); K24 copied it.
                self.member_epoch = response.member_epoch;
                let can_take = matches!(
                    self.state,
                    StateName::Stable
                        | StateName::Joining
                        | StateName::Acknowledging
                        | StateName::Reconciling
                );
                if let (Some(target), true) = (&response.assignment, can_take) {
                    self.assignment_received(target, out);
                }
            }
        }
    }

    fn on_error(&mut self, code: Option<&ErrorCode>, out: &mut Out) {
        let answered = self.heartbeats.in_flight.pop_front();
        self.heartbeats.full_sent = false;
        self.heartbeats.topics_sent = None;
        self.heartbeats.local_sent = None;
        self.failed_attempt();
        if self.state == StateName::Unsubscribed && answered == Some(Purpose::Leave) {
            self.leave_pending = false;
        }
        let Some(code) = code else { return };
        let release = self.config.kafka_version();
        if code.reported_from().is_some_and(|from| release >= from) {
            // KAFKA-18813 (4.0): reported to the application's poll(); the member stays where it
            // is and retries after the backoff, in case the ACLs are added. Fatal before.
            out.push(self, Effect::ReportError { code: code.clone() });
            return;
        }
        if *code == ErrorCode::GroupIdNotFound
            && answered == Some(Purpose::Leave)
            && self.state == StateName::Unsubscribed
            && release >= ClientVersion::V4_3
        {
            // apache/kafka#21239 (4.3): the member has left already; nothing is failed.
            return;
        }
        // 3.7.0's `HeartbeatRequestManager.onErrorResponse` neither failed nor reset the request
        // state for these four, so `poll()` never sent another heartbeat (KAFKA-16215,
        // KAFKA-16178; fixed in 3.8.0 by apache/kafka#15311). The fence itself still ran.
        if release < ClientVersion::V3_8
            && matches!(
                code,
                ErrorCode::NotCoordinator
                    | ErrorCode::CoordinatorNotAvailable
                    | ErrorCode::FencedMemberEpoch
                    | ErrorCode::UnknownMemberId
            )
        {
            self.heartbeats.wedged = true;
        }
        match code.class() {
            ErrorClass::Retriable if *code == ErrorCode::CoordinatorLoadInProgress => {}
            // The coordinator is rediscovered and the next heartbeat goes at once.
            ErrorClass::Retriable => self.reset_backoff(),
            ErrorClass::Fencing => {
                self.reset_backoff();
                self.transition_to_fenced(out);
            }
            ErrorClass::Fatal => {
                out.push(self, Effect::ReportError { code: code.clone() });
                self.transition_to_fatal(code.clone(), out);
            }
        }
    }

    /// The background thread's loop: reconciliation, then the heartbeat manager, until quiet.
    fn background(&mut self, out: &mut Out) {
        for _ in 0..8 {
            let before = out.effects().len();
            if self.state == StateName::Reconciling {
                self.maybe_reconcile(out);
            }
            self.heartbeat_poll(out);
            if out.effects().len() == before {
                break;
            }
        }
    }
}

impl crate::machine::facts::HandleInto for KafkaMember {
    fn handle_into(&mut self, now: Millis, input: &Input, out: &mut Out) -> Result<(), Rejected> {
        self.check(now, input)?;
        self.now = now;
        match input {
            Input::Subscribe { topics } => self.on_subscribe(topics, out),
            Input::HeartbeatResponse(r) => self.on_success(r, out),
            Input::HeartbeatError { code } => self.on_error(Some(code), out),
            Input::HeartbeatFailed => self.on_error(None, out),
            Input::Tick => {}
            Input::Completed { outcome } => self.on_completed(*outcome, out),
            Input::Close => self.on_close(out),
            Input::Poll => self.on_poll(out),
            Input::PollTimerExpired => self.on_poll_timer_expired(out),
            Input::Metadata { topics } => self.known_topics = Some(topics.clone()),
            Input::Unsubscribe => self.on_unsubscribe(out),
        }
        self.background(out);
        self.heartbeats.forget_passed(now);
        Ok(())
    }
}
