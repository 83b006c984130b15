//! kip848-viz: the Leptos app, one page per view (member, group, review, import), each its own wasm
//! module, in which the user plays the group coordinator and watches the consumer's membership state
//! machine (`kip848-core`) react.
//!
//! A page holds its session's timeline in a context signal (the member's `Timeline`, the group's
//! `GroupTimeline`); panels draw the core's `Frame` for the cursor and act through the session.
//! No protocol logic lives here: every decision is the core's.

pub mod components;
pub mod group;
pub mod log_import;
pub mod pages;
pub mod session;
pub mod shell;
pub mod teaching;

/// The book's live steps' build (the `live` feature, `src/bin/live.rs`): every page embedded and
/// read-only. A constant, so that what a live step can never show (links, saves, the quiz, the
/// console, the importer, the header) is folded away at compile time, not only hidden at run time:
/// a page's module holds whatever its code names.
pub const LIVE: bool = cfg!(feature = "live");

/// Mounts a page's root on the body, with the panic hook and the marks `make bench` reads.
pub fn start<N: leptos::prelude::IntoView + 'static>(root: fn() -> N) {
    // In a worker (the review page's check, `components::check_panel::worker`) the module is an
    // engine, not a page: nothing to mount.
    if web_sys::window().is_none() {
        return;
    }
    // The wasm is compiled and instantiated: `make bench` splits the first render here.
    mark("kip848-start");
    shell::panic_hook::install();
    // The member page's snapshot of its first render, shown while the wasm downloaded (index.html,
    // tests/e2e/shell.mjs): the app takes its place in the same task, so no frame shows both.
    if let Some(shell) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("shell"))
    {
        shell::first_screen::measure(&shell);
        shell.remove();
    }
    leptos::mount::mount_to_body(root);
    // The first screen is built and its handlers attached: what `make bench` calls first
    // interactive render. What lay below it in the snapshot follows, then `kip848-complete`.
    mark("kip848-interactive");
    shell::first_screen::release();
}

pub(crate) fn mark(name: &str) {
    if let Some(performance) = web_sys::window().and_then(|w| w.performance()) {
        let _ = performance.mark(name);
    }
}
