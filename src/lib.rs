//! kip848-viz: the Leptos single-page app in which the user plays the group coordinator and
//! watches the consumer's membership state machine (`kip848-core`) react.
//!
//! The app holds one `Timeline` in a context signal; components render it and send inputs.
//! No protocol logic lives here: every decision is the core's.

pub mod address;
pub mod app;
pub mod bench;
pub mod components;
pub mod context;
pub mod download;
pub mod embed;
pub mod group;
pub mod lesson;
pub mod log_import;
pub mod mode;
pub mod panic_hook;
pub mod persist;
pub mod playback;
pub mod quiz;
pub mod review;
pub mod scenarios;
pub mod shelf;
pub mod shortcuts;
pub mod stepping;

pub use app::App;
