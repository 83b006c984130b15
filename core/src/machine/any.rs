//! A member of any model, for what holds one without knowing which: the timeline, the replay,
//! the compare engine. The registry (`crate::models!` in `lib.rs`) makes it, with its dispatch;
//! the models name only [`super::Machine`].

pub use crate::AnyMember;
