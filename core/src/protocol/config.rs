//! The session configuration of seed model §1: fixed for the life of a member.

use super::choice::{EpochTaken, Fenced, Release};
use super::version::ClientVersion;
use serde::{Deserialize, Serialize};

/// Configuration of one member. Every field has the default of seed model §1, so a trace may omit any.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Group id sent in every heartbeat.
    pub group_id: String,
    /// Static membership id; when set, a leave uses epoch -2 instead of -1.
    pub instance_id: Option<String>,
    /// Sent in full heartbeats.
    pub rebalance_timeout_ms: u32,
    /// Assignor name sent in full heartbeats.
    pub server_assignor: Option<String>,
    /// A ConsumerPartitionAssignor is configured, so reconciliation invokes `onAssignment`.
    pub assignor_set: bool,
    /// The seed page's open question: send a heartbeat after the revocation steps, before the
    /// assignment steps.
    pub heartbeat_between_revoke_and_assign: bool,
    /// Seed model only, a design choice: when a revoked partition leaves the assigned set (and
    /// the owned set heartbeats report).
    #[serde(skip_serializing_if = "Release::is_default")]
    pub release: Release,
    /// Seed model only, a design choice: what a member fenced during its commit or callback does
    /// with that work.
    #[serde(skip_serializing_if = "Fenced::is_default")]
    pub fenced: Fenced,
    /// Seed model only, a design choice: when the epoch an answer carries is taken.
    #[serde(skip_serializing_if = "EpochTaken::is_default")]
    pub epoch: EpochTaken,
    /// Backoff base after a retriable answer: `min(base * 2^(n-1), max)` for the n-th one.
    pub retry_backoff_ms: u64,
    /// Backoff ceiling.
    pub retry_backoff_max_ms: u64,
    /// The application completes every commit and callback at once, successfully; when false each
    /// waits for a `completed` input.
    pub auto_complete: bool,
    /// Shipped model only: `enable.auto.commit`, so reconciliation and close commit first.
    pub enable_auto_commit: bool,
    /// Shipped model only: a ConsumerRebalanceListener is registered (its callbacks run).
    pub listener: bool,
    /// Java client and librdkafka: the member id the client generated for itself (Kafka 4.0 and
    /// later, KIP-1082; librdkafka's own), kept for the life of the consumer; an imported log's
    /// own id, so the member on screen is the member in the log. Absent: the model's placeholder id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub member_id: Option<String>,
    /// Java client only: the Kafka release it follows, where behaviour changed between releases
    /// (an imported log's own). Absent: the newest the model covers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kafka_version: Option<ClientVersion>,
    /// What a design review switched off in the Java client: only the review's compared runs
    /// set it.
    #[serde(skip)]
    pub behaviours: Behaviours,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            group_id: "demo-group".to_owned(),
            instance_id: None,
            rebalance_timeout_ms: 300_000,
            server_assignor: None,
            assignor_set: false,
            heartbeat_between_revoke_and_assign: false,
            release: Release::FirstStep,
            fenced: Fenced::Abandon,
            epoch: EpochTaken::OnAnswer,
            retry_backoff_ms: 100,
            retry_backoff_max_ms: 1000,
            auto_complete: true,
            enable_auto_commit: true,
            listener: true,
            member_id: None,
            kafka_version: None,
            behaviours: Behaviours::default(),
        }
    }
}

impl Config {
    /// The Kafka release the Java model follows.
    pub fn kafka_version(&self) -> ClientVersion {
        self.kafka_version.unwrap_or(ClientVersion::NEWEST)
    }

    /// The epoch a leave heartbeat carries: -2 for a static member (it may come back and keep its
    /// partitions), -1 otherwise.
    pub fn leave_epoch(&self) -> i32 {
        if self.instance_id.is_some() {
            LEAVE_STATIC_EPOCH
        } else {
            LEAVE_EPOCH
        }
    }

    /// Backoff before the retry owed after the n-th retriable answer since the last success (n ≥ 1).
    pub fn retry_backoff(&self, n: u32) -> u64 {
        let factor = 1u64.checked_shl(n.saturating_sub(1)).unwrap_or(u64::MAX);
        self.retry_backoff_ms
            .saturating_mul(factor)
            .min(self.retry_backoff_max_ms)
    }
}

/// Member epoch of a dynamic member's leave heartbeat.
pub const LEAVE_EPOCH: i32 = -1;
/// Member epoch of a static member's leave heartbeat.
pub const LEAVE_STATIC_EPOCH: i32 = -2;

/// Two behaviours of the shipped client that a design review can switch off, to see what else
/// differs from the seed (its *Align* switches, [`crate::compare::Switch`]). Both on outside a
/// review, and never part of a trace (so never serialized).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Behaviours {
    /// Partitions lost by a fence, a fatal error or a stale leave go through onPartitionsLost.
    /// Off: they are cleared without a callback, as the seed does.
    pub lost_callback: bool,
    /// onPartitionsAssigned runs even when nothing is added. Off: only when something is, as in
    /// the seed.
    pub assigned_when_nothing_added: bool,
}

impl Default for Behaviours {
    fn default() -> Self {
        Behaviours {
            lost_callback: true,
            assigned_when_nothing_added: true,
        }
    }
}
