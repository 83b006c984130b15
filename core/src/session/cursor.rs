//! Where the screen is in a session: a step, and how many of its effects are shown. The moves of
//! the transport (one effect, one input, either way) are defined here, once, on the timeline's
//! own data, so the buttons, the keys and playback cannot disagree about what "one effect" is.
//!
//! Positions: the start `(0, 0)`; then for each step `s` (1-based) with `n` effects the positions
//! `(s, 1) … (s, n)`, or `(s, 0)` alone when the step had no effect (or was rejected): it is then
//! shown whole. `(s, 0)` of a step with effects is the screen at the end of step `s − 1`; it is
//! a valid cursor, and [`Cursor::normal`] names it by the earlier position.

use crate::session::timeline::{Replay, TimelineOf};
use serde::Serialize;

/// A position on the timeline: `step` inputs applied, `shown` effects of the last one revealed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize)]
pub struct Cursor {
    pub step: usize,
    pub shown: usize,
}

impl Cursor {
    pub const START: Cursor = Cursor { step: 0, shown: 0 };

    /// The end of step `step` (every effect shown), clamped to the timeline.
    pub fn end_of<M: Replay>(timeline: &TimelineOf<M>, step: usize) -> Cursor {
        let step = step.min(timeline.len());
        Cursor {
            step,
            shown: timeline.effect_count(step),
        }
    }

    /// The first position of step `step`: its first effect, or the whole step if it had none.
    pub fn first_of<M: Replay>(timeline: &TimelineOf<M>, step: usize) -> Cursor {
        let step = step.min(timeline.len());
        Cursor {
            step,
            shown: timeline.effect_count(step).min(1),
        }
    }

    /// Clamped to the timeline and named by its canonical position.
    pub fn normal<M: Replay>(self, timeline: &TimelineOf<M>) -> Cursor {
        let step = self.step.min(timeline.len());
        let count = timeline.effect_count(step);
        if self.shown == 0 && count > 0 {
            return Cursor::end_of(timeline, step.saturating_sub(1));
        }
        Cursor {
            step,
            shown: self.shown.min(count),
        }
    }

    /// Whether every effect of the step is shown.
    pub fn at_step_end<M: Replay>(self, timeline: &TimelineOf<M>) -> bool {
        self.shown >= timeline.effect_count(self.step)
    }

    /// One effect forward: the next effect of this step, else the first of the next step.
    pub fn next_effect<M: Replay>(self, timeline: &TimelineOf<M>) -> Cursor {
        let here = self.normal(timeline);
        if !here.at_step_end(timeline) {
            return Cursor {
                shown: here.shown + 1,
                ..here
            };
        }
        if here.step >= timeline.len() {
            return here;
        }
        Cursor::first_of(timeline, here.step + 1)
    }

    /// One effect back: the previous effect of this step, else the end of the previous step.
    pub fn previous_effect<M: Replay>(self, timeline: &TimelineOf<M>) -> Cursor {
        let here = self.normal(timeline);
        if here.shown > 1 {
            return Cursor {
                shown: here.shown - 1,
                ..here
            };
        }
        Cursor::end_of(timeline, here.step.saturating_sub(1))
    }

    /// One input forward: the end of this step if it is part-way, else the end of the next.
    pub fn next_input<M: Replay>(self, timeline: &TimelineOf<M>) -> Cursor {
        let here = self.normal(timeline);
        if !here.at_step_end(timeline) {
            return Cursor::end_of(timeline, here.step);
        }
        Cursor::end_of(timeline, here.step + 1)
    }

    /// One input back: the end of the previous step.
    pub fn previous_input<M: Replay>(self, timeline: &TimelineOf<M>) -> Cursor {
        let here = self.normal(timeline);
        Cursor::end_of(timeline, here.step.saturating_sub(1))
    }

    /// Every position of the timeline, in order, from the start.
    pub fn all<M: Replay>(timeline: &TimelineOf<M>) -> impl Iterator<Item = Cursor> + '_ {
        std::iter::once(Cursor::START).chain((1..=timeline.len()).flat_map(move |step| {
            let count = timeline.effect_count(step);
            (count.min(1)..=count).map(move |shown| Cursor { step, shown })
        }))
    }
}
