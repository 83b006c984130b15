//! The session and where it lives: what both views' sessions share, written once over the core's
//! `TimelineOf<M>` (`of.rs`), the member's `Session` on it (`context.rs`), how the cursor moves
//! (`stepping.rs`) and plays (`playback.rs`), the application's actions, the review view's session, and the session outside the page: share links in the
//! address, saves in this tab and the others (`persist.rs`, `shelf.rs`).

pub mod actions;
pub mod address;
pub mod context;
pub mod of;
pub mod persist;
pub mod playback;
pub mod review;
pub mod shelf;
pub mod stepping;
