//! What every model of the member offers: one `handle(now, input)` call and read-only getters.
//! The timeline, the replay, the console's lint and the screen work through this, so a trace runs
//! on either model.

use crate::assignment::PartitionSet;
use crate::config::Config;
use crate::effect::{Effect, Purpose};
use crate::error_code::ErrorCode;
use crate::facts::{Facts, LocalFacts};
use crate::heartbeat::RetryOwed;
use crate::input::Input;
use crate::kafka::KafkaMember;
use crate::member::Member;
use crate::model::Model;
use crate::rejected::Rejected;
use crate::state::StateName;
use crate::time::Millis;
use serde::Serialize;
use std::collections::BTreeSet;

/// A sans-IO membership state machine.
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
    /// The shipped client's local assignment (`None` for the seed).
    fn local_facts(&self) -> Option<LocalFacts> {
        None
    }
    /// The next time a `tick` would do something, if any.
    fn poll_timeout(&self) -> Option<Millis>;
    fn model(&self) -> Model;
    fn config(&self) -> &Config;
    fn state(&self) -> StateName;
    /// `""` while the member has none.
    fn member_id(&self) -> &str;
    fn member_epoch(&self) -> i32;
    fn heartbeat_interval_ms(&self) -> u32;
    fn subscription(&self) -> &BTreeSet<String>;
    /// The partitions the member owns now.
    fn assigned(&self) -> &PartitionSet;
    /// Why the (oldest) heartbeat in flight was sent, if one is.
    fn in_flight(&self) -> Option<Purpose>;
    /// A heartbeat waiting for the one in flight to be answered.
    fn remembered(&self) -> Option<Purpose>;
    fn retry_owed(&self) -> Option<RetryOwed>;
    fn last_heartbeat_at(&self) -> Option<Millis>;
    /// The error code that ended the member.
    fn failure(&self) -> Option<&ErrorCode>;
    /// The target the running reconciliation heads for.
    fn target(&self) -> Option<&PartitionSet>;
    /// The newest target received, while reconciling.
    fn newest_target(&self) -> Option<&PartitionSet>;
    /// The commit or callback the member waits on.
    fn awaiting(&self) -> Option<&Effect>;
    /// Completions owed to abandoned work, discarded when they arrive.
    fn owed_to_abandoned(&self) -> u32;
    /// What the next `completed` input would finish, if anything.
    fn next_completion(&self) -> Option<NextCompletion>;
    /// The time of the last accepted input.
    fn now(&self) -> Millis;
}

/// What the next `completed` input finishes: the compare engine matches these across the models
/// (see [`crate::compare::align`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
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

/// A member of either model. Not boxed: a timeline holds one, clones it at checkpoints, and
/// replays through it; a box would add an allocation to each of those for nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)]
pub enum AnyMember {
    Seed(Member),
    Kafka(KafkaMember),
}

impl AnyMember {
    pub fn new(model: Model, config: Config) -> Self {
        match model {
            Model::Seed => AnyMember::Seed(Member::new(config)),
            Model::Kafka => AnyMember::Kafka(KafkaMember::new(config)),
        }
    }

    /// The Kafka member, when this is one (the compare view shows its extra state).
    pub fn as_kafka(&self) -> Option<&KafkaMember> {
        match self {
            AnyMember::Kafka(k) => Some(k),
            AnyMember::Seed(_) => None,
        }
    }
}

/// Delegates every method to the member inside.
macro_rules! delegate {
    ($($name:ident(&self $(, $arg:ident: $ty:ty)*) -> $ret:ty;)*) => {
        $(fn $name(&self $(, $arg: $ty)*) -> $ret {
            match self {
                AnyMember::Seed(m) => Machine::$name(m $(, $arg)*),
                AnyMember::Kafka(m) => Machine::$name(m $(, $arg)*),
            }
        })*
    };
}

