//! # kip848-core
//!
//! The consumer side of KIP-848's group membership, as three sans-IO state machines behind one
//! [`Machine`] trait: the seed design (`docs/seed-model.md`: JOINING → JOINED ⇄ ASSIGNING, fencing
//! back to JOINING, revoke-then-assign reconciliation with its callbacks, leaving via TERMINATING →
//! TERMINATED; [`Member`]), Kafka's Java client as shipped, per release ([`kafka`]), and librdkafka's
//! join states ([`librdkafka`]). Around them: a simulated group with its coordinator ([`group`]),
//! the hazard hunt and the bounded check of group schedules ([`hunt`], [`check`]), the comparison of
//! two models on one session ([`compare`]), the log importer ([`import`]), what the screen shows of a
//! step ([`screen`]), the teaching material and its sources ([`teaching`]), the trace file format, a
//! [`Timeline`] for rewind and replay, and the lines the `kip848-*` commands print.
//!
//! It does no I/O and reads no clock. Time is an input ([`Millis`]), answers from the coordinator
//! are inputs, and everything the member wants done is returned as data:
//!
//! ```text
//!   (now, Input) ──▶ Member::handle ──▶ Ok(Vec<Effect>)   transitions, heartbeats to send,
//!                        │                                 assigned-set changes, callbacks
//!                        └────────────▶ Err(Rejected)     member untouched
//! ```
//!
//! A driver loop: feed inputs, carry out effects, feed completions back.
//!
//! ```
//! use kip848_core::{Config, Effect, HeartbeatResponse, Input, Member, Millis, PartitionSet, StateName};
//!
//! let mut member = Member::new(Config::default());
//! let topics = ["orders".to_string()].into();
//! let effects = member.handle(Millis(0), &Input::Subscribe { topics }).unwrap();
//! assert!(matches!(effects[1], Effect::SendHeartbeat(_)));
//!
//! let answer = HeartbeatResponse {
//!     member_id: "m-1".into(),
//!     member_epoch: 1,
//!     heartbeat_interval_ms: 5000,
//!     assignment: Some(PartitionSet::of([("orders", &[0, 1][..])])),
//! };
//! member.handle(Millis(20), &Input::HeartbeatResponse(answer)).unwrap();
//! assert_eq!(member.state(), StateName::Joined);
//! assert_eq!(member.assigned().len(), 2);
//! assert_eq!(member.poll_timeout(), None); // the acknowledgement is in flight
//! ```

pub mod check;
pub mod compare;
pub mod export;
pub mod group;
pub mod hunt;
pub mod import;
pub mod machine;
pub mod protocol;
pub mod screen;
pub mod session;
pub mod teaching;
mod tree;

// The registry: one line per model, its folder and its member type. A model's folder exports that
// member type (which implements `Machine`), a `DESCRIPTOR` and its diagram's `layout`; nothing else
// need change.
models! {
    /// The seed CGMSM of the design page.
    Seed => seed::Member,
    /// Apache Kafka's shipped membership manager (4.x).
    Kafka => kafka::KafkaMember,
    /// librdkafka's consumer-protocol member (2.15.0): the client of confluent-kafka for Python,
    /// Go, .NET and Node.
    Librdkafka => librdkafka::RdkMember,
    #[cfg(feature = "test-model")]
    LateRelease => late_release::Member,
}

// The names every layer uses, at the crate's root.
pub use machine::facts::RetryOwed;
pub use machine::{Activity, Machine, NextCompletion};
pub use protocol::assignment::{Partition, PartitionSet};
pub use protocol::config::{Config, LEAVE_EPOCH, LEAVE_STATIC_EPOCH};
pub use protocol::effect::{Effect, FullFields, HeartbeatRequest, Purpose};
pub use protocol::error_code::{ErrorClass, ErrorCode};
pub use protocol::input::{HeartbeatResponse, Input, InputKind, Outcome};
pub use protocol::rejected::Rejected;
pub use protocol::state::StateName;
pub use protocol::time::Millis;
pub use protocol::version::{ClientVersion, RELEASE_DIFFERENCES};
pub use screen::frame::Frame;
pub use seed::transitions::{is_allowed, Cause, TRANSITIONS};
pub use seed::Member;
pub use session::cursor::Cursor;
pub use session::timeline::{Step, Timeline};
