//! The one source of truth: the session's `Timeline` in a context signal.

use kip848_core::{Input, Millis, Rejected, Timeline};
use leptos::prelude::*;

/// The session: a `Copy` handle on the timeline signal, provided once by the app.
#[derive(Clone, Copy)]
pub struct Session {
    pub timeline: RwSignal<Timeline>,
    /// Why the last input was refused, shown until the next accepted one.
    pub rejection: RwSignal<Option<Rejected>>,
}

/// Provides a session around `timeline` to every component below.
pub fn provide_session(timeline: Timeline) -> Session {
    let session = Session {
        timeline: RwSignal::new(timeline),
        rejection: RwSignal::new(None),
    };
    provide_context(session);
    session
}

/// The session provided by [`provide_session`].
pub fn use_session() -> Session {
    expect_context::<Session>()
}

impl Session {
    /// Applies `input` at `at` at the cursor; a refusal is kept for display and changes nothing.
    pub fn act(&self, at: Millis, input: Input) {
        let mut outcome = Ok(Vec::new());
        self.timeline.update(|t| outcome = t.act(at, input));
        self.rejection.set(outcome.err());
    }
}
