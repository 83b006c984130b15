//! Group playback: while playing, one step of the trace per beat, at the member view's speeds. In
//! guided play a run of "time passes" steps is one beat (one row of the step list), and playback
//! pauses on every narrated step, whose note then stays until the user goes on.

use super::GroupSession;
use crate::playback::delay_ms;
use gloo_timers::callback::Timeout;
use kip848_core::group::step_rows;
use leptos::prelude::*;

/// Starts the driver; it lives as long as the calling component.
pub fn drive(session: GroupSession) {
    crate::playback::follow_speed(session.speed);
    let timer = StoredValue::new_local(None::<Timeout>);
    Effect::new(move |_| {
        let playing = session.playing.get();
        let speed = session.speed.get();
        let (cursor, len) = session.timeline.with(|t| (t.cursor(), t.len()));
        // Dropping a gloo Timeout cancels it.
        timer.set_value(None);
        if !playing {
            return;
        }
        if cursor >= len {
            session.playing.set(false);
            return;
        }
        timer.set_value(Some(Timeout::new(delay_ms(speed), move || {
            advance(session, cursor)
        })));
    });
}

fn advance(session: GroupSession, cursor: usize) {
    let guided = session.guided.get_untracked();
    let (next, noted) = session.timeline.with_untracked(|t| {
        let next = if guided {
            step_rows(t)
                .into_iter()
                .find(|r| r.last >= cursor)
                .map_or(cursor + 1, |r| r.last + 1)
        } else {
            cursor + 1
        };
        (
            next,
            t.steps().get(next - 1).is_some_and(|s| s.note.is_some()),
        )
    });
    session.seek(next);
    if guided && noted {
        session.playing.set(false);
    }
}
