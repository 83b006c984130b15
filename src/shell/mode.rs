//! The views (member, group, review), each a page of its own: where each lives, how a link that
//! belongs to another page gets there, the group and review views' keys, and the group page's
//! first session.

use crate::group::persist as group_persist;
use crate::group::scenarios::{group_scenario, GROUP_SCENARIOS};
use crate::group::{provide_group_session, GroupSession};
use crate::session::address::{self, Mode};
use crate::session::context::{Notice, Session};
use crate::session::playback::Playback;
use crate::shell::embed::Embed;
use crate::shell::keys::typing;
use kip848_core::session::link::SharedGroup;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Group mode's few keys (listed in the help): space plays, the arrows step, `n` lets the next
/// event happen, `?` and Escape open and close the help.
pub fn on_group_key(group: GroupSession, ev: &web_sys::KeyboardEvent) {
    let dialogs = group.dialogs;
    if ev.key() == "Escape" {
        dialogs.help_open.set(false);
        return;
    }
    if typing(ev) || ev.ctrl_key() || ev.meta_key() || ev.alt_key() || dialogs.modal_key(&ev.key())
    {
        return;
    }
    let tag = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .map(|e| e.tag_name())
        .unwrap_or_default();
    // A field or a range keeps its own arrows; a button also keeps Space.
    let on_field = matches!(tag.as_str(), "INPUT" | "SELECT");
    let on_control = on_field || tag == "BUTTON";
    let (cursor, _) = group.position();
    if group.teaching.lesson.get_untracked() && !ev.shift_key() {
        let key = ev.key();
        // The arrows work on a button too: Continue and Back keep the focus after a click.
        let handled = match key.as_str() {
            "ArrowRight" if !on_field => Some(true),
            " " if !on_control => Some(true),
            "ArrowLeft" if !on_field => Some(false),
            _ => None,
        };
        if let Some(forward) = handled {
            ev.prevent_default();
            if forward {
                group.lesson_continue();
            } else {
                group.lesson_back();
            }
            return;
        }
    }
    match ev.key().as_str() {
        " " if !on_control => group.transport.playback.update(|p| *p = p.toggled()),
        "ArrowLeft" if !on_control => group.seek(cursor.saturating_sub(1)),
        "ArrowRight" if !on_control => group.seek(cursor + 1),
        "n" => group.next_event(),
        "?" => dialogs.help_open.update(|h| *h = !*h),
        _ => return,
    }
    ev.prevent_default();
}

/// The review view's keys: → and ← one effect, Shift+→ and Shift+← one input, Home and End.
pub fn on_review_key(
    review: crate::session::review::ReviewSession,
    session: Session,
    ev: &web_sys::KeyboardEvent,
) {
    if ev.key() == "Escape" {
        session.dialogs.help_open.set(false);
        return;
    }
    if typing(ev)
        || ev.ctrl_key()
        || ev.meta_key()
        || ev.alt_key()
        || session.dialogs.modal_key(&ev.key())
    {
        return;
    }
    match (ev.key().as_str(), ev.shift_key()) {
        ("ArrowRight", false) => review.effect_forward(),
        ("ArrowLeft", false) => review.effect_back(),
        ("ArrowRight", true) => review.row_forward(),
        ("ArrowLeft", true) => review.row_back(),
        ("Home", _) => review.seek(0),
        ("End", _) => review.seek(usize::MAX),
        ("?", _) => session.dialogs.help_open.update(|h| *h = !*h),
        _ => return,
    }
    ev.prevent_default();
}

/// Unless the group view already holds something: the saved group session, else the first group
/// scenario.
fn open_saved_or_first(group: GroupSession) {
    let untouched = group.timeline.with_untracked(|t| t.is_empty())
        && group.scenario.with_untracked(Option::is_none);
    if !untouched {
        return;
    }
    let damaged = match group_persist::restore(group) {
        Ok(true) => return,
        Ok(false) => None,
        Err(message) => Some(message),
    };
    open_first(group);
    if let Some(message) = damaged {
        let message = format!("{message}; showing the first scenario instead.");
        group.say(Some(Notice::Error(message)));
    }
}

fn open_first(group: GroupSession) {
    if let Some(Ok(trace)) = GROUP_SCENARIOS
        .first()
        .and_then(|(id, _, _)| group_scenario(id))
    {
        group.load(trace);
    }
}

/// The page that shows `view`, relative to this one (the pages sit side by side, under any path).
pub fn page_href(view: Mode) -> &'static str {
    match view {
        Mode::Member => "index.html",
        Mode::Group => "group.html",
        Mode::Review => "review.html",
    }
}

/// Opens the page for `view` in place of this one, with the link the address holds: a link that
/// belongs to another view's page goes there. The link names a whole session, so the address's
/// options (a scenario, a step) are not carried along.
pub fn open_link_on(view: Mode) {
    let hash = window().location().hash().unwrap_or_default();
    let _ = window()
        .location()
        .replace(&format!("{}{hash}", page_href(view)));
}

/// The group page's session: the group session a share link holds, or the scenario the address
/// names, else the saved group session or the first scenario (an embed never reads the save).
pub fn open_group(embed: &Embed, link: Option<SharedGroup>) -> GroupSession {
    let group = provide_group_session(Default::default(), embed.readonly);
    group.transport.range.set_value(embed.range);
    let from_link = link.is_some();
    let named = embed.scenario.as_deref();
    if let Some(shared) = link {
        group.open_shared(shared);
        if !embed.embedded {
            address::mark_linked(Mode::Group);
        }
    } else if let Some(id) = named {
        match group_scenario(id) {
            Some(Ok(trace)) => group.load(trace),
            found => {
                let why = match found {
                    Some(Err(e)) => format!("The group scenario {id} is broken ({e})"),
                    _ => {
                        let ids: Vec<&str> = GROUP_SCENARIOS.iter().map(|(id, _, _)| *id).collect();
                        format!(
                            "There is no group scenario named \"{id}\" (the group scenarios are: {})",
                            ids.join(", ")
                        )
                    }
                };
                if embed.embedded || crate::LIVE {
                    open_first(group);
                } else {
                    open_saved_or_first(group);
                }
                group.say(Some(Notice::Error(format!(
                    "{why}; showing another group instead."
                ))));
            }
        }
    } else if embed.embedded || crate::LIVE {
        open_first(group);
    } else {
        open_saved_or_first(group);
    }
    group.teaching.lesson.set(embed.lesson);
    // `model=`: the same schedule on other clients (members that name their own keep it).
    if let Some(model) = embed.model {
        group.set_model(model);
        group.say(None);
    }
    if !from_link {
        if let Some(step) = embed.step {
            group.seek(step);
        }
    }
    if embed.quiz {
        group.teaching.quiz.set(Some(Default::default()));
    }
    group
        .transport
        .playback
        .set(Playback::playing_if(embed.autoplay));
    // An embed never touches the autosave.
    if !embed.embedded && !crate::LIVE {
        group_persist::autosave(group);
    }
    group
}
