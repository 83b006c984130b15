//! What the check checks at every state: the hazards, that epochs only move forward (the TLA+
//! specification's monotonic member epochs, on the client and on the coordinator), and that the
//! group converges once the disturbances stop (its `EventuallyConverges`, `super::converge`).

use crate::group::hazard::{Hazard, Sighting};
use crate::group::GroupSim;
use serde::Serialize;

/// One property the check holds every state to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Property {
    Hazard(Hazard),
    /// A member's epoch never moves back to a lower positive epoch (it may go to 0 to rejoin, or
    /// below 0 to leave).
    MemberEpochForward,
    /// The coordinator's epoch for a member id never moves back to a lower epoch of 0 or more.
    CoordinatorEpochForward,
    /// From every state, the calm continuation converges.
    Converges,
}

impl Property {
    /// Every property, in the report's order.
    pub fn all() -> Vec<Property> {
        let mut all: Vec<Property> = Hazard::ALL.into_iter().map(Property::Hazard).collect();
        all.push(Property::MemberEpochForward);
        all.push(Property::CoordinatorEpochForward);
        all.push(Property::Converges);
        all
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Property::Hazard(h) => h.as_str(),
            Property::MemberEpochForward => "member_epoch_forward",
            Property::CoordinatorEpochForward => "coordinator_epoch_forward",
            Property::Converges => "converges",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Property::Hazard(h) => h.title(),
            Property::MemberEpochForward => "A member's epoch moves back",
            Property::CoordinatorEpochForward => "The coordinator's epoch for a member moves back",
            Property::Converges => "The group does not converge once the disturbances stop",
        }
    }

    /// The predicate, as a reviewer reads it.
    pub fn rule(self) -> &'static str {
        match self {
            Property::Hazard(h) => h.rule(),
            Property::MemberEpochForward | Property::CoordinatorEpochForward => {
                "Epochs only move forward."
            }
            Property::Converges => {
                "From any state reached, once nothing more is disturbed (each commit and callback returns as soon as it is owed, time runs on, nothing is lost, nobody joins or leaves), within ten session timeouts the coordinator holds exactly the live members, each at the assignment epoch with its target and nothing pending revocation, and each member holds what the coordinator has it hold, at that epoch."
            }
        }
    }
}

/// The hazards sighted in a state, as properties broken, with what shows each.
pub(super) fn sighted(sightings: Vec<Sighting>) -> Vec<(Property, String)> {
    sightings
        .into_iter()
        .map(|s| (Property::Hazard(s.hazard), s.words))
        .collect()
}

/// The epoch properties one transition breaks, from `before` to `after`, with what shows each.
/// A property of the transition, not of the state: the check tries it on every transition, also
/// those into a state reached before by another.
pub(super) fn stepped_back(before: &GroupSim, after: &GroupSim) -> Vec<(Property, String)> {
    let mut out = Vec::new();
    for m in after.members() {
        let Some(was) = before
            .members()
            .iter()
            .find(|b| b.name == m.name && b.incarnation == m.incarnation)
        else {
            continue;
        };
        let (old, new) = (was.facts.member_epoch, m.facts.member_epoch);
        if new > 0 && new < old {
            out.push((
                Property::MemberEpochForward,
                format!("{}'s member epoch went from {old} to {new}", m.name),
            ));
        }
    }
    for (id, record) in &after.coordinator.members {
        if let Some(was) = before.coordinator.members.get(id) {
            if record.epoch >= 0 && record.epoch < was.epoch {
                out.push((
                    Property::CoordinatorEpochForward,
                    format!(
                        "the coordinator moved {id} from epoch {} to {}",
                        was.epoch, record.epoch
                    ),
                ));
            }
        }
    }
    out
}
