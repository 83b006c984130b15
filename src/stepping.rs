//! Moving through the session: seeking, stepping effect by effect or input by input (a step's
//! effects are revealed one at a time), and what the live region then says of the position.

use crate::context::{effects_of, Session};
use kip848_core::narration::headline;
use leptos::prelude::*;

impl Session {
    /// How many effects the step just before `cursor` had (none at the start).
    pub fn effects_count(&self, cursor: usize) -> usize {
        self.timeline
            .with_untracked(|t| cursor.checked_sub(1).map_or(0, |i| effects_of(t, i).len()))
    }

    /// Moves to `cursor` with every effect of its last step shown, and says where it is.
    pub fn seek(&self, cursor: usize) {
        let cursor = self.clamp(cursor);
        self.timeline.update(|t| t.seek(cursor));
        self.shown.set(None);
        self.reset_draft();
        self.announce_position();
    }

    /// Shows one more effect: of the current step, or the first of the next one.
    pub fn step_effect_forward(&self) {
        self.playing.set(false);
        let (cursor, len, shown) = self.position();
        match shown {
            Some(j) if j + 1 < self.effects_count(cursor) => self.shown.set(Some(j + 1)),
            Some(_) => self.finish_reveal(),
            None if cursor < len && self.clamp(cursor + 1) > cursor => {
                self.timeline.update(|t| t.seek(cursor + 1));
                let count = self.effects_count(cursor + 1);
                self.shown.set((count > 1).then_some(1));
                self.reset_draft();
                if count <= 1 {
                    self.announce_position();
                }
            }
            None => {}
        }
    }

    /// Hides the last effect shown, or goes back to the previous step.
    pub fn step_effect_back(&self) {
        self.playing.set(false);
        let (cursor, _, shown) = self.position();
        let count = self.effects_count(cursor);
        match shown {
            Some(j) if j > 1 => self.shown.set(Some(j - 1)),
            None if count > 1 => self.shown.set(Some(count - 1)),
            _ if cursor > 0 => self.seek(cursor - 1),
            _ => {}
        }
    }

    pub fn step_input_forward(&self) {
        self.playing.set(false);
        let (cursor, len, shown) = self.position();
        if shown.is_some() {
            self.finish_reveal();
        } else if cursor < len {
            self.seek(cursor + 1);
        }
    }

    pub fn step_input_back(&self) {
        self.playing.set(false);
        let (cursor, _, _) = self.position();
        if cursor > 0 {
            self.seek(cursor - 1);
        }
    }

    /// Reveals the rest of the current step at once.
    pub fn finish_reveal(&self) {
        self.shown.set(None);
        self.announce_position();
    }

    /// (cursor, length, effects shown) without tracking.
    pub fn position(&self) -> (usize, usize, Option<usize>) {
        let (cursor, len) = self.timeline.with_untracked(|t| (t.cursor(), t.len()));
        (cursor, len, self.shown.get_untracked())
    }

    /// Says in the live region what the step at the cursor did.
    pub fn announce_position(&self) {
        let text = self.timeline.with_untracked(|t| {
            let Some(index) = t.cursor().checked_sub(1) else {
                return "At the start: the member is NEW".to_owned();
            };
            match (t.steps().get(index), t.results().get(index)) {
                (Some(step), Some(result)) => {
                    let before = t.member_at(index);
                    format!(
                        "Step {}: {}",
                        index + 1,
                        headline(&before, t.member(), &step.input, result)
                    )
                }
                _ => String::new(),
            }
        });
        self.announcement.set(text);
    }
}
