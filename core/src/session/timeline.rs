//! Time travel: a session is its configuration and its inputs; the machine at any point is a fold
//! of the inputs up to there (log causes, not states). Rewind, seek and fork come for free.
//!
//! Over 300 lines: the timeline's fold, checkpoints, seek and fork rely on the same invariants and are read together.
//!
//! One timeline serves every session: a member of any model ([`Timeline`]) and a whole group
//! ([`crate::group::GroupTimeline`]). What differs is what it replays ([`Replay`]): how the machine
//! starts from the trace, and what a step gives back.
//!
//! The timeline keeps each step's result and a checkpoint of the machine every
//! [`Replay::CHECKPOINT_EVERY`] steps, so seeking anywhere replays at most that many inputs and
//! acting at the end replays none: a 10,000-step session stays interactive.

use crate::machine::any::AnyMember;
use crate::machine::facts::Facts;
use crate::machine::Machine;
use crate::protocol::config::Config;
use crate::protocol::effect::Effect;
use crate::protocol::input::Input;
use crate::protocol::rejected::Rejected;
use crate::protocol::time::Millis;
pub use crate::session::trace::Step;
use crate::session::trace::Trace;
use std::fmt::Debug;

/// What a timeline replays: a machine started from a trace, fed the trace's steps one by one.
pub trait Replay: Clone + Debug + PartialEq + Eq {
    /// The trace: a header (configuration, title, …) and the steps.
    type Trace: Clone + Debug + PartialEq + Eq + Default;
    type Step: Clone + Debug + PartialEq + Eq;
    /// What an accepted step gives back (a member's effects; nothing for a group).
    type Done: Clone + Debug + PartialEq + Eq;
    /// Why a step was refused.
    type Refusal: Clone + Debug + PartialEq + Eq;
    /// Steps between two checkpoints of the machine.
    const CHECKPOINT_EVERY: usize;

    /// The machine before any step of `trace`.
    fn start(trace: &Self::Trace) -> Self;
    fn steps(trace: &Self::Trace) -> &[Self::Step];
    fn steps_mut(trace: &mut Self::Trace) -> &mut Vec<Self::Step>;
    /// When `step` happens.
    fn at(step: &Self::Step) -> Millis;
    /// Applies `step`; a refused step changes nothing.
    fn apply(&mut self, step: &Self::Step) -> Result<Self::Done, Self::Refusal>;
    /// How many effects an accepted step had (what the transport steps through).
    fn effect_count(done: &Self::Done) -> usize;
    /// What the screen needs of a step beyond its outcome (a member's facts after each effect),
    /// kept for the cursor's step when it is applied rather than recomputed for every frame.
    type Observation: Clone + Debug + PartialEq + Eq + Default;
    /// [`Replay::apply`], with the step's observation.
    fn apply_observed(&mut self, step: &Self::Step) -> (Outcome<Self>, Self::Observation) {
        (self.apply(step), Self::Observation::default())
    }
}

/// What one step did when replayed.
pub type Outcome<M> = Result<<M as Replay>::Done, <M as Replay>::Refusal>;

/// A member session: its trace on any model.
pub type Timeline = TimelineOf<AnyMember>;

/// What one step of a member session did when replayed.
pub type StepResult = Result<Vec<Effect>, Rejected>;

/// A session: its trace, what each step did, and a cursor (how many steps are applied), with the
/// machine at the cursor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimelineOf<M: Replay> {
    trace: M::Trace,
    results: Vec<Outcome<M>>,
    /// `checkpoints[j]` is the machine after `j * M::CHECKPOINT_EVERY` steps.
    checkpoints: Vec<M>,
    cursor: usize,
    /// The machine after `cursor` steps.
    machine: M,
    /// The machine after `cursor - 1` steps (none at the start): a frame shows the cursor's step
    /// from the machine before it, and keeping it spares a replay from a checkpoint per frame.
    before: Option<M>,
    /// The cursor's step as observed when it was applied (nothing at the start).
    observed: M::Observation,
}

impl<M: Replay> Default for TimelineOf<M> {
    fn default() -> Self {
        TimelineOf::from_trace(M::Trace::default())
    }
}

