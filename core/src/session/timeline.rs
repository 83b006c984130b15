//! Time travel: a session is its configuration and its inputs; the member at any point is a fold
//! of the inputs up to there (log causes, not states). Rewind, seek and fork come for free.
//!
//! The timeline keeps each step's result and a checkpoint of the member every
//! [`CHECKPOINT_EVERY`] steps, so seeking anywhere replays at most that many inputs and acting at
//! the end replays none: a 10,000-step session stays interactive.

use crate::machine::{AnyMember, Machine};
use crate::protocol::config::Config;
use crate::protocol::effect::Effect;
use crate::protocol::input::Input;
use crate::protocol::rejected::Rejected;
use crate::protocol::time::Millis;
pub use crate::session::trace::Step;
use crate::session::trace::Trace;

/// What one step did when replayed.
pub type StepResult = Result<Vec<Effect>, Rejected>;

/// Steps between two checkpoints of the member.
pub const CHECKPOINT_EVERY: usize = 256;

/// A session: configuration, inputs, their results, and a cursor (how many inputs are applied).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Timeline {
    trace: Trace,
    results: Vec<StepResult>,
    /// `checkpoints[j]` is the member after `j * CHECKPOINT_EVERY` steps.
    checkpoints: Vec<AnyMember>,
    cursor: usize,
    /// The member after `cursor` steps.
    member: AnyMember,
    /// The member after `cursor - 1` steps (none at the start): a frame shows the cursor's step
    /// from the member before it, and keeping it spares a replay from a checkpoint per frame.
    before: Option<AnyMember>,
}

impl Default for Timeline {
    fn default() -> Self {
        Timeline::new(Config::default())
    }
}

impl Timeline {
    /// An empty session with this configuration.
    pub fn new(config: Config) -> Self {
        Timeline::from_trace(Trace {
            config,
            ..Trace::default()
        })
    }

    /// A session from a trace, with the cursor at its end. Rejected inputs stay in it (they show
    /// in the log as rejected).
    pub fn from_trace(trace: Trace) -> Self {
        let mut member = AnyMember::new(trace.model, trace.config.clone());
        let mut checkpoints = vec![member.clone()];
        let mut results = Vec::with_capacity(trace.steps.len());
        let mut before = None;
        for (index, step) in trace.steps.iter().enumerate() {
            if index + 1 == trace.steps.len() {
                before = Some(member.clone());
            }
            results.push(member.handle(step.at, &step.input));
            if (index + 1) % CHECKPOINT_EVERY == 0 {
                checkpoints.push(member.clone());
            }
        }
        let cursor = trace.steps.len();
        Timeline {
            trace,
            results,
            checkpoints,
            cursor,
            member,
            before,
        }
    }

