//! The first screen first. A page that opened on its snapshot (`tests/e2e/shell.mjs`) knows, before
//! it removes it, which of its regions lay wholly below the first screen: on a phone, everything under
//! the caption. The page builds what is on screen, becomes interactive, and builds those regions
//! afterwards, one per task, so a tap waits for one region at most and nothing in sight appears late.
//! Without a snapshot (a development build, an address the snapshot was not taken for) or once the
//! reader has scrolled it, every region is built at once, as before.

use leptos::prelude::*;
use std::cell::RefCell;

/// A part of a view that can be built after the first screen, named by the element that holds it
/// in the snapshot (the app's own first render).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Region {
    ControlsColumn,
    MemberColumn,
    DetailColumn,
    History,
    /// The panels under the history: compare, configuration, session, import.
    Rest,
    /// The glossary's definitions for screen readers: hidden, so never on the first screen.
    Definitions,
}

const REGIONS: [Region; 6] = [
    Region::ControlsColumn,
    Region::MemberColumn,
    Region::DetailColumn,
    Region::History,
    Region::Rest,
    Region::Definitions,
];

impl Region {
    /// The snapshot's element for the region (the first, of several); none for one never shown.
    fn selector(self) -> Option<&'static str> {
        Some(match self {
            Region::ControlsColumn => ".layout > .controls-column",
            Region::MemberColumn => ".layout > .member-column",
            Region::DetailColumn => ".layout > .detail-column",
            Region::History => ".layout > .history",
            Region::Rest => {
                ".layout > .compare, .layout > .config, .layout > .session, .layout > .log-import"
            }
            Region::Definitions => return None,
        })
    }
}

thread_local! {
    /// The regions the snapshot showed below the first screen, read once before it went.
    static BELOW: RefCell<Vec<Region>> = const { RefCell::new(Vec::new()) };
    /// Regions waiting to be built, in the order they were met (the document's).
    static WAITING: RefCell<Vec<RwSignal<bool>>> = const { RefCell::new(Vec::new()) };
}

/// Reads, from the snapshot about to be removed, which regions lie below the first screen: their top
/// under the viewport's bottom, or under a bar fixed at the bottom that covers it.
pub(crate) fn measure(shell: &web_sys::Element) {
    let Some(window) = web_sys::window() else {
        return;
    };
    // A reader who scrolled the snapshot is shown what they scrolled to: build it all.
    if window.scroll_y().unwrap_or(0.0) > 0.0 {
        return;
    }
    let Some(height) = window.inner_height().ok().and_then(|h| h.as_f64()) else {
        return;
    };
    let top = |selector: &str| {
        shell
            .query_selector(selector)
            .ok()
            .flatten()
            .map(|e| e.get_bounding_client_rect().top())
    };
    let fold = top(".transport-bar").map_or(height, |bar| bar.min(height));
    let below: Vec<Region> = REGIONS
        .into_iter()
        .filter(|r| {
            r.selector()
                .is_none_or(|s| top(s).is_some_and(|t| t >= fold))
        })
        .collect();
    BELOW.with(|b| *b.borrow_mut() = below);
}

/// `children`, built now if its region was in sight (or there was no snapshot), else once the
/// page is interactive ([`release`]).
#[component]
pub fn Later(region: Region, children: Children) -> impl IntoView {
    if !BELOW.with(|b| b.borrow().contains(&region)) {
        return children().into_any();
    }
    let ready = RwSignal::new(false);
    WAITING.with(|w| w.borrow_mut().push(ready));
    let mut children = Some(children);
    // `ready` turns true once and never back, so the children are built once.
    (move || ready.get().then(|| children.take().map(|c| c()))).into_any()
}

/// Builds the waiting regions, one per task, then marks the page complete (`make bench` reads the
/// mark; so do the tests that compare the whole page with its snapshot).
pub(crate) fn release() {
    let next = WAITING.with(|w| {
        let mut w = w.borrow_mut();
        (!w.is_empty()).then(|| w.remove(0))
    });
    // Each region in a task of its own, built by the task's end; the mark in the task after the last.
    gloo_timers::callback::Timeout::new(0, move || match next {
        Some(ready) => {
            ready.set(true);
            release();
        }
        None => crate::mark("kip848-complete"),
    })
    .forget();
}
