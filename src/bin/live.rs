//! The book's live steps' wasm entry point (`app/index.live-….html` and `app/group.live-….html`,
//! written by build/live.mjs): the member or the group view, by the page's name, embedded and
//! read-only. One module for both views, so that a chapter with steps of each downloads one.

fn main() {
    kip848_viz::start(kip848_viz::pages::live_page);
}
