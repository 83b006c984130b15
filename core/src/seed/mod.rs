//! The seed model (docs/seed-model.md): the member's six states, its heartbeats and its
//! revoke-then-assign reconciliation. Its internals stay in this folder; the rest of the crate sees
//! [`Member`], its transition table and the [`crate::machine::Machine`] trait.

mod heartbeat;
mod member;
mod observables;
mod reconciliation;
pub mod transitions;

pub use member::Member;
