//! Rust expressions for the core's values, as a test of `kip848-core` writes them: every field
//! spelled out (so an exported test asserts whole effects), in the crate's public names.
//!
//! Over 300 lines: one Literal impl per core type, each a few lines, in one place so an exported test's names match.
//!
//! The matches are exhaustive on purpose: a new variant or field fails to compile here until the
//! exporter says how to write it.

use crate::protocol::assignment::PartitionSet;
use crate::protocol::config::Config;
use crate::protocol::effect::{Effect, FullFields, HeartbeatRequest};
use crate::protocol::error_code::ErrorCode;
use crate::protocol::input::{HeartbeatResponse, Input};
use crate::protocol::rejected::Rejected;
use crate::protocol::state::StateName;
use crate::protocol::time::Millis;
use std::collections::BTreeSet;

/// A Rust expression that builds this value.
pub(crate) trait Literal {
    fn literal(&self) -> String;
}

/// A string literal (Rust's escapes are `Debug`'s) made an owned `String`.
pub(crate) fn owned(text: &str) -> String {
    format!("{text:?}.to_owned()")
}

fn option(value: Option<&str>) -> String {
    value.map_or_else(|| "None".to_owned(), |v| format!("Some({})", owned(v)))
}

fn topics(set: &BTreeSet<String>) -> String {
    if set.is_empty() {
        return "BTreeSet::new()".to_owned();
    }
    let names: Vec<String> = set.iter().map(|t| owned(t)).collect();
    format!("BTreeSet::from([{}])", names.join(", "))
}

impl Literal for PartitionSet {
    fn literal(&self) -> String {
        if self.is_empty() {
            return "PartitionSet::new()".to_owned();
        }
        let topics: Vec<String> = self
            .topics()
            .map(|(topic, partitions)| {
                let numbers: Vec<String> = partitions.iter().map(u32::to_string).collect();
                format!("({topic:?}, &[{}][..])", numbers.join(", "))
            })
            .collect();
        format!("PartitionSet::of([{}])", topics.join(", "))
    }
}

impl Literal for StateName {
    fn literal(&self) -> String {
        format!("StateName::{self:?}")
    }
}

impl Literal for Millis {
    fn literal(&self) -> String {
        format!("Millis({})", self.0)
    }
}

impl Literal for ErrorCode {
    fn literal(&self) -> String {
        match self {
            ErrorCode::Other(name) => format!("ErrorCode::Other({})", owned(name)),
            known => format!("ErrorCode::{known:?}"),
        }
    }
}

impl Literal for FullFields {
    fn literal(&self) -> String {
        let FullFields {
            rebalance_timeout_ms,
            subscribed_topics,
            server_assignor,
        } = self;
        format!(
            "FullFields {{ rebalance_timeout_ms: {rebalance_timeout_ms}, subscribed_topics: {}, server_assignor: {} }}",
            topics(subscribed_topics),
            option(server_assignor.as_deref())
        )
    }
}

impl Literal for HeartbeatRequest {
    fn literal(&self) -> String {
        let HeartbeatRequest {
            purpose,
            group_id,
            member_id,
            member_epoch,
            instance_id,
            full,
            owned: owned_set,
        } = self;
        let full = full
            .as_ref()
            .map_or_else(|| "None".to_owned(), |f| format!("Some({})", f.literal()));
        let owned_set = owned_set
            .as_ref()
            .map_or_else(|| "None".to_owned(), |s| format!("Some({})", s.literal()));
        format!(
            "HeartbeatRequest {{ purpose: Purpose::{purpose:?}, group_id: {}, member_id: {}, member_epoch: {member_epoch}, instance_id: {}, full: {full}, owned: {owned_set} }}",
            owned(group_id),
            owned(member_id),
            option(instance_id.as_deref())
        )
    }
}

impl Literal for Effect {
    fn literal(&self) -> String {
        let with = |name: &str, partitions: &PartitionSet| {
            format!("Effect::{name} {{ partitions: {} }}", partitions.literal())
        };
        match self {
            Effect::Transition { from, to } => format!(
                "Effect::Transition {{ from: {}, to: {} }}",
                from.literal(),
                to.literal()
            ),
            Effect::SendHeartbeat(request) => {
                format!("Effect::SendHeartbeat({})", request.literal())
            }
            Effect::RemoveFromAssigned { partitions } => with("RemoveFromAssigned", partitions),
            Effect::CommitOffsets { partitions } => with("CommitOffsets", partitions),
            Effect::InvokeOnPartitionsRevoked { partitions } => {
                with("InvokeOnPartitionsRevoked", partitions)
            }
            Effect::AddToAssigned { partitions } => with("AddToAssigned", partitions),
            Effect::InvokeOnAssignment { partitions } => with("InvokeOnAssignment", partitions),
            Effect::InvokeOnPartitionsAssigned { partitions } => {
                with("InvokeOnPartitionsAssigned", partitions)
            }
            Effect::InvokeOnPartitionsLost { partitions } => {
                with("InvokeOnPartitionsLost", partitions)
            }
            Effect::ClearAssigned { partitions } => with("ClearAssigned", partitions),
            Effect::ReportError { code } => {
                format!("Effect::ReportError {{ code: {} }}", code.literal())
            }
        }
    }
}

