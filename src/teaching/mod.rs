//! Teaching: the built-in scenarios (compiled in, so the app works offline), lesson mode, and the
//! quiz.

pub mod lesson;
pub mod quiz;
pub mod scenarios;