impl<M: Replay> TimelineOf<M> {
    /// A session from a trace, with the cursor at its end. Refused steps stay in it (they show in
    /// the log as refused).
    pub fn from_trace(trace: M::Trace) -> Self {
        let mut machine = M::start(&trace);
        let mut checkpoints = vec![machine.clone()];
        let steps = M::steps(&trace);
        let mut results = Vec::with_capacity(steps.len());
        let mut before = None;
        let mut observed = M::Observation::default();
        for (index, step) in steps.iter().enumerate() {
            if index + 1 == steps.len() {
                before = Some(machine.clone());
                let (result, observation) = machine.apply_observed(step);
                results.push(result);
                observed = observation;
            } else {
                results.push(machine.apply(step));
            }
            if (index + 1) % M::CHECKPOINT_EVERY == 0 {
                checkpoints.push(machine.clone());
            }
        }
        TimelineOf {
            cursor: steps.len(),
            trace,
            results,
            checkpoints,
            machine,
            before,
            observed,
        }
    }

    pub fn trace(&self) -> &M::Trace {
        &self.trace
    }
    pub fn steps(&self) -> &[M::Step] {
        M::steps(&self.trace)
    }
    /// What each step did, in order (`results()[i]` belongs to `steps()[i]`).
    pub fn results(&self) -> &[Outcome<M>] {
        &self.results
    }
    pub fn len(&self) -> usize {
        self.steps().len()
    }
    pub fn is_empty(&self) -> bool {
        self.steps().is_empty()
    }
    /// How many steps are applied: 0 is the start, `len()` the end.
    pub fn cursor(&self) -> usize {
        self.cursor
    }
    /// Steps after the cursor: what acting now would drop.
    pub fn future(&self) -> usize {
        self.len() - self.cursor
    }
    /// The machine after the steps before the cursor.
    pub fn machine(&self) -> &M {
        &self.machine
    }
    /// The machine before the cursor's step (none at the start).
    pub fn before(&self) -> Option<&M> {
        self.before.as_ref()
    }
    /// The cursor's step as observed when it was applied.
    pub fn observed(&self) -> &M::Observation {
        &self.observed
    }

    /// How many effects step `step` (1-based; 0 is the start) had; none if it was refused.
    pub fn effect_count(&self, step: usize) -> usize {
        step.checked_sub(1)
            .and_then(|i| self.results.get(i))
            .and_then(|r| r.as_ref().ok())
            .map_or(0, M::effect_count)
    }

    /// Moves the cursor, clamped to the timeline.
    pub fn seek(&mut self, cursor: usize) {
        let cursor = cursor.min(self.len());
        if cursor != self.cursor {
            // The machine before the new cursor's step, then that step: one replay, not two.
            self.before = cursor.checked_sub(1).map(|c| self.machine_at(c));
            self.observed = M::Observation::default();
            self.machine = match (&self.before, cursor.checked_sub(1)) {
                (Some(before), Some(index)) => {
                    let mut machine = before.clone();
                    if let Some(step) = M::steps(&self.trace).get(index) {
                        self.observed = machine.apply_observed(step).1;
                    }
                    machine
                }
                _ => self.machine_at(0),
            };
            self.cursor = cursor;
        }
    }

    /// The machine after the first `cursor` steps (from the nearest checkpoint at or before it).
    pub fn machine_at(&self, cursor: usize) -> M {
        let cursor = cursor.min(self.len());
        if cursor == self.cursor {
            return self.machine.clone();
        }
        if let (Some(before), true) = (&self.before, cursor + 1 == self.cursor) {
            return before.clone();
        }
        let j = (cursor / M::CHECKPOINT_EVERY).min(self.checkpoints.len().saturating_sub(1));
        let mut machine = match self.checkpoints.get(j) {
            Some(checkpoint) => checkpoint.clone(),
            None => M::start(&self.trace),
        };
        let from = j * M::CHECKPOINT_EVERY;
        for step in self.steps().iter().take(cursor).skip(from) {
            // The result is already recorded; only the machine is wanted here.
            let _ = machine.apply(step);
        }
        machine
    }

    /// Replays the first `cursor` steps from the start, calling `visit(index, step, result,
    /// machine after it)` for each, and returns the machine at the end.
    pub fn fold(
        &self,
        cursor: usize,
        mut visit: impl FnMut(usize, &M::Step, &Outcome<M>, &M),
    ) -> M {
        let mut machine = M::start(&self.trace);
        for (index, step) in self.steps().iter().take(cursor).enumerate() {
            let result = machine.apply(step);
            visit(index, step, &result, &machine);
        }
        machine
    }

