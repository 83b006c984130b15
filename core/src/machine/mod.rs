//! What every model of the member offers: one `handle(now, input)` call and read-only getters.
//! The timeline, the replay, the console's lint and the screen work through this, so a trace runs
//! on any model.

pub mod any;
pub mod descriptor;
pub mod facts;
pub mod model;
pub mod registry;
pub mod work;

use crate::machine::facts::Facts;
use crate::machine::model::Model;
use crate::machine::work::Work;
use crate::protocol::config::Config;
use crate::protocol::effect::Effect;
use crate::protocol::effect::Purpose;
use crate::protocol::input::Input;
use crate::protocol::rejected::Rejected;
use crate::protocol::time::Millis;
use serde::Serialize;

/// A sans-IO membership state machine: one `handle(now, input)` call, and what it shows of itself
/// as [`Facts`]. The timeline, the replay, the console's lint and the screen work through this, so
/// a trace runs on any model.
pub trait Machine {
    /// Handles one input at `now`; a rejected input changes nothing.
    fn handle(&mut self, now: Millis, input: &Input) -> Result<Vec<Effect>, Rejected>;
    /// [`Machine::handle`], also returning the member's facts just after each effect (one per
    /// effect): what the screen shows part-way through the step.
    fn handle_observed(
        &mut self,
        now: Millis,
        input: &Input,
    ) -> Result<(Vec<Effect>, Vec<Facts>), Rejected>;
    /// Everything the member shows of itself now.
    fn facts(&self) -> Facts;
    fn model(&self) -> Model;
    fn config(&self) -> &Config;
    /// What the next `completed` input would finish, if anything.
    fn next_completion(&self) -> Option<NextCompletion>;
    /// Why each heartbeat in flight was sent, oldest first ([`Facts::in_flight`] is the oldest
    /// alone; the Java client can have a leave in flight beside another).
    fn requests_in_flight(&self) -> Vec<Purpose>;
    /// Whether this member, as configured, ever waits on `work` (the compare engine skips a
    /// completion a model would never be given).
    fn waits_on(&self, work: Work) -> bool;
    /// Every instant it holds moved by `by`, wrapping (a group's fingerprint compares members
    /// up to a shift of time).
    fn shift_time(&mut self, by: u64);
    /// How far behind the group this member's clock can fall and still change what it does next:
    /// beyond this every instant it compares its clock with has passed (a group's fingerprint
    /// takes how far behind a member is up to this). `None`: the model does not say, and the
    /// group's horizon (longer than every duration the settings hold) stands.
    fn lag_that_matters(&self) -> Option<u64> {
        None
    }
    /// Forgets what the fingerprint does not read of it (the naive count compares members whole).
    #[cfg(test)]
    fn forget_shown(&mut self) {}
}

/// What the next `completed` input finishes: the compare engine matches these across the models
/// (see [`crate::compare::align`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum NextCompletion {
    /// A completion owed to work a fence or a close abandoned: accepted and discarded.
    Abandoned,
    /// The commit or callback the member waits on, what it is part of, and whether that revokes
    /// partitions (the shipped client's auto-commit also runs before a reconciliation that revokes
    /// nothing; the seed commits only what it revokes).
    Awaited {
        effect: Effect,
        during: Activity,
        revoking: bool,
    },
}

/// What a commit or callback is part of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Activity {
    Reconciliation,
    Close,
    /// The shipped client's `unsubscribe()`.
    Unsubscribe,
    /// The shipped client's onPartitionsLost after a fence.
    Fence,
    /// The shipped client's onPartitionsLost after a fatal error.
    Fatal,
    /// The shipped client's onPartitionsLost after a stale leave.
    Stale,
}
