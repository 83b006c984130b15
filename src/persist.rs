//! The session outside the page: share links in the URL fragment and an autosave in localStorage.
//! Nothing read from either is trusted: a damaged value gives a message and a usable page.
//!
//! Each tab saves under its own key (its id lives in sessionStorage, which survives a reload but not
//! a new tab), so two tabs never overwrite each other; a new tab starts from the most recent save.

use crate::context::{Notice, Session, MAX_SPEED};
use crate::mode::Mode;
use gloo_timers::callback::Timeout;
use kip848_core::link::{
    decode, decode_link, encode, Link, LinkError, Shared, SharedGroup, View, MAX_LINK_CHARS,
};
use kip848_core::Timeline;
use leptos::prelude::*;
use std::cell::{Cell, RefCell};

const TAB_KEY: &str = "kip848:tab";
/// The member sessions' shelf.
const SESSIONS: Shelf = Shelf {
    prefix: "kip848:session:",
    recent: "kip848:recent",
};
/// Saved sessions kept on a shelf (one per tab, most recent first).
const KEEP: usize = 5;
/// Quiet time before a change is saved.
pub(crate) const SAVE_DELAY_MS: u32 = 400;

/// Saves of one kind in localStorage: one key per tab (`prefix` + tab id) and the list of the
/// tabs that saved most recently (`recent`), pruned to [`KEEP`].
pub(crate) struct Shelf {
    pub prefix: &'static str,
    pub recent: &'static str,
}

impl Shelf {
    /// This tab's save, else the most recent one: its key and value.
    pub fn newest(&self) -> Option<(String, String)> {
        let storage = local()?;
        let own = tab_id().map(|id| format!("{}{id}", self.prefix));
        let recent = storage
            .get_item(self.recent)
            .ok()
            .flatten()
            .unwrap_or_default();
        let latest = recent
            .split(',')
            .find(|id| !id.is_empty())
            .map(|id| format!("{}{id}", self.prefix));
        own.into_iter().chain(latest).find_map(|key| {
            let value = storage.get_item(&key).ok().flatten()?;
            Some((key, value))
        })
    }

    /// Forgets a save that could not be read.
    pub fn discard(&self, key: &str) {
        if let Some(storage) = local() {
            let _ = storage.remove_item(key);
        }
    }

    /// Saves `value` as this tab's, and drops the saves of tabs beyond the newest [`KEEP`].
    pub fn put(&self, value: &str) -> Result<(), String> {
        let storage = local().ok_or("this browser offers no storage here (private browsing?)")?;
        let id = tab_id().ok_or("this browser offers no session storage here")?;
        storage
            .set_item(&format!("{}{id}", self.prefix), value)
            .map_err(|_| "the browser's storage is full or refused the write".to_owned())?;
        let recent = storage
            .get_item(self.recent)
            .ok()
            .flatten()
            .unwrap_or_default();
        let mut ids: Vec<&str> = std::iter::once(id.as_str())
            .chain(recent.split(',').filter(|r| !r.is_empty() && *r != id))
            .collect();
        for dropped in ids.split_off(ids.len().min(KEEP)) {
            let _ = storage.remove_item(&format!("{}{dropped}", self.prefix));
        }
        let _ = storage.set_item(self.recent, &ids.join(","));
        Ok(())
    }
}

