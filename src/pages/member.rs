//! The member page (index.html): one member, the coordinator played by the user. The import page
//! is the same view with the log importer on top ([`super::import`]).

use super::{open_member, options, Shell};
use crate::components::{
    app_actions::AppActions, app_lane::AppLane, assigned_set::AssignedSet,
    config_panel::ConfigPanel, console::Console, diagram::Diagram, first_path::FirstPath,
    fork_undo::ForkUndo, inspector::Inspector, lesson_panel::LessonPanel, live_region::LiveRegion,
    log::Log, log_import_panel::LogImportPanel, member_facts::MemberFacts,
    presenter::PresenterNotes, quiz_card::QuizCard, scenario_panel::ScenarioPanel,
    sequence::Sequence, session_panel::SessionPanel, time_controls::TimeControls,
};
use crate::session::address::Mode;
use crate::session::context::Session;
use crate::session::{address, persist, playback};
use crate::shell::embed::{Embed, Panel};
use crate::shell::first_screen::{Later, Region};
use crate::shell::keys;
use crate::LIVE;
use leptos::prelude::*;

/// What the member page is for, under its title.
const TAGLINE: &str = "You are the group coordinator. Answer the member's heartbeats and watch its state machine react, one effect at a time.";

/// The member page.
#[component]
pub fn MemberPage() -> impl IntoView {
    let embed = options(false);
    let session = start(&embed);
    view! { <MemberView session=session embed=embed tagline=TAGLINE importer=None/> }
}

/// The member session of a member view: opened, driven, saved, and following links.
pub(super) fn start(embed: &Embed) -> Session {
    let (session, group_link) = open_member(embed);
    // A group link opened on a member page: the group page opens it (and says if it cannot).
    if group_link {
        crate::shell::mode::open_link_on(Mode::Group);
    }
    playback::drive(session);
    crate::shell::stage_follow::follow(session, embed.embedded);
    // A live step saves nothing and reads no link (`crate::LIVE`).
    if LIVE {
        return session;
    }
    // An embed never touches the autosave: several on one page, and an open app tab, stay apart.
    if !embed.embedded {
        persist::autosave(session);
    }
    address::follow_links(
        move |hash| hash == address::fragment(session),
        move |shared| {
            session.open_shared(shared);
            address::mark_linked(Mode::Member);
        },
        |_| crate::shell::mode::open_link_on(Mode::Group),
        move |notice| session.say(Some(notice)),
    );
    session
}

/// The member view, with its keys: the member page's, and the import page's below its importer.
#[component]
pub(super) fn MemberView(
    session: Session,
    embed: Embed,
    tagline: &'static str,
    /// The import page's importer, drawn on top (and then no link to itself). A function the
    /// import page passes, so that the member page's module never holds the importer's panels.
    importer: Option<fn() -> AnyView>,
) -> impl IntoView {
    let blank = RwSignal::new(false);
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        keys::on_key(session, ev, blank)
    });
    on_cleanup(move || keys.remove());
    let embedded = embed.embedded;
    let present = embed.present;
    // Stored, so that `shows` is `Copy`: regions built later (`Later`) each keep a copy.
    let embed = StoredValue::new(embed);
    let shows = move |panel: Panel| embed.with_value(|e| e.shows(panel));
    view! {
        <a class="skip-link" href="#member-title">"Skip to the member"</a>
        <a class="skip-link second" href="#time-controls" data-testid="skip-transport"
            on:click=move |ev| { ev.prevent_default(); crate::components::scenario_panel::focus_transport(); }>
            "Skip to the time controls"</a>
        <Shell mode=Mode::Member tagline=tagline models=true presenter=importer.is_none() blank=blank>
        <div class="member-mode">
        // The import page opens on its importer.
        {importer.map(|top| view! { <div class="import-top">{top()}</div> })}
        {(!LIVE && shows(Panel::Header)).then(|| view! { <FirstPath/> })}
        {shows(Panel::Caption).then(|| view! { <LiveRegion/> })}
        {session.writable().then(|| view! {
            <ForkUndo
                forked=Signal::derive(move || session.fork_shown())
                undo=Callback::new(move |()| session.undo_fork())/>
        })}
        <main class="layout" class:embedded=embedded class:teaching=move || session.teaching.lesson.get() || session.teaching.quiz.with(Option::is_some)
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
            <div class="column controls-column"><Later region=Region::ControlsColumn>
                {(!LIVE).then(|| view! {
                    {present.then(|| view! { <PresenterNotes/> })}
                    <Show when=move || session.teaching.quiz.with(Option::is_some)>
                        <QuizCard/>
                    </Show>
                    <Show when=move || session.teaching.lesson.get()>
                        <LessonPanel/>
                    </Show>
                    {shows(Panel::Scenarios).then(|| view! { <ScenarioPanel/> })}
                    {shows(Panel::Console).then(|| view! { <Console/> })}
                    {shows(Panel::Actions).then(|| view! { <AppActions/> })}
                })}
            </Later></div>
            <div class="column member-column"><Later region=Region::MemberColumn>
                {shows(Panel::Member).then(|| view! {
                    <section class="panel member" aria-labelledby="member-title">
                        <h2 id="member-title">"Member"</h2>
                        <Diagram/>
                        <MemberFacts/>
                    </section>
                })}
            </Later></div>
            <div class="column detail-column"><Later region=Region::DetailColumn>
                // Beside the diagram on a laptop, as tall as it (style/views.css, the stage): what
                // the member holds and what the application runs, each effect's other half.
                <div class="column stage-side">
                    {shows(Panel::Assigned).then(|| view! { <AssignedSet/> })}
                    {shows(Panel::Lane).then(|| view! { <AppLane/> })}
                </div>
                {shows(Panel::Inspector).then(|| view! { <Inspector/> })}
            </Later></div>
            <div class="history"><Later region=Region::History>
                {shows(Panel::Log).then(|| view! { <Log/> })}
                {shows(Panel::Sequence).then(|| view! { <Sequence/> })}
            </Later></div>
            <Later region=Region::Rest>{(!LIVE && shows(Panel::Compare)).then(|| view! {
                <section class="panel compare" aria-labelledby="compare-title">
                    <h2 id="compare-title">"Two member models, side by side"</h2>
                    <p class="muted">"The same inputs through two of the three models (the seed design, the client Kafka shipped, librdkafka), side by side on one cursor, every difference grouped by its cause."</p>
                    <a class="button" data-testid="open-review" href=crate::shell::mode::page_href(Mode::Review)>"Open the review view"</a>
                </section>
            })}
            {(!LIVE && shows(Panel::Config)).then(|| view! { <ConfigPanel/> })}
            {(!LIVE && shows(Panel::Session)).then(|| view! { <SessionPanel/> })}
            {(!LIVE && importer.is_none() && shows(Panel::Session)).then(|| view! { <LogImportPanel/> })}</Later>
        </main>
        // The import page has nothing to play until a log is imported: no bar until then.
        {shows(Panel::Transport).then(|| view! {
            <Show when=move || importer.is_none() || session.timeline.with(|t| !t.is_empty())>
                <footer class="transport-bar">
                    <TimeControls/>
                </footer>
            </Show>
        })}
        </div>
        </Shell>
    }
}