    pub fn trace(&self) -> &Trace {
        &self.trace
    }
    pub fn config(&self) -> &Config {
        &self.trace.config
    }
    pub fn model(&self) -> crate::machine::model::Model {
        self.trace.model
    }
    pub fn steps(&self) -> &[Step] {
        &self.trace.steps
    }
    /// What each step did, in order (`results()[i]` belongs to `steps()[i]`).
    pub fn results(&self) -> &[StepResult] {
        &self.results
    }
    pub fn len(&self) -> usize {
        self.trace.steps.len()
    }
    pub fn is_empty(&self) -> bool {
        self.trace.steps.is_empty()
    }
    /// How many steps are applied: 0 is the fresh member, `len()` the end.
    pub fn cursor(&self) -> usize {
        self.cursor
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

    /// How many effects step `step` (1-based; 0 is the start) had.
    pub fn effect_count(&self, step: usize) -> usize {
        step.checked_sub(1).map_or(0, |i| self.effects_of(i).len())
    }

    /// Steps after the cursor: what acting now would drop.
    pub fn future(&self) -> usize {
        self.len() - self.cursor
    }

    /// The member after the steps before the cursor.
    pub fn member(&self) -> &AnyMember {
        &self.member
    }

    /// Moves the cursor, clamped to the timeline.
    pub fn seek(&mut self, cursor: usize) {
        let cursor = cursor.min(self.len());
        if cursor != self.cursor {
            // The member before the new cursor's step, then that step: one replay, not two.
            self.before = cursor.checked_sub(1).map(|c| self.member_at(c));
            self.member = match (&self.before, cursor.checked_sub(1)) {
                (Some(before), Some(index)) => {
                    let mut member = before.clone();
                    if let Some(step) = self.trace.steps.get(index) {
                        let _ = member.handle(step.at, &step.input);
                    }
                    member
                }
                _ => self.member_at(0),
            };
            self.cursor = cursor;
        }
    }

    /// The member after the first `cursor` steps (from the nearest checkpoint at or before it).
    pub fn member_at(&self, cursor: usize) -> AnyMember {
        let cursor = cursor.min(self.len());
        if cursor == self.cursor {
            return self.member.clone();
        }
        if let (Some(before), true) = (&self.before, cursor + 1 == self.cursor) {
            return before.clone();
        }
        let j = (cursor / CHECKPOINT_EVERY).min(self.checkpoints.len().saturating_sub(1));
        let mut member = match self.checkpoints.get(j) {
            Some(checkpoint) => checkpoint.clone(),
            None => AnyMember::new(self.trace.model, self.trace.config.clone()),
        };
        let from = j * CHECKPOINT_EVERY;
        for step in self.trace.steps.iter().take(cursor).skip(from) {
            // The result is already recorded; only the member's state is wanted here.
            let _ = member.handle(step.at, &step.input);
        }
        member
    }

    /// Replays the first `cursor` steps from a fresh member, calling `visit(index, step, result,
    /// member after it)` for each, and returns the member at the end.
    pub fn fold(
        &self,
        cursor: usize,
        mut visit: impl FnMut(usize, &Step, &StepResult, &AnyMember),
    ) -> AnyMember {
        let mut member = AnyMember::new(self.trace.model, self.trace.config.clone());
        for (index, step) in self.trace.steps.iter().take(cursor).enumerate() {
            let result = member.handle(step.at, &step.input);
            visit(index, step, &result, &member);
        }
        member
    }

    /// The time of the last step applied (0 at the start).
    pub fn now(&self) -> Millis {
        self.cursor
            .checked_sub(1)
            .and_then(|i| self.trace.steps.get(i))
            .map_or(Millis::ZERO, |s| s.at)
    }

    /// What `input` at `at` would do at the cursor, without doing it.
    pub fn dry_run(&self, at: Millis, input: &Input) -> StepResult {
        self.member.clone().handle(at, input)
    }

    /// Applies `input` at `at` at the cursor. Accepted: the steps after the cursor are dropped (a
    /// fork), the step is appended and the cursor moves past it. Rejected: nothing changes.
    pub fn act(&mut self, at: Millis, input: Input) -> StepResult {
        self.act_step(Step::new(at, input))
    }

    /// [`Timeline::act`] with a whole step (a narrated one, say).
    pub fn act_step(&mut self, step: Step) -> StepResult {
        // `handle` checks every rejection rule before it changes anything.
        let previous = self.member.clone();
        let effects = self.member.handle(step.at, &step.input)?;
        self.before = Some(previous);
        self.trace.steps.truncate(self.cursor);
        self.results.truncate(self.cursor);
        self.checkpoints
            .truncate(self.cursor / CHECKPOINT_EVERY + 1);
        self.trace.steps.push(step);
        self.results.push(Ok(effects.clone()));
        self.cursor += 1;
        if self.cursor % CHECKPOINT_EVERY == 0 {
            self.checkpoints.push(self.member.clone());
        }
        Ok(effects)
    }

    /// Replaces the narration of step `index` (walkthrough authoring).
    pub fn set_note(&mut self, index: usize, note: Option<String>) {
        if let Some(step) = self.trace.steps.get_mut(index) {
            step.note = note;
        }
    }
}
