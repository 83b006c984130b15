//! One model's side of a row: what the member did with the step, and how it stands after it.

use super::{Adjustment, Align};
use crate::machine::any::AnyMember;
use crate::machine::Machine;
use crate::protocol::assignment::PartitionSet;
use crate::protocol::effect::{Effect, Purpose};
use crate::protocol::rejected::Rejected;
use crate::protocol::state::StateName;
use crate::session::timeline::StepResult;
use serde::Serialize;
use std::ops::Range;

/// One model's side of a step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Side {
    /// Why the model refused the input, if it did.
    pub rejected: Option<Rejected>,
    pub state: StateName,
    /// `""` while the member has none.
    pub member_id: String,
    pub member_epoch: i32,
    pub assigned: PartitionSet,
    /// Commits and callbacks this step invoked, in order.
    pub callbacks: Vec<Effect>,
    /// The commit or callback the member waits on after the step.
    pub awaiting: Option<Effect>,
    /// Why each heartbeat in flight after the step was sent, oldest first (the shipped client can
    /// have a leave in flight beside another).
    pub in_flight: Vec<Purpose>,
    /// The shipped client has topics in its target that metadata cannot name yet.
    pub waiting_for_metadata: bool,
    /// Every effect of the step, the ones of completions the engine made included.
    pub effects: Vec<Effect>,
    /// The steps of this model's aligned trace ([`super::Aligned::trace`]) this row covers: none
    /// when its completion was skipped, more than one when own work completed by itself.
    pub steps: Range<usize>,
    /// What the engine skipped or completed on this model to keep it in step.
    pub adjustments: Vec<Adjustment>,
}

impl Side {
    /// `member` after `result`, which covers `steps` of its aligned trace.
    pub(crate) fn after(member: &AnyMember, result: &StepResult, steps: Range<usize>) -> Side {
        let member_facts = member.facts();
        let effects = result.as_ref().cloned().unwrap_or_default();
        Side {
            rejected: result.as_ref().err().cloned(),
            state: member_facts.state,
            member_id: member_facts.member_id.to_owned(),
            member_epoch: member_facts.member_epoch,
            assigned: member_facts.assigned,
            callbacks: effects
                .iter()
                .filter(|e| e.awaits_completion())
                .cloned()
                .collect(),
            awaiting: member_facts.awaiting,
            in_flight: member.requests_in_flight(),
            waiting_for_metadata: member
                .facts()
                .local
                .is_some_and(|facts| !facts.unresolved.is_empty()),
            effects,
            steps,
            adjustments: Vec::new(),
        }
    }

    /// The commits and callbacks the comparison looks at under `align`.
    pub(crate) fn compared_callbacks<'a>(
        &'a self,
        align: &'a Align,
    ) -> impl Iterator<Item = &'a Effect> + 'a {
        self.callbacks.iter().filter(|e| !align.masks(e))
    }

    /// Why each heartbeat this step emitted was sent.
    pub fn heartbeats(&self) -> impl Iterator<Item = Purpose> + '_ {
        self.effects.iter().filter_map(|e| match e {
            Effect::SendHeartbeat(request) => Some(request.purpose),
            _ => None,
        })
    }
}
