//! Read-only getters of the shipped client's member, its facts, and its [`Machine`] implementation.

use super::local::LocalAssignment;
use super::member::KafkaMember;
use crate::machine::facts::RetryOwed;
use crate::machine::facts::{Facts, LocalFacts};
use crate::machine::model::Model;
use crate::machine::work::Work;
use crate::machine::{Activity, Machine, NextCompletion};
use crate::protocol::assignment::PartitionSet;
use crate::protocol::config::Config;
use crate::protocol::effect::{Effect, Purpose};
use crate::protocol::error_code::ErrorCode;
use crate::protocol::input::Input;
use crate::protocol::rejected::Rejected;
use crate::protocol::state::StateName;
use crate::protocol::time::Millis;
use std::collections::BTreeSet;

impl KafkaMember {
    /// Partitions marked pending revocation (no longer fetched, not yet released).
    pub fn pending_revocation(&self) -> &PartitionSet {
        &self.pending_revocation
    }
    /// The last assignment fully reconciled, with its local epoch (what acknowledgements carry).
    pub fn current(&self) -> &LocalAssignment {
        &self.current
    }
    /// The last assignment received, with its local epoch.
    pub fn target_assignment(&self) -> &LocalAssignment {
        &self.target
    }
    /// Heartbeats sent and not answered (a leave can go out beside another).
    pub fn in_flight_count(&self) -> usize {
        self.heartbeats.in_flight.len()
    }
    /// Topics the target names that metadata cannot resolve yet.
    pub fn unresolved_topics(&self) -> Vec<&str> {
        self.target
            .partitions
            .topics()
            .map(|(t, _)| t)
            .filter(|t| {
                self.known_topics.as_ref().is_some_and(|k| !k.contains(*t))
                    && !self.name_cache.contains(*t)
            })
            .collect()
    }
    pub fn is_closed(&self) -> bool {
        self.closed
    }
    /// Whether a pending commit or callback belongs to work that was abandoned.
    fn abandoned(&self, then: super::local::Then) -> bool {
        use super::local::Then::*;
        match then {
            Revoke(run) | Assign(run) | Acknowledge(run) => self
                .reconciliation
                .as_ref()
                .is_none_or(|r| r.run != run || r.interrupted),
            _ => false,
        }
    }
}

impl KafkaMember {
    /// The local assignment the shipped client keeps beside the observables.
    pub fn local_facts(&self) -> LocalFacts {
        LocalFacts {
            pending_revocation: self.pending_revocation.clone(),
            reconciled: self.current.partitions.clone(),
            reconciled_epoch: self.current.epoch,
            received: self.target.partitions.clone(),
            received_epoch: self.target.epoch,
            unresolved: self
                .unresolved_topics()
                .into_iter()
                .map(str::to_owned)
                .collect(),
        }
    }
    pub fn config(&self) -> &Config {
        &self.config
    }
    pub fn state(&self) -> StateName {
        self.state
    }
    pub fn member_id(&self) -> &str {
        &self.member_id
    }
    pub fn member_epoch(&self) -> i32 {
        self.member_epoch
    }
    pub fn heartbeat_interval_ms(&self) -> u32 {
        self.heartbeat_interval_ms
    }
    pub fn subscription(&self) -> &BTreeSet<String> {
        &self.subscription
    }
    pub fn assigned(&self) -> &PartitionSet {
        &self.assigned
    }
    pub fn in_flight(&self) -> Option<Purpose> {
        self.heartbeats.in_flight.front().copied()
    }
    /// The shipped client remembers no heartbeat: ACKNOWLEDGING or LEAVING waits instead.
    pub fn remembered(&self) -> Option<Purpose> {
        None
    }
    /// A retry is owed only where the next heartbeat waits for the backoff: not in JOINING,
    /// ACKNOWLEDGING or LEAVING, which heartbeat at once (`AbstractHeartbeatRequestManager.poll`), nor with one in flight.
    pub fn retry_owed(&self) -> Option<RetryOwed> {
        let waits = matches!(
            self.state,
            StateName::Reconciling | StateName::Stable | StateName::PrepareLeaving
        );
        (waits
            && self.heartbeats.in_flight.is_empty()
            && self.heartbeats.failed_attempts > 0
            && self.heartbeats.backoff_until > self.now)
            .then_some(RetryOwed {
                due: self.heartbeats.backoff_until,
                leave: false,
            })
    }
    pub fn last_heartbeat_at(&self) -> Option<Millis> {
        self.heartbeats.last_sent_at
    }
    pub fn failure(&self) -> Option<&ErrorCode> {
        self.failure.as_ref()
    }
    /// The target being reconciled; one the member left behind is no longer its target, even
    /// while its commit or callback still runs.
    pub fn target(&self) -> Option<&PartitionSet> {
        self.reconciliation
            .as_ref()
            .filter(|r| !r.interrupted)
            .map(|r| &r.resolved.partitions)
    }
    pub fn newest_target(&self) -> Option<&PartitionSet> {
        matches!(
            self.state,
            StateName::Reconciling | StateName::Acknowledging
        )
        .then_some(&self.target.partitions)
    }
    pub fn awaiting(&self) -> Option<&Effect> {
        self.pending
            .iter()
            .find(|p| !self.abandoned(p.then))
            .map(|p| &p.effect)
    }
    pub fn next_completion(&self) -> Option<NextCompletion> {
        // `completed` finishes the oldest pending work, abandoned or not.
        let next = self.pending.front()?;
        if self.abandoned(next.then) {
            return Some(NextCompletion::Abandoned);
        }
        use super::local::Then;
        let revoking = match next.then {
            // The auto-commit before a reconciliation: revoking only if that one revokes.
            Then::Revoke(run) => self
                .reconciliation
                .as_ref()
                .is_some_and(|r| r.run == run && !r.revoked.is_empty()),
            // Close commits only when something is held, and revokes it next.
            Then::CloseCallback => true,
            _ => matches!(next.effect, Effect::InvokeOnPartitionsRevoked { .. }),
        };
        let during = match next.then {
            Then::Revoke(_) | Then::Assign(_) | Then::Acknowledge(_) => Activity::Reconciliation,
            Then::RejoinAfterFence => Activity::Fence,
            Then::RejoinAfterStale => Activity::Stale,
            Then::ClearAfterFatal => Activity::Fatal,
            Then::LeaveAfterRelease => Activity::Unsubscribe,
            Then::CloseCallback | Then::LeaveOnClose => Activity::Close,
        };
        Some(NextCompletion::Awaited {
            effect: next.effect.clone(),
            during,
            revoking,
        })
    }
    pub fn owed_to_abandoned(&self) -> u32 {
        self.pending
            .iter()
            .filter(|p| self.abandoned(p.then))
            .count() as u32
    }
    pub fn now(&self) -> Millis {
        self.now
    }
}

