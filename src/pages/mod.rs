//! The app's pages, one per file, each mounted alone by its own wasm entry point (`src/main.rs`,
//! `src/bin/*.rs`), so that a page's module holds only what it reaches. What they share lives here:
//! reading the address's options, the member session's start, and the shell around a page (header,
//! view tabs, dialogs, the blank screen of presenter mode).

pub mod group;
pub mod import;
pub mod member;
pub mod review;
mod shell;

pub use shell::Shell;

use crate::session::context::{provide_session_with, Session};
use crate::session::persist;
use crate::session::playback::MAX_SPEED;
use crate::shell::embed::{Embed, Theme};
use crate::teaching::scenarios::{first_scenario, open_scenario};
use leptos::prelude::*;

/// The address's options, applied to the page (theme, embedded, focus, presenter mode) and
/// provided to every component below, with the shell's dialogs.
pub fn options(group: bool) -> Embed {
    let mut embed = Embed::parse(&window().location().search().unwrap_or_default());
    embed.group = group;
    provide_context(embed.clone());
    // The shell's dialogs and notice: one for the page, whichever session its view holds.
    crate::session::context::provide_dialogs();
    // theme=light|dark: the page's colours whatever the reader's system prefers.
    if embed.theme != Theme::Auto {
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("data-theme", embed.theme.as_str());
        }
    }
    if let Some(body) = document().body() {
        if embed.embedded {
            let _ = body.class_list().add_1("embedded");
            if let Some(focus) = &embed.focus {
                let _ = body.class_list().add_1(&focus.class());
            }
        }
        if embed.present {
            let _ = body.class_list().add_1("present");
        }
    }
    embed
}

/// Opens the member session the URL and the saved session say, applying the embed options; and
/// whether the URL's link held a group session instead (the group page's).
pub fn open_member(embed: &Embed) -> (Session, bool) {
    // A live step opens its scenario: it reads no link and no save.
    let start = if crate::LIVE {
        persist::Start::fresh(first_scenario())
    } else {
        persist::start(first_scenario, embed.embedded)
    };
    // A link in the address names a whole session; a scenario in the address wins over a save.
    let linked = window()
        .location()
        .hash()
        .map(|h| h.len() > 1)
        .unwrap_or(false);
    let session = provide_session_with(start.timeline, embed.clone());
    session
        .transport
        .speed
        .set(start.view.speed.clamp(-2, MAX_SPEED));
    session.transport.guided.set(start.view.guided);
    session.scenario.set(start.view.scenario);
    session
        .teaching
        .lesson
        .set(start.view.lesson || embed.lesson);
    let quiz = start.view.quiz || embed.quiz;
    session.dialogs.notice.set(start.notice);
    if let (Some(id), false) = (&embed.scenario, linked) {
        open_scenario(session, id);
    }
    if let Some(speed) = embed.speed {
        session.transport.speed.set(speed.clamp(-2, MAX_SPEED));
    }
    // model=…: the same inputs on the model the address names (a scenario, a link or a lesson).
    if let Some(model) = embed.model {
        session.set_model(model);
        session.dialogs.notice.set(None);
    }
    let (cursor, _, _) = session.position();
    let step = embed.step.unwrap_or(cursor);
    if session.clamp(step) != cursor {
        session.seek(step);
    }
    // The quiz starts where the page opens: it asks about the steps ahead, not the ones before.
    if quiz {
        session.teaching.quiz.set(Some(Default::default()));
    }
    if embed.autoplay {
        session
            .transport
            .playback
            .set(crate::session::playback::Playback::Play);
    }
    (session, start.group_link)
}

/// The page's file name in the address (`group.html`, `group.live-1a2b.html`).
fn page_name() -> String {
    let path = window().location().pathname().unwrap_or_default();
    path.rsplit('/').next().unwrap_or_default().to_owned()
}

/// A book's live step (the `live` build, `src/bin/live.rs`): the group view for a group page's
/// copy (`group.live-….html`), else the member view.
pub fn live_page() -> AnyView {
    if page_name().starts_with("group") {
        group::GroupPage().into_any()
    } else {
        member::MemberPage().into_any()
    }
}

/// In a development build (`trunk serve`) one module carries every page and the address picks
/// one, as the release build's separate pages would: `group.html`, `review.html`, `import.html`,
/// else the member page.
#[cfg(debug_assertions)]
pub fn routed() -> AnyView {
    match page_name().as_str() {
        "group.html" => group::GroupPage().into_any(),
        "review.html" => review::ReviewPage().into_any(),
        "import.html" => import::ImportPage().into_any(),
        _ => member::MemberPage().into_any(),
    }
}
