//! Moving through the session: every move is one of the core's `Cursor` moves (one effect, one
//! input, either way, or a whole step), kept inside an embed's step range. A move by the user
//! pauses playback; playback itself moves with [`Session::go`].

use crate::session::context::Session;
use crate::session::playback::{Driven, Playback, Transport};
use kip848_core::{Cursor, Timeline};
use leptos::prelude::*;

impl Session {
    /// The cursor on screen, without tracking.
    pub fn cursor(&self) -> Cursor {
        let shown = self.shown.get_untracked();
        self.timeline.with_untracked(|t| Cursor {
            step: t.cursor(),
            shown,
        })
    }

    /// Puts the screen at `cursor` (normalised, and inside the embed's range). In a quiz, a
    /// forward move stops before a step that has unanswered questions, and asks them.
    pub fn go(&self, cursor: Cursor) {
        // A live step has no quiz (`crate::LIVE`).
        let gate = if crate::LIVE {
            None
        } else {
            self.timeline
                .with_untracked(|t| self.quiz_gate(t, self.cursor(), cursor.normal(t)))
        };
        let cursor = match gate {
            Some((stop, step)) => {
                self.ask(step);
                stop
            }
            None => cursor,
        };
        let (range_end, cursor) = self.timeline.with_untracked(|t| {
            let cursor = cursor.normal(t);
            let step = self.clamp(cursor.step);
            let cursor = if step == cursor.step {
                cursor
            } else {
                Cursor::end_of(t, step)
            };
            (Cursor::end_of(t, self.clamp(t.len())), cursor)
        });
        let cursor = cursor.min(range_end);
        if self.timeline.with_untracked(|t| t.cursor()) != cursor.step {
            self.timeline.update(|t| t.seek(cursor.step));
            self.reset_draft();
        }
        self.shown.set(cursor.shown);
    }

    /// A move by the user: pause, then go where `to` says from here.
    fn move_by(&self, to: impl FnOnce(Cursor, &Timeline) -> Cursor) {
        self.transport.pause();
        let here = self.cursor();
        let there = self.timeline.with_untracked(|t| to(here, t));
        self.go(there);
    }

    /// Moves to the end of step `step` (every effect shown).
    pub fn seek(&self, step: usize) {
        self.move_by(|_, t| Cursor::end_of(t, step));
    }

    pub fn step_effect_forward(&self) {
        self.move_by(Cursor::next_effect);
    }

    pub fn step_effect_back(&self) {
        // Inside an embed's range, stepping back from its first step's first effect stays.
        self.move_by(|here, t| {
            let back = here.previous_effect(t);
            if self.clamp(back.step) > back.step {
                here
            } else {
                back
            }
        });
    }

    pub fn step_input_forward(&self) {
        self.move_by(Cursor::next_input);
    }

    pub fn step_input_back(&self) {
        self.move_by(Cursor::previous_input);
    }

    /// (steps applied, length, effects shown) without tracking.
    pub fn position(&self) -> (usize, usize, usize) {
        let (cursor, len) = self.timeline.with_untracked(|t| (t.cursor(), t.len()));
        (cursor, len, self.shown.get_untracked())
    }
}

/// The member's session under the playback driver: a beat reveals the next effect.
impl Driven for Session {
    fn transport(self) -> Transport {
        self.transport
    }
    fn playing_tracked(self) -> bool {
        self.shown.track();
        self.timeline.track();
        self.transport.playback.get() != Playback::Paused
    }
    fn beat(self) {
        advance(self)
    }
}

/// One beat: the next effect (the next whole input at the fastest speed); then pause at the end
/// of the session, at the end of a revealed step, or on a note in guided mode.
fn advance(session: Session) {
    let transport = session.transport;
    let mode = transport.playback.get_untracked();
    if mode == Playback::Paused {
        return;
    }
    let here = session.cursor();
    let instant = !transport.animates();
    let next = session.timeline.with_untracked(|t| {
        if instant {
            here.next_input(t)
        } else {
            here.next_effect(t)
        }
    });
    session.go(next);
    let there = session.cursor();
    let (step_end, narrated, last) = session.timeline.with_untracked(|t| {
        (
            there.at_step_end(t),
            t.note().is_some(),
            Cursor::end_of(t, transport.clamp(t.len())),
        )
    });
    let pause = there == here
        || there >= last
        || (step_end && mode == Playback::Step)
        || (step_end && narrated && transport.guided.get_untracked());
    if pause {
        transport.pause();
    }
}
