//! # kip848-core
//!
//! The consumer side of KIP-848's group membership, as the sans-IO state machine of
//! `docs/seed-model.md` (the "seed model"): JOINING → JOINED ⇄ ASSIGNING, fencing back to
//! JOINING, revoke-then-assign reconciliation with its callbacks, leaving via TERMINATING →
//! TERMINATED. Plus the trace file format, a [`Timeline`] for rewind and replay, and the lines the
//! `kip848-replay` command prints.
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

pub mod about;
pub mod application;
mod assignment;
pub mod chips;
pub mod compare;
pub mod composer;
mod config;
pub mod cursor;
pub mod diagram;
mod effect;
mod error_code;
pub mod export;
pub mod facts;
pub mod frame;
pub mod glossary;
pub mod group;
mod heartbeat;
pub mod hint;
pub mod import;
mod input;
pub mod kafka;
pub mod lesson;
pub mod limits;
pub mod link;
pub mod lint;
pub mod machine;
mod member;
pub mod model;
pub mod narration;
mod observables;
pub mod quiz;
mod reconciliation;
mod rejected;
pub mod replay;
pub mod sources;
mod state;
mod time;
pub mod timeline;
pub mod trace;
mod trace_file;
mod trace_limits;
mod tree;
pub mod words;
pub mod workload;

pub use assignment::{Partition, PartitionSet};
pub use config::{Config, LEAVE_EPOCH, LEAVE_STATIC_EPOCH};
pub use cursor::Cursor;
pub use effect::{Effect, FullFields, HeartbeatRequest, Purpose};
pub use error_code::{ErrorClass, ErrorCode};
pub use frame::Frame;
pub use heartbeat::RetryOwed;
pub use input::{HeartbeatResponse, Input, InputKind, Outcome};
pub use machine::{Activity, AnyMember, Machine, NextCompletion};
pub use member::Member;
pub use model::Model;
pub use rejected::Rejected;
pub use state::{is_allowed, Cause, StateName, TRANSITIONS};
pub use time::Millis;
pub use timeline::{Step, Timeline};
