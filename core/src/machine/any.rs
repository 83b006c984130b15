//! A member of any model, for what holds one without knowing which: the timeline, the replay,
//! the compare engine. It names the models; the models name only [`super::Machine`].

use super::facts::Facts;
use super::model::Model;
use super::{Machine, NextCompletion};
use crate::kafka::KafkaMember;
use crate::librdkafka::RdkMember;
use crate::protocol::config::Config;
use crate::protocol::effect::Effect;
use crate::protocol::input::Input;
use crate::protocol::rejected::Rejected;
use crate::protocol::time::Millis;
use crate::seed::Member;

/// A member of any model. Not boxed: a timeline holds one, clones it at checkpoints, and
/// replays through it; a box would add an allocation to each of those for nothing.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[allow(clippy::large_enum_variant)]
pub enum AnyMember {
    Seed(Member),
    Kafka(KafkaMember),
    Librdkafka(RdkMember),
}

impl AnyMember {
    /// Every instant it holds moved by `by`, wrapping (`GroupSim::fingerprint`).
    pub(crate) fn shift_time(&mut self, by: u64) {
        match self {
            AnyMember::Seed(m) => m.shift_time(by),
            AnyMember::Kafka(m) => m.shift_time(by),
            AnyMember::Librdkafka(m) => m.shift_time(by),
        }
    }

    pub fn new(model: Model, config: Config) -> Self {
        match model {
            Model::Seed => AnyMember::Seed(Member::new(config)),
            Model::Kafka => AnyMember::Kafka(KafkaMember::new(config)),
            Model::Librdkafka => AnyMember::Librdkafka(RdkMember::new(config)),
        }
    }

    /// The Kafka member, when this is one (the compare view shows its extra state).
    pub fn as_kafka(&self) -> Option<&KafkaMember> {
        match self {
            AnyMember::Kafka(k) => Some(k),
            AnyMember::Seed(_) | AnyMember::Librdkafka(_) => None,
        }
    }
}

impl Machine for AnyMember {
    fn handle(&mut self, now: Millis, input: &Input) -> Result<Vec<Effect>, Rejected> {
        match self {
            AnyMember::Seed(m) => m.handle(now, input),
            AnyMember::Kafka(m) => m.handle(now, input),
            AnyMember::Librdkafka(m) => m.handle(now, input),
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
            AnyMember::Librdkafka(m) => m.handle_observed(now, input),
        }
    }
    fn facts(&self) -> Facts {
        match self {
            AnyMember::Seed(m) => Machine::facts(m),
            AnyMember::Kafka(m) => Machine::facts(m),
            AnyMember::Librdkafka(m) => Machine::facts(m),
        }
    }
    fn model(&self) -> Model {
        match self {
            AnyMember::Seed(m) => Machine::model(m),
            AnyMember::Kafka(m) => Machine::model(m),
            AnyMember::Librdkafka(m) => Machine::model(m),
        }
    }
    fn config(&self) -> &Config {
        match self {
            AnyMember::Seed(m) => Machine::config(m),
            AnyMember::Kafka(m) => Machine::config(m),
            AnyMember::Librdkafka(m) => Machine::config(m),
        }
    }
    fn next_completion(&self) -> Option<NextCompletion> {
        match self {
            AnyMember::Seed(m) => Machine::next_completion(m),
            AnyMember::Kafka(m) => Machine::next_completion(m),
            AnyMember::Librdkafka(m) => Machine::next_completion(m),
        }
    }
}