thread_local! {
    /// The last session saved (or loaded): the panic overlay offers it for download.
    static LAST_SAVED: RefCell<String> = const { RefCell::new(String::new()) };
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
    let path = location.pathname().unwrap_or_default();
    let query = location.search().unwrap_or_default();
    if let Ok(history) = window().history() {
        let _ = history.replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("{path}{query}")),
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

/// The session as last saved, as a share-link fragment (empty if none).
pub fn last_saved() -> String {
    LAST_SAVED.with(|s| s.borrow().clone())
}

fn local() -> Option<web_sys::Storage> {
    window().local_storage().ok().flatten()
}

fn tab_id() -> Option<String> {
    let storage = window().session_storage().ok().flatten()?;
    if let Ok(Some(id)) = storage.get_item(TAB_KEY) {
        return Some(id);
    }
    let id = format!("{:x}", (js_sys::Math::random() * 4_294_967_296.0) as u64);
    storage.set_item(TAB_KEY, &id).ok()?;
    Some(id)
}

/// Where a session comes from when the page opens.
pub struct Start {
    pub timeline: Timeline,
    pub view: View,
    pub notice: Option<Notice>,
}

fn start_from(shared: Shared) -> Start {
    let mut timeline = Timeline::from_trace(shared.trace);
    timeline.seek(shared.step);
    Start {
        timeline,
        view: shared.view,
        notice: None,
    }
}

/// A share link in the URL wins; then this tab's save; then the most recent save; else a fresh member.
/// (A link to a group session opens the group view, `crate::mode::open_group`; the member view
/// then starts from its save.)
pub fn start(default_scenario: impl Fn() -> Timeline, embedded: bool) -> Start {
    let hash = window().location().hash().unwrap_or_default();
    if hash.len() > 1 {
        match decode_link(&hash) {
            Ok(Link::Member(shared)) => {
                if !embedded {
                    mark_linked(Mode::Member);
                }
                return start_from(shared);
            }
            Ok(Link::Group(_)) => {}
            Err(e) => {
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
                };
            }
        }
    }
    if let Some((key, saved)) = SESSIONS.newest() {
        match decode(&saved) {
            Ok(shared) => {
                LAST_SAVED.with(|s| *s.borrow_mut() = saved);
                return start_from(shared);
            }
            Err(e) => {
                SESSIONS.discard(&key);
                return Start {
                    timeline: Timeline::default(),
                    view: View::default(),
                    notice: Some(Notice::Error(format!(
                        "Your saved session could not be read ({e}); starting a new one."
                    ))),
                };
            }
        }
    }
    Start {
        timeline: Timeline::default(),
        view: View::default(),
        notice: None,
    }
}

/// The session, the step on screen and the view options as a link fragment.
pub fn fragment(session: Session) -> String {
    let shared = session.timeline.with_untracked(|t| Shared {
        trace: t.trace().clone(),
        step: t.cursor(),
        view: View {
            speed: session.speed.get_untracked().clamp(-2, MAX_SPEED),
            guided: session.guided.get_untracked(),
            scenario: session.scenario.get_untracked(),
        },
    });
    encode(&shared)
}

fn save(session: Session) -> Result<(), String> {
    let value = fragment(session);
    LAST_SAVED.with(|s| s.borrow_mut().clone_from(&value));
    unlink_if_changed(Mode::Member, || value.clone());
    SESSIONS.put(&value)
}

/// Saves the session a little after each change; says once if the browser will not keep it.
pub fn autosave(session: Session) {
    let timer = StoredValue::new_local(None::<Timeout>);
    let warned = StoredValue::new(false);
    Effect::new(move |previous: Option<()>| {
        session.timeline.track();
        session.speed.track();
        session.guided.track();
        session.scenario.track();
        if previous.is_none() {
            return;
        }
        timer.set_value(Some(Timeout::new(SAVE_DELAY_MS, move || {
            if let Err(reason) = save(session) {
                if !warned.get_value() {
                    warned.set_value(true);
                    let message =
                        format!("Your session is not being saved: {reason}. Export it to keep it.");
                    session.notice.set(Some(Notice::Error(message)));
                }
            }
        })));
    });
}

/// Opens a link pasted into the address bar of an open tab, in the view it belongs to:
/// `open_group` takes a group session and shows the group view; `show_member` shows the member view.
pub fn follow_links(
    session: Session,
    own_group: impl Fn() -> String + 'static,
    open_group: impl Fn(SharedGroup) + 'static,
    show_member: impl Fn() + 'static,
) {
    let listener = window_event_listener(leptos::ev::hashchange, move |_| {
        let hash = window().location().hash().unwrap_or_default();
        let hash = hash.trim_start_matches('#');
        if hash.is_empty() || hash == fragment(session) || hash == own_group() {
            return;
        }
        match decode_link(hash) {
            Ok(Link::Member(shared)) => {
                session.open_shared(shared);
                mark_linked(Mode::Member);
                show_member();
            }
            Ok(Link::Group(shared)) => {
                open_group(shared);
                mark_linked(Mode::Group);
            }
            Err(e) => session.notice.set(Some(Notice::Error(link_error(&e)))),
        }
    });
    on_cleanup(move || listener.remove());
}

fn link_error(e: &LinkError) -> String {
    format!("This link could not be opened: {e}. Your session is unchanged.")
}
