//! What the application does, as one call each (subscribe, let time pass): the buttons and the
//! keys both call these, so neither imports the other.

use crate::session::context::Session;
use kip848_core::Machine;
use kip848_core::{Input, Millis};
use leptos::prelude::*;

/// The topics the subscribe button uses, comma-separated, as typed.
#[derive(Clone, Copy)]
pub struct Topics(pub RwSignal<String>);

/// Subscribes to the topics typed in the panel (or `orders`).
pub fn subscribe(session: Session) {
    let typed = use_context::<Topics>()
        .map(|t| t.0.get_untracked())
        .unwrap_or_default();
    let mut topics: std::collections::BTreeSet<String> = typed
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
        .collect();
    if topics.is_empty() {
        topics.insert("orders".to_owned());
    }
    session.act(session.next_at(), Input::Subscribe { topics });
}

/// Ticks at the member's next deadline; with none ahead, says so and records nothing.
pub fn advance_to_deadline(session: Session) {
    let (now, deadline) = session
        .timeline
        .with_untracked(|t| (t.now(), t.member().facts().next_deadline));
    // With nothing due, a tick would only record a step where nothing happens.
    let Some(deadline) = deadline else {
        session.dialogs.notice.set(Some(crate::session::context::Notice::Info(
            "No deadline is ahead: nothing happens until an input comes (Advance by moves the clock by as much as you choose).".to_owned(),
        )));
        return;
    };
    session.act(Millis(deadline.0.max(now.0)), Input::Tick);
}
