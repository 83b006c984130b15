//! The built-in scenarios: narrated trace files from `assets/scenarios/`, compiled into the app so
//! it works offline and from any path.

use crate::context::{Notice, Session};
use kip848_core::session::trace::{Trace, TraceError};
use kip848_core::Timeline;
use leptos::prelude::*;

include!(concat!(env!("OUT_DIR"), "/scenarios.rs"));

/// The scenario named `id`, parsed.
pub fn scenario(id: &str) -> Option<Result<Trace, TraceError>> {
    SCENARIOS
        .iter()
        .find(|(name, _, _)| *name == id)
        .map(|(_, _, text)| Trace::parse(text))
}

/// Every scenario's id and title (its id when the file has none), as the build read them.
pub fn titles() -> impl Iterator<Item = (&'static str, &'static str)> {
    SCENARIOS.iter().map(|(id, title, _)| (*id, *title))
}

/// The id of the scenario the session was loaded from, if it is a built-in one.
pub fn loaded_id(session: Session) -> Option<&'static str> {
    let title = session.scenario.get()?;
    titles().find(|(_, t)| *t == title).map(|(id, _)| id)
}

/// The first built-in scenario, at its start: what a broken link falls back to.
pub fn first_scenario() -> Timeline {
    let trace = SCENARIOS
        .first()
        .and_then(|(id, _, _)| scenario(id))
        .and_then(Result::ok);
    let mut timeline = trace.map(Timeline::from_trace).unwrap_or_default();
    timeline.seek(0);
    timeline
}

/// Opens the built-in scenario `id` at its start; an unknown or broken one leaves the session as
/// it is and says why (naming the ids there are).
pub fn open_scenario(session: Session, id: &str) -> bool {
    match scenario(id) {
        Some(Ok(trace)) => {
            session.load(trace, true);
            true
        }
        Some(Err(e)) => {
            let message = format!("The scenario {id} is broken ({e}); your session is unchanged.");
            session.dialogs.notice.set(Some(Notice::Error(message)));
            false
        }
        None => {
            let ids: Vec<&str> = SCENARIOS.iter().map(|(id, _, _)| *id).collect();
            let message = format!(
                "There is no scenario named \"{id}\"; your session is unchanged. The scenarios are: {}.",
                ids.join(", ")
            );
            session.dialogs.notice.set(Some(Notice::Error(message)));
            false
        }
    }
}