impl Machine for KafkaMember {
    fn handle(&mut self, now: Millis, input: &Input) -> Result<Vec<Effect>, Rejected> {
        KafkaMember::handle(self, now, input)
    }
    fn handle_observed(
        &mut self,
        now: Millis,
        input: &Input,
    ) -> Result<(Vec<Effect>, Vec<Facts>), Rejected> {
        KafkaMember::handle_observed(self, now, input)
    }
    fn facts(&self) -> Facts {
        Facts {
            state: self.state(),
            member_id: self.member_id().to_owned(),
            member_epoch: self.member_epoch(),
            heartbeat_interval_ms: self.heartbeat_interval_ms(),
            subscription: self.subscription.clone(),
            assigned: self.assigned().clone(),
            in_flight: self.in_flight(),
            remembered: self.remembered(),
            retry_owed: self.retry_owed(),
            last_heartbeat_at: self.last_heartbeat_at(),
            awaiting: self.awaiting().cloned(),
            target: self.target().cloned(),
            newest_target: self.newest_target().cloned(),
            failure: self.failure().cloned(),
            owed_to_abandoned: self.owed_to_abandoned(),
            next_deadline: self.poll_timeout(),
            now: self.now(),
            local: Some(self.local_facts()),
            // Closed and out of the group with nothing left to run, or failed for good.
            finished: self.state() == StateName::Fatal
                || (self.closed
                    && self.state() == StateName::Unsubscribed
                    && self.pending.is_empty()),
        }
    }
    fn model(&self) -> Model {
        Model::Kafka
    }
    fn requests_in_flight(&self) -> Vec<Purpose> {
        self.heartbeats.in_flight.iter().copied().collect()
    }
    fn waits_on(&self, work: Work) -> bool {
        let (config, listener) = (&self.config, self.config.listener);
        match work {
            Work::Abandoned => true,
            Work::RevocationCommit | Work::AutoCommit => config.enable_auto_commit,
            Work::Revoked | Work::Assigned | Work::Unsubscribe => listener,
            Work::AssignedNothing => listener && config.behaviours.assigned_when_nothing_added,
            Work::Lost => listener && config.behaviours.lost_callback,
            Work::Assignment => false,
        }
    }
    fn shift_time(&mut self, by: u64) {
        KafkaMember::shift_time(self, by)
    }
    /// Its clock is read only against the heartbeat interval's timer and the backoff (each held
    /// at its now once passed, `Heartbeats::forget_passed`); the instant of its last heartbeat
    /// is shown, never compared.
    #[cfg(test)]
    fn forget_shown(&mut self) {
        self.heartbeats.last_sent_at = None;
    }
    fn lag_that_matters(&self) -> Option<u64> {
        let latest = self.heartbeats.next_due.max(self.heartbeats.backoff_until);
        Some(latest.0.saturating_sub(self.now.0))
    }
    fn config(&self) -> &Config {
        &self.config
    }
    fn next_completion(&self) -> Option<NextCompletion> {
        KafkaMember::next_completion(self)
    }
}
