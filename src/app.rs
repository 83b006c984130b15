//! The page: provides the session, lays out the panels, and routes keyboard shortcuts.

use crate::components::group::GroupView;
use crate::components::{
    app_actions::AppActions,
    app_lane::AppLane,
    assigned_set::AssignedSet,
    config_panel::ConfigPanel,
    console::Console,
    diagram::Diagram,
    first_path::FirstPath,
    glossary::{GlossaryDialog, TermDefinitions},
    help_dialog::HelpDialog,
    inspector::Inspector,
    lesson_panel::LessonPanel,
    live_region::LiveRegion,
    log::Log,
    member_facts::MemberFacts,
    presenter::PresenterNotes,
    quiz_card::QuizCard,
    scenario_panel::ScenarioPanel,
    sequence::Sequence,
    session_panel::SessionPanel,
    time_controls::TimeControls,
};
use crate::context::{provide_session_with, Notice, Session, MAX_SPEED};
use crate::embed::Embed;
use crate::group::persist::fragment as group_fragment;
use crate::mode::{on_group_key, open_group, Mode};
use crate::shortcuts::{action_for, run};
use crate::{address, persist, playback, scenarios};
use kip848_core::session::link::{decode_link, Link, LinkError, SharedGroup};
use kip848_core::Timeline;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Whether a key press belongs to a text field (typing), not to the page's shortcuts.
pub(crate) fn typing(ev: &web_sys::KeyboardEvent) -> bool {
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

fn on_key(session: Session, ev: web_sys::KeyboardEvent, blank: RwSignal<bool>) {
    if ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
        return;
    }
    let key = ev.key();
    // Behind a modal dialog the page does not move: Tab and the dialog's keys stay with it.
    if session.modal_key(&key) {
        return;
    }
    // Presenter mode: one key press is one effect; a clicker's keys do the same.
    if session.embed.with_value(|e| e.present)
        && !typing(&ev)
        && !ev.shift_key()
        && crate::components::presenter::presenter_key(session, &key, blank).is_some()
    {
        ev.prevent_default();
        return;
    }
    if key == "Escape" {
        session.help_open.set(false);
        session.glossary_open.set(false);
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
    // A radio group (the quiz's choices) keeps its arrow keys.
    let on_radio = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|e| e.get_attribute("type").as_deref() == Some("radio"));
    if on_radio && (key.starts_with("Arrow") || key == " ") {
        return;
    }
    // In a lesson, → and Space continue to the next note and ← goes back to the previous one.
    if session.lesson.get_untracked() && !ev.shift_key() {
        let on_button = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlButtonElement>().ok())
            .is_some();
        let lesson_key = match key.as_str() {
            "ArrowRight" => Some(true),
            " " if !on_button => Some(true),
            "ArrowLeft" => Some(false),
            _ => None,
        };
        if let Some(forward) = lesson_key {
            ev.prevent_default();
            if forward {
                session.lesson_continue();
            } else {
                session.lesson_back();
            }
            return;
        }
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

/// The first built-in scenario, at its start: what a broken link falls back to.
fn first_scenario() -> Timeline {
    let trace = scenarios::SCENARIOS
        .first()
        .and_then(|(id, _)| scenarios::scenario(id))
        .and_then(Result::ok);
    let mut timeline = trace.map(Timeline::from_trace).unwrap_or_default();
    timeline.seek(0);
    timeline
}

/// Opens the built-in scenario `id` at its start; an unknown or broken one leaves the session as
/// it is and says why (naming the ids there are).
pub(crate) fn open_scenario(session: Session, id: &str) -> bool {
    match scenarios::scenario(id) {
        Some(Ok(trace)) => {
            session.load(trace, true);
            true
        }
        Some(Err(e)) => {
            let message = format!("The scenario {id} is broken ({e}); your session is unchanged.");
            session.notice.set(Some(Notice::Error(message)));
            false
        }
        None => {
            let ids: Vec<&str> = scenarios::SCENARIOS.iter().map(|(id, _)| *id).collect();
            let message = format!(
                "There is no scenario named \"{id}\"; your session is unchanged. The scenarios are: {}.",
                ids.join(", ")
            );
            session.notice.set(Some(Notice::Error(message)));
            false
        }
    }
}

/// Opens what the URL and the saved session say, applying the embed options; and whether the URL's
/// link held a group session instead (the group page's).
fn open(embed: &Embed) -> (Session, bool) {
    let start = persist::start(first_scenario, embed.embedded);
    // A link in the address names a whole session; a scenario in the address wins over a save.
    let linked = window()
        .location()
        .hash()
        .map(|h| h.len() > 1)
        .unwrap_or(false);
    let session = provide_session_with(start.timeline, embed.clone());
    session.speed.set(start.view.speed.clamp(-2, MAX_SPEED));
    session.guided.set(start.view.guided);
    session.scenario.set(start.view.scenario);
    session.lesson.set(start.view.lesson || embed.lesson);
    // In the group view the group has the quiz.
    let quiz = start.view.quiz || (embed.quiz && !embed.group);
    session.notice.set(start.notice);
    if let (Some(id), false, false) = (&embed.scenario, linked, embed.group) {
        open_scenario(session, id);
    }
    if let Some(speed) = embed.speed {
        session.speed.set(speed.clamp(-2, MAX_SPEED));
    }
    // model=…: the same inputs on the model the address names (a scenario, a link or a lesson).
    if let Some(model) = embed.model {
        session.set_model(model);
        session.notice.set(None);
    }
    let (cursor, _, _) = session.position();
    let step = embed.step.unwrap_or(cursor);
    if session.clamp(step) != cursor {
        session.seek(step);
    }
    // The quiz starts where the page opens: it asks about the steps ahead, not the ones before.
    if quiz {
        session.quiz.set(Some(Default::default()));
    }
    if embed.autoplay {
        session.playback.set(crate::context::Playback::Play);
    }
    (session, start.group_link)
}

/// The member page (index.html): one member, the coordinator played by the user.
#[component]
pub fn App() -> impl IntoView {
    page::<MEMBER>()
}

/// The group page (group.html): several members and a coordinator.
#[component]
pub fn GroupApp() -> impl IntoView {
    page::<GROUP>()
}

/// The review page (review.html): the two models side by side on the member session's inputs.
#[component]
pub fn ReviewApp() -> impl IntoView {
    page::<REVIEW>()
}

/// The import page (import.html): the member view with the log importer, which the member page
/// hands logs to (`crate::log_import`), so that the member page's first load does not carry it.
#[component]
pub fn ImportApp() -> impl IntoView {
    page::<IMPORT>()
}

/// The pages, as constants: each page is its own wasm build, and a page's code holds only what its
/// constant reaches (the branches for the other pages are folded away, and with them their views).
pub const MEMBER: u8 = 0;
pub const GROUP: u8 = 1;
pub const REVIEW: u8 = 2;
pub const IMPORT: u8 = 3;

/// Whether page `P` shows the member view.
const fn member_view(page: u8) -> bool {
    page == MEMBER || page == IMPORT
}

const fn mode_of(page: u8) -> Mode {
    match page {
        GROUP => Mode::Group,
        REVIEW => Mode::Review,
        _ => Mode::Member,
    }
}

/// The group session a link in the address holds, if it holds one, or why it could not be read; a
/// member link on the group page belongs to the member page, which opens it.
fn group_start() -> (Option<SharedGroup>, Option<LinkError>) {
    let hash = window().location().hash().unwrap_or_default();
    match (hash.len() > 1).then(|| decode_link(&hash)) {
        Some(Ok(Link::Group(shared))) => (Some(shared), None),
        Some(Ok(Link::Member(_))) => {
            crate::mode::open_link_on(Mode::Member);
            (None, None)
        }
        Some(Err(e)) => (None, Some(e)),
        None => (None, None),
    }
}

fn page<const P: u8>() -> impl IntoView {
    let mode = mode_of(P);
    let mut embed = Embed::parse(&window().location().search().unwrap_or_default());
    embed.group = P == GROUP;
    provide_context(embed.clone());
    // theme=light|dark: the page's colours whatever the reader's system prefers.
    if embed.theme != crate::embed::Theme::Auto {
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("data-theme", embed.theme.as_str());
        }
    }
    if embed.embedded {
        if let Some(body) = document().body() {
            let _ = body.class_list().add_1("embedded");
            if let Some(focus) = &embed.focus {
                let _ = body.class_list().add_1(&focus.class());
            }
        }
    }
    if P == IMPORT {
        crate::log_import::install_importer();
    }
    // The group page's member session is only the help and glossary's home: no save is read.
    let (session, group_link, unread) = if P == GROUP {
        let session = provide_session_with(Timeline::default(), embed.clone());
        let (link, unread) = group_start();
        (session, link, unread)
    } else {
        let (session, group_link) = open(&embed);
        // A group link opened on another page: the group page opens it (and says if it cannot).
        if group_link {
            crate::mode::open_link_on(Mode::Group);
        }
        (session, None, None)
    };
    if P != GROUP {
        playback::drive(session);
        // An embed never touches the autosave: several on one page, and an open app tab, stay apart.
        if !embed.embedded {
            persist::autosave(session);
        }
    }
    if P == IMPORT {
        crate::log_import::take_handed_over(session);
        crate::log_import::restore_last_import(session);
    }
    let group = (P == GROUP).then(|| open_group(&embed, group_link));
    if let (Some(group), Some(e)) = (group, unread) {
        group.notice.set(Some(Notice::Error(format!(
            "This link could not be opened: {e}."
        ))));
    }
    // A cold review page (no session yet) opens on a scenario where the two models part ways.
    if P == REVIEW && session.timeline.with_untracked(|t| t.is_empty()) {
        open_scenario(session, crate::review::COLD_START);
    }
    let review = (P == REVIEW).then(|| crate::review::ReviewSession::new(session));
    // Every use of the group or review session sits behind `P == …`, a constant: the compiler
    // folds the other pages' branches away, and their code with them.
    address::follow_links(
        session,
        move || match group {
            Some(group) if P == GROUP => group_fragment(group),
            _ => String::new(),
        },
        move |hash| match group {
            Some(group) if P == GROUP => match decode_link(hash) {
                Ok(Link::Group(shared)) => {
                    group.open_shared(shared);
                    address::mark_linked(Mode::Group);
                }
                // It was read as a group link; a member link never reaches here.
                Ok(Link::Member(_)) => {}
                Err(e) => group
                    .notice
                    .set(Some(Notice::Error(address::link_error(&e)))),
            },
            _ => crate::mode::open_link_on(Mode::Group),
        },
        move || {
            if P == GROUP {
                crate::mode::open_link_on(Mode::Member);
            }
        },
        move |notice| match group {
            Some(group) if P == GROUP => group.notice.set(Some(notice)),
            _ => session.notice.set(Some(notice)),
        },
    );
    let blank = RwSignal::new(false);
    if embed.present {
        if let Some(body) = document().body() {
            let _ = body.class_list().add_1("present");
        }
    }
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if let (GROUP, Some(group)) = (P, group) {
            on_group_key(group, session, &ev);
        } else if let (REVIEW, Some(review)) = (P, review) {
            crate::mode::on_review_key(review, session, &ev);
        } else {
            on_key(session, ev, blank);
        }
    });
    on_cleanup(move || keys.remove());
    let embedded = embed.embedded;
    let embed_present = embed.present;
    let shows = move |panel: &str| embed.shows(panel);
    view! {
        {member_view(P).then(|| view! {
            <a class="skip-link" href="#member-title">"Skip to the member"</a>
            <a class="skip-link second" href="#time-controls" data-testid="skip-transport"
                on:click=move |ev| { ev.prevent_default(); crate::components::scenario_panel::focus_transport(); }>
                "Skip to the time controls"</a>
        })}
        <Show when={ let v = shows("header"); move || v }>
            <header class="top">
                <div>
                    <h1>"KIP-848 consumer membership"</h1>
                    <p class="tagline">{match mode {
                        Mode::Member if P == IMPORT => "Debug your own rebalance: a Kafka consumer's log replayed on the model of the client Kafka shipped, and where the two part ways.",
                        Mode::Member => "You are the group coordinator. Answer the member's heartbeats and watch its state machine react, one effect at a time.",
                        Mode::Group => "Several members and a coordinator that follows KIP-848's rules: watch partitions move between members, and step in.",
                        Mode::Review => "The seed design against the client Kafka shipped: the same inputs, side by side, every difference grouped by its cause.",
                    }}</p>
                </div>
                {member_view(P).then(|| view! { <crate::components::model_switch::ModelSwitch/> })}
                <div class="row header-actions">
                    {(P == MEMBER || P == GROUP).then(|| view! { <crate::components::presenter::PresenterToggle present=false/> })}
                    <button class="help-button" data-testid="help-button" aria-keyshortcuts="?"
                        on:click=move |_| session.help_open.update(|h| *h = !*h)>"Keyboard shortcuts (?)"</button>
                </div>
            </header>
        </Show>
        {(embed_present && !embedded).then(|| view! { <crate::components::presenter::PresenterToggle present=true/> })}
        {(shows("header") && !embedded).then(|| view! {
            // Each view is a page of its own (its own wasm): a tab is a link, and each page keeps
            // its session in this tab's save.
            <nav aria-label="Views">
                <ul class="mode-tabs">
                    {[(Mode::Member, "mode-member", "One member"), (Mode::Group, "mode-group", "Group"), (Mode::Review, "mode-review", "Review")]
                        .into_iter().map(|(to, id, label)| view! {
                            <li><a href=crate::mode::page_href(to) data-testid=id
                                aria-current=(to == mode).then_some("page")>{label}</a></li>
                        }).collect_view()}
                </ul>
            </nav>
        })}
        {review.filter(|_| P == REVIEW).map(|review| view! { <crate::components::review_view::ReviewView review=review/> })}
        {group.filter(|_| P == GROUP).map(|_| view! { <GroupView/> })}
        {member_view(P).then(|| view! {
        <div class="member-mode">
        // The import page opens on its importer.
        {(P == IMPORT).then(|| view! {
            <div class="import-top">
                <crate::components::log_import_panel::LogImportPanel/>
                <crate::components::log_group_view::LogGroupView/>
            </div>
        })}
        {shows("header").then(|| view! { <FirstPath/> })}
        {shows("caption").then(|| view! { <LiveRegion/> })}
        {session.writable().then(|| view! {
            <crate::components::fork_undo::ForkUndo
                forked=Signal::derive(move || session.forked.with(|f| f.as_ref().map(|f| (f.at, f.dropped))))
                undo=Callback::new(move |()| session.undo_fork())/>
        })}
        <main class="layout" class:embedded=embedded class:teaching=move || session.lesson.get() || session.quiz.with(Option::is_some)
            on:dragover=move |ev: web_sys::DragEvent| ev.prevent_default()
            on:drop=move |ev: web_sys::DragEvent| {
                ev.prevent_default();
                if !session.writable() {
                    return;
                }
                if let Some(files) = ev.data_transfer().and_then(|d| d.files()) {
                    crate::components::session_panel::import_files(session, files);
                }
            }>
            <div class="column controls-column">
                {embed_present.then(|| view! { <PresenterNotes/> })}
                <Show when=move || session.quiz.with(Option::is_some)>
                    <QuizCard/>
                </Show>
                <Show when=move || session.lesson.get()>
                    <LessonPanel/>
                </Show>
                {shows("scenarios").then(|| view! { <ScenarioPanel/> })}
                {shows("console").then(|| view! { <Console/> })}
                {shows("actions").then(|| view! { <AppActions/> })}
            </div>
            <div class="column member-column">
                {shows("member").then(|| view! {
                    <section class="panel member" aria-labelledby="member-title">
                        <h2 id="member-title">"Member"</h2>
                        <Diagram/>
                        <MemberFacts/>
                    </section>
                })}
                {shows("assigned").then(|| view! { <AssignedSet/> })}
            </div>
            <div class="column detail-column">
                {shows("inspector").then(|| view! { <Inspector/> })}
                {shows("lane").then(|| view! { <AppLane/> })}
            </div>
            <div class="history">
                {shows("log").then(|| view! { <Log/> })}
                {shows("sequence").then(|| view! { <Sequence/> })}
            </div>
            {shows("compare").then(|| view! {
                <section class="panel compare" aria-labelledby="compare-title">
                    <h2 id="compare-title">"The seed design against the client Kafka shipped"</h2>
                    <p class="muted">"The same inputs through both models, side by side on one cursor, every difference grouped by its cause."</p>
                    <a class="button" data-testid="open-review" href=crate::mode::page_href(Mode::Review)>"Open the review view"</a>
                </section>
            })}
            {shows("config").then(|| view! { <ConfigPanel/> })}
            {shows("session").then(|| view! { <SessionPanel/> })}
            {(P == MEMBER && shows("session")).then(|| view! { <crate::components::log_import_panel::LogImportPanel/> })}
        </main>
        {shows("transport").then(|| view! {
            <footer class="transport-bar">
                <TimeControls/>
            </footer>
        })}
        </div>
        })}
        <Show when=move || blank.get()>
            <div class="blank-screen" data-testid="blank" aria-label="The screen is blanked: press b" role="img"></div>
        </Show>
        <HelpDialog/>
        <GlossaryDialog/>
        <TermDefinitions/>
    }
}
