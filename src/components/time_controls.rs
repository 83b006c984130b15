//! Time controls: step an effect or a step (one input) either way, play and pause with a speed on a log
//! scale, and a scrubber over the whole timeline.

use crate::session::context::use_session;
use crate::session::playback::{Playback, MAX_SPEED};
use crate::shell::shortcuts::{run, shortcut_of, Action};
use leptos::prelude::*;

fn speed_label(speed: i32) -> &'static str {
    match speed {
        -2 => "¼×",
        -1 => "½×",
        0 => "1×",
        1 => "2×",
        2 => "4×",
        3 => "8×",
        _ => "instant",
    }
}

/// The transport bar.
#[component]
pub fn TimeControls() -> impl IntoView {
    let session = use_session();
    let len = move || session.timeline.with(|t| t.len());
    let cursor = move || session.timeline.with(|t| t.cursor());
    let position = move || session.frame.with(|f| f.position.clone());
    let button = move |action: Action,
                       text: &'static str,
                       label: &'static str,
                       id: &'static str| {
        view! {
            <button class="transport" data-testid=id aria-label=label title=format!("{label} ({})", shortcut_of(action))
                aria-keyshortcuts=shortcut_of(action) on:click=move |_| run(session, action)>{text}</button>
        }
    };
    let playing = move || session.transport.playback.get() != Playback::Paused;
    view! {
        <section class="panel time-controls" id="time-controls" aria-label="Time controls">
            <div class="row transport-row">
                {button(Action::ToStart, "|◀", "Go to the start", "to-start")}
                {button(Action::StepInputBack, "◀◀", "One step back", "step-input-back")}
                {button(Action::StepEffectBack, "◁", "One effect back", "step-effect-back")}
                // One glyph a meaning on every page: ◁ ▷ an effect, ◀◀ ▶▶ a step, ▶ play (and the
                // word, where the bar has room).
                <button class="transport play" data-testid="play" aria-pressed=move || playing().to_string()
                    aria-label=move || if playing() { "Pause" } else { "Play" } aria-keyshortcuts=shortcut_of(Action::PlayPause)
                    title=move || format!("{} ({})", if playing() { "Pause" } else { "Play" }, shortcut_of(Action::PlayPause))
                    on:click=move |_| run(session, Action::PlayPause)>{move || if playing() { "❙❙" } else { "▶" }}<span class="play-word">{move || if playing() { " Pause" } else { " Play" }}</span></button>
                {button(Action::StepEffectForward, "▷", "One effect forward", "step-effect")}
                {button(Action::StepInputForward, "▶▶", "One step forward", "step-input")}
                {button(Action::ToEnd, "▶|", "Go to the end", "to-end")}
                <label class="speed">
                    "Speed "
                    <input type="range" min="-2" max=MAX_SPEED step="1" data-testid="speed"
                        aria-valuetext=move || speed_label(session.transport.speed.get())
                        prop:value=move || session.transport.speed.get().to_string()
                        on:input=move |ev| {
                            if let Ok(s) = event_target_value(&ev).parse::<i32>() {
                                session.transport.speed.set(s.clamp(-2, MAX_SPEED));
                            }
                        } />
                    <output data-testid="speed-label">{move || speed_label(session.transport.speed.get())}</output>
                </label>
                <label class="choice">
                    <input type="checkbox" data-testid="guided" aria-keyshortcuts=shortcut_of(Action::Guided)
                        prop:checked=move || session.transport.guided.get()
                        on:change=move |ev| session.transport.guided.set(event_target_checked(&ev)) />
                    "Guided (pause on notes)"
                </label>
            </div>
            <div class="row scrub-row">
                <label for="scrubber" class="visually-hidden">"Timeline position"</label>
                <input id="scrubber" type="range" min="0" max=move || len().to_string() step="1" data-testid="scrubber"
                    aria-valuetext=position
                    prop:value=move || cursor().to_string()
                    on:input=move |ev| {
                        if let Ok(c) = event_target_value(&ev).parse::<usize>() {
                            session.seek(c);
                        }
                    } />
                <span class="position" data-testid="position">{position}</span>
            </div>
        </section>
    }
}
