//! The member session outside the page: where it starts (a link in the address, this tab's save,
//! the most recent save), its link fragment, and its autosave. Nothing read is trusted: a damaged
//! value gives a message and a usable page.

use crate::session::address::{fragment, mark_linked, unlink_if_changed, Mode};
use crate::session::context::{Notice, Session};
use crate::session::shelf::Shelf;
use kip848_core::session::link::{decode, decode_member_link, LinkError, MemberLink, Shared, View};
use kip848_core::Timeline;
use leptos::prelude::*;
use std::cell::RefCell;

/// The member sessions' shelf.
const SESSIONS: Shelf = Shelf {
    prefix: "kip848:session:",
    recent: "kip848:recent",
};
/// The import page's: an imported log never replaces what the member page keeps (the member page
/// says so when it hands a log over).
const IMPORTS: Shelf = Shelf {
    prefix: "kip848:import:",
    recent: "kip848:import-recent",
};

/// This page's shelf.
fn shelf() -> Shelf {
    if crate::log_import::has_importer() {
        IMPORTS
    } else {
        SESSIONS
    }
}

thread_local! {
    /// The last session saved (or loaded): the panic overlay offers it for download.
    static LAST_SAVED: RefCell<String> = const { RefCell::new(String::new()) };
}

/// The session as last saved, as a share-link fragment (empty if none).
pub fn last_saved() -> String {
    LAST_SAVED.with(|s| s.borrow().clone())
}

/// Where a session comes from when the page opens.
pub struct Start {
    pub timeline: Timeline,
    pub view: View,
    pub notice: Option<Notice>,
    /// The address's link holds a group session: the group page opens it.
    pub group_link: bool,
}

impl Start {
    /// `timeline` at its start, with nothing else said: an embed's start.
    pub fn fresh(timeline: Timeline) -> Start {
        Start {
            timeline,
            view: View::default(),
            notice: None,
            group_link: false,
        }
    }
}

fn start_from(shared: Shared) -> Start {
    let mut timeline = Timeline::from_trace(shared.trace);
    timeline.seek(shared.step);
    Start {
        timeline,
        view: shared.view,
        notice: None,
        group_link: false,
    }
}

/// A share link in the URL wins; then this tab's save; then the most recent save; else a fresh member.
/// (A link to a group session belongs to the group page: the page goes there, see `crate::pages::member`.)
pub fn start(default_scenario: impl Fn() -> Timeline, embedded: bool) -> Start {
    let hash = window().location().hash().unwrap_or_default();
    let link = (hash.len() > 1).then(|| decode_member_link(&hash));
    match link {
        Some(Ok(MemberLink::Group)) => Start {
            group_link: true,
            ..member_start(None, default_scenario, embedded)
        },
        link => member_start(link, default_scenario, embedded),
    }
}

/// The member view's start, given what the address held (a group link counts as nothing).
fn member_start(
    link: Option<Result<MemberLink, LinkError>>,
    default_scenario: impl Fn() -> Timeline,
    embedded: bool,
) -> Start {
    match link {
        Some(Ok(MemberLink::Member(shared))) => {
            if !embedded {
                mark_linked(Mode::Member);
            }
            return start_from(shared);
        }
        Some(Err(e)) => {
            let timeline = default_scenario();
            let view = View {
                scenario: timeline.trace().title.clone(),
                ..View::default()
            };
            let notice = Notice::Error(format!(
                "This link could not be opened: {e}. Showing the first scenario instead."
            ));
            return Start {
                timeline,
                view,
                notice: Some(notice),
                group_link: false,
            };
        }
        Some(Ok(MemberLink::Group)) | None => {}
    }
    if embedded {
        return Start::fresh(default_scenario());
    }
    if let Some((key, saved)) = shelf().newest() {
        match decode(&saved) {
            Ok(shared) => {
                LAST_SAVED.with(|s| *s.borrow_mut() = saved);
                return start_from(shared);
            }
            Err(e) => {
                shelf().discard(&key);
                return Start {
                    timeline: Timeline::default(),
                    view: View::default(),
                    notice: Some(Notice::Error(format!(
                        "Your saved session could not be read ({e}); starting a new one."
                    ))),
                    group_link: false,
                };
            }
        }
    }
    Start {
        timeline: Timeline::default(),
        view: View::default(),
        notice: None,
        group_link: false,
    }
}

fn save(session: Session) -> Result<(), String> {
    let value = fragment(session);
    LAST_SAVED.with(|s| s.borrow_mut().clone_from(&value));
    unlink_if_changed(Mode::Member, || value.clone());
    shelf().put(&value)
}

/// Saves the session a little after each change; says once if the browser will not keep it.
pub fn autosave(session: Session) {
    // The save holds whether the quiz is on, not its answers: a memo, so that answering does not save.
    let quiz = Memo::new(move |_| session.teaching.quiz.with(Option::is_some));
    session.of.autosave(
        "Your session",
        move || save(session),
        move || {
            session.timeline.track();
            session.transport.speed.track();
            session.transport.guided.track();
            session.scenario.track();
            session.teaching.lesson.track();
            // Read, not only tracked: a memo that is never read never hears of its source's changes.
            let _ = quiz.get();
        },
    );
}
