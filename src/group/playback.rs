//! Group playback: while playing, one step of the trace per beat, at the member view's speeds.

use super::GroupSession;
use crate::playback::delay_ms;
use gloo_timers::callback::Timeout;
use leptos::prelude::*;

/// Starts the driver; it lives as long as the calling component.
pub fn drive(session: GroupSession) {
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
            session.seek(cursor + 1);
        })));
    });
}
