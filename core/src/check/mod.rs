//! The bounded check: every schedule of a group within stated bounds, not a sample. Breadth-first
//! from the empty group, each state's successors are every input the schedule could give next (a
//! member joining, a callback or commit completing, time running to the next message or timer,
//! and — while the perturbation budget lasts — a member closing, killed, its messages lost, or
//! fenced by the coordinator), each distinct state visited once ([`GroupSim::fingerprint`]). Every
//! hazard of [`crate::group::hazard`], the epoch properties and convergence once the disturbances
//! stop are checked on every state reached:
//! each either *holds within the bounds* (with the states and transitions explored) or is
//! *violated*, with the shortest schedule that shows it — breadth-first, so none is shorter — as a
//! group trace that opens in the group view at its step.
//!
//! Written here rather than on a model-checking crate: the state is the group simulation itself
//! (the code the page plays), its successors are the group view's own inputs, and the explorer
//! has to run in slices on a page as well as natively; see ARCHITECTURE.md.

mod choices;
mod converge;
mod explore;
mod growth;
mod moves;
mod property;
mod quiet;
mod report;
mod sample;
mod settle;
mod tree;

pub use choices::Combination;
pub use explore::Explorer;
pub use moves::Bounds;
pub use property::Property;
pub use report::{Found, Report};
pub use sample::sample;

#[cfg(test)]
mod lag;
#[cfg(test)]
mod naive;
#[cfg(test)]
mod naive_calm;
#[cfg(test)]
mod remade;
#[cfg(test)]
mod tests;
