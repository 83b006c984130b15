//! Scenario picker, narration, transport, time passing, and the group session as a file, a link
//! or an embed.

use crate::components::share_controls::ShareControls;
use crate::components::source_links::SourceList;
use crate::group::persist::fragment;
use crate::group::scenarios::{group_scenario, group_titles};
use crate::group::{use_group_session, GroupSession};
use crate::session::address::Mode;
use crate::session::context::Notice;
use crate::session::playback::Playback;
use crate::shell::download::download;
use crate::shell::embed::{Embed, Panel};
use kip848_core::group::GroupTrace;
use kip848_core::screen::words::counted;
use kip848_core::session::limits::MAX_TRACE_BYTES;
use kip848_core::Model;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

fn import(session: GroupSession, file: web_sys::File) {
    let name = file.name();
    if file.size() > MAX_TRACE_BYTES as f64 {
        session.say(Some(Notice::Error(format!(
            "Could not import {name}: over the limit of {MAX_TRACE_BYTES} bytes. The group is unchanged."
        ))));
        return;
    }
    leptos::task::spawn_local(async move {
        let text = wasm_bindgen_futures::JsFuture::from(file.text())
            .await
            .ok()
            .and_then(|v| v.as_string());
        let Some(text) = text else {
            session.say(Some(Notice::Error(format!(
                "Could not read {name} as text. The group is unchanged."
            ))));
            return;
        };
        match GroupTrace::parse(&text) {
            Ok(trace) => {
                let steps = trace.steps.len();
                session.load(trace);
                session.say(Some(Notice::Info(format!(
                    "Imported {} from {name}",
                    counted(steps, "step")
                ))));
            }
            Err(e) => session.say(Some(Notice::Error(format!(
                "Could not import {name}: {e}. The group is unchanged."
            )))),
        }
    });
}

