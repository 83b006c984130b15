//! On a screen too small for the whole stage (a phone, a live step's short frame in the book) the
//! page follows the current effect: the part of the stage it changes — the state in the diagram,
//! the assigned set, the application lane, the inspector — is scrolled into view as the effect
//! plays, above the bar fixed at the bottom. Which part is the core's answer
//! ([`kip848_core::screen::stage::Stage`]); this module only finds its box and scrolls.
//!
//! A lesson's note tells a whole step, so where it stops on one the page shows the member's
//! state.
//!
//! A laptop's stage holds all of it at once (style/views.css), and a reader who scrolled away
//! there did so on purpose: it is left alone. Only this window scrolls, never the book page around
//! a live step's frame.

use crate::session::context::Session;
use kip848_core::screen::stage::Stage;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Where the stage no longer fits beside itself (style/views.css stacks it below this width).
const NARROW: &str = "(max-width: 700px)";
/// Room kept between the part and the edge it was scrolled to.
const MARGIN: f64 = 8.0;

/// Follows the session's current effect while `embedded` or on a narrow screen.
pub fn follow(session: Session, embedded: bool) {
    // The cursor the page last followed: the first frame (the page opening) is not a move.
    let last = StoredValue::new(None);
    Effect::new(move |_| {
        // A lesson that stops on a note tells the whole step: it ends on the member's state.
        let lesson = session.teaching.lesson.get_untracked();
        let (cursor, stage) = session.frame.with(|f| {
            let stage = f.effect.as_ref().map(|e| e.stage);
            let stage = match f.note {
                Some(_) if lesson => stage.map(|_| Stage::Diagram),
                _ => stage,
            };
            (f.cursor, stage)
        });
        let moved = last.get_value().is_some_and(|l| l != cursor);
        last.set_value(Some(cursor));
        if let (true, Some(stage)) = (moved, stage) {
            if embedded || matches_media(NARROW) {
                // After the panels have drawn the effect: the box is the one it now has.
                request_animation_frame(move || bring_into_view(stage));
            }
        }
    });
}

fn matches_media(query: &str) -> bool {
    web_sys::window()
        .and_then(|w| w.match_media(query).ok().flatten())
        .is_some_and(|m| m.matches())
}

/// The element that shows `stage` on the member view.
fn selector(stage: Stage) -> &'static str {
    match stage {
        Stage::Diagram => ".member .diagram .node.current",
        Stage::Facts => "[data-testid=\"member-facts\"]",
        Stage::Assigned => ".panel.assigned",
        Stage::Lane => ".panel.lane",
        Stage::Inspector => ".panel.inspector",
    }
}

fn bring_into_view(stage: Stage) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(document) = window.document() else {
        return;
    };
    let Ok(Some(node)) = document.query_selector(selector(stage)) else {
        return;
    };
    // A diagram that scrolls in a frame of its own follows its state itself: the frame is the part.
    let target = match node.closest(".diagram-frame") {
        Ok(Some(frame)) if scrolls(&window, &frame) => frame,
        _ => node,
    };
    let height = window
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    let room_bottom = height - docked_height(&window, &document);
    // The box that scrolls it: the nearest ancestor that scrolls (a live step's panels), or the
    // page.
    let container = scroller(&window, &target);
    let (top, bottom) = match &container {
        Some(c) => {
            let r = c.get_bounding_client_rect();
            (r.top().max(0.0), r.bottom().min(room_bottom))
        }
        None => (0.0, room_bottom),
    };
    let rect = target.get_bounding_client_rect();
    let delta = if rect.top() >= top + MARGIN && rect.bottom() <= bottom - MARGIN {
        return;
    } else if rect.top() < top + MARGIN || rect.height() > bottom - top - 2.0 * MARGIN {
        // Above, or too tall to fit: its top at the top.
        rect.top() - top - MARGIN
    } else {
        // Below: its bottom just above the bar.
        rect.bottom() - (bottom - MARGIN)
    };
    let options = web_sys::ScrollToOptions::new();
    options.set_top(delta);
    options.set_behavior(if matches_media("(prefers-reduced-motion: reduce)") {
        web_sys::ScrollBehavior::Instant
    } else {
        web_sys::ScrollBehavior::Smooth
    });
    match container {
        Some(c) => c.scroll_by_with_scroll_to_options(&options),
        None => window.scroll_by_with_scroll_to_options(&options),
    }
}

/// Whether `el` scrolls up and down.
fn scrolls(window: &web_sys::Window, el: &web_sys::Element) -> bool {
    el.scroll_height() > el.client_height()
        && window
            .get_computed_style(el)
            .ok()
            .flatten()
            .and_then(|s| s.get_property_value("overflow-y").ok())
            .is_some_and(|o| o == "auto" || o == "scroll")
}

/// The nearest ancestor of `el` that scrolls up and down, if any (else the page does).
fn scroller(window: &web_sys::Window, el: &web_sys::Element) -> Option<web_sys::Element> {
    let mut at = el.parent_element();
    while let Some(e) = at {
        if scrolls(window, &e) {
            return Some(e);
        }
        at = e.parent_element();
    }
    None
}

/// The height of what is fixed at the bottom of the window (the transport bar, a lesson docked on
/// a phone): the part must be above it to be seen.
fn docked_height(window: &web_sys::Window, document: &web_sys::Document) -> f64 {
    let Ok(list) = document.query_selector_all(".transport-bar, .panel.lesson") else {
        return 0.0;
    };
    let height = window
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<web_sys::Element>().ok())
        .filter(|el| {
            window
                .get_computed_style(el)
                .ok()
                .flatten()
                .and_then(|s| s.get_property_value("position").ok())
                .is_some_and(|p| p == "fixed")
        })
        .map(|el| height - el.get_bounding_client_rect().top())
        .fold(0.0, f64::max)
}
