//! The member page's keyboard: which key press is the page's (not a text field's, a range's or a
//! radio group's), and what it does there (presenter keys, the lesson's arrows, the shortcuts).

use crate::session::context::Session;
use crate::shell::shortcuts::{action_for, run};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Whether a key press belongs to a text field (typing), not to the page's shortcuts.
pub fn typing(ev: &web_sys::KeyboardEvent) -> bool {
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

/// Handles a key press on the member page.
pub fn on_key(session: Session, ev: web_sys::KeyboardEvent, blank: RwSignal<bool>) {
    if ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
        return;
    }
    let key = ev.key();
    // Behind a modal dialog the page does not move: Tab and the dialog's keys stay with it.
    if session.dialogs.modal_key(&key) {
        return;
    }
    // Presenter mode: one key press is one effect; a clicker's keys do the same.
    if !crate::LIVE
        && session.embed.with_value(|e| e.present)
        && !typing(&ev)
        && !ev.shift_key()
        && crate::components::presenter::presenter_key(session, &key, blank).is_some()
    {
        ev.prevent_default();
        return;
    }
    if key == "Escape" {
        session.dialogs.help_open.set(false);
        session.dialogs.glossary_open.set(false);
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
    if !crate::LIVE && session.teaching.lesson.get_untracked() && !ev.shift_key() {
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
