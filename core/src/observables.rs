//! Read-only getters: everything the replay, the log and the panels show of a member.

use crate::assignment::PartitionSet;
use crate::config::Config;
use crate::effect::Purpose;
use crate::error_code::ErrorCode;
use crate::heartbeat::RetryOwed;
use crate::member::{Member, State};
use crate::state::StateName;
use crate::time::Millis;
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
