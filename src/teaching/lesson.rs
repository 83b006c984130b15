//! Lesson mode: the scenario read note by note. Continue plays on to the end of the next
//! narrated step (effect by effect, at the chosen speed); Back goes to the end of the previous
//! note's step — a true step back. The positions come from `kip848_core::lesson`.

use crate::session::context::Session;
use crate::session::playback::Playback;
use kip848_core::teaching::lesson::{back_from, lesson_at, noted_steps, Lesson};
use kip848_core::Timeline;
use leptos::prelude::*;

/// The narrated steps of `t`.
pub fn noted(t: &Timeline) -> Vec<usize> {
    noted_steps(t.len(), |i| t.steps()[i].is_noted_for(t.model()))
}

impl Session {
    /// The lesson at the cursor.
    pub fn lesson_position(&self) -> Lesson {
        // A step part-way shown has not reached its note yet: the note tells the whole step.
        let reached = self.frame.with(|f| {
            if f.cursor.shown < f.effects {
                f.cursor.step.saturating_sub(1)
            } else {
                f.cursor.step
            }
        });
        self.timeline.with(|t| lesson_at(&noted(t), reached))
    }

    /// Plays on to the end of the next narrated step (guided playback pauses there).
    pub fn lesson_continue(&self) {
        if self.teaching.asking() {
            return;
        }
        self.transport.guided.set(true);
        if self.transport.playback.get_untracked() == Playback::Paused {
            self.transport.playback.set(Playback::Play);
        }
    }

    /// Back to the end of the previous note's step (or the start).
    pub fn lesson_back(&self) {
        let step = self
            .timeline
            .with_untracked(|t| back_from(&noted(t), t.cursor()));
        self.seek(step);
    }
}
