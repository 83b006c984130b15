//! What the screen shows of a session: the frame for a cursor, its words, chips, lane, narration, hints, lint, the composer and the state diagram.

pub mod application;
pub mod changes;
pub mod chips;
pub mod composer;
pub mod diagram;
pub mod frame;
pub mod hint;
pub mod lint;
pub mod narration;
pub mod stage;
pub mod words;
