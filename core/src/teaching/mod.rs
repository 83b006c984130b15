//! Teaching: the quiz, lessons, the glossary, the about text and the sources every claim cites.

pub mod about;
pub mod fit;
pub mod glossary;
pub mod lesson;
pub mod quiz;
pub mod quiz_rules;
pub mod sources;
