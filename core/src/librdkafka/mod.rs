//! librdkafka's member of the consumer protocol (`group.protocol=consumer`), as a third sans-IO
//! model beside the seed and the Java client: the join states of `rdkafka_cgrp.c` at librdkafka
//! 2.15.0 (the library confluent-kafka for Python, Go, .NET and Node bundles), checked against the
//! running library by the live harness (`tests/live/`).
//!
//! ```text
//!            target adds                      app's incremental_assign()
//!   init ─────────────────▶ wait-assign-call ─────────────────────────────▶ steady
//!    ▲  ▲                        ▲                                          │  │ target adds
//!    │  │                        │ after a revoke: on_assign(added, maybe   │  └──▶ wait-assign-call
//!    │  │                        │ empty)                                   │
//!    │  │ lost or unsubscribe    │                                          │ target revokes, fenced
//!    │  └──────────── wait-incr-unassign-to-complete ◀── incremental_unassign() ◀── wait-unassign-call
//!    │                                                                             │ closing:
//!    └── leave sent ◀── wait-unassign-to-complete ◀── the app's answer, unassign all ◀┘
//!   init or steady (closing with nothing assigned) ── leave answered ──▶ term
//! ```
//!
//! Where it differs from the Java client (each difference is named in the review view): the join
//! state says what the *application* was asked to do, not how far the member is in the group (a
//! member whose target is empty stays in `init` and sends full heartbeats for ever); the rebalance
//! callback gets the *added* partitions and an `on_assign` with an empty list follows every
//! revocation the coordinator asked for; a fenced member's `on_lost` is followed by the rejoin
//! without an `on_assign([])`; only one reconciliation runs at a time and a newer target waits for
//! the acknowledgement of the current one; the acknowledgement is a heartbeat of its own, sent at
//! once; a fatal error calls no callback and sends no leave; a broker error the library does not
//! name is fatal (2.15.0), `STALE_MEMBER_EPOCH` on a heartbeat included; there is no client-side
//! session timeout.
//!
//! Simplified (said in the book): one application callback at a time stands for the rebalance
//! callback *and* the `incremental_assign`/`incremental_unassign` call Python makes when it
//! returns (a `completed` input is both); stopping the revoked partitions' fetchers is immediate,
//! so `wait-incr-unassign-to-complete` and `wait-unassign-to-complete` are passed through in one
//! step; offsets are not committed on revocation (the mock runs consume nothing); topic ids are
//! taken as resolved (no `metadata` input); the expedited heartbeat's jitter is taken at its low
//! end; the acknowledgement goes with the assign, not once the added partitions' committed offsets
//! are fetched (an unsubscribe or close the application makes before that OffsetFetch is answered
//! leaves librdkafka without one: a race documented in `tests/live/differences.json`).

mod heartbeat;
mod leave;
mod member;
mod observe;
mod rebalance;

pub(crate) use heartbeat::{reaction, Reaction};
pub use member::{RdkMember, RDK_MEMBER_ID};

use crate::machine::descriptor::Descriptor;
pub use crate::screen::diagram::librdkafka::layout;
use crate::protocol::state::StateName;
use crate::protocol::state::StateName::*;

/// librdkafka's consumer, as the rest of the crate knows it.
pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "librdkafka",
    title: "librdkafka",
    in_a_sentence: "librdkafka",
    summary: "What librdkafka does (2.15.0; confluent-kafka for Python, Go, .NET, Node): join states init → wait-assign-call → steady ⇄ wait-unassign-call, each the rebalance callback the application was handed.",
    id_prefix: "r",
    member_id_from: crate::machine::descriptor::MemberIdFrom::Client,
    states: &STATES,
    initial: Init,
    transitions: || ALLOWED.to_vec(),
    is_allowed,
    table: None,
    some_states: "init, wait-assign-call, steady, wait-unassign-call, …",
    in_full: "librdkafka's consumer (2.15.0)",
    a_member_of_it: "librdkafka's consumer",
    heading: "librdkafka (2.15.0)",
    key: "Key: the wait-… join states mean the member is in a ",
    on_other_member_id: "the member will take it",
    allows: crate::group::hazard::librdkafka_allows,
    drawn: || &crate::screen::diagram::drawn::drawn_data::LIBRDKAFKA,
    sections: |source| source.librdkafka,
    quiz: crate::teaching::quiz_rules::LIBRDKAFKA,
    counterpart: crate::Model::Kafka,
    phases: crate::compare::pair::librdkafka_phases,
    habits: crate::machine::descriptor::Habits {
        lost_callback: true,
        assigned_always: true,
        client_assignor: false,
        commits_itself: true,
    },
    switchable: &[],
    differs: Some(crate::compare::librdkafka_rules),
};

/// The seven states, in diagram order.
pub const STATES: [StateName; 7] = [
    Init,
    WaitAssignCall,
    Steady,
    WaitUnassignCall,
    WaitIncrUnassignToComplete,
    WaitUnassignToComplete,
    Term,
];

/// Every move the model makes, with the trigger `rdkafka_cgrp.c` moves on (from, to).
pub const ALLOWED: [(StateName, StateName); 14] = [
    // A target that adds partitions (rd_kafka_cgrp_handle_assignment_cooperative).
    (Init, WaitAssignCall),
    (Steady, WaitAssignCall),
    // A target that revokes, a fence, unsubscribe() or close() with partitions.
    (Steady, WaitUnassignCall),
    // The application's incremental_assign().
    (WaitAssignCall, Steady),
    // The application's incremental_unassign().
    (WaitUnassignCall, WaitIncrUnassignToComplete),
    // The revoked partitions stopped: the assign of what was added (maybe nothing) …
    (WaitIncrUnassignToComplete, WaitAssignCall),
    // … or the rejoin after a lost assignment or unsubscribe(). (librdkafka also goes on to
    // `steady` when neither is due; no heartbeat-driven path reaches that.)
    (WaitIncrUnassignToComplete, Init),
    // Closing (or after a fatal error): the application's answer becomes a full unassign, an
    // assign first turned into an unassign call (`rd_kafka_cgrp_handle_assign_op`); closing or
    // unsubscribing while on_assign runs queues on_revoke behind it at once.
    (WaitAssignCall, WaitUnassignCall),
    (WaitUnassignCall, WaitUnassignToComplete),
    (WaitUnassignToComplete, Init),
    // Unsubscribing while on_revoke of everything held waits for the application: nothing is
    // left to revoke, so the leave goes at once (`rd_kafka_cgrp_consumer_rejoin`); that
    // on_revoke's answer is served in `init`.
    (WaitUnassignCall, Init),
    // Fenced or leaving with nothing assigned, or a fatal error (a silent full unassign).
    (Steady, Init),
    // The leave answered (or none owed): the group handle terminates, from `init` after a full
    // unassign, or from `steady` when closing with nothing assigned ("skipping rejoin").
    (Init, Term),
    (Steady, Term),
];

/// Whether the model moves `from → to`.
pub fn is_allowed(from: StateName, to: StateName) -> bool {
    ALLOWED.contains(&(from, to))
}
