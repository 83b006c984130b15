//! Time travel: a session is its configuration and its inputs; the member at any point is a fold
//! of the inputs up to there (log causes, not states). Rewind, seek and fork come for free.

use crate::config::Config;
use crate::effect::Effect;
use crate::input::Input;
use crate::member::Member;
use crate::rejected::Rejected;
use crate::time::Millis;
pub use crate::trace::Step;
use crate::trace::Trace;

/// What one step did when replayed.
pub type StepResult = Result<Vec<Effect>, Rejected>;

/// A session: configuration, inputs, and a cursor (how many inputs are applied).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Timeline {
    trace: Trace,
    cursor: usize,
}

impl Timeline {
    /// An empty session with this configuration.
    pub fn new(config: Config) -> Self {
        Timeline {
            trace: Trace {
                config,
                ..Trace::default()
            },
            cursor: 0,
        }
    }

    /// A session from a trace, with the cursor at its end. Rejected inputs stay in it (they show
    /// in the log as rejected).
    pub fn from_trace(trace: Trace) -> Self {
        let cursor = trace.steps.len();
        Timeline { trace, cursor }
    }

    pub fn trace(&self) -> &Trace {
        &self.trace
    }
    pub fn config(&self) -> &Config {
        &self.trace.config
    }
    pub fn steps(&self) -> &[Step] {
        &self.trace.steps
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
    /// Whether acting now would drop steps after the cursor.
    pub fn would_fork(&self) -> bool {
        self.cursor < self.len()
    }

    /// Moves the cursor, clamped to the timeline.
    pub fn seek(&mut self, cursor: usize) {
        self.cursor = cursor.min(self.len());
    }

    /// The member after the steps before the cursor.
    pub fn member(&self) -> Member {
        self.member_at(self.cursor)
    }

    /// The member after the first `cursor` steps.
    pub fn member_at(&self, cursor: usize) -> Member {
        self.fold(cursor, |_, _, _, _| {})
    }

    /// Replays the first `cursor` steps from a fresh member, calling `visit(index, step, result,
    /// member after it)` for each, and returns the member at the end.
    pub fn fold(
        &self,
        cursor: usize,
        mut visit: impl FnMut(usize, &Step, &StepResult, &Member),
    ) -> Member {
        let mut member = Member::new(self.trace.config.clone());
        for (index, step) in self.trace.steps.iter().take(cursor).enumerate() {
            let result = member.handle(step.at, &step.input);
            visit(index, step, &result, &member);
        }
        member
    }

    /// Every step's result, in order.
    pub fn results(&self) -> Vec<StepResult> {
        let mut results = Vec::with_capacity(self.len());
        self.fold(self.len(), |_, _, result, _| results.push(result.clone()));
        results
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
        self.member().handle(at, input)
    }

    /// Applies `input` at `at` at the cursor. Accepted: the steps after the cursor are dropped (a
    /// fork), the step is appended and the cursor moves past it. Rejected: nothing changes.
    pub fn act(&mut self, at: Millis, input: Input) -> StepResult {
        self.act_step(Step::new(at, input))
    }

    /// [`Timeline::act`] with a whole step (a narrated one, say).
    pub fn act_step(&mut self, step: Step) -> StepResult {
        let effects = self.member().handle(step.at, &step.input)?;
        self.trace.steps.truncate(self.cursor);
        self.trace.steps.push(step);
        self.cursor = self.len();
        Ok(effects)
    }
}
