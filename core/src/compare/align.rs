//! Inputs that mean different things in the two models, aligned.
//!
//! A `completed` input finishes "the oldest outstanding commit or callback". The two models do not
//! wait on the same things: the shipped client also auto-commits before a reconciliation that
//! revokes nothing, calls onPartitionsAssigned with nothing added and onPartitionsLost when it
//! loses partitions; the seed calls onAssignment for a client-side assignor. Fed the same
//! `completed` inputs, one model spends a completion the other does not have, and from there the
//! script answers the wrong things: in scenario 05 the shipped client's auto-commit takes the
//! completion meant for onPartitionsAssigned, and the coordinator's next answer is rejected because
//! the acknowledgement was never sent.
//!
//! **The rule.** A `completed` means what it means to the trace's own model (its `model`, the seed
//! unless it says otherwise): that model's run, exactly as written, is the *reference*, and decides
//! which kind of [`Work`] each completion finished. Each compared model follows it:
//!
//! 1. A `completed` that the reference spent on work the compared model does not have (its
//!    configuration never produces that kind) is **skipped** by the compared model.
//! 2. Every other input goes to the compared model as written (a `completed` it has nothing to
//!    finish for is skipped too).
//! 3. After every step, the compared model's own work — a kind the reference never produces — at
//!    the head of its queue **completes by itself**, successfully, at the same time.
//!
//! Which model produces which kind:
//!
//! | work | seed | Java client | librdkafka |
//! |---|---|---|---|
//! | the commit before a revocation (also on close) | always | with `enable_auto_commit` | never (it commits by itself, unmodelled) |
//! | the auto-commit before a reconciliation that revokes nothing | never | with `enable_auto_commit` | never |
//! | onPartitionsRevoked; onPartitionsAssigned of something | always | with a `listener` | always (`on_revoke`, `on_assign`) |
//! | onPartitionsAssigned of nothing | never | with a `listener` | always (after a revocation) |
//! | onPartitionsLost (fenced, fatal, stale); the callback of `unsubscribe` | never | with a `listener` | `on_lost`; none on `unsubscribe` |
//! | onAssignment | with `assignor_set` | never | never |
//! | a completion owed to abandoned work | always | always | always |
//!
//! The two compared models are any two of the three ([`Pair`]); the reference may be a third.
//! So the trace's own model runs exactly as in the member view, and the others stay in step:
//! in scenario 05 the shipped client's auto-commits complete by themselves and every later input
//! answers what the script meant. Each row lists what was skipped or completed by itself
//! ([`Adjustment`]); each model's inputs after alignment are a trace of their own
//! ([`Aligned::trace`]), so the screen can replay either model effect by effect on one cursor
//! ([`Side::steps`] maps a row to its steps). *Align* switches ([`super::Align`]) change only the
//! compared runs, never the reference.

use super::{Align, Pair, Side};
use crate::machine::any::AnyMember;
use crate::machine::model::Model;
use crate::machine::work::Work;
use crate::machine::{Machine, NextCompletion};
use crate::protocol::effect::Effect;
use crate::protocol::input::{Input, Outcome};
use crate::session::timeline::StepResult;
use crate::session::trace::{Step, Trace};
use serde::Serialize;

/// More own work than this after one step would be a bug in a model (each completion either ends
/// the work or starts the next of a handful of steps); the loop stops there rather than spin.
const MAX_SELF_COMPLETIONS: usize = 64;

/// What a `completed` was not given to, or was made for, on one model in one step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "adjustment", rename_all = "snake_case")]
pub enum Adjustment {
    /// The trace's `completed` was not given to this model: the reference spent it on `work`, which
    /// this model does not have (or it had nothing to finish).
    Skipped { work: Work },
    /// This model's own `work`, which the reference does not have, completed by itself.
    CompletedByItself { work: Work, effect: Effect },
}

/// Both models' runs of one trace, aligned step by step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Aligned {
    /// The model whose run is the reference: the trace's own.
    pub reference: Model,
    /// The two models compared.
    pub pair: Pair,
    left: Trace,
    right: Trace,
    /// The trace as written (the reference's, when it is neither side).
    written: Trace,
    /// One (left, right) pair per step of the trace.
    pub pairs: Vec<(Side, Side)>,
}

impl Aligned {
    /// `model`'s inputs after alignment, with the configuration it ran with: the trace's own
    /// steps less the skipped completions, plus the ones made for its own work. Replaying it gives
    /// exactly that model's side of every row (when no switch changes the shipped client's
    /// behaviours, which a trace cannot say). From the first step the engine adjusted, its steps
    /// carry no notes: they narrate the trace as written. A model that is not a side of the pair
    /// gets the trace as written.
    pub fn trace(&self, model: Model) -> &Trace {
        let (left, right) = self.pair.models();
        if model == left {
            &self.left
        } else if model == right {
            &self.right
        } else {
            &self.written
        }
    }
}

