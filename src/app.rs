//! The page: provides the session, lays out the panels, and routes keyboard shortcuts.

use crate::components::{
    app_actions::AppActions,
    app_lane::AppLane,
    assigned_set::AssignedSet,
    config_panel::ConfigPanel,
    console::Console,
    diagram::Diagram,
    help_dialog::HelpDialog,
    inspector::Inspector,
    live_region::LiveRegion,
    log::Log,
    member_facts::MemberFacts,
    scenario_panel::ScenarioPanel,
    sequence::Sequence,
    session_panel::{import_file, SessionPanel},
    time_controls::TimeControls,
};
use crate::context::{provide_session, Session};
use crate::playback;
use crate::shortcuts::{action_for, run};
use kip848_core::{Config, Timeline};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Whether a key press belongs to a text field (typing), not to the page's shortcuts.
fn typing(ev: &web_sys::KeyboardEvent) -> bool {
    let Some(target) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return false;
    };
    match target.tag_name().as_str() {
        "TEXTAREA" | "SELECT" => true,
        "INPUT" => !matches!(
            target.get_attribute("type").as_deref(),
            Some("checkbox" | "radio" | "range" | "button")
        ),
        _ => target.has_attribute("contenteditable"),
    }
}

fn on_key(session: Session, ev: web_sys::KeyboardEvent) {
    if ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
        return;
    }
    let key = ev.key();
    if key == "Escape" {
        session.help_open.set(false);
        // Leaving a text field hands the keys back to the shortcuts.
        if typing(&ev) {
            if let Some(field) = ev
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok())
            {
                let _ = field.blur();
            }
        }
        return;
    }
    // Shift+Enter sends from anywhere, text fields included; other keys are left to fields.
    let send = key == "Enter" && ev.shift_key();
    if typing(&ev) && !send {
        return;
    }
    // Arrow keys on a range input move the range (speed, scrubber), not the timeline.
    let on_range = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|e| e.get_attribute("type").as_deref() == Some("range"));
    if on_range && key.starts_with("Arrow") {
        return;
    }
    if let Some(action) = action_for(&key, ev.shift_key()) {
        // Space on a focused button is that button's click, not play.
        if key == " "
            && ev
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlButtonElement>().ok())
                .is_some()
        {
            return;
        }
        ev.prevent_default();
        run(session, action);
    }
}

/// The whole single-page app.
#[component]
pub fn App() -> impl IntoView {
    let session = provide_session(Timeline::new(Config::default()));
    playback::drive(session);
    let keys = window_event_listener(leptos::ev::keydown, move |ev| on_key(session, ev));
    on_cleanup(move || keys.remove());
    view! {
        <a class="skip-link" href="#console-title">"Skip to the coordinator console"</a>
        <header class="top">
            <div>
                <h1>"KIP-848 consumer membership"</h1>
                <p class="tagline">"You are the group coordinator. Answer the member's heartbeats and watch its state machine react, one effect at a time."</p>
            </div>
            <button class="help-button" data-testid="help-button" aria-keyshortcuts="?"
                on:click=move |_| session.help_open.update(|h| *h = !*h)>"Keyboard shortcuts (?)"</button>
        </header>
        <LiveRegion/>
        <main class="layout"
            on:dragover=move |ev: web_sys::DragEvent| ev.prevent_default()
            on:drop=move |ev: web_sys::DragEvent| {
                ev.prevent_default();
                if let Some(file) = ev.data_transfer().and_then(|d| d.files()).and_then(|f| f.get(0)) {
                    import_file(session, file);
                }
            }>
            <div class="column controls-column">
                <ScenarioPanel/>
                <Console/>
                <AppActions/>
            </div>
            <div class="column member-column">
                <section class="panel member" aria-labelledby="member-title">
                    <h2 id="member-title">"Member"</h2>
                    <Diagram/>
                    <MemberFacts/>
                </section>
                <AssignedSet/>
            </div>
            <div class="column detail-column">
                <Inspector/>
                <AppLane/>
            </div>
            <div class="history">
                <Log/>
                <Sequence/>
            </div>
            <ConfigPanel/>
            <SessionPanel/>
        </main>
        <footer class="transport-bar">
            <TimeControls/>
        </footer>
        <HelpDialog/>
    }
}
