//! What the rest of the crate, and the app, know of a model: one [`Descriptor`] per model folder,
//! read through [`super::model::Model::descriptor`]. Nothing outside a model's folder names its
//! states, its table or its words by any other road, so a model is its folder and its line in the
//! registry (`crate::models!` in `lib.rs`).

use crate::protocol::state::StateName;

/// A model, as everything but its own folder sees it.
#[derive(Debug)]
pub struct Descriptor {
    /// How a trace, an address and a group configuration name it (`seed`).
    pub name: &'static str,
    /// Its name on screen (`Seed design`).
    pub title: &'static str,
    /// Its name inside a sentence (`the seed design`).
    pub in_a_sentence: &'static str,
    /// What the model is, in a line: for choosing one.
    pub summary: &'static str,
    /// How a simulated group names the member ids this model's clients make up for themselves
    /// (a real client makes a UUID; a short id reads better on a chart).
    pub id_prefix: &'static str,
    /// Its states, in diagram order.
    pub states: &'static [StateName],
    /// The state a new member starts in.
    pub initial: StateName,
    /// Every (from, to) pair the model allows, in its table's order (repeats allowed).
    pub transitions: fn() -> Vec<(StateName, StateName)>,
    /// Whether the model allows `from → to`.
    pub is_allowed: fn(StateName, StateName) -> bool,
    /// A few of its states, for a sentence that lists what a member may be in.
    pub some_states: &'static str,
}
