//! What a client log line says, once its template is recognised: the importer's vocabulary.
//! Each variant names the Kafka class and versions whose template it reads (the template table in `import/templates`).

use super::wire::{WireRequest, WireResponse};
use crate::protocol::assignment::PartitionSet;
use crate::protocol::error_code::ErrorCode;
use crate::protocol::state::StateName;
use serde::Serialize;
use std::collections::BTreeSet;

/// A `ConsumerRebalanceListener` callback, as `ConsumerRebalanceListenerInvoker` logs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Callback {
    /// `Adding newly assigned partitions: {list}`
    Assigned,
    /// `Revoke previously assigned partitions {list}`
    Revoked,
    /// `Lost previously assigned partitions {list}`
    Lost,
}

impl Callback {
    pub fn method(self) -> &'static str {
        match self {
            Callback::Assigned => "onPartitionsAssigned",
            Callback::Revoked => "onPartitionsRevoked",
            Callback::Lost => "onPartitionsLost",
        }
    }
}

/// Which template printed a reconciliation block: it tells the version.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BlockForm {
    /// 3.7 `MembershipManagerImpl`: `Updating assignment with`, partitions as
    /// `topicId:topic-partition`.
    Updating,
    /// Between 3.7 and 3.8 (trunk, local epochs arrived): `Updating assignment with local epoch N`.
    UpdatingLocalEpoch,
    /// 3.8.x: `Reconciling assignment with local epoch {member id}` and `Member: {local epoch}`
    /// (the two values swapped; fixed in 3.9).
    ReconcilingSwapped,
    /// 3.9 `MembershipManagerImpl`, 4.x `AbstractMembershipManager`.
    Reconciling,
}

/// The multi-line reconciliation block: what the client was about to reconcile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Block {
    pub form: BlockForm,
    pub local_epoch: Option<i64>,
    pub member_id: Option<String>,
    /// `None` when the line is missing or cut short.
    pub assigned: Option<PartitionSet>,
    pub owned: Option<PartitionSet>,
    pub added: Option<PartitionSet>,
    pub revoked: Option<PartitionSet>,
    /// `(topic id, topic name)` pairs printed beside each other (3.7).
    #[serde(skip)]
    pub ids: Vec<(String, String)>,
}

/// What one recognised client line says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// `Member {id} with epoch {e} transitioned from {A} to {B}.` (INFO from 3.9, TRACE before;
    /// `MembershipManagerImpl` / `AbstractMembershipManager`). The epoch is absent in early 3.7.
    Transition {
        member_id: String,
        epoch: Option<i32>,
        from: StateName,
        to: StateName,
    },
    Block(Block),
    /// `Revoking previously assigned partitions {list}`: a revocation starts (not a callback).
    Revoking {
        partitions: PartitionSet,
    },
    Callback {
        callback: Callback,
        partitions: PartitionSet,
    },
    /// `User provided listener {class} failed on invocation of {method} for partitions {list}`.
    CallbackFailed {
        callback: Callback,
    },
    /// `Member {id} is triggering callbacks to release assignment {list} and leave group`.
    Leaving {
        partitions: PartitionSet,
    },
    /// `Member {id} completed callback to release assignment…` (or its failure).
    Released,
    /// `Interrupting reconciliation that is not relevant anymore because {reason}`
    /// (`AbstractMembershipManager` 4.x, INFO): a commit or callback of an abandoned
    /// reconciliation returned.
    Abandoned,
    /// A heartbeat answered with an error (`{request} failed …`, `AbstractHeartbeatRequestManager`,
    /// 3.x `HeartbeatRequestManager`), with the epoch a fencing message prints.
    HeartbeatError {
        code: ErrorCode,
        epoch: Option<i32>,
    },
    /// `{request} failed because of the retriable exception…` (DEBUG): no answer.
    HeartbeatFailed,
    /// `Member {id} with epoch {e} transitioned to fatal state` (ERROR).
    Fatal,
    /// `Subscribed to topic(s): {list}` (`AsyncKafkaConsumer`).
    Subscribed {
        topics: BTreeSet<String>,
    },
    /// `Consumer poll timeout has expired…` (WARN): the member leaves as stale.
    PollExpired,
    /// `Time between subsequent calls to poll() was longer than … Member {id} will rejoin…` (WARN).
    PollResumed,
    /// `App info kafka.consumer for {client id} unregistered` (`AppInfoParser`): closed.
    Unregistered {
        client_id: String,
    },
    /// `Kafka version: {v}` (`AppInfoParser`, no client context).
    Version {
        version: String,
    },
    /// `ConsumerConfig values:` and its `key = value` lines (`AbstractConfig`, no client context).
    Config {
        values: Vec<(String, String)>,
    },
    /// DEBUG `NetworkClient`: `Sending CONSUMER_GROUP_HEARTBEAT request …`.
    Request(WireRequest),
    /// DEBUG `NetworkClient`: `Received CONSUMER_GROUP_HEARTBEAT response …`.
    Response(WireResponse),
    /// A membership statement of the template table with nothing for the trace (a DEBUG detail,
    /// a commit, the coordinator's discovery, a step of closing): recognised, and counted.
    Noted {
        template: &'static str,
    },
    /// A line of the classic protocol (`ConsumerCoordinator`): this consumer is not KIP-848.
    Classic,
    /// A line that starts like a membership line but is cut short or damaged: after it the log's
    /// view of the state and epoch is unknown until the next line that shows them.
    Damaged,
}

/// The one damaged line, shared (it carries nothing).
pub(crate) static DAMAGED: Event = Event::Damaged;

impl Event {
    /// Lines that show the KIP-848 membership itself (what the import needs at least one of).
    pub fn is_membership(&self) -> bool {
        matches!(
            self,
            Event::Transition { .. }
                | Event::Block(_)
                | Event::Revoking { .. }
                | Event::Leaving { .. }
                | Event::HeartbeatError { .. }
                | Event::Fatal
                | Event::PollExpired
                | Event::Request(_)
                | Event::Response(_)
        )
    }
}
