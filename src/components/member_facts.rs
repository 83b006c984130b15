//! Beside the diagram: member id, member epoch (animated when it changes), interval, the next
//! deadline, the heartbeat in flight and what waits behind it — the frame's words, as the core
//! writes them.

use crate::components::glossary::Term;
use crate::context::use_frame;
use leptos::prelude::*;

/// The member's facts, as the frame on screen has them.
#[component]
pub fn MemberFacts(
    /// The frame to show (the member view's own by default).
    #[prop(optional, into)]
    frame: Option<Signal<kip848_core::Frame>>,
) -> impl IntoView {
    let f: Signal<kip848_core::Frame> = frame.unwrap_or_else(|| use_frame().into());
    let state = move || f.with(|f| f.facts.state.as_str());
    let word = move |pick: fn(&kip848_core::screen::words::FactWords) -> &String| {
        move || f.with(|f| pick(&f.words).clone())
    };
    let epoch = Memo::new(move |_| f.with(|f| f.words.member_epoch.clone()));
    let failure = move || f.with(|f| f.words.failure.clone());
    let local = Memo::new(move |_| f.with(|f| f.words.local.clone()));
    view! {
        <dl class="facts" data-testid="member-facts">
            <dt>"State"</dt>
            <dd data-testid="state" data-state=state>{state}</dd>
            <dt>"Member id"</dt>
            <dd data-testid="member-id">{word(|w| &w.member_id)}</dd>
            <dt><Term id="member-epoch">"Member epoch"</Term></dt>
            // Keyed by value: a new epoch re-creates the element, which replays its animation.
            <dd data-testid="member-epoch">{move || { let e = epoch.get(); view! { <span class="epoch">{e}</span> } }}</dd>
            <dt><Term id="heartbeat-interval">"Heartbeat interval"</Term></dt>
            <dd data-testid="interval">{word(|w| &w.interval)}</dd>
            <dt>"Next deadline"</dt>
            <dd data-testid="deadline">{word(|w| &w.deadline)}</dd>
            <dt>"In flight"</dt>
            <dd data-testid="in-flight">{word(|w| &w.in_flight)}</dd>
            <dt>"Waiting on"</dt>
            <dd data-testid="awaiting">{word(|w| &w.awaiting)}</dd>
            <dt>"Virtual time"</dt>
            <dd data-testid="now">{word(|w| &w.now)}</dd>
            {move || local.get().map(|l| view! {
                <dt>"Pending " <Term id="revoke">"revocation"</Term></dt>
                <dd data-testid="pending-revocation">{l.pending_revocation}</dd>
                <dt><Term id="reconciliation">"Reconciled"</Term></dt>
                <dd data-testid="current-assignment">{l.reconciled}</dd>
                <dt><Term id="response-assignment">"Target"</Term></dt>
                <dd data-testid="target-assignment">{l.received}</dd>
                <dt>"Awaiting metadata"</dt>
                <dd data-testid="unresolved">{l.unresolved}</dd>
            })}
            <Show when=move || failure().is_some()>
                <dt>"Failure"</dt>
                <dd data-testid="failure" class="danger">{failure}</dd>
            </Show>
        </dl>
    }
}
