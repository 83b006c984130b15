//! Predict, then reveal (`quiz=1`): before each step the core has questions about
//! (`kip848_core::teaching::quiz`), moving forward stops at the end of the step before and asks them; once
//! they are answered, the step is revealed effect by effect. Only the learner's progress lives
//! here; questions, answers and rules come from the core. Nothing leaves the browser.

pub mod state;

pub use state::QuizState;

use crate::session::context::Session;
use crate::session::playback::Playback;
use kip848_core::teaching::quiz::{questions, quiz_steps, Question};
use kip848_core::{Cursor, Timeline};
use leptos::prelude::*;

impl Session {
    /// Where a forward move to `to` from `here` must stop to ask first: the end of the step before
    /// the first unanswered quiz step on the way, and that step.
    pub(crate) fn quiz_gate(
        &self,
        t: &Timeline,
        here: Cursor,
        to: Cursor,
    ) -> Option<(Cursor, usize)> {
        if to <= here {
            return None;
        }
        let done = self
            .teaching
            .quiz
            .with_untracked(|q| q.as_ref().map(|q| q.done.clone()))?;
        let ahead = |s: &usize| *s > here.step || (*s == here.step && here.shown == 0);
        let step = quiz_steps(t)
            .into_iter()
            .filter(ahead)
            .find(|s| *s <= to.step && !done.contains(s) && !questions(t, *s).is_empty())?;
        Some((Cursor::end_of(t, step - 1), step))
    }

    /// Stops to ask about `step`.
    pub(crate) fn ask(&self, step: usize) {
        self.transport.pause();
        self.teaching.ask(step);
    }

    /// The questions on screen, if any.
    pub fn asked(&self) -> Option<(usize, Vec<Question>)> {
        let step = self
            .teaching
            .quiz
            .with(|q| q.as_ref().and_then(|q| q.asking))?;
        Some((step, self.timeline.with(|t| questions(t, step))))
    }

    /// Checks `choice` for the question on screen.
    pub fn check(&self, choice: usize) {
        if let Some((_, asked)) = self.asked() {
            self.teaching.check(&asked, choice, |q| q.answer);
        }
    }

    /// After the feedback: the next question of the step, or the step itself, revealed.
    pub fn after_feedback(&self) {
        let Some((step, asked)) = self.asked() else {
            return;
        };
        let mut reveal = false;
        self.teaching.quiz.update(|q| {
            let Some(q) = q else { return };
            if q.question + 1 < asked.len() {
                q.question += 1;
                q.checked = None;
            } else {
                q.done.insert(step);
                q.asking = None;
                reveal = true;
            }
        });
        if reveal {
            // Revealed as an action's step is: one effect at a time, or whole at the fastest speed.
            let (first, end) = self
                .timeline
                .with_untracked(|t| (Cursor::first_of(t, step), Cursor::end_of(t, step)));
            if self.animates() && first != end {
                self.go(first);
                self.transport.playback.set(Playback::Step);
            } else {
                self.go(end);
            }
        }
    }
}
