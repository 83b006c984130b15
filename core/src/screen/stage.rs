//! Which part of the stage an effect changes: on a screen too small to hold the whole stage (a
//! phone, a short live step in the book), the page brings that part into view as the effect plays,
//! so the caption never talks about something out of sight.

use crate::protocol::effect::Effect;
use serde::Serialize;

/// A part of the member view an effect changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// The state diagram (a transition).
    Diagram,
    /// The member's facts (an error reported to the application).
    Facts,
    /// The assigned set (partitions added, removed, cleared).
    Assigned,
    /// The application lane (callbacks and commits).
    Lane,
    /// The heartbeat inspector (a request sent).
    Inspector,
}

impl Stage {
    /// The part `effect` changes.
    pub fn of(effect: &Effect) -> Stage {
        match effect {
            Effect::Transition { .. } => Stage::Diagram,
            Effect::ReportError { .. } => Stage::Facts,
            Effect::SendHeartbeat(_) => Stage::Inspector,
            Effect::RemoveFromAssigned { .. }
            | Effect::AddToAssigned { .. }
            | Effect::ClearAssigned { .. } => Stage::Assigned,
            Effect::CommitOffsets { .. }
            | Effect::InvokeOnPartitionsRevoked { .. }
            | Effect::InvokeOnAssignment { .. }
            | Effect::InvokeOnPartitionsAssigned { .. }
            | Effect::InvokeOnPartitionsLost { .. } => Stage::Lane,
        }
    }

    /// The name the page's elements carry (`data-stage`).
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Diagram => "diagram",
            Stage::Facts => "facts",
            Stage::Assigned => "assigned",
            Stage::Lane => "lane",
            Stage::Inspector => "inspector",
        }
    }
}