#[component]
pub fn GroupControls() -> impl IntoView {
    let session = use_group_session();
    // The picker names the scenario on screen, or says the session is none of them (a shared
    // link, a hunt's counterexample, an import): never another scenario's title.
    let named = |title: Option<String>| {
        group_titles()
            .find(|(_, t)| title.as_deref() == Some(*t))
            .map(|(id, _)| (*id).to_owned())
            .unwrap_or_default()
    };
    let choice = RwSignal::new(named(session.scenario.get_untracked()));
    Effect::new(move |_| choice.set(named(session.scenario.get())));
    let unnamed = move || {
        session.scenario.with(|s| {
            format!(
                "This session: {}",
                s.as_deref().unwrap_or("not a built-in scenario")
            )
        })
    };
    let load = move |play: bool| match group_scenario(&choice.get_untracked()) {
        Some(Ok(trace)) => {
            session.load(trace);
            // "Play" is guided: it pauses on every note, and the note stays until you go on.
            session.transport.guided.set(play);
            session.transport.playback.set(Playback::playing_if(play));
        }
        Some(Err(e)) => session.say(Some(Notice::Error(format!("This scenario is broken: {e}")))),
        None => session.say(Some(Notice::Error("No such scenario".to_owned()))),
    };
    let description = move || session.timeline.with(|t| t.trace().description.clone());
    let note = move || {
        session.frame.with(|f| {
            f.note
                .as_ref()
                .map(|(step, note)| (*step == f.step, format!("Step {step}: {note}")))
        })
    };
    let len = move || session.frame.with(|f| f.steps);
    let cursor = move || session.frame.with(|f| f.step);
    let position = move || {
        session
            .frame
            .with(|f| format!("Step {} of {} · {} ms", f.step, f.steps, f.at))
    };
    let playing = move || session.transport.playback.get().is_playing();
    let step = move |delta: isize| {
        session.transport.pause();
        let (c, _) = session.position();
        session.seek(c.saturating_add_signed(delta));
    };
    let notice = move || {
        session
            .dialogs
            .notice
            .with(|n| n.as_ref().map(|n| n.shown_as("Refused")))
    };
    let writable = session.writable();
    let file_input = NodeRef::<leptos::html::Input>::new();
    // An embed shows what its `show=`/`hide=` name; a read-only one cannot load, act or import.
    let embed = use_context::<Embed>().unwrap_or_default();
    let controls = !crate::LIVE && embed.shows(Panel::Controls);
    let caption = embed.shows(Panel::Caption);
    let hazards = embed.shows(Panel::Hazards);
    let transport = embed.shows(Panel::Transport);
    view! {
        <section class="panel group-controls" aria-labelledby="group-scenarios-title" class:compact=!controls>
            <h2 id="group-scenarios-title" class:visually-hidden=!controls>"Group scenarios"</h2>
            {(controls && writable).then(|| view! {
            <div class="row">
                <label for="group-scenario" class="visually-hidden">"Group scenario"</label>
                <select id="group-scenario" data-testid="group-scenario" prop:value=move || choice.get()
                    on:change=move |ev| choice.set(event_target_value(&ev))>
                    <option value="" disabled hidden=move || !choice.with(String::is_empty)>{unnamed}</option>
                    {group_titles().map(|(id, title)| view! { <option value=id>{title}</option> }).collect_view()}
                </select>
                <button data-testid="group-load" disabled=move || choice.with(String::is_empty) on:click=move |_| load(false)>"Load"</button>
                <button data-testid="group-play-scenario" disabled=move || choice.with(String::is_empty) on:click=move |_| load(true)>"Play guided"</button>
                <button data-testid="group-new" disabled=!writable on:click=move |_| session.restart()>"New group"</button>
                <label>"Members run "
                    <select data-testid="group-model" title="The member model of every member that does not name its own: the same schedule on other clients"
                        prop:value=move || session.timeline.with(|t| t.trace().config.model.as_str())
                        on:change=move |ev| if let Some(m) = Model::parse(&event_target_value(&ev)) { session.set_model(m) }>
                        {Model::ALL.into_iter().map(|m| view! { <option value=m.as_str() title=m.summary()>{m.title()}</option> }).collect_view()}
                    </select>
                </label>
                <label class="choice">
                    <input type="checkbox" data-testid="group-quiz-toggle" prop:checked=move || session.teaching.quiz.with(Option::is_some)
                        on:change=move |ev| session.teaching.quiz.set(event_target_checked(&ev).then(Default::default)) />
                    "Quiz me: who gets a partition, and when"
                </label>
            </div>
            })}
            {controls.then(|| view! {
                <p class="scenario-title" data-testid="group-scenario-title">{move || session.scenario.get()}</p>
                <p class="muted scenario-about" data-testid="group-description">{description}</p>
                {move || {
                    let list = session.timeline.with(|t| kip848_core::teaching::sources::known(&t.trace().sources));
                    (!list.is_empty()).then(|| view! {
                        <p class="muted small scenario-about" data-testid="group-sources">"Sources: " <SourceList list=list/> "."</p>
                    })
                }}
            })}
            {caption.then(|| view! {
            <p class="caption" role="status" aria-live="polite" data-testid="group-caption">
                {move || session.frame.with(|f| f.caption.clone())}
            </p>
            // What can go wrong, where it happens (the core's hazards at this step); an embed shows
            // them when it asks for them.
            {move || (hazards && session.frame.with(|f| !f.hazards.is_empty())).then(|| view! {
                <ul class="hazards" role="alert" data-testid="group-hazards">
                    {session.frame.with(|f| f.hazards.clone()).into_iter().map(|h| view! {
                        <li data-testid="group-hazard" data-hazard=h.hazard.as_str()>
                            <strong>{format!("Hazard — {}", h.hazard.title())}</strong>": "{h.words}
                        </li>
                    }).collect_view()}
                </ul>
            })}
            {move || note().map(|(fresh, text)| view! {
                <blockquote class="narration" class:earlier=!fresh data-testid="group-narration">{text}</blockquote>
            })}
            // Guided play pauses on every note: Continue goes on from there.
            <Show when=move || session.transport.guided.get() && !session.transport.playback.get().is_playing() && note().is_some_and(|(fresh, _)| fresh)
                && session.frame.with(|f| f.step < f.steps)>
                <button class="primary" data-testid="group-continue" on:click=move |_| session.transport.playback.set(Playback::Play)>"Continue ▶"</button>
            </Show>
            })}
            {(caption && controls).then(|| view! {
            <div class="row lesson-strip" role="group" aria-label="Lesson">
                <label class="choice">
                    <input type="checkbox" data-testid="group-lesson" prop:checked=move || session.teaching.lesson.get()
                        on:change=move |ev| session.teaching.lesson.set(event_target_checked(&ev)) />
                    "Lesson (→ continue, ← back)"
                </label>
                <Show when=move || session.teaching.lesson.get()>
                    <span class="muted" data-testid="group-lesson-position">{move || {
                        let l = session.lesson_position();
                        if l.note == 0 { counted(l.of, "note") } else { format!("note {} of {}", l.note, l.of) }
                    }}</span>
                    <button data-testid="group-lesson-back" on:click=move |_| session.lesson_back()>"◀ Back"</button>
                    <button class="primary" data-testid="group-lesson-continue" on:click=move |_| session.lesson_continue()>"Continue ▶"</button>
                </Show>
            </div>
            })}
            {transport.then(|| view! {
            <div class="row transport-row">
                // The member view's glyphs: ◀◀ ▶▶ one step (the group has no effects to step).
                <button class="transport" data-testid="group-to-start" aria-label="Go to the start" title="Go to the start"
                    on:click=move |_| { session.transport.pause(); session.seek(0); }>"|◀"</button>
                <button class="transport" data-testid="group-step-back" aria-label="One step back" title="One step back"
                    on:click=move |_| step(-1)>"◀◀"</button>
                <button class="transport play" data-testid="group-play" aria-pressed=move || playing().to_string()
                    aria-label=move || if playing() { "Pause" } else { "Play" } title=move || if playing() { "Pause" } else { "Play" }
                    on:click=move |_| session.transport.playback.update(|p| *p = p.toggled())>{move || if playing() { "❙❙" } else { "▶" }}<span class="play-word">{move || if playing() { " Pause" } else { " Play" }}</span></button>
                <button class="transport" data-testid="group-step" aria-label="One step forward" title="One step forward"
                    on:click=move |_| step(1)>"▶▶"</button>
                <button class="transport" data-testid="group-to-end" aria-label="Go to the end" title="Go to the end"
                    on:click=move |_| { session.transport.pause(); session.seek(usize::MAX); }>"▶|"</button>
                <label class="speed">
                    "Speed "
                    <input type="range" min="-2" max="3" step="1" data-testid="group-speed"
                        prop:value=move || session.transport.speed.get().to_string()
                        on:input=move |ev| {
                            if let Ok(s) = event_target_value(&ev).parse::<i32>() {
                                session.transport.speed.set(s.clamp(-2, 3));
                            }
                        } />
                </label>
                <label class="choice">
                    <input type="checkbox" data-testid="group-guided" prop:checked=move || session.transport.guided.get()
                        on:change=move |ev| session.transport.guided.set(event_target_checked(&ev)) />
                    "Guided (pause on notes)"
                </label>
            </div>
            <div class="row scrub-row">
                <label for="group-scrubber" class="visually-hidden">"Group timeline position"</label>
                <input id="group-scrubber" type="range" min="0" max=move || len().to_string() step="1"
                    data-testid="group-scrubber" aria-valuetext=position
                    prop:value=move || cursor().to_string()
                    on:input=move |ev| {
                        if let Ok(c) = event_target_value(&ev).parse::<usize>() {
                            session.transport.pause();
                            session.seek(c);
                        }
                    } />
                <span class="position" data-testid="group-position">{position}</span>
            </div>
            })}
            {(controls && writable).then(|| view! {
            <div class="row group-tools" role="group" aria-label="Let time pass">
                <button data-testid="group-next-event" disabled=!writable
                    title="Deliver the next message, or fire the next timer or timeout"
                    on:click=move |_| session.next_event()>"Next event"</button>
                <button data-testid="group-wait-1s" disabled=!writable on:click=move |_| session.wait(1_000)>"+1 s"</button>
                <button data-testid="group-wait-10s" disabled=!writable on:click=move |_| session.wait(10_000)>"+10 s"</button>
                <span class="muted">"Acting at a step before the end forks the timeline there."</span>
            </div>
            })}
            {move || notice().map(|(kind, text)| view! {
                <p class=format!("notice {kind}") role="status" data-testid="group-notice" data-kind=kind>{text}</p>
            })}
            {writable.then(|| view! {
                <crate::components::fork_undo::ForkUndo prefix="group-"
                    forked=Signal::derive(move || session.fork_shown())
                    undo=Callback::new(move |()| session.undo_fork())/>
            })}
            {controls.then(|| view! {
            <div class="row group-tools">
                <button data-testid="group-export" on:click=move |_| {
                    let json = session.timeline.with_untracked(|t| t.trace().to_json());
                    if download("kip848-group.json", &json).is_none() {
                        session.say(Some(Notice::Error("The browser refused the download.".to_owned())));
                    }
                }>"Export group trace"</button>
                <label class="file-button">
                    "Import group trace "
                    <input type="file" accept=".json,application/json" data-testid="group-import" node_ref=file_input
                        disabled=!writable
                        on:change=move |ev| {
                            let file = ev.target()
                                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
                                .and_then(|i| i.files())
                                .and_then(|f| f.get(0));
                            if let Some(file) = file {
                                import(session, file);
                            }
                            if let Some(input) = file_input.get_untracked() {
                                input.set_value("");
                            }
                        } />
                </label>
            </div>
            <ShareControls view=Mode::Group notice=session.dialogs.notice
                fragment=Signal::derive(move || { session.timeline.track(); fragment(session) })
                step=Signal::derive(move || session.frame.with(|f| f.step))
                fallback=Signal::derive(move || session.frame.with(|f| f.caption.clone())) />
            })}
        </section>
    }
}
