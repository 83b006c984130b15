//! Group mode: a sans-IO group coordinator that follows KIP-848's server-side rules
//! (Kafka's `GroupMetadataManager` and `CurrentAssignmentBuilder`), and a simulation in which several seed-model
//! members talk to it through messages the schedule delivers, holds or drops.
//!
//! ```text
//!   member A ──heartbeat──▶ ┐                      ┌ target assignment (assignor, epoch)
//!   member B ──heartbeat──▶ ├─▶ coordinator ──────▶┤ per member: epoch, state, assigned,
//!   member C ◀──response─── ┘    (validate, epoch   └ pending revocation; partition owners
//!                                 checks, reconcile)
//! ```
//!
//! The safety rule — a partition goes to its new owner only once no other member holds it — is a
//! switch (`wait_for_revocation`, on by default) so that its absence can be watched.

mod apply;
mod assignor;
pub mod chart;
mod config;
mod coordinator;
mod describe;
mod fingerprint;
pub mod frame;
pub mod hazard;
mod input;
mod leave;
mod line;
pub mod moves;
pub mod ownership;
pub mod quiz;
mod reconcile;
mod records;
mod schedule;
mod segment;
pub mod sim;
pub mod table;
mod target;
pub mod timeline;
pub mod trace;

pub use assignor::Assignor;
pub use config::{GroupConfig, MAX_MEMBERS, MAX_TOPICS, MAX_TOPIC_PARTITIONS};
pub use coordinator::Coordinator;
pub use frame::{step_rows, GroupFrame, MemberCard, StepRow};
pub use input::{GroupInput, GroupRejected};
pub use line::{DroppedLine, GroupLine, MemberLine};
pub use ownership::{Holding, Snapshot, Zombie, ZombieCause};
pub use records::{CoordinatorConfig, Reply, ServerMember, ServerState};
pub use schedule::{DropReason, Dropped, Message, MessageKind};
pub use segment::Segment;
pub use sim::{GroupSim, Process, SimMember};
pub use timeline::GroupTimeline;
pub use trace::{GroupStep, GroupTrace};
