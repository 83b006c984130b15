//! Group mode: several members (of any model) and an automatic coordinator on one timeline. The
//! session holds a `GroupTimeline` (core); the components under `components::group` render it.

pub mod persist;
pub mod playback;
pub mod scenarios;
pub mod session;

pub use session::{
    provide_group_session, use_group_session, use_group_watched, GroupSession, GroupWatched,
};
