//! Built-in scenarios: pick one, read what it shows, follow its narration (guided mode pauses on
//! each narrated step). The picker shows the scenario on screen; after a load the keyboard is
//! handed to the transport, so Space plays.

use crate::components::source_links::SourceList;
use crate::session::context::use_session;
use crate::session::context::Session;
use crate::session::playback::Playback;
use crate::teaching::scenarios::{
    fits, loaded_id, open_scenario_here, open_scenario_on, titles, Mismatch, Opening,
};
use kip848_core::teaching::fit::in_words;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Moves the keyboard focus to the transport's Play button (if the transport is shown).
pub fn focus_transport() {
    let play = document()
        .query_selector("[data-testid=play]")
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(play) = play {
        let _ = play.focus();
    }
}

/// The scenario picker and the narration of the current step.
#[component]
pub fn ScenarioPanel() -> impl IntoView {
    let session = use_session();
    let first = titles()
        .next()
        .map(|(id, _)| id.to_owned())
        .unwrap_or_default();
    let choice = RwSignal::new(first);
    // The picker follows the session: a link, an address or a load can change what is on screen.
    // A session that is no built-in scenario (an imported log, a file, a link) is not named as one.
    Effect::new(move |_| match loaded_id(session) {
        Some(id) => choice.set(id.to_owned()),
        None if session.scenario.with(Option::is_some) => choice.set(String::new()),
        None => {}
    });
    // A scenario that does not play on the model in view waits for the reader's choice.
    let asking = RwSignal::new(None::<(Mismatch, bool)>);
    let load = move |guided: bool| {
        let id = choice.get_untracked();
        asking.set(None);
        // Guided play replays the session on screen when it is the chosen scenario.
        let replay = guided && loaded_id(session) == Some(id.as_str());
        if replay {
            session.seek(0);
        } else {
            match open_scenario_here(session, &id) {
                Opening::Opened => {}
                Opening::Ask(mismatch) => return asking.set(Some((mismatch, guided))),
                Opening::Failed => return,
            }
        }
        loaded(session, guided);
    };
    let model = Memo::new(move |_| session.timeline.with(|t| t.model()));
    // Why each scenario does not play on the model in view (recomputed when the model changes).
    let fit = Memo::new(move |_| fits(model.get()));
    let why_not = move |id: &str| {
        fit.with(|f| {
            f.iter()
                .find(|(i, _)| *i == id)
                .and_then(|(_, why)| why.clone())
        })
    };
    let writable = session.writable();
    let description = move || session.timeline.with(|t| t.trace().description.clone());
    let note = move || session.frame.with(|f| f.note.clone());
    view! {
        <section class="panel scenarios" aria-labelledby="scenarios-title">
            <h2 id="scenarios-title">"Scenarios"</h2>
            // A read-only embed shows what it is about, and cannot load or empty anything.
            {writable.then(|| view! {
            <div class="row">
                <label for="scenario" class="visually-hidden">"Scenario"</label>
                <select id="scenario" data-testid="scenario" prop:value=move || choice.get()
                    on:change=move |ev| choice.set(event_target_value(&ev))>
                    <option value="" disabled=true>"Your own session: pick a built-in scenario"</option>
                    {move || titles().map(|(id, title)| {
                        let label = match why_not(id) {
                            Some(_) => format!("{title} (not on {})", in_words(model.get())),
                            None => title.to_owned(),
                        };
                        view! { <option value=id>{label}</option> }
                    }).collect_view()}
                </select>
                <button data-testid="load-scenario" disabled=move || choice.with(String::is_empty) on:click=move |_| load(false)>"Load"</button>
                <button data-testid="guided-play" disabled=move || choice.with(String::is_empty) on:click=move |_| load(true)>"Play guided"</button>
                <button data-testid="new-session" on:click=move |_| {
                    let config = session.timeline.with_untracked(|t| t.config().clone());
                    session.restart(config);
                    session.dialogs.notice.set(None);
                    focus_transport();
                }>"New session"</button>
            </div>
            {move || why_not(&choice.get()).filter(|_| asking.with(Option::is_none)).map(|why| view! {
                <p class="muted small" data-testid="scenario-fit">{format!("Written for another model: {why}.")}</p>
            })}
            {move || asking.get().map(|(m, guided)| view! { <ModelChoice mismatch=m guided=guided asking=asking/> })}
            })}
            // Predict, then reveal: offered here, on and off at will.
            <label class="choice">
                <input type="checkbox" data-testid="quiz-toggle" prop:checked=move || session.teaching.quiz.with(Option::is_some)
                    on:change=move |ev| session.teaching.quiz.set(event_target_checked(&ev).then(Default::default)) />
                "Quiz me: predict each step before it plays"
            </label>
            <p class="scenario-title" data-testid="scenario-title">{move || session.scenario.get()}</p>
            <p class="muted" data-testid="scenario-description">{description}</p>
                {move || {
                    let list = session.timeline.with(|t| kip848_core::teaching::sources::known(&t.trace().sources));
                    (!list.is_empty()).then(|| view! {
                        <p class="muted small" data-testid="scenario-sources">"Sources: " <SourceList list=list/> "."</p>
                    })
                }}
            <Show when=move || note().is_some()>
                <blockquote class="narration" data-testid="narration">{note}</blockquote>
            </Show>
            // Guided play pauses on every note (outside a lesson, which has its own): Continue goes on.
            <Show when=move || session.transport.guided.get() && !session.teaching.lesson.get()
                && session.transport.playback.get() == crate::session::playback::Playback::Paused && note().is_some()
                && session.timeline.with(|t| t.cursor() < t.len())>
                <button class="primary" data-testid="guided-continue" on:click=move |_| session.transport.playback.set(crate::session::playback::Playback::Play)>"Continue ▶"</button>
            </Show>
        </section>
    }
}

/// After a scenario loaded: guided play starts, and the keyboard goes to the transport.
fn loaded(session: Session, guided: bool) {
    session
        .transport
        .guided
        .set(guided || session.transport.guided.get_untracked());
    if guided {
        session.transport.playback.set(Playback::Play);
    }
    focus_transport();
}

/// Asked before a scenario loads on a model it does not play on: the model it was written for,
/// or the model in view anyway.
#[component]
fn ModelChoice(
    mismatch: Mismatch,
    guided: bool,
    asking: RwSignal<Option<(Mismatch, bool)>>,
) -> impl IntoView {
    let session = use_session();
    let Mismatch {
        id,
        written_for,
        here,
        why,
    } = mismatch;
    let title = crate::teaching::scenarios::titles()
        .find(|(i, _)| *i == id)
        .map_or(id.clone(), |(_, t)| t.to_owned());
    let on = move |model| {
        let id = id.clone();
        move |_| {
            asking.set(None);
            if open_scenario_on(session, &id, model) {
                loaded(session, guided);
            }
        }
    };
    view! {
        <div class="model-choice" role="group" aria-labelledby="model-choice-text" data-testid="model-choice">
            <p id="model-choice-text">{format!("“{title}” was written for {}, and {why}. Which model should it run on?", in_words(written_for))}</p>
            <div class="row">
                <button class="primary" data-testid="load-written-for" on:click=on(written_for)>{format!("Load on {}", in_words(written_for))}</button>
                <button data-testid="load-here" on:click=on(here)>{format!("Load on {} anyway", in_words(here))}</button>
                <button class="link-button" data-testid="model-choice-cancel" on:click=move |_| asking.set(None)>"Cancel"</button>
            </div>
        </div>
    }
}
