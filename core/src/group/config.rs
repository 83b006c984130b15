//! A simulated group's settings, and the limits that keep it drawable and finite.

use super::input::GroupRejected;
use super::records::CoordinatorConfig;
use crate::machine::model::Model;
use crate::protocol::choice::{EpochTaken, Fenced, Release};
use crate::session::limits::MAX_NAME_CHARS;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Group settings: the coordinator's, the members', and the network's.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GroupConfig {
    pub coordinator: CoordinatorConfig,
    /// How long a message takes each way.
    pub latency_ms: u64,
    pub retry_backoff_ms: u64,
    pub retry_backoff_max_ms: u64,
    /// The members' `max.poll.interval.ms` (the seed's rebalance timeout): how long the
    /// coordinator waits for a revocation before it fences the member.
    #[serde(skip_serializing_if = "is_five_minutes")]
    pub rebalance_timeout_ms: u32,
    pub heartbeat_between_revoke_and_assign: bool,
    /// The seed design's choice of when a revoked partition leaves the assigned set.
    #[serde(skip_serializing_if = "Release::is_default")]
    pub release: Release,
    /// The seed design's choice of what a member fenced during its callback does with it.
    #[serde(skip_serializing_if = "Fenced::is_default")]
    pub fenced: Fenced,
    /// The seed design's choice of when a member takes the epoch an answer carries.
    #[serde(skip_serializing_if = "EpochTaken::is_default")]
    pub epoch: EpochTaken,
    /// The model members run unless their `add_member` names another.
    #[serde(skip_serializing_if = "is_seed")]
    pub model: Model,
}

fn is_five_minutes(ms: &u32) -> bool {
    *ms == FIVE_MINUTES
}

const FIVE_MINUTES: u32 = 300_000;

fn is_seed(model: &Model) -> bool {
    *model == Model::Seed
}

impl Default for GroupConfig {
    fn default() -> Self {
        GroupConfig {
            coordinator: CoordinatorConfig::default(),
            latency_ms: 20,
            retry_backoff_ms: 100,
            retry_backoff_max_ms: 1000,
            rebalance_timeout_ms: FIVE_MINUTES,
            heartbeat_between_revoke_and_assign: false,
            release: Release::FirstStep,
            fenced: Fenced::Abandon,
            epoch: EpochTaken::OnAnswer,
            model: Model::Seed,
        }
    }
}

/// Members a simulated group may have at once.
pub const MAX_MEMBERS: usize = 8;
/// Topics a simulated group may have, and partitions per topic: a chart a person can read.
pub const MAX_TOPICS: usize = 8;
pub const MAX_TOPIC_PARTITIONS: u32 = 64;

/// Partitions can be added, never removed (as in Kafka), within the limits above.
pub(crate) fn check_partitions(
    topics: &BTreeMap<String, u32>,
    topic: &str,
    count: u32,
) -> Result<(), GroupRejected> {
    let bad = |m: String| Err(GroupRejected::BadInput(m));
    match topics.get(topic) {
        _ if topic.is_empty() || topic.chars().count() > MAX_NAME_CHARS => {
            bad("a topic needs a name of up to 256 characters".to_owned())
        }
        _ if count > MAX_TOPIC_PARTITIONS || count == 0 => bad(format!(
            "a topic here has 1 to {MAX_TOPIC_PARTITIONS} partitions"
        )),
        Some(&old) if count <= old => bad(format!(
            "{topic} has {old} partitions; Kafka can add partitions, never remove them"
        )),
        None if topics.len() >= MAX_TOPICS => {
            bad(format!("a group here has at most {MAX_TOPICS} topics"))
        }
        _ => Ok(()),
    }
}

impl GroupConfig {
    /// Limits on a configuration read from a file or link.
    pub fn check(&self) -> Result<(), String> {
        let topics = &self.coordinator.topics;
        if topics.len() > MAX_TOPICS {
            return Err(format!("at most {MAX_TOPICS} topics"));
        }
        for (topic, &count) in topics {
            if topic.is_empty() || topic.chars().count() > MAX_NAME_CHARS {
                return Err("a topic needs a name of up to 256 characters".to_owned());
            }
            if count == 0 || count > MAX_TOPIC_PARTITIONS {
                return Err(format!(
                    "{topic}: a topic here has 1 to {MAX_TOPIC_PARTITIONS} partitions"
                ));
            }
        }
        let c = &self.coordinator;
        if c.group_id.is_empty() || c.group_id.chars().count() > MAX_NAME_CHARS {
            return Err("group_id needs 1 to 256 characters".to_owned());
        }
        // Zero or tiny intervals would make the schedule spin at one instant.
        if !(100..=600_000).contains(&c.heartbeat_interval_ms) {
            return Err("heartbeat_interval_ms is from 100 to 600000".to_owned());
        }
        if !(1_000..=3_600_000).contains(&c.session_timeout_ms) {
            return Err("session_timeout_ms is from 1000 to 3600000".to_owned());
        }
        // Kafka's GroupCoordinatorConfig refuses it too: a member heartbeating no more often
        // than its session lasts is expired between heartbeats, rejoins, and is expired again.
        if u64::from(c.heartbeat_interval_ms) >= c.session_timeout_ms {
            return Err(format!(
                "heartbeat_interval_ms ({}) must be less than session_timeout_ms ({}), as \
                 Kafka's group coordinator requires",
                c.heartbeat_interval_ms, c.session_timeout_ms
            ));
        }
        if !(1_000..=3_600_000).contains(&self.rebalance_timeout_ms) {
            return Err("rebalance_timeout_ms is from 1000 to 3600000".to_owned());
        }
        if self.latency_ms > 60_000 {
            return Err("latency_ms is at most 60000".to_owned());
        }
        if self.retry_backoff_ms == 0 || self.retry_backoff_max_ms > 600_000 {
            return Err(
                "retry_backoff_ms is at least 1 and retry_backoff_max_ms at most 600000".to_owned(),
            );
        }
        Ok(())
    }
}
