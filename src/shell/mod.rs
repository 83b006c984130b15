//! The page around the views: which view a page is and how links move between them (`mode.rs`),
//! embed mode for the book's live steps, the first screen painted first and the stage followed on
//! a small screen, the keyboard and its one table of shortcuts, downloads, the panic overlay, and
//! `make bench`'s hooks.

#[cfg(feature = "bench")]
pub mod bench;
pub mod download;
pub mod embed;
pub mod first_screen;
pub mod keys;
pub mod mode;
pub mod panic_hook;
pub mod shortcuts;
pub mod stage_follow;
