//! The only timer of the app, for the member's and the group's transport alike: while it plays (or
//! reveals the rest of a step after an action) it moves the cursor one beat at a time. Paused, it
//! does nothing and no timer is scheduled; nor while the tab is hidden.

use crate::context::{Playback, Session, MAX_SPEED};
use gloo_timers::callback::Timeout;
use kip848_core::Cursor;
use leptos::prelude::*;

/// Milliseconds between two revealed effects at ¼×; each speed step halves it (800 ms at 1×).
const SLOWEST_DELAY_MS: u32 = 3200;

/// The delay between two revealed effects at `speed` (a power of two, -2 to `MAX_SPEED`).
/// Integer arithmetic: float formatting and maths cost the wasm bundle kilobytes for nothing.
pub fn delay_ms(speed: i32) -> u32 {
    let steps = (speed.clamp(-2, MAX_SPEED) + 2).unsigned_abs();
    SLOWEST_DELAY_MS >> steps
}

/// Keeps the page's motion (`--beat`, the length of every effect's animation) at three quarters of
/// the delay between two effects at the chosen speed, so that each motion ends before the next
/// effect shows; none at the fastest speed, which shows whole steps.
pub fn follow_speed(speed: RwSignal<i32>) {
    Effect::new(move |_| {
        let speed = speed.get();
        let beat = if speed >= MAX_SPEED {
            0
        } else {
            delay_ms(speed) * 3 / 4
        };
        if let Some(root) = document()
            .document_element()
            .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok())
        {
            let _ = root.style().set_property("--beat", &format!("{beat}ms"));
        }
    });
}

/// What the one playback driver moves: the member's session and the group's.
pub trait Transport: Copy + 'static {
    fn speed(self) -> RwSignal<i32>;
    /// Whether it plays, read so that any move of its cursor schedules the next beat.
    fn playing_tracked(self) -> bool;
    /// One beat forward (and a pause where the beat says so).
    fn beat(self);
}

/// Starts the playback driver of `transport`; it lives as long as the calling component. No timer
/// is scheduled while paused or while the tab is hidden.
pub fn drive<T: Transport>(transport: T) {
    follow_speed(transport.speed());
    let visible = RwSignal::new(!document().hidden());
    let listener = window_event_listener(leptos::ev::visibilitychange, move |_| {
        visible.set(!document().hidden());
    });
    on_cleanup(move || listener.remove());
    let timer = StoredValue::new_local(None::<Timeout>);
    Effect::new(move |_| {
        let playing = transport.playing_tracked();
        let speed = transport.speed().get();
        // Dropping a gloo Timeout cancels it.
        timer.set_value(None);
        if !visible.get() || !playing {
            return;
        }
        timer.set_value(Some(Timeout::new(delay_ms(speed), move || {
            transport.beat()
        })));
    });
}

impl Transport for Session {
    fn speed(self) -> RwSignal<i32> {
        self.speed
    }
    fn playing_tracked(self) -> bool {
        self.shown.track();
        self.timeline.track();
        self.playback.get() != Playback::Paused
    }
    fn beat(self) {
        advance(self)
    }
}

/// One beat: the next effect (the next whole input at the fastest speed); then pause at the end
/// of the session, at the end of a revealed step, or on a note in guided mode.
fn advance(session: Session) {
    let mode = session.playback.get_untracked();
    if mode == Playback::Paused {
        return;
    }
    let here = session.cursor();
    let instant = session.speed.get_untracked() >= MAX_SPEED;
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
            Cursor::end_of(t, session.clamp(t.len())),
        )
    });
    let pause = there == here
        || there >= last
        || (step_end && mode == Playback::Step)
        || (step_end && narrated && session.guided.get_untracked());
    if pause {
        session.playback.set(Playback::Paused);
    }
}
