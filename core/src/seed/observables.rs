//! Read-only getters: everything the replay, the log and the panels show of a member; its facts,
//! and its [`Machine`] implementation.

use crate::machine::facts::Facts;
use crate::machine::facts::RetryOwed;
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
use crate::seed::member::{Member, State};
use std::collections::BTreeSet;

impl Member {
    pub fn config(&self) -> &Config {
        &self.config
    }
    pub fn state(&self) -> StateName {
        self.state.name()
    }
    /// `""` while the member has none.
    pub fn member_id(&self) -> &str {
        &self.member_id
    }
    pub fn member_epoch(&self) -> i32 {
        self.member_epoch
    }
    /// 0 until the first successful response.
    pub fn heartbeat_interval_ms(&self) -> u32 {
        self.heartbeat_interval_ms
    }
    pub fn subscription(&self) -> &BTreeSet<String> {
        &self.subscription
    }
    pub fn assigned(&self) -> &PartitionSet {
        &self.assigned
    }
    /// Why the heartbeat in flight was sent, if one is.
    pub fn in_flight(&self) -> Option<Purpose> {
        self.sender.in_flight
    }
    /// A heartbeat waiting for the one in flight to be answered.
    pub fn remembered(&self) -> Option<Purpose> {
        self.sender.remembered
    }
    pub fn retry_owed(&self) -> Option<RetryOwed> {
        self.sender.retry
    }
    /// When the last heartbeat was emitted.
    pub fn last_heartbeat_at(&self) -> Option<Millis> {
        self.sender.last_sent_at
    }
    /// The error code that terminated the member.
    pub fn failure(&self) -> Option<&ErrorCode> {
        match &self.state {
            State::Terminated { failure } => failure.as_ref(),
            _ => None,
        }
    }
    /// The running reconciliation's target, in ASSIGNING.
    pub fn target(&self) -> Option<&PartitionSet> {
        match &self.state {
            State::Assigning(r) => Some(&r.target),
            _ => None,
        }
    }
    /// The newest target received, in ASSIGNING (the next reconciliation heads there).
    pub fn newest_target(&self) -> Option<&PartitionSet> {
        match &self.state {
            State::Assigning(r) => Some(&r.newest_target),
            _ => None,
        }
    }
    /// Completions owed to abandoned reconciliations, discarded when they arrive.
    pub fn owed_to_abandoned(&self) -> u32 {
        self.owed_to_abandoned
    }
    /// The time of the last accepted input.
    pub fn now(&self) -> Millis {
        self.now
    }
}

impl Machine for Member {
    fn handle(&mut self, now: Millis, input: &Input) -> Result<Vec<Effect>, Rejected> {
        Member::handle(self, now, input)
    }
    fn handle_observed(
        &mut self,
        now: Millis,
        input: &Input,
    ) -> Result<(Vec<Effect>, Vec<Facts>), Rejected> {
        Member::handle_observed(self, now, input)
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
            local: None,
            finished: self.state() == StateName::Terminated,
        }
    }
    fn model(&self) -> Model {
        Model::Seed
    }
    fn requests_in_flight(&self) -> Vec<Purpose> {
        self.sender.in_flight.into_iter().collect()
    }
    fn waits_on(&self, work: Work) -> bool {
        match work {
            Work::Abandoned | Work::RevocationCommit | Work::Revoked | Work::Assigned => true,
            Work::Assignment => self.config.assignor_set,
            _ => false,
        }
    }
    fn shift_time(&mut self, by: u64) {
        Member::shift_time(self, by)
    }
    fn config(&self) -> &Config {
        Member::config(self)
    }
    fn next_completion(&self) -> Option<NextCompletion> {
        if self.owed_to_abandoned > 0 {
            return Some(NextCompletion::Abandoned);
        }
        // The seed commits and runs onPartitionsRevoked only for partitions it revokes.
        let during = match self.state {
            State::Terminating(_) => Activity::Close,
            _ => Activity::Reconciliation,
        };
        self.awaiting().map(|effect| NextCompletion::Awaited {
            during,
            revoking: matches!(
                effect,
                Effect::CommitOffsets { .. } | Effect::InvokeOnPartitionsRevoked { .. }
            ),
            effect: effect.clone(),
        })
    }
}
