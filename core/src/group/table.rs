//! The coordinator's record of each member as the group view's table shows it, and which of its
//! values the step changed: the table is where a reader sees the coordinator decide (an epoch
//! bumped, a revocation pending, a target moved), and a value that changes without a mark is missed.

use super::records::ServerState;
use super::sim::GroupSim;
use crate::protocol::assignment::PartitionSet;
use serde::Serialize;

/// A value of the coordinator's panel that a step can change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Field {
    GroupEpoch,
    AssignmentEpoch,
    /// A member the coordinator did not hold at the step before.
    NewMember,
    Epoch,
    PreviousEpoch,
    State,
    Assigned,
    PendingRevocation,
    Target,
}

impl Field {
    /// The `data-changed` the screen marks a value with.
    pub fn as_str(self) -> &'static str {
        match self {
            Field::GroupEpoch => "group_epoch",
            Field::AssignmentEpoch => "assignment_epoch",
            Field::NewMember => "new_member",
            Field::Epoch => "epoch",
            Field::PreviousEpoch => "previous_epoch",
            Field::State => "state",
            Field::Assigned => "assigned",
            Field::PendingRevocation => "pending_revocation",
            Field::Target => "target",
        }
    }
}

/// One member as the coordinator records it, named as the simulation named it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Record {
    pub name: String,
    pub member_id: String,
    pub epoch: i32,
    pub previous_epoch: i32,
    pub state: ServerState,
    pub assigned: PartitionSet,
    pub pending_revocation: PartitionSet,
    pub target: PartitionSet,
    /// What the step changed in this row.
    pub changed: Vec<Field>,
}

/// The coordinator's records in `sim`, unmarked.
pub fn records(sim: &GroupSim) -> Vec<Record> {
    let c = sim.coordinator();
    c.members()
        .values()
        .map(|server| Record {
            // The newest process with this member id: a restarted member keeps its name.
            name: sim
                .members()
                .iter()
                .rev()
                .find(|m| m.facts.member_id == server.id)
                .map(|m| m.name.clone())
                .or_else(|| server.instance_id.clone())
                .unwrap_or_else(|| server.id.clone()),
            member_id: server.id.clone(),
            epoch: server.epoch,
            previous_epoch: server.previous_epoch,
            state: server.state,
            assigned: server.assigned.clone(),
            pending_revocation: server.pending_revocation.clone(),
            target: c.target().get(&server.id).cloned().unwrap_or_default(),
            changed: Vec::new(),
        })
        .collect()
}

/// The records in `after`, each marked with what differs from `before` (nothing at the start),
/// and the coordinator's epochs that changed.
pub fn changes(before: Option<&GroupSim>, after: &GroupSim) -> (Vec<Record>, Vec<Field>) {
    let mut now = records(after);
    let Some(before) = before else {
        return (now, Vec::new());
    };
    let was = records(before);
    for row in &mut now {
        row.changed = match was.iter().find(|w| w.member_id == row.member_id) {
            None => vec![Field::NewMember],
            Some(w) => [
                (w.epoch != row.epoch, Field::Epoch),
                (w.previous_epoch != row.previous_epoch, Field::PreviousEpoch),
                (w.state != row.state, Field::State),
                (w.assigned != row.assigned, Field::Assigned),
                (
                    w.pending_revocation != row.pending_revocation,
                    Field::PendingRevocation,
                ),
                (w.target != row.target, Field::Target),
            ]
            .into_iter()
            .filter_map(|(differs, field)| differs.then_some(field))
            .collect(),
        };
    }
    let (b, a) = (before.coordinator(), after.coordinator());
    let epochs = [
        (b.group_epoch() != a.group_epoch(), Field::GroupEpoch),
        (
            b.assignment_epoch() != a.assignment_epoch(),
            Field::AssignmentEpoch,
        ),
    ]
    .into_iter()
    .filter_map(|(differs, field)| differs.then_some(field))
    .collect();
    (now, epochs)
}
