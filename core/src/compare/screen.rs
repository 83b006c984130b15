//! The review view's screen: both models of the pair on one cursor. A position is a row (one input of the
//! trace) and how many effects of it are shown; each side shows its own frame — the member as
//! that model reported it just after its own effect of that rank — so the two diagrams, fact
//! lists, chip sets and lanes move together, one effect at a time.

use super::Review;
use crate::screen::frame::Frame;
use crate::session::cursor::Cursor;
use crate::session::timeline::Timeline;
use std::ops::Range;

/// Both models' aligned runs, and which of their steps each row covers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewScreen {
    pair: super::Pair,
    left: Timeline,
    right: Timeline,
    rows: Vec<(Range<usize>, Range<usize>)>,
}

/// A position of the review: `row` inputs applied, `shown` effects of the last one revealed.
pub type ReviewCursor = Cursor;

impl ReviewScreen {
    pub fn new(review: &Review) -> ReviewScreen {
        let (left, right) = review.pair.models();
        ReviewScreen {
            pair: review.pair,
            left: Timeline::from_trace(review.aligned.trace(left).clone()),
            right: Timeline::from_trace(review.aligned.trace(right).clone()),
            rows: review
                .rows
                .iter()
                .map(|r| (r.left.steps.clone(), r.right.steps.clone()))
                .collect(),
        }
    }

    /// Rows in the trace.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The effects row `row` (1-based) shows at most: the more of its two sides' last steps.
    pub fn effects(&self, row: usize) -> usize {
        let Some((left, right)) = row.checked_sub(1).and_then(|i| self.rows.get(i)) else {
            return 0;
        };
        side_effects(&self.left, left).max(side_effects(&self.right, right))
    }

    /// Each side's frame at `cursor`: the left model's, then the right one's.
    pub fn frames(&self, cursor: ReviewCursor) -> (Frame, Frame) {
        let cursor = self.normal(cursor);
        let (left, right) = match cursor.step.checked_sub(1).and_then(|i| self.rows.get(i)) {
            Some((s, k)) => (s.clone(), k.clone()),
            None => (0..0, 0..0),
        };
        (
            side_frame(&self.left, &left, cursor),
            side_frame(&self.right, &right, cursor),
        )
    }

    /// `cursor` clamped, and named by its first position when it shows nothing of a row with
    /// effects (as [`Cursor::normal`] does for one timeline).
    pub fn normal(&self, cursor: ReviewCursor) -> ReviewCursor {
        let step = cursor.step.min(self.len());
        let count = self.effects(step);
        if cursor.shown == 0 && count > 0 {
            return self.end_of(step.saturating_sub(1));
        }
        Cursor {
            step,
            shown: cursor.shown.min(count),
        }
    }

    pub fn end_of(&self, row: usize) -> ReviewCursor {
        let step = row.min(self.len());
        Cursor {
            step,
            shown: self.effects(step),
        }
    }

    /// Where row `row` (1-based) first shows the two sides apart: the first of its effects after
    /// which their states (as the pair maps them), epochs or assigned sets differ; the row's end
    /// when they part only in what its end shows (callbacks, acceptance) or not at all.
    pub fn first_difference(&self, row: usize) -> ReviewCursor {
        let step = row.min(self.len());
        for shown in 1..=self.effects(step) {
            let (l, r) = self.frames(Cursor { step, shown });
            if !self.pair.equivalent(l.facts.state, r.facts.state)
                || l.facts.member_epoch != r.facts.member_epoch
                || l.facts.assigned != r.facts.assigned
            {
                return Cursor { step, shown };
            }
        }
        self.end_of(step)
    }

    pub fn next_effect(&self, cursor: ReviewCursor) -> ReviewCursor {
        let here = self.normal(cursor);
        if here.shown < self.effects(here.step) {
            return Cursor {
                shown: here.shown + 1,
                ..here
            };
        }
        if here.step >= self.len() {
            return here;
        }
        Cursor {
            step: here.step + 1,
            shown: self.effects(here.step + 1).min(1),
        }
    }

    pub fn previous_effect(&self, cursor: ReviewCursor) -> ReviewCursor {
        let here = self.normal(cursor);
        if here.shown > 1 {
            return Cursor {
                shown: here.shown - 1,
                ..here
            };
        }
        self.end_of(here.step.saturating_sub(1))
    }
}

/// Effects of the last step a side's row covers (none when the row skipped that side).
fn side_effects(timeline: &Timeline, steps: &Range<usize>) -> usize {
    if steps.is_empty() {
        return 0;
    }
    timeline.effect_count(steps.end)
}

/// A side's frame: its earlier steps of the row whole, its last step with `shown` effects (all of
/// them once the row's shorter side has shown all of its own).
fn side_frame(timeline: &Timeline, steps: &Range<usize>, cursor: ReviewCursor) -> Frame {
    if cursor.step == 0 {
        return timeline.frame(Cursor::START);
    }
    if steps.is_empty() {
        return timeline.frame(Cursor::end_of(timeline, steps.start));
    }
    let count = timeline.effect_count(steps.end);
    let shown = cursor.shown.min(count);
    if shown == 0 {
        return timeline.frame(Cursor::end_of(timeline, steps.end));
    }
    timeline.frame(Cursor {
        step: steps.end,
        shown,
    })
}
