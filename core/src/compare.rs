//! The compare view's engine: the same inputs through the seed model and the shipped client,
//! aligned by input, with each difference in state, epoch, assigned set or callbacks named and
//! explained in one line drawn from the reference.

use crate::assignment::PartitionSet;
use crate::effect::Effect;
use crate::error_code::ErrorClass;
use crate::input::Input;
use crate::machine::{AnyMember, Machine};
use crate::model::Model;
use crate::state::StateName;
use crate::timeline::StepResult;
use crate::trace::Trace;
use serde::Serialize;

/// One model's side of a step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Side {
    pub rejected: Option<String>,
    pub state: StateName,
    pub member_epoch: i32,
    pub assigned: PartitionSet,
    /// Commits and callbacks this step invoked, in order.
    pub callbacks: Vec<Effect>,
    /// The commit or callback the member waits on after the step.
    pub awaiting: Option<Effect>,
    pub effects: Vec<Effect>,
}

/// What can differ between the two sides of a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Aspect {
    Acceptance,
    State,
    Epoch,
    Assigned,
    Callbacks,
}

/// One input and what each model did with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Row {
    pub index: usize,
    pub seed: Side,
    pub kafka: Side,
    pub differences: Vec<Aspect>,
    /// Why they differ, in one line (when they do).
    pub explanation: Option<String>,
}

/// Seed and shipped states that mean the same thing (reference §9.3).
pub fn equivalent(seed: StateName, kafka: StateName) -> bool {
    use StateName::*;
    matches!(
        (seed, kafka),
        (New, Unsubscribed)
            | (Joining, Joining)
            | (Joined, Stable | Acknowledging)
            | (Assigning, Reconciling | Acknowledging)
            | (Terminating, PrepareLeaving | Leaving)
            | (Terminated, Unsubscribed | Fatal)
    )
}

fn side(member: &AnyMember, result: &StepResult) -> Side {
    let effects = result.as_ref().cloned().unwrap_or_default();
    Side {
        rejected: result.as_ref().err().map(ToString::to_string),
        state: member.state(),
        member_epoch: member.member_epoch(),
        assigned: member.assigned().clone(),
        callbacks: effects
            .iter()
            .filter(|e| e.awaits_completion())
            .cloned()
            .collect(),
        awaiting: member.awaiting().cloned(),
        effects,
    }
}

/// Runs `trace`'s inputs (and configuration) through both models.
pub fn compare(trace: &Trace) -> Vec<Row> {
    let mut seed = AnyMember::new(Model::Seed, trace.config.clone());
    let mut kafka = AnyMember::new(Model::Kafka, trace.config.clone());
    trace
        .steps
        .iter()
        .enumerate()
        .map(|(index, step)| {
            let s = side_after(&mut seed, step);
            let k = side_after(&mut kafka, step);
            let differences = differences(&s, &k);
            let explanation =
                (!differences.is_empty()).then(|| explain(&step.input, &s, &k, &differences));
            Row {
                index,
                seed: s,
                kafka: k,
                differences,
                explanation,
            }
        })
        .collect()
}

fn side_after(member: &mut AnyMember, step: &crate::trace::Step) -> Side {
    let result = member.handle(step.at, &step.input);
    side(member, &result)
}

fn differences(s: &Side, k: &Side) -> Vec<Aspect> {
    let mut out = Vec::new();
    if s.rejected.is_some() != k.rejected.is_some() {
        out.push(Aspect::Acceptance);
    }
    if !equivalent(s.state, k.state) {
        out.push(Aspect::State);
    }
    if s.member_epoch != k.member_epoch {
        out.push(Aspect::Epoch);
    }
    if s.assigned != k.assigned {
        out.push(Aspect::Assigned);
    }
    if s.callbacks != k.callbacks {
        out.push(Aspect::Callbacks);
    }
    out
}

fn has(side: &Side, f: impl Fn(&Effect) -> bool) -> bool {
    side.effects.iter().any(f)
}

