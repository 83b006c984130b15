//! The review view's session: the member session's trace on two of the three models (the pair),
//! the *Align* switches, and one cursor (row, effects shown) for both. Computed only while the
//! review view is on screen.

use crate::session::context::Session;
use kip848_core::compare::{Align, Pair, Review, ReviewScreen};
use kip848_core::{Cursor, Frame};
use leptos::prelude::*;

/// The scenario a review page opens on when there is no session yet: one where the models part
/// ways at almost every step (a fence mid-revocation).
pub const COLD_START: &str = "05-fenced-mid-revocation";

#[derive(Clone, Copy)]
pub struct ReviewSession {
    /// The two models side by side.
    pub pair: RwSignal<Pair>,
    pub align: RwSignal<Align>,
    pub review: Memo<Review>,
    pub screen: Memo<ReviewScreen>,
    pub cursor: RwSignal<Cursor>,
    /// The left model's frame and the right one's, at the cursor.
    pub frames: Memo<(Frame, Frame)>,
}

impl ReviewSession {
    /// The review of `session`'s trace on `pair` (it follows the trace, and starts at the member
    /// view's step).
    pub fn new(session: Session, pair: Pair) -> ReviewSession {
        let pair = RwSignal::new(pair);
        let align = RwSignal::new(Align::none());
        let review = Memo::new(move |_| {
            let (pair, align) = (pair.get(), align.get());
            session
                .timeline
                .with(|t| Review::of(t.trace(), pair, align))
        });
        let screen = Memo::new(move |_| review.with(ReviewScreen::new));
        let start = session.timeline.with_untracked(|t| t.cursor());
        let cursor = RwSignal::new(Cursor {
            step: start,
            shown: usize::MAX,
        });
        let frames = Memo::new(move |_| {
            let cursor = cursor.get();
            screen.with(|s| s.frames(cursor))
        });
        ReviewSession {
            pair,
            align,
            review,
            screen,
            cursor,
            frames,
        }
    }

    /// Compares another pair of models, at the same input (the switches that do not apply to it
    /// turned off).
    pub fn compare(self, pair: Pair) {
        let row = self.here().step;
        self.align.update(|a| *a = a.for_pair(pair));
        self.pair.set(pair);
        self.seek(row);
    }

    /// The cursor, normalised.
    pub fn here(self) -> Cursor {
        let c = self.cursor.get_untracked();
        self.screen.with_untracked(|s| s.normal(c))
    }

    pub fn effect_forward(self) {
        let next = self.screen.with_untracked(|s| s.next_effect(self.here()));
        self.cursor.set(next);
    }

    pub fn effect_back(self) {
        let back = self
            .screen
            .with_untracked(|s| s.previous_effect(self.here()));
        self.cursor.set(back);
    }

    /// To the first effect of row `row` (1-based) where the two sides part ways.
    pub fn seek_difference(self, row: usize) {
        let at = self.screen.with_untracked(|s| s.first_difference(row));
        self.cursor.set(at);
    }

    /// To the end of row `row` (0 is the start).
    pub fn seek(self, row: usize) {
        let end = self.screen.with_untracked(|s| s.end_of(row));
        self.cursor.set(end);
    }

    pub fn row_forward(self) {
        let here = self.here();
        let full = self.screen.with_untracked(|s| s.end_of(here.step));
        self.seek(if here == full {
            here.step + 1
        } else {
            here.step
        });
    }

    pub fn row_back(self) {
        self.seek(self.here().step.saturating_sub(1));
    }
}