impl Literal for Input {
    fn literal(&self) -> String {
        match self {
            Input::Subscribe { topics: t } => {
                format!("Input::Subscribe {{ topics: {} }}", topics(t))
            }
            Input::HeartbeatResponse(r) => {
                let HeartbeatResponse {
                    member_id,
                    member_epoch,
                    heartbeat_interval_ms,
                    assignment,
                } = r;
                let assignment = assignment
                    .as_ref()
                    .map_or_else(|| "None".to_owned(), |a| format!("Some({})", a.literal()));
                format!(
                    "Input::HeartbeatResponse(HeartbeatResponse {{ member_id: {}, member_epoch: {member_epoch}, heartbeat_interval_ms: {heartbeat_interval_ms}, assignment: {assignment} }})",
                    owned(member_id)
                )
            }
            Input::HeartbeatError { code } => {
                format!("Input::HeartbeatError {{ code: {} }}", code.literal())
            }
            Input::Completed { outcome } => {
                format!("Input::Completed {{ outcome: Outcome::{outcome:?} }}")
            }
            Input::Metadata { topics: t } => format!("Input::Metadata {{ topics: {} }}", topics(t)),
            Input::HeartbeatFailed => "Input::HeartbeatFailed".to_owned(),
            Input::Tick => "Input::Tick".to_owned(),
            Input::Close => "Input::Close".to_owned(),
            Input::Poll => "Input::Poll".to_owned(),
            Input::PollTimerExpired => "Input::PollTimerExpired".to_owned(),
            Input::Unsubscribe => "Input::Unsubscribe".to_owned(),
        }
    }
}

impl Literal for Rejected {
    fn literal(&self) -> String {
        match self {
            Rejected::AlreadySubscribed { state } => {
                format!(
                    "Rejected::AlreadySubscribed {{ state: {} }}",
                    state.literal()
                )
            }
            Rejected::EpochBelowOne { member_epoch } => {
                format!("Rejected::EpochBelowOne {{ member_epoch: {member_epoch} }}")
            }
            Rejected::TimeWentBackwards { now, last } => format!(
                "Rejected::TimeWentBackwards {{ now: {}, last: {} }}",
                now.literal(),
                last.literal()
            ),
            Rejected::NotInModel { input } => {
                format!("Rejected::NotInModel {{ input: InputKind::{input:?} }}")
            }
            Rejected::Terminated
            | Rejected::NoHeartbeatInFlight
            | Rejected::MissingMemberId
            | Rejected::NothingAwaitingCompletion
            | Rejected::Closed
            | Rejected::Fatal => format!("Rejected::{self:?}"),
        }
    }
}

impl Literal for Config {
    /// The fields that differ from the defaults, over `Config::default()`.
    fn literal(&self) -> String {
        let d = Config::default();
        let Config {
            group_id,
            instance_id,
            rebalance_timeout_ms,
            server_assignor,
            assignor_set,
            heartbeat_between_revoke_and_assign,
            release,
            retry_backoff_ms,
            retry_backoff_max_ms,
            auto_complete,
            enable_auto_commit,
            listener,
            member_id,
            kafka_version,
            fenced,
            epoch,
            // A review's switches, never part of a trace.
            behaviours: _,
        } = self;
        let mut fields = Vec::new();
        let mut set = |name: &str, differs: bool, value: String| {
            if differs {
                fields.push(format!("{name}: {value}"));
            }
        };
        set("group_id", *group_id != d.group_id, owned(group_id));
        let id = instance_id.as_deref();
        set("instance_id", *instance_id != d.instance_id, option(id));
        let timeout = *rebalance_timeout_ms;
        set(
            "rebalance_timeout_ms",
            timeout != d.rebalance_timeout_ms,
            timeout.to_string(),
        );
        let assignor = server_assignor.as_deref();
        set(
            "server_assignor",
            *server_assignor != d.server_assignor,
            option(assignor),
        );
        set(
            "assignor_set",
            *assignor_set != d.assignor_set,
            assignor_set.to_string(),
        );
        let between = *heartbeat_between_revoke_and_assign;
        set(
            "heartbeat_between_revoke_and_assign",
            between != d.heartbeat_between_revoke_and_assign,
            between.to_string(),
        );
        set(
            "release",
            *release != d.release,
            format!("kip848_core::protocol::choice::Release::{release:?}"),
        );
        set(
            "fenced",
            *fenced != d.fenced,
            format!("kip848_core::protocol::choice::Fenced::{fenced:?}"),
        );
        set(
            "epoch",
            *epoch != d.epoch,
            format!("kip848_core::protocol::choice::EpochTaken::{epoch:?}"),
        );
        set(
            "retry_backoff_ms",
            *retry_backoff_ms != d.retry_backoff_ms,
            retry_backoff_ms.to_string(),
        );
        let max = *retry_backoff_max_ms;
        set(
            "retry_backoff_max_ms",
            max != d.retry_backoff_max_ms,
            max.to_string(),
        );
        set(
            "auto_complete",
            *auto_complete != d.auto_complete,
            auto_complete.to_string(),
        );
        let commit = *enable_auto_commit;
        set(
            "enable_auto_commit",
            commit != d.enable_auto_commit,
            commit.to_string(),
        );
        set("listener", *listener != d.listener, listener.to_string());
        let id = member_id.as_deref();
        set("member_id", *member_id != d.member_id, option(id));
        set(
            "kafka_version",
            *kafka_version != d.kafka_version,
            kafka_version.map_or("None".to_owned(), |v| {
                format!("Some(kip848_core::import::ClientVersion::{v:?})")
            }),
        );
        if fields.is_empty() {
            return "Config::default()".to_owned();
        }
        format!("Config {{ {}, ..Config::default() }}", fields.join(", "))
    }
}
