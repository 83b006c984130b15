//! The lines `kip848-replay` prints (trace-format.md, "Replay command"): one JSON object per step
//! with the member's observables after it and the effects it caused.

use crate::machine::facts::Facts;
use crate::machine::Machine;
use crate::protocol::assignment::PartitionSet;
use crate::protocol::effect::Effect;
use crate::protocol::error_code::ErrorCode;
use crate::protocol::state::StateName;
use crate::session::timeline::{Step, StepResult, Timeline};
use serde::Serialize;

/// One line of replay output. Field order is the spec's.
#[derive(Debug, Serialize)]
pub struct ReplayLine<'a> {
    pub step: usize,
    pub at: u64,
    pub input: &'static str,
    pub accepted: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rejected: Option<String>,
    pub state: StateName,
    pub member_id: &'a str,
    pub member_epoch: i32,
    pub assigned: &'a PartitionSet,
    pub in_flight: bool,
    pub failure: Option<&'a ErrorCode>,
    pub effects: Vec<EffectLine<'a>>,
}

/// An effect as the replay prints it: a heartbeat shows only its id, epoch, fullness and owned set.
#[derive(Debug, Serialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub enum EffectLine<'a> {
    Transition {
        from: StateName,
        to: StateName,
    },
    SendHeartbeat {
        member_id: &'a str,
        member_epoch: i32,
        full: bool,
        owned: Option<&'a PartitionSet>,
    },
    RemoveFromAssigned {
        partitions: &'a PartitionSet,
    },
    CommitOffsets {
        partitions: &'a PartitionSet,
    },
    InvokeOnPartitionsRevoked {
        partitions: &'a PartitionSet,
    },
    AddToAssigned {
        partitions: &'a PartitionSet,
    },
    InvokeOnAssignment {
        partitions: &'a PartitionSet,
    },
    InvokeOnPartitionsAssigned {
        partitions: &'a PartitionSet,
    },
    InvokeOnPartitionsLost {
        partitions: &'a PartitionSet,
    },
    ClearAssigned {
        partitions: &'a PartitionSet,
    },
    ReportError {
        code: &'a ErrorCode,
    },
}

impl<'a> From<&'a Effect> for EffectLine<'a> {
    fn from(effect: &'a Effect) -> Self {
        match effect {
            Effect::Transition { from, to } => EffectLine::Transition {
                from: *from,
                to: *to,
            },
            Effect::SendHeartbeat(r) => EffectLine::SendHeartbeat {
                member_id: &r.member_id,
                member_epoch: r.member_epoch,
                full: r.is_full(),
                owned: r.owned.as_ref(),
            },
            Effect::RemoveFromAssigned { partitions } => {
                EffectLine::RemoveFromAssigned { partitions }
            }
            Effect::CommitOffsets { partitions } => EffectLine::CommitOffsets { partitions },
            Effect::InvokeOnPartitionsRevoked { partitions } => {
                EffectLine::InvokeOnPartitionsRevoked { partitions }
            }
            Effect::AddToAssigned { partitions } => EffectLine::AddToAssigned { partitions },
            Effect::InvokeOnAssignment { partitions } => {
                EffectLine::InvokeOnAssignment { partitions }
            }
            Effect::InvokeOnPartitionsAssigned { partitions } => {
                EffectLine::InvokeOnPartitionsAssigned { partitions }
            }
            Effect::InvokeOnPartitionsLost { partitions } => {
                EffectLine::InvokeOnPartitionsLost { partitions }
            }
            Effect::ClearAssigned { partitions } => EffectLine::ClearAssigned { partitions },
            Effect::ReportError { code } => EffectLine::ReportError { code },
        }
    }
}

impl<'a> ReplayLine<'a> {
    pub fn new(index: usize, step: &Step, result: &'a StepResult, facts: &'a Facts) -> Self {
        let (effects, rejected) = match result {
            Ok(effects) => (effects.iter().map(EffectLine::from).collect(), None),
            Err(reason) => (Vec::new(), Some(reason.to_string())),
        };
        ReplayLine {
            step: index,
            at: step.at.0,
            input: step.input.kind().as_str(),
            accepted: result.is_ok(),
            rejected,
            state: facts.state,
            member_id: &facts.member_id,
            member_epoch: facts.member_epoch,
            assigned: &facts.assigned,
            in_flight: facts.in_flight.is_some(),
            failure: facts.failure.as_ref(),
            effects,
        }
    }
}

/// Replays a whole timeline, handing each line as JSON text to `emit`.
pub fn replay_json(timeline: &Timeline, mut emit: impl FnMut(String)) {
    timeline.fold(timeline.len(), |index, step, result, member| {
        let facts = member.facts();
        let line = ReplayLine::new(index, step, result, &facts);
        // Serialising plain data with string keys cannot fail.
        emit(serde_json::to_string(&line).unwrap_or_default());
    });
}

/// The whole replay output, one line per step, each ending in a newline.
pub fn replay_to_string(timeline: &Timeline) -> String {
    let mut out = String::new();
    replay_json(timeline, |line| {
        out.push_str(&line);
        out.push('\n');
    });
    out
}
