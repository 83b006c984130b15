//! The seed model (docs/seed-model.md): the member's six states, its heartbeats and its
//! revoke-then-assign reconciliation. Its internals stay in this folder; the rest of the crate sees
//! [`Member`], its transition table and the [`crate::machine::Machine`] trait.

mod heartbeat;
mod member;
mod observables;
mod reconciliation;
pub mod transitions;

pub use member::Member;

use crate::machine::descriptor::Descriptor;
pub use crate::screen::diagram::seed::layout;
use crate::protocol::state::StateName;

/// The seed design, as the rest of the crate knows it.
pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "seed",
    title: "Seed design",
    in_a_sentence: "the seed design",
    summary: "Kafka's early design page, completed: NEW → JOINING → JOINED ⇄ ASSIGNING → TERMINATED. The protocol's idea at its simplest.",
    id_prefix: "m",
    member_id_from: crate::machine::descriptor::MemberIdFrom::Coordinator,
    states: &StateName::ALL,
    initial: StateName::New,
    transitions: || transitions::TRANSITIONS.iter().map(|(from, to, _)| (*from, *to)).collect(),
    is_allowed: transitions::is_allowed,
    table: None,
    some_states: "JOINING, JOINED, ASSIGNING, …",
    in_full: "the seed design (the project's seed model)",
    a_member_of_it: "the seed model",
    heading: "The seed design",
    key: "Key: ASSIGNING means the member is in a ",
    on_other_member_id: "the member will take it",
    allows: crate::group::hazard::seed_allows,
    drawn: || &crate::screen::diagram::drawn::drawn_data::SEED,
    sections: |source| source.seed,
    quiz: crate::teaching::quiz_rules::SEED,
    counterpart: crate::Model::Kafka,
    phases: crate::compare::pair::seed_phases,
    habits: crate::machine::descriptor::Habits {
        lost_callback: false,
        assigned_always: false,
        client_assignor: true,
        commits_itself: false,
    },
    switchable: &[crate::compare::Switch::ClientAssignor],
    differs: None,
};
