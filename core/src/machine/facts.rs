//! The member's observables at one moment ([`Facts`]), and the sink every model puts its effects
//! in ([`Out`]). When asked to, the sink also keeps the member's facts just after each effect:
//! that is how the screen shows the middle of a step exactly as the model lived it, rather than
//! guessing it back from the effects.
//!
//! The rule the models keep for this to be true: the member is changed *before* the effect that
//! reports the change is pushed ("mutate, then push"), so the facts taken right after pushing an
//! effect include what it did and nothing of what comes next. Property tests check it
//! (`core/tests/frames.rs`): between two effects only what the second one changes changes.

use crate::machine::Machine;
use crate::protocol::assignment::PartitionSet;
use crate::protocol::effect::{Effect, Purpose};
use crate::protocol::error_code::ErrorCode;
use crate::protocol::input::Input;
use crate::protocol::rejected::Rejected;
use crate::protocol::state::StateName;
use crate::protocol::time::Millis;
use serde::Serialize;
use std::collections::BTreeSet;

/// The retry owed after a retriable answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct RetryOwed {
    /// The first tick at or after this emits it.
    pub due: Millis,
    /// A leave was remembered behind the failed heartbeat: the retry goes out as the leave.
    pub leave: bool,
}

/// What the shipped client keeps beside the seed's observables (`AbstractMembershipManager`'s fields).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
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
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Facts {
    pub state: StateName,
    pub member_id: String,
    pub member_epoch: i32,
    pub heartbeat_interval_ms: u32,
    /// The topics subscribed to.
    #[serde(skip)]
    pub subscription: std::sync::Arc<BTreeSet<String>>,
    pub assigned: PartitionSet,
    pub in_flight: Option<Purpose>,
    pub remembered: Option<Purpose>,
    pub retry_owed: Option<RetryOwed>,
    /// When the last heartbeat was sent.
    #[serde(skip)]
    pub last_heartbeat_at: Option<Millis>,
    pub awaiting: Option<Effect>,
    pub target: Option<PartitionSet>,
    pub newest_target: Option<PartitionSet>,
    pub failure: Option<ErrorCode>,
    /// Completions owed to abandoned work, discarded when they arrive.
    #[serde(skip)]
    pub owed_to_abandoned: u32,
    pub next_deadline: Option<Millis>,
    pub now: Millis,
    /// The shipped client's local assignment; `None` for the seed.
    pub local: Option<LocalFacts>,
    /// The member will do nothing more: it left and closed, or failed for good. A group may then
    /// start another process under its name.
    #[serde(skip)]
    pub finished: bool,
}

impl Facts {
    /// The application is inside a commit or callback: one the member waits on, or one it
    /// abandoned (a fence came while it ran) whose completion is still owed.
    pub fn in_application(&self) -> bool {
        self.awaiting.is_some() || self.owed_to_abandoned > 0
    }
}

/// How a model handles one input: into an [`Out`]. [`handle`] and [`handle_observed`] are the
/// two ways to call it, written once for every model.
pub(crate) trait HandleInto {
    fn handle_into(&mut self, now: Millis, input: &Input, out: &mut Out) -> Result<(), Rejected>;
}

/// One input at `now`: its effects in order, or why it was rejected (nothing changed then).
pub(crate) fn handle(
    member: &mut impl HandleInto,
    now: Millis,
    input: &Input,
) -> Result<Vec<Effect>, Rejected> {
    let mut out = Out::default();
    member.handle_into(now, input, &mut out)?;
    Ok(out.into_effects())
}

/// [`handle`], also returning the member's facts just after each effect.
pub(crate) fn handle_observed(
    member: &mut impl HandleInto,
    now: Millis,
    input: &Input,
) -> Result<(Vec<Effect>, Vec<Facts>), Rejected> {
    let mut out = Out::observing();
    member.handle_into(now, input, &mut out)?;
    Ok(out.into_parts())
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
            observed.push(member.facts());
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