impl Machine for AnyMember {
    fn handle(&mut self, now: Millis, input: &Input) -> Result<Vec<Effect>, Rejected> {
        match self {
            AnyMember::Seed(m) => m.handle(now, input),
            AnyMember::Kafka(m) => m.handle(now, input),
        }
    }
    fn handle_observed(
        &mut self,
        now: Millis,
        input: &Input,
    ) -> Result<(Vec<Effect>, Vec<Facts>), Rejected> {
        match self {
            AnyMember::Seed(m) => m.handle_observed(now, input),
            AnyMember::Kafka(m) => m.handle_observed(now, input),
        }
    }
    fn local_facts(&self) -> Option<LocalFacts> {
        match self {
            AnyMember::Seed(m) => m.local_facts(),
            AnyMember::Kafka(m) => m.local_facts(),
        }
    }
    delegate! {
        poll_timeout(&self) -> Option<Millis>;
        model(&self) -> Model;
        config(&self) -> &Config;
        state(&self) -> StateName;
        member_id(&self) -> &str;
        member_epoch(&self) -> i32;
        heartbeat_interval_ms(&self) -> u32;
        subscription(&self) -> &BTreeSet<String>;
        assigned(&self) -> &PartitionSet;
        in_flight(&self) -> Option<Purpose>;
        remembered(&self) -> Option<Purpose>;
        retry_owed(&self) -> Option<RetryOwed>;
        last_heartbeat_at(&self) -> Option<Millis>;
        failure(&self) -> Option<&ErrorCode>;
        target(&self) -> Option<&PartitionSet>;
        newest_target(&self) -> Option<&PartitionSet>;
        awaiting(&self) -> Option<&Effect>;
        owed_to_abandoned(&self) -> u32;
        next_completion(&self) -> Option<NextCompletion>;
        now(&self) -> Millis;
    }
}

/// Implements the getters with the type's inherent methods of the same names.
macro_rules! inherent {
    ($ty:ty: $($name:ident(&self) -> $ret:ty;)*) => {
        $(fn $name(&self) -> $ret {
            <$ty>::$name(self)
        })*
    };
}

/// The seed member's inherent methods, as the trait.
impl Machine for Member {
    fn handle(&mut self, now: Millis, input: &Input) -> Result<Vec<Effect>, Rejected> {
        Member::handle(self, now, input)
    }
    fn handle_observed(
        &mut self,
        now: Millis,
        input: &Input,
    ) -> Result<(Vec<Effect>, Vec<Facts>), Rejected> {
        Member::handle_observed(self, now, input)
    }
    fn model(&self) -> Model {
        Model::Seed
    }
    inherent! { Member:
        poll_timeout(&self) -> Option<Millis>;
        config(&self) -> &Config;
        state(&self) -> StateName;
        member_id(&self) -> &str;
        member_epoch(&self) -> i32;
        heartbeat_interval_ms(&self) -> u32;
        subscription(&self) -> &BTreeSet<String>;
        assigned(&self) -> &PartitionSet;
        in_flight(&self) -> Option<Purpose>;
        remembered(&self) -> Option<Purpose>;
        retry_owed(&self) -> Option<RetryOwed>;
        last_heartbeat_at(&self) -> Option<Millis>;
        failure(&self) -> Option<&ErrorCode>;
        target(&self) -> Option<&PartitionSet>;
        newest_target(&self) -> Option<&PartitionSet>;
        awaiting(&self) -> Option<&Effect>;
        owed_to_abandoned(&self) -> u32;
        now(&self) -> Millis;
    }
    fn next_completion(&self) -> Option<NextCompletion> {
        if self.owed_to_abandoned > 0 {
            return Some(NextCompletion::Abandoned);
        }
        // The seed commits and runs onPartitionsRevoked only for partitions it revokes.
        let during = match self.state {
            crate::member::State::Terminating(_) => Activity::Close,
            _ => Activity::Reconciliation,
        };
        self.awaiting().map(|effect| NextCompletion::Awaited {
            during,
            revoking: matches!(
                effect,
                Effect::CommitOffsets { .. } | Effect::InvokeOnPartitionsRevoked { .. }
            ),
            effect: effect.clone(),
        })
    }
}
