//! What the user (or a scenario) does to a simulated group, and why an input can be refused.

use super::assignor::Assignor;
use super::config::MAX_MEMBERS;
use crate::machine::model::Model;
use crate::protocol::assignment::PartitionSet;
use crate::protocol::error_code::ErrorCode;
use crate::protocol::input::Outcome;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// What the user (or a scenario) does to the group.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "input", rename_all = "snake_case", deny_unknown_fields)]
pub enum GroupInput {
    /// A new member (or a new process under a name whose member left or was killed) subscribes.
    AddMember {
        name: String,
        topics: BTreeSet<String>,
        #[serde(default)]
        instance_id: Option<String>,
        /// The member model this process runs; absent: the group's (`config.model`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        model: Option<Model>,
    },
    /// The member's application closes the consumer.
    CloseMember {
        name: String,
    },
    /// The member's process dies: no more heartbeats; the coordinator notices at the session timeout.
    KillMember {
        name: String,
    },
    /// Hold (or release) the member's messages in both directions.
    Hold {
        name: String,
        held: bool,
    },
    /// Lose the member's messages in flight: its heartbeat fails.
    Drop {
        name: String,
    },
    /// The member's callbacks wait for `complete` instead of finishing at once.
    DelayCallbacks {
        name: String,
        delayed: bool,
    },
    /// The member's oldest commit or callback finishes.
    Complete {
        name: String,
        outcome: Outcome,
    },
    /// The member's next response is this error instead.
    InjectError {
        name: String,
        code: ErrorCode,
    },
    /// A topic now has `count` partitions (more than before, or a new topic).
    SetPartitions {
        topic: String,
        count: u32,
    },
    SetAssignor {
        assignor: Assignor,
    },
    /// The teaching switch: does the coordinator wait for revocation before handing a partition
    /// to its new owner?
    SetWaitForRevocation {
        on: bool,
    },
    /// The user acts as the assignor: these targets, at a new epoch.
    SetTarget {
        targets: BTreeMap<String, PartitionSet>,
    },
    /// A heartbeat from a client outside the simulation, straight to the coordinator (to probe
    /// its validation and epoch checks); its answer is kept as `last_reply`.
    Request {
        member_id: String,
        member_epoch: i32,
        #[serde(default)]
        group_id: Option<String>,
        #[serde(default)]
        instance_id: Option<String>,
        /// Given: a full request subscribing to these topics.
        #[serde(default)]
        topics: Option<BTreeSet<String>>,
        #[serde(default)]
        owned: Option<PartitionSet>,
    },
    /// Time passes.
    Tick,
}

impl GroupInput {
    /// The member the input is about, if it names one.
    pub fn member(&self) -> Option<&str> {
        match self {
            GroupInput::AddMember { name, .. }
            | GroupInput::CloseMember { name }
            | GroupInput::KillMember { name }
            | GroupInput::Hold { name, .. }
            | GroupInput::Drop { name }
            | GroupInput::DelayCallbacks { name, .. }
            | GroupInput::Complete { name, .. }
            | GroupInput::InjectError { name, .. } => Some(name),
            _ => None,
        }
    }
}

/// Why a group input is refused.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum GroupRejected {
    NoSuchMember(String),
    AlreadyRunning(String),
    TooManyMembers,
    Member(crate::protocol::rejected::Rejected),
    TimeWentBackwards,
    BadInput(String),
}

impl std::fmt::Display for GroupRejected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GroupRejected::NoSuchMember(n) => write!(f, "no live member is called {n}"),
            GroupRejected::AlreadyRunning(n) => write!(f, "{n} is already running"),
            GroupRejected::TooManyMembers => {
                write!(f, "a group here has at most {MAX_MEMBERS} members")
            }
            GroupRejected::Member(r) => write!(f, "{r}"),
            GroupRejected::TimeWentBackwards => f.write_str("time went backwards"),
            GroupRejected::BadInput(m) => f.write_str(m),
        }
    }
}
