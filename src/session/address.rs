//! The session in the address bar: share links (`#v1.…`) put there, opened from there, and taken
//! out again once the session they hold has changed. Nothing read from the address is trusted: a
//! damaged link gives a message and the session stays.

use crate::session::context::{Notice, Session};
use crate::session::playback::MAX_SPEED;
use kip848_core::session::link::{
    decode_member_link, encode, LinkError, MemberLink, Shared, View, MAX_LINK_CHARS,
};
use leptos::prelude::*;
use std::cell::Cell;

/// Which view the page shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Member,
    Group,
    /// The two models side by side, on the member session's inputs.
    Review,
}

thread_local! {
    /// The view whose session the address's link holds, while it still holds it.
    static LINKED: Cell<Option<Mode>> = const { Cell::new(None) };
}

/// The address now carries `view`'s session (opened from a link, or just shared).
pub(crate) fn mark_linked(view: Mode) {
    LINKED.with(|l| l.set(Some(view)));
}

/// Called with each save of `view`: once its session is no longer the one in the address, the
/// link leaves the address, so that a reload opens the newer save instead of the older link.
pub(crate) fn unlink_if_changed(view: Mode, fragment: impl FnOnce() -> String) {
    if LINKED.with(Cell::get) != Some(view) {
        return;
    }
    let location = window().location();
    let hash = location.hash().unwrap_or_default();
    if hash.trim_start_matches('#') == fragment() {
        return;
    }
    LINKED.with(|l| l.set(None));
    rewrite(&location.search().unwrap_or_default(), "");
}

/// Replaces this page's query and fragment in the address bar, without a reload or a new
/// history entry (and without a `hashchange`).
pub(crate) fn rewrite(query: &str, hash: &str) {
    let path = window().location().pathname().unwrap_or_default();
    if let Ok(history) = window().history() {
        let _ = history.replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("{path}{query}{hash}")),
        );
    }
}

/// This page's address without query or fragment.
pub(crate) fn base_url() -> String {
    let location = window().location();
    let origin = location.origin().unwrap_or_default();
    let path = location.pathname().unwrap_or_default();
    format!("{origin}{path}").replace('"', "%22")
}

/// Shares `view`'s session: puts its link in the address bar, on the clipboard and in `link`, and
/// says so in `notice`; or, when the link would be too long to travel safely, says to export a
/// file instead.
pub(crate) fn share(
    view: Mode,
    fragment: &str,
    link: RwSignal<Option<String>>,
    notice: RwSignal<Option<Notice>>,
) {
    let url = format!("{}#{fragment}", base_url());
    if url.len() > MAX_LINK_CHARS {
        link.set(None);
        let kb = url.len().div_ceil(1024);
        notice.set(Some(Notice::Info(format!("This session needs a {kb} KB link, longer than the {} KB that links can safely carry: export it as a file instead.", MAX_LINK_CHARS / 1024))));
        return;
    }
    // The hash listener ignores a fragment equal to a session's own.
    let _ = window().location().set_hash(fragment);
    let _ = window().navigator().clipboard().write_text(&url);
    mark_linked(view);
    link.set(Some(url));
    notice.set(Some(Notice::Info(
        "Link copied: it opens this exact screen.".to_owned(),
    )));
}

/// Opens a link pasted into the address bar of an open tab, in the view it belongs to: `own` says
/// whether a fragment is the page's own session (nothing to open), `open_member` takes a member
/// session's link, `open_group` a group session's fragment (the group page reads and shows it, the
/// others hand it to the group page), and `say` tells the view on screen why a link could not be
/// opened.
pub fn follow_links(
    own: impl Fn(&str) -> bool + 'static,
    open_member: impl Fn(Shared) + 'static,
    open_group: impl Fn(&str) + 'static,
    say: impl Fn(Notice) + 'static,
) {
    let listener = window_event_listener(leptos::ev::hashchange, move |_| {
        let hash = window().location().hash().unwrap_or_default();
        let hash = hash.trim_start_matches('#');
        if hash.is_empty() || own(hash) {
            return;
        }
        // A fragment naming a place on the page (an in-page link, `#log-group`) is not a share link.
        if document().get_element_by_id(hash).is_some() {
            return;
        }
        match decode_member_link(hash) {
            Ok(MemberLink::Member(shared)) => open_member(shared),
            Ok(MemberLink::Group) => open_group(hash),
            Err(e) => say(Notice::Error(link_error(&e))),
        }
    });
    on_cleanup(move || listener.remove());
}

pub(crate) fn link_error(e: &LinkError) -> String {
    format!("This link could not be opened: {e}. Your session is unchanged.")
}

/// The session, the step on screen and the view options as a link fragment.
pub fn fragment(session: Session) -> String {
    let shared = session.timeline.with_untracked(|t| Shared {
        trace: t.trace().clone(),
        step: t.cursor(),
        view: View {
            speed: session.transport.speed.get_untracked().clamp(-2, MAX_SPEED),
            guided: session.transport.guided.get_untracked(),
            scenario: session.scenario.get_untracked(),
            lesson: session.teaching.lesson.get_untracked(),
            quiz: session.teaching.quiz.with_untracked(Option::is_some),
        },
    });
    encode(&shared)
}