    /// The time of the last step applied (0 at the start).
    pub fn now(&self) -> Millis {
        self.cursor
            .checked_sub(1)
            .and_then(|i| self.steps().get(i))
            .map_or(Millis::ZERO, M::at)
    }

    /// Applies `step` at the cursor. Accepted: the steps after the cursor are dropped (a fork),
    /// the step is appended and the cursor moves past it. Refused: nothing changes.
    pub fn act_step(&mut self, step: M::Step) -> Outcome<M> {
        // A refused step leaves the machine as it was (each model checks before it changes).
        let previous = self.machine.clone();
        let (result, observed) = self.machine.apply_observed(&step);
        let done = result?;
        self.before = Some(previous);
        self.observed = observed;
        M::steps_mut(&mut self.trace).truncate(self.cursor);
        self.results.truncate(self.cursor);
        self.checkpoints
            .truncate(self.cursor / M::CHECKPOINT_EVERY + 1);
        M::steps_mut(&mut self.trace).push(step);
        self.results.push(Ok(done.clone()));
        self.cursor += 1;
        if self.cursor % M::CHECKPOINT_EVERY == 0 {
            self.checkpoints.push(self.machine.clone());
        }
        Ok(done)
    }
}

impl Replay for AnyMember {
    type Trace = Trace;
    type Step = Step;
    type Done = Vec<Effect>;
    type Refusal = Rejected;
    const CHECKPOINT_EVERY: usize = 256;

    fn start(trace: &Trace) -> Self {
        AnyMember::new(trace.model, trace.config.clone())
    }
    fn steps(trace: &Trace) -> &[Step] {
        &trace.steps
    }
    fn steps_mut(trace: &mut Trace) -> &mut Vec<Step> {
        &mut trace.steps
    }
    fn at(step: &Step) -> Millis {
        step.at
    }
    fn apply(&mut self, step: &Step) -> StepResult {
        self.handle(step.at, &step.input)
    }
    fn effect_count(done: &Vec<Effect>) -> usize {
        done.len()
    }
    type Observation = Vec<Facts>;
    fn apply_observed(&mut self, step: &Step) -> (StepResult, Vec<Facts>) {
        match self.handle_observed(step.at, &step.input) {
            Ok((effects, facts)) => (Ok(effects), facts),
            Err(rejected) => (Err(rejected), Vec::new()),
        }
    }
}

/// Steps between two checkpoints of a member.
pub const CHECKPOINT_EVERY: usize = <AnyMember as Replay>::CHECKPOINT_EVERY;

/// What only a member session has: a model, effects, narration per model.
impl TimelineOf<AnyMember> {
    /// An empty session with this configuration.
    pub fn new(config: Config) -> Self {
        Timeline::from_trace(Trace {
            config,
            ..Trace::default()
        })
    }
    pub fn config(&self) -> &Config {
        &self.trace.config
    }
    pub fn model(&self) -> crate::machine::model::Model {
        self.trace.model
    }
    /// The narration of the step just taken on this timeline's model, if it has one.
    pub fn note(&self) -> Option<&str> {
        let index = self.cursor.checked_sub(1)?;
        self.steps().get(index)?.note_for(self.model())
    }
    /// The effects of step `index` (0-based), none if it was rejected or does not exist.
    pub fn effects_of(&self, index: usize) -> &[Effect] {
        match self.results.get(index) {
            Some(Ok(effects)) => effects,
            _ => &[],
        }
    }
    /// The member after the steps before the cursor.
    pub fn member(&self) -> &AnyMember {
        &self.machine
    }
    /// The member after the first `cursor` steps.
    pub fn member_at(&self, cursor: usize) -> AnyMember {
        self.machine_at(cursor)
    }
    /// What `input` at `at` would do at the cursor, without doing it.
    pub fn dry_run(&self, at: Millis, input: &Input) -> StepResult {
        self.machine.clone().handle(at, input)
    }
    /// Applies `input` at `at` at the cursor (see [`TimelineOf::act_step`]).
    pub fn act(&mut self, at: Millis, input: Input) -> StepResult {
        self.act_step(Step::new(at, input))
    }
    /// Replaces the narration of step `index` (walkthrough authoring).
    pub fn set_note(&mut self, index: usize, note: Option<String>) {
        if let Some(step) = self.trace.steps.get_mut(index) {
            step.note = note;
        }
    }
}
