//! Lanes: a member's state and epoch, or the group's epoch, as stretches of time, coloured by the
//! family of states they belong to. What the group view of a log draws for each consumer and for
//! the coordinator's record of each member.

use crate::group::ServerState;
use crate::protocol::state::StateName;
use crate::protocol::time::Millis;
use serde::Serialize;

/// A stretch of a lane: a member's state and epoch, or the group's epoch.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LaneSpan {
    pub from: Millis,
    pub to: Millis,
    pub kind: LaneKind,
    /// `STABLE · 3`, `epoch 4`.
    pub label: String,
}

/// What a lane's span shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "lane", content = "value", rename_all = "snake_case")]
pub enum LaneKind {
    /// A consumer's state, as the shipped model has it.
    Member(StateName),
    /// A member's state as the coordinator records it.
    Server(ServerState),
    GroupEpoch,
}

/// The family of states a span belongs to, for its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Tone {
    /// Not in the group: unsubscribed, left, never joined.
    Out,
    Joining,
    /// In the group with nothing to do.
    Settled,
    /// Reconciling, acknowledging, or the coordinator waiting on the member or on others.
    Moving,
    Leaving,
    /// Fenced, stale, fatal.
    Failed,
    /// The group's own epoch.
    Group,
}

impl Tone {
    pub const ALL: [Tone; 7] = [
        Tone::Out,
        Tone::Joining,
        Tone::Settled,
        Tone::Moving,
        Tone::Leaving,
        Tone::Failed,
        Tone::Group,
    ];

    /// What it means, for the legend.
    pub fn meaning(self) -> &'static str {
        match self {
            Tone::Out => "not in the group (unsubscribed, left)",
            Tone::Joining => "joining",
            Tone::Settled => "in the group, nothing to do (STABLE)",
            Tone::Moving => {
                "reconciling, acknowledging; the coordinator waits on a revocation or a release"
            }
            Tone::Leaving => "leaving",
            Tone::Failed => "fenced, stale or failed",
            Tone::Group => "the group's epoch",
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Tone::Out => "out",
            Tone::Joining => "joining",
            Tone::Settled => "settled",
            Tone::Moving => "moving",
            Tone::Leaving => "leaving",
            Tone::Failed => "failed",
            Tone::Group => "group",
        }
    }
}

impl LaneKind {
    pub fn tone(self) -> Tone {
        use StateName as S;
        match self {
            LaneKind::GroupEpoch => Tone::Group,
            LaneKind::Server(ServerState::Stable) => Tone::Settled,
            LaneKind::Server(_) => Tone::Moving,
            LaneKind::Member(state) => match state {
                S::New | S::Unsubscribed | S::Terminated | S::Term => Tone::Out,
                S::Joining | S::Init => Tone::Joining,
                S::Joined | S::Stable | S::Steady => Tone::Settled,
                S::Assigning
                | S::Reconciling
                | S::Acknowledging
                | S::WaitAssignCall
                | S::WaitUnassignCall
                | S::WaitIncrUnassignToComplete => Tone::Moving,
                S::Terminating | S::PrepareLeaving | S::Leaving | S::WaitUnassignToComplete => {
                    Tone::Leaving
                }
                S::Fenced | S::Stale | S::Fatal => Tone::Failed,
            },
        }
    }
}

/// Spans from `(instant, what it shows)` points in time order (`None`: nothing, a gap), equal
/// neighbours merged, each lasting until the next point (the last until `end`).
pub(super) fn lane(
    points: impl Iterator<Item = (Millis, Option<(LaneKind, String)>)>,
    end: Millis,
) -> Vec<LaneSpan> {
    let mut spans: Vec<LaneSpan> = Vec::new();
    let mut open = false;
    for (at, word) in points {
        if open {
            if let Some(last) = spans.last_mut() {
                if word.as_ref() == Some(&(last.kind, last.label.clone())) {
                    continue;
                }
                last.to = at.max(last.from);
                // A later word at the same instant replaces the earlier one.
                if last.to == last.from {
                    spans.pop();
                }
            }
        }
        open = word.is_some();
        if let Some((kind, label)) = word {
            spans.push(LaneSpan {
                from: at,
                to: at,
                kind,
                label,
            });
        }
    }
    if let (true, Some(last)) = (open, spans.last_mut()) {
        last.to = end.max(last.from);
    }
    spans
}
