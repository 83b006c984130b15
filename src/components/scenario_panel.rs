//! Built-in scenarios: pick one, read what it shows, follow its narration (guided mode pauses on
//! each narrated step).

use crate::context::{use_session, Notice};
use crate::scenarios::{scenario, titles};
use leptos::prelude::*;

/// The scenario picker and the narration of the current step.
#[component]
pub fn ScenarioPanel() -> impl IntoView {
    let session = use_session();
    let choice = RwSignal::new(
        titles()
            .first()
            .map(|(id, _)| (*id).to_owned())
            .unwrap_or_default(),
    );
    let load = move |guided: bool| match scenario(&choice.get_untracked()) {
        Some(Ok(trace)) => {
            session.load(trace, true);
            session.guided.set(guided);
            if guided {
                session.playing.set(true);
            }
        }
        Some(Err(e)) => session
            .notice
            .set(Some(Notice::Error(format!("This scenario is broken: {e}")))),
        None => session
            .notice
            .set(Some(Notice::Error("No such scenario".to_owned()))),
    };
    let description = move || session.timeline.with(|t| t.trace().description.clone());
    let note = move || session.timeline.with(|t| t.note().map(str::to_owned));
    view! {
        <section class="panel scenarios" aria-labelledby="scenarios-title">
            <h2 id="scenarios-title">"Scenarios"</h2>
            <div class="row">
                <label for="scenario" class="visually-hidden">"Scenario"</label>
                <select id="scenario" data-testid="scenario" prop:value=move || choice.get()
                    on:change=move |ev| choice.set(event_target_value(&ev))>
                    {titles().into_iter().map(|(id, title)| view! { <option value=id>{title}</option> }).collect_view()}
                </select>
                <button data-testid="load-scenario" on:click=move |_| load(false)>"Load"</button>
                <button data-testid="guided-play" on:click=move |_| load(true)>"Play guided"</button>
                <button data-testid="new-session" on:click=move |_| {
                    let config = session.timeline.with_untracked(|t| t.config().clone());
                    session.restart(config);
                    session.notice.set(None);
                }>"New session"</button>
            </div>
            <p class="scenario-title" data-testid="scenario-title">{move || session.scenario.get()}</p>
            <p class="muted" data-testid="scenario-description">{description}</p>
            <Show when=move || note().is_some()>
                <blockquote class="narration" data-testid="narration">{note}</blockquote>
            </Show>
        </section>
    }
}
