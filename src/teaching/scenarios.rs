//! The built-in scenarios: narrated trace files from `assets/scenarios/`, compiled into the app so
//! it works offline and from any path.

use crate::session::context::{Notice, Session};
use kip848_core::session::trace::{Trace, TraceError};
use kip848_core::teaching::fit::fit;
use kip848_core::{Model, Timeline};
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

/// A scenario that does not play on the model in view: what the reader is asked before it loads.
#[derive(Clone, Debug, PartialEq)]
pub struct Mismatch {
    pub id: String,
    /// The model the scenario was written for (its trace's).
    pub written_for: Model,
    /// The model in view.
    pub here: Model,
    /// Why it does not play here ("on the Java client its step 4 is refused").
    pub why: String,
}

/// What opening a scenario on the model in view did.
#[derive(Clone, Debug, PartialEq)]
pub enum Opening {
    Opened,
    /// Nothing loaded: the reader chooses the model first.
    Ask(Mismatch),
    /// Nothing loaded, and the notice says why.
    Failed,
}

/// Opens the built-in scenario `id` at its start on the model in view when it plays there (or
/// was written for it); otherwise loads nothing and returns what to ask. The reader chose the
/// model: a scenario never switches it silently.
pub fn open_scenario_here(session: Session, id: &str) -> Opening {
    let here = session.timeline.with_untracked(|t| t.model());
    match scenario(id) {
        Some(Ok(trace)) if trace.model != here => match fit(&trace, here).why_not(here) {
            None => {
                open_scenario_on(session, id, here);
                Opening::Opened
            }
            Some(why) => Opening::Ask(Mismatch {
                id: id.to_owned(),
                written_for: trace.model,
                here,
                why,
            }),
        },
        _ if open_scenario(session, id) => Opening::Opened,
        _ => Opening::Failed,
    }
}

/// Opens the built-in scenario `id` at its start on `model`.
pub fn open_scenario_on(session: Session, id: &str, model: Model) -> bool {
    open_with(session, id, Some(model))
}

/// Every scenario's id with why it does not play on `model` (`None` when it does).
pub fn fits(model: Model) -> Vec<(&'static str, Option<String>)> {
    SCENARIOS
        .iter()
        .map(|(id, _, text)| {
            let why = match Trace::parse(text) {
                Ok(trace) if trace.model == model => None,
                Ok(trace) => fit(&trace, model).why_not(model),
                Err(e) => Some(format!("it is broken ({e})")),
            };
            (*id, why)
        })
        .collect()
}

/// Opens the built-in scenario `id` at its start on the model it was written for (a link, an
/// embed, the review view); an unknown or broken one leaves the session as it is and says why
/// (naming the ids there are).
pub fn open_scenario(session: Session, id: &str) -> bool {
    open_with(session, id, None)
}

fn open_with(session: Session, id: &str, model: Option<Model>) -> bool {
    match scenario(id) {
        Some(Ok(mut trace)) => {
            if let Some(model) = model {
                trace.model = model;
            }
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
