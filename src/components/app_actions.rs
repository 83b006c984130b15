//! The application's own actions (subscribe, close, complete a callback) and the clock.

use crate::components::glossary::Term;
use crate::session::actions::{advance_to_deadline, subscribe, Topics};
use crate::session::context::use_session;
use crate::shell::shortcuts::{shortcut_of, Action};
use kip848_core::screen::lint::{lint, Verdict};
use kip848_core::Machine;
use kip848_core::{Input, Model, Outcome};
use leptos::prelude::*;

/// Buttons for the application and for time, each disabled (with the reason) when the member
/// would reject it.
#[component]
pub fn AppActions() -> impl IntoView {
    let session = use_session();
    let topics = Topics(RwSignal::new("orders".to_owned()));
    provide_context(topics);
    let advance_by = RwSignal::new(1000u64);
    let refusal = move |input: Input| {
        session.timeline.with(|t| {
            let l = lint(
                t.member(),
                t.now().plus(crate::session::context::CLICK_GAP_MS),
                &input,
            );
            (l.verdict == Verdict::Rejected).then_some(l.message)
        })
    };
    let manual = move || session.timeline.with(|t| !t.config().auto_complete);
    let deadline = move || {
        session.timeline.with(|t| {
            t.member()
                .facts()
                .next_deadline
                .map(|d| format!("{} ms", d.0))
        })
    };
    let subscribe_refused = move || {
        refusal(Input::Subscribe {
            topics: ["orders".to_owned()].into(),
        })
    };
    let close_refused = move || refusal(Input::Close);
    let complete_refused = move || {
        refusal(Input::Completed {
            outcome: Outcome::Ok,
        })
    };
    let tick_refused = move || refusal(Input::Tick);
    view! {
        <section class="panel app-actions" aria-labelledby="app-actions-title">
            <h2 id="app-actions-title">"Application and time"</h2>
            <div class="row">
                <label for="topics">"Topics"</label>
                <input id="topics" data-testid="topics" type="text" maxlength="200"
                    prop:value=move || topics.0.get()
                    on:input=move |ev| topics.0.set(event_target_value(&ev)) />
                <button data-testid="subscribe" aria-keyshortcuts=shortcut_of(Action::Subscribe)
                    disabled=move || subscribe_refused().is_some() title=move || subscribe_refused().unwrap_or_default()
                    on:click=move |_| subscribe(session)>"Subscribe"</button>
                <button data-testid="close" aria-keyshortcuts=shortcut_of(Action::Close)
                    disabled=move || close_refused().is_some() title=move || close_refused().unwrap_or_default()
                    on:click=move |_| session.act(session.next_at(), Input::Close)>"Close"</button>
            </div>
            <p class="muted">"Closing leaves the group with " <Term id="leave-epoch-1">"epoch −1"</Term> ", or " <Term id="leave-epoch-2">"−2"</Term> " for a " <Term id="static-member">"static member"</Term> "."</p>
            <Show when=manual>
                <div class="row">
                    <span>"Oldest commit or callback:"</span>
                    <button data-testid="complete-ok" aria-keyshortcuts=shortcut_of(Action::CompleteOk)
                        disabled=move || complete_refused().is_some() title=move || complete_refused().unwrap_or_default()
                        on:click=move |_| session.act(session.next_at(), Input::Completed { outcome: Outcome::Ok })>"Completes"</button>
                    <button data-testid="complete-failed" aria-keyshortcuts=shortcut_of(Action::CompleteFailed)
                        disabled=move || complete_refused().is_some()
                        on:click=move |_| session.act(session.next_at(), Input::Completed { outcome: Outcome::Failed })>"Fails"</button>
                </div>
            </Show>
            <Show when=move || session.timeline.with(|t| t.model() != Model::Seed)>
                <ShippedClientActions/>
            </Show>
            <div class="row">
                <button data-testid="advance-deadline" aria-keyshortcuts=shortcut_of(Action::AdvanceToDeadline)
                    disabled=move || tick_refused().is_some() || deadline().is_none()
                    on:click=move |_| advance_to_deadline(session)>
                    "Advance to next deadline"
                    {move || Some(deadline().map_or(" (none ahead)".to_owned(), |d| format!(" ({d})")))}
                </button>
            </div>
            <div class="row">
                <label for="advance-by">"Advance by"</label>
                <input id="advance-by" data-testid="advance-by" type="number" min="0" max="86400000" step="100"
                    prop:value=move || advance_by.get().to_string()
                    on:input=move |ev| {
                        if let Ok(ms) = event_target_value(&ev).parse::<u64>() {
                            advance_by.set(ms.min(86_400_000));
                        }
                    } />
                <span>"ms"</span>
                <button data-testid="advance" disabled=move || tick_refused().is_some()
                    on:click=move |_| {
                        let at = session.timeline.with_untracked(|t| t.now().plus(advance_by.get_untracked()));
                        session.act(at, Input::Tick);
                    }>"Advance"</button>
            </div>
        </section>
    }
}

/// Inputs the Java client and librdkafka have and the seed has not: the application polls (or
/// stops polling) and unsubscribes; for the Java client, metadata learns topic names (librdkafka
/// resolves topic ids itself: the model takes names as resolved).
#[component]
fn ShippedClientActions() -> impl IntoView {
    let session = use_session();
    let known = RwSignal::new("orders".to_owned());
    let act = move |input: Input| session.act(session.next_at(), input);
    let java = move || session.timeline.with(|t| t.model() == Model::Kafka);
    view! {
        <div class="row" data-testid="shipped-actions">
            <button data-testid="poll" aria-keyshortcuts=shortcut_of(Action::Poll) on:click=move |_| act(Input::Poll)>"Poll"</button>
            <button data-testid="poll-expired" on:click=move |_| act(Input::PollTimerExpired)>"Poll timer expires"</button>
            <button data-testid="unsubscribe" on:click=move |_| act(Input::Unsubscribe)>"Unsubscribe"</button>
        </div>
        <Show when=java fallback=|| view! {
            <p class="muted">"Each " <Term id="rebalance-callback">"rebalance callback"</Term> " waits for the application's "
                <Term id="incremental-assign">"incremental_assign or incremental_unassign"</Term>
                " (\"Completes\", when auto_complete is off). An application that stops polling loses its partitions (" <code>"on_lost"</code>
                "), leaves with epoch −1 (−2 for a static member) and rejoins when it polls again; each rejoin is an "
                <Term id="expedited-heartbeat">"expedited heartbeat"</Term> "."</p>
        }>
            <p class="muted">"An application that stops polling makes the member " <Term id="stale">"STALE"</Term> "."</p>
            <div class="row">
                <label for="known-topics">"Metadata knows"</label>
                <input id="known-topics" data-testid="known-topics" type="text" maxlength="400"
                    prop:value=move || known.get() on:input=move |ev| known.set(event_target_value(&ev)) />
                <button data-testid="metadata" on:click=move |_| {
                    let topics = known.get_untracked().split(',').map(str::trim).filter(|t| !t.is_empty()).map(str::to_owned).collect();
                    act(Input::Metadata { topics });
                }>"Update metadata"</button>
            </div>
        </Show>
    }
}
