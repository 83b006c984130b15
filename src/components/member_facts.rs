//! Beside the diagram: member id, member epoch (animated when it changes), interval, the next
//! deadline, the heartbeat in flight and what waits behind it — the frame's words, as the core
//! writes them.

use crate::components::glossary::Term;
use crate::session::context::use_frame;
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
    // What this step changed, marked until the next step (the core's list, `Frame::changed`).
    let changed = Memo::new(move |_| f.with(|f| f.changed.facts.clone()));
    let marked = move |name: &'static str| move || changed.with(|c| c.contains(&name));
    view! {
        <dl class="facts" data-testid="member-facts">
            <dt>"State"</dt>
            <dd data-testid="state" class:changed=marked("state") data-state=state>{state}</dd>
            <dt>"Member id"</dt>
            <dd data-testid="member-id" class:changed=marked("member_id")>{word(|w| &w.member_id)}</dd>
            <dt><Term id="member-epoch">"Member epoch"</Term></dt>
            // Keyed by value: a new epoch re-creates the element, which replays its animation.
            <dd data-testid="member-epoch" class:changed=marked("member_epoch")>{move || { let e = epoch.get(); view! { <span class="epoch">{e}</span> } }}</dd>
            <dt><Term id="heartbeat-interval">"Heartbeat interval"</Term></dt>
            <dd data-testid="interval" class:changed=marked("interval")>{word(|w| &w.interval)}</dd>
            <dt>"Next deadline"</dt>
            <dd data-testid="deadline" class:changed=marked("deadline")>{word(|w| &w.deadline)}</dd>
            <dt>"In flight"</dt>
            <dd data-testid="in-flight" class:changed=marked("in_flight")>{word(|w| &w.in_flight)}</dd>
            <dt>"Waiting on"</dt>
            <dd data-testid="awaiting" class:changed=marked("awaiting")>{word(|w| &w.awaiting)}</dd>
            <dt>"Virtual time"</dt>
            <dd data-testid="now" class:changed=marked("now")>{word(|w| &w.now)}</dd>
            {move || local.get().map(|l| view! {
                <dt>"Pending " <Term id="revoke">"revocation"</Term></dt>
                <dd data-testid="pending-revocation" class:changed=marked("local.pending_revocation")>{l.pending_revocation}</dd>
                <dt><Term id="reconciliation">"Reconciled"</Term></dt>
                <dd data-testid="current-assignment" class:changed=marked("local.reconciled")>{l.reconciled}</dd>
                <dt><Term id="response-assignment">"Target"</Term></dt>
                <dd data-testid="target-assignment" class:changed=marked("local.received")>{l.received}</dd>
                <dt>"Awaiting metadata"</dt>
                <dd data-testid="unresolved" class:changed=marked("local.unresolved")>{l.unresolved}</dd>
            })}
            <Show when=move || failure().is_some()>
                <dt>"Failure"</dt>
                <dd data-testid="failure" class="danger" class:changed=marked("failure")>{failure}</dd>
            </Show>
        </dl>
    }
}