/// The first rule that fits, most specific first.
fn explain(input: &Input, s: &Side, k: &Side, differences: &[Aspect]) -> String {
    let fenced =
        matches!(input, Input::HeartbeatError { code } if code.class() == ErrorClass::Fencing);
    let lost = has(k, |e| matches!(e, Effect::InvokeOnPartitionsLost { .. }));
    if let (Some(reason), None) = (&s.rejected, &k.rejected) {
        return format!("The seed rejects it ({reason}); the shipped client takes it.");
    }
    if let (None, Some(reason)) = (&s.rejected, &k.rejected) {
        return format!("The shipped client rejects it ({reason}); the seed takes it.");
    }
    if lost && (fenced || has(s, |e| matches!(e, Effect::ClearAssigned { .. }))) {
        return "The shipped client runs onPartitionsLost when it is fenced or fails; the seed clears the assigned set without callbacks.".to_owned();
    }
    if lost {
        return "The shipped client hands lost partitions to onPartitionsLost (fenced, fatal or stale); the seed has no such callback.".to_owned();
    }
    if k.state == StateName::Stale || matches!(input, Input::PollTimerExpired) {
        return "The shipped client leaves as a stale member when the application stops polling; the seed has no poll timer.".to_owned();
    }
    if k.state == StateName::Fenced {
        return "The shipped client waits in FENCED for onPartitionsLost before it rejoins; the seed rejoins at once.".to_owned();
    }
    if has(
        k,
        |e| matches!(e, Effect::ReportError { code } if *code == crate::ErrorCode::CallbackFailed),
    ) && k.state == StateName::Reconciling
    {
        return "After a failed callback the shipped client stays RECONCILING without acknowledging, and retries; the seed reports it and goes on.".to_owned();
    }
    if let (StateName::Reconciling, Some(waiting), StateName::Joined) =
        (k.state, &k.awaiting, s.state)
    {
        return format!(
            "The shipped client still waits on {} (its extra auto-commit took a completion); the seed has finished reconciling.",
            waiting.name()
        );
    }
    if matches!(input, Input::Close) && differences.contains(&Aspect::Callbacks) {
        return "Closing, the shipped client (4.x) commits and runs onPartitionsRevoked in the application before it leaves; the seed revokes inside TERMINATING.".to_owned();
    }
    let seed_commits = has(s, |e| matches!(e, Effect::CommitOffsets { .. }));
    if has(k, |e| matches!(e, Effect::CommitOffsets { .. })) && !seed_commits {
        return "The shipped client auto-commits every consumed offset before a reconciliation, even when nothing is revoked; the seed commits only what it revokes.".to_owned();
    }
    if has(
        k,
        |e| matches!(e, Effect::InvokeOnPartitionsAssigned { partitions } if partitions.is_empty()),
    ) {
        return "The shipped client calls onPartitionsAssigned even when nothing is added; the seed skips it.".to_owned();
    }
    if has(s, |e| matches!(e, Effect::InvokeOnAssignment { .. })) {
        return "The seed calls onAssignment for a configured client-side assignor; the shipped client has none (client-side assignors never shipped).".to_owned();
    }
    if s.state == StateName::Terminating && k.state == StateName::Unsubscribed {
        return "The shipped client is UNSUBSCRIBED as soon as the leave heartbeat is generated; the seed stays TERMINATING until it is answered.".to_owned();
    }
    if k.state == StateName::Fatal && s.state == StateName::Terminated && s.rejected.is_none() {
        return "A fatal code that answers the leave makes the shipped client FATAL; the seed just ends the leave.".to_owned();
    }
    if differences.contains(&Aspect::Assigned)
        && matches!(k.state, StateName::Reconciling)
        && s.state == StateName::Joined
    {
        return "The shipped client waits for metadata to resolve topic names before it reconciles; the seed takes names as given.".to_owned();
    }
    if differences.contains(&Aspect::Epoch) {
        return format!(
            "Member epochs differ: the seed has {}, the shipped client {}.",
            s.member_epoch, k.member_epoch
        );
    }
    if differences.contains(&Aspect::State) {
        return format!("The seed is {}, the shipped client {}.", s.state, k.state);
    }
    if differences.contains(&Aspect::Assigned) {
        return format!(
            "The seed owns {}, the shipped client {}.",
            s.assigned, k.assigned
        );
    }
    "Their commits and callbacks differ in this step.".to_owned()
}
