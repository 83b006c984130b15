//! The first controls: the application subscribes or closes, the coordinator answers, time passes.

use crate::context::use_session;
use kip848_core::composer::default_answer;
use kip848_core::{Input, Millis};
use leptos::prelude::*;

/// How far apart, in virtual time, two clicks are.
const CLICK_GAP_MS: u64 = 10;

/// Buttons that send inputs to the member at the cursor.
#[component]
pub fn QuickActions() -> impl IntoView {
    let session = use_session();
    let next_at = move || session.timeline.with(|t| t.now().plus(CLICK_GAP_MS));
    let subscribe = move |_| {
        let topics = ["orders".to_owned()].into();
        session.act(next_at(), Input::Subscribe { topics });
    };
    let answer = move |_| {
        let response = session.timeline.with(|t| default_answer(t.member()));
        session.act(next_at(), Input::HeartbeatResponse(response));
    };
    let tick = move |_| {
        let (now, deadline) = session
            .timeline
            .with(|t| (t.now(), t.member().poll_timeout()));
        let at = deadline.map_or(now.plus(CLICK_GAP_MS), |d| Millis(d.0.max(now.0)));
        session.act(at, Input::Tick);
    };
    let close = move |_| session.act(next_at(), Input::Close);
    let rejection = move || session.rejection.get().map(|r| r.to_string());
    view! {
        <section class="panel actions" aria-label="Actions">
            <button data-testid="subscribe" on:click=subscribe>"Subscribe to orders"</button>
            <button data-testid="answer" on:click=answer>"Answer: bump epoch, keep assignment"</button>
            <button data-testid="tick" on:click=tick>"Advance to next deadline"</button>
            <button data-testid="close" on:click=close>"Close"</button>
            <p class="rejection" role="status" data-testid="rejection">{rejection}</p>
        </section>
    }
}
