//! The lines `kip848-replay` prints for a group trace: after each step, the coordinator's epochs,
//! each member as the client and the coordinator see it, the partitions ever owned twice, the
//! answer to a `request` probe, and the messages the step dropped.

use super::schedule::{DropReason, MessageKind};
use super::trace::GroupStep;
use super::{GroupInput, GroupSim};
use serde::Serialize;
use serde_json::Value;

/// One line of a group replay.
#[derive(Debug, Serialize)]
pub struct GroupLine {
    pub step: usize,
    pub at: u64,
    pub input: String,
    pub accepted: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rejected: Option<String>,
    pub group_epoch: i32,
    pub assignment_epoch: i32,
    pub members: Vec<MemberLine>,
    /// Partitions owned by two members at once so far.
    pub double_owned: crate::PartitionSet,
    /// The coordinator's answer to a `request` input.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reply: Option<serde_json::Value>,
    /// Messages the step took off the network undelivered.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dropped: Vec<DroppedLine>,
}

/// A message a step dropped: whose, which way, and why.
#[derive(Debug, Serialize)]
pub struct DroppedLine {
    pub member: String,
    pub incarnation: u64,
    /// `request` or `response`.
    pub message: &'static str,
    pub reason: DropReason,
}

/// A member in a group replay line: the client's view and the coordinator's.
#[derive(Debug, Serialize)]
pub struct MemberLine {
    pub name: String,
    pub alive: bool,
    pub state: crate::StateName,
    pub member_id: String,
    pub member_epoch: i32,
    pub assigned: crate::PartitionSet,
    pub server_state: Option<&'static str>,
    pub server_epoch: Option<i32>,
    pub target: Option<crate::PartitionSet>,
}

impl GroupLine {
    pub fn new(
        index: usize,
        step: &GroupStep,
        rejected: Option<String>,
        sim: &GroupSim,
    ) -> GroupLine {
        let input = serde_json::to_value(&step.input)
            .ok()
            .and_then(|v| v.get("input").and_then(Value::as_str).map(str::to_owned))
            .unwrap_or_default();
        let coordinator = sim.coordinator();
        let members = sim
            .members()
            .iter()
            .map(|m| {
                let id = m.facts.member_id.as_str();
                let server = coordinator.members().get(id);
                MemberLine {
                    name: m.name.clone(),
                    alive: m.alive,
                    state: m.facts.state,
                    member_id: id.to_owned(),
                    member_epoch: m.facts.member_epoch,
                    assigned: m.facts.assigned.clone(),
                    server_state: server.map(|s| s.state.as_str()),
                    server_epoch: server.map(|s| s.epoch),
                    target: coordinator.target().get(id).cloned(),
                }
            })
            .collect();
        GroupLine {
            step: index,
            at: step.at.0,
            input,
            accepted: rejected.is_none(),
            rejected,
            group_epoch: coordinator.group_epoch(),
            assignment_epoch: coordinator.assignment_epoch(),
            members,
            double_owned: sim.double_owned().clone(),
            reply: matches!(step.input, GroupInput::Request { .. })
                .then(|| {
                    sim.last_reply().map(|r| match r {
                        Ok(reply) => serde_json::to_value(reply).unwrap_or(Value::Null),
                        Err(code) => serde_json::json!({ "error": code }),
                    })
                })
                .flatten(),
            dropped: sim
                .dropped()
                .iter()
                .map(|d| DroppedLine {
                    member: d.message.member.clone(),
                    incarnation: d.message.incarnation,
                    message: match d.message.kind {
                        MessageKind::Request { .. } => "request",
                        MessageKind::Response { .. } => "response",
                    },
                    reason: d.reason,
                })
                .collect(),
        }
    }
}
