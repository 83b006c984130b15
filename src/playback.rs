//! The only timer of the app: it reveals the current step's effects one by one and, while
//! playing, moves to the next step. No timer is scheduled while paused with nothing left to
//! reveal, nor while the tab is hidden.

use crate::context::{effects_of, Session, MAX_SPEED};
use gloo_timers::callback::Timeout;
use leptos::prelude::*;

/// Milliseconds between two effects at ¼×; each speed step halves it (800 ms at 1×).
const SLOWEST_DELAY_MS: u32 = 3200;

/// The delay between two revealed effects at `speed` (a power of two, -2 to `MAX_SPEED`).
/// Integer arithmetic: float formatting and maths cost the wasm bundle kilobytes for nothing.
pub fn delay_ms(speed: i32) -> u32 {
    let steps = (speed.clamp(-2, MAX_SPEED) + 2).unsigned_abs();
    SLOWEST_DELAY_MS >> steps
}

/// Starts the playback driver for `session`; it lives as long as the calling component.
pub fn drive(session: Session) {
    let visible = RwSignal::new(!document().hidden());
    let listener = window_event_listener(leptos::ev::visibilitychange, move |_| {
        visible.set(!document().hidden());
    });
    on_cleanup(move || listener.remove());
    let timer = StoredValue::new_local(None::<Timeout>);
    Effect::new(move |_| {
        let revealing = session.shown.get().is_some();
        let playing = session.playing.get();
        let speed = session.speed.get();
        let cursor = session.timeline.with(|t| t.cursor());
        // Dropping a gloo Timeout cancels it.
        timer.set_value(None);
        if !visible.get() || !(revealing || playing) {
            return;
        }
        let _ = cursor;
        timer.set_value(Some(Timeout::new(delay_ms(speed), move || {
            advance(session)
        })));
    });
}

/// One beat: the next effect, or the next step while playing.
fn advance(session: Session) {
    let (cursor, len, shown) = session.position();
    let count = session.effects_count(cursor);
    match shown {
        Some(j) if j + 1 < count => session.shown.set(Some(j + 1)),
        Some(_) => session.finish_reveal(),
        None if session.playing.get_untracked()
            && cursor < len
            && session.clamp(cursor + 1) > cursor =>
        {
            session.timeline.update(|t| t.seek(cursor + 1));
            session.reset_draft();
            let (count, narrated) = session.timeline.with_untracked(|t| {
                (
                    effects_of(t, cursor).len(),
                    t.steps().get(cursor).is_some_and(|s| s.note.is_some()),
                )
            });
            if session.guided.get_untracked() && narrated {
                session.playing.set(false);
            }
            if count > 0 && session.speed.get_untracked() < MAX_SPEED {
                session.shown.set(Some(0));
            } else {
                session.finish_reveal();
            }
        }
        None => session.playing.set(false),
    }
}