/// One run: a member, the inputs it was given, and the reference's model and configuration.
struct Runner {
    member: AnyMember,
    steps: Vec<Step>,
}

impl Runner {
    fn new(member: AnyMember) -> Self {
        Runner {
            member,
            steps: Vec::new(),
        }
    }

    /// Every input given to the model stays in its trace, rejected ones too (as in any trace).
    fn handle(&mut self, step: &Step) -> StepResult {
        self.steps.push(step.clone());
        self.member.handle(step.at, &step.input)
    }

    fn next_work(&self) -> Option<Work> {
        self.member.next_completion().as_ref().map(Work::of)
    }

    /// Rule 3: work `reference` never produces (or that `align` lets complete at once) completes
    /// by itself.
    fn complete_own_work(
        &mut self,
        step: &Step,
        reference: &AnyMember,
        align: &Align,
        effects: &mut Vec<Effect>,
    ) -> Vec<Adjustment> {
        let mut done = Vec::new();
        while let Some(next) = self.member.next_completion() {
            let work = Work::of(&next);
            let own = !reference.waits_on(work) || align.completes_at_once(work);
            if !own || done.len() == MAX_SELF_COMPLETIONS {
                break;
            }
            let completed = Step::new(
                step.at,
                Input::Completed {
                    outcome: Outcome::Ok,
                },
            );
            let Ok(more) = self.handle(&completed) else {
                // Cannot happen (the work is awaited); the input is not kept if it does.
                self.steps.pop();
                break;
            };
            let effect = match next {
                NextCompletion::Awaited { effect, .. } => effect,
                NextCompletion::Abandoned => continue,
            };
            effects.extend(more);
            done.push(Adjustment::CompletedByItself { work, effect });
        }
        done
    }

    /// One step of a compared run following the reference, which spent a completion on
    /// `spent` (when the input is a `completed` it accepted).
    fn follow(
        &mut self,
        step: &Step,
        spent: Option<Work>,
        reference: &AnyMember,
        align: &Align,
    ) -> Side {
        let first = self.steps.len();
        let skip = match (spent, &step.input) {
            (Some(work), Input::Completed { .. })
                if !self.member.waits_on(work)
                    || align.completes_at_once(work)
                    || self.next_work().is_none() =>
            {
                Some(work)
            }
            _ => None,
        };
        let (mut result, mut adjustments) = match skip {
            Some(work) => (Ok(Vec::new()), vec![Adjustment::Skipped { work }]),
            None => (self.handle(step), Vec::new()),
        };
        if let Ok(effects) = &mut result {
            adjustments.extend(self.complete_own_work(step, reference, align, effects));
        }
        let mut side = Side::after(&self.member, &result, first..self.steps.len());
        side.adjustments = adjustments;
        side
    }
}

/// `model`'s member for a compared run of `trace` under the switches of `align`.
fn compared(model: Model, trace: &Trace, align: &Align) -> AnyMember {
    AnyMember::new(model, align.config(&trace.config))
}

/// Runs `trace` on the two models of `pair` with the rule of this module, under the switches of
/// `align`.
pub fn align(trace: &Trace, pair: Pair, align: &Align) -> Aligned {
    let mut reference = Runner::new(AnyMember::new(trace.model, trace.config.clone()));
    let mut left = Runner::new(compared(pair.left(), trace, align));
    let mut right = Runner::new(compared(pair.right(), trace, align));
    let mut pairs = Vec::with_capacity(trace.steps.len());
    for step in &trace.steps {
        let before = reference.next_work();
        let spent = reference.handle(step).ok().and(before);
        let l = left.follow(step, spent, &reference.member, align);
        let r = right.follow(step, spent, &reference.member, align);
        pairs.push((l, r));
    }
    let retrace = |runner: Runner, sides: Vec<&Side>| {
        let mut steps = runner.steps;
        // A step's notes narrate the trace on one model, as written. From the first step the
        // engine changed on, this run is another story: it says nothing rather than something
        // wrong (the reference's notes narrate the rows).
        let changed = sides.iter().find(|s| !s.adjustments.is_empty());
        for step in steps
            .iter_mut()
            .skip(changed.map_or(usize::MAX, |s| s.steps.start))
        {
            step.note = None;
            step.notes.clear();
        }
        Trace {
            model: runner.member.model(),
            config: runner.member.config().clone(),
            steps,
            title: trace.title.clone(),
            description: trace.description.clone(),
            sources: trace.sources.clone(),
        }
    };
    Aligned {
        written: trace.clone(),
        reference: trace.model,
        pair,
        left: retrace(left, pairs.iter().map(|(l, _)| l).collect()),
        right: retrace(right, pairs.iter().map(|(_, r)| r).collect()),
        pairs,
    }
}
