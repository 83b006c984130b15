//! The seed model (docs/seed-model.md): the member's six states, its heartbeats and its revoke-then-assign reconciliation. Its internals stay in this folder; the rest of the crate sees [`Member`] and the [`crate::machine::Machine`] trait.

pub mod heartbeat;
pub mod member;
pub(crate) mod observables;
pub(crate) mod reconciliation;
