//! The member's observables at one moment ([`Facts`]), and the sink both models put their effects
//! in ([`Out`]). When asked to, the sink also keeps the member's facts just after each effect:
//! that is how the screen shows the middle of a step exactly as the model lived it, rather than
//! guessing it back from the effects.
//!
//! The rule the models keep for this to be true: the member is changed *before* the effect that
//! reports the change is pushed ("mutate, then push"), so the facts taken right after pushing an
//! effect include what it did and nothing of what comes next. Property tests check it
//! (`core/tests/frames.rs`): between two effects only what the second one changes changes.

use crate::assignment::PartitionSet;
use crate::effect::{Effect, Purpose};
use crate::error_code::ErrorCode;
use crate::heartbeat::RetryOwed;
use crate::machine::Machine;
use crate::state::StateName;
use crate::time::Millis;
use serde::Serialize;

/// What the shipped client keeps beside the seed's observables (`AbstractMembershipManager`'s fields).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LocalFacts {
    /// Partitions marked pending revocation (no longer fetched, not yet released).
    pub pending_revocation: PartitionSet,
    /// The last assignment fully reconciled, and its local epoch (-1: none).
    pub reconciled: PartitionSet,
    pub reconciled_epoch: i64,
    /// The last assignment received, and its local epoch (-1: none).
    pub received: PartitionSet,
    pub received_epoch: i64,
    /// Topics the target names that metadata cannot resolve yet.
    pub unresolved: Vec<String>,
}

/// The member's observables.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Facts {
    pub state: StateName,
    pub member_id: String,
    pub member_epoch: i32,
    pub heartbeat_interval_ms: u32,
    pub assigned: PartitionSet,
    pub in_flight: Option<Purpose>,
    pub remembered: Option<Purpose>,
    pub retry_owed: Option<RetryOwed>,
    pub awaiting: Option<Effect>,
    pub target: Option<PartitionSet>,
    pub newest_target: Option<PartitionSet>,
    pub failure: Option<ErrorCode>,
    pub next_deadline: Option<Millis>,
    pub now: Millis,
    /// The shipped client's local assignment; `None` for the seed.
    pub local: Option<LocalFacts>,
}

impl Facts {
    /// The member as it is.
    pub fn of(member: &impl Machine) -> Facts {
        Facts {
            state: member.state(),
            member_id: member.member_id().to_owned(),
            member_epoch: member.member_epoch(),
            heartbeat_interval_ms: member.heartbeat_interval_ms(),
            assigned: member.assigned().clone(),
            in_flight: member.in_flight(),
            remembered: member.remembered(),
            retry_owed: member.retry_owed(),
            awaiting: member.awaiting().cloned(),
            target: member.target().cloned(),
            newest_target: member.newest_target().cloned(),
            failure: member.failure().cloned(),
            next_deadline: member.poll_timeout(),
            now: member.now(),
            local: member.local_facts(),
        }
    }
}

/// Where a model puts the effects of one input, in order; when observing, also the member's
/// facts right after each effect was pushed.
#[derive(Debug, Default)]
pub(crate) struct Out {
    effects: Vec<Effect>,
    observed: Option<Vec<Facts>>,
}

impl Out {
    /// A sink that keeps the member's facts after each effect.
    pub(crate) fn observing() -> Self {
        Out {
            effects: Vec::new(),
            observed: Some(Vec::new()),
        }
    }

    /// Pushes `effect`; `member` has already been changed by it (mutate, then push).
    pub(crate) fn push(&mut self, member: &impl Machine, effect: Effect) {
        self.effects.push(effect);
        if let Some(observed) = &mut self.observed {
            observed.push(Facts::of(member));
        }
    }

    pub(crate) fn effects(&self) -> &[Effect] {
        &self.effects
    }

    pub(crate) fn into_effects(self) -> Vec<Effect> {
        self.effects
    }

    /// The effects, and the member's facts after each (empty unless observing).
    pub(crate) fn into_parts(self) -> (Vec<Effect>, Vec<Facts>) {
        (self.effects, self.observed.unwrap_or_default())
    }
}
