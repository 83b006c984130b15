//! Which two of the three models a review compares.
//!
//! The left side is always the one listed first in [`Model::ALL`] (the seed design, then the Java
//! client, then librdkafka), so a row reads the same way whichever pair is chosen.

use crate::machine::model::Model;
use crate::protocol::state::StateName;
use serde::{Deserialize, Serialize};

/// Two models, side by side.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Pair {
    /// The design against the client Kafka shipped: the review this view was built for.
    #[default]
    SeedKafka,
    SeedLibrdkafka,
    KafkaLibrdkafka,
}

impl Pair {
    pub const ALL: [Pair; 3] = [Pair::SeedKafka, Pair::SeedLibrdkafka, Pair::KafkaLibrdkafka];

    /// (left, right).
    pub fn models(self) -> (Model, Model) {
        match self {
            Pair::SeedKafka => (Model::Seed, Model::Kafka),
            Pair::SeedLibrdkafka => (Model::Seed, Model::Librdkafka),
            Pair::KafkaLibrdkafka => (Model::Kafka, Model::Librdkafka),
        }
    }

    pub fn left(self) -> Model {
        self.models().0
    }

    pub fn right(self) -> Model {
        self.models().1
    }

    pub fn has(self, model: Model) -> bool {
        let (l, r) = self.models();
        l == model || r == model
    }

    /// The pair of two different models, in either order.
    pub fn of(a: Model, b: Model) -> Option<Pair> {
        Pair::ALL
            .into_iter()
            .find(|p| p.models() == (a, b) || p.models() == (b, a))
    }

    /// `seed-kafka`, `seed-librdkafka`, `kafka-librdkafka` (as an address names it).
    pub fn as_str(self) -> &'static str {
        match self {
            Pair::SeedKafka => "seed-kafka",
            Pair::SeedLibrdkafka => "seed-librdkafka",
            Pair::KafkaLibrdkafka => "kafka-librdkafka",
        }
    }

    pub fn parse(name: &str) -> Option<Pair> {
        Pair::ALL.into_iter().find(|p| p.as_str() == name)
    }

    /// What a chooser says: "Seed design and Java client".
    pub fn title(self) -> String {
        let (l, r) = self.models();
        format!("{} and {}", l.title(), r.title())
    }

    /// Whether `left` (of the left model) and `right` (of the right one) mean the same thing.
    pub fn equivalent(self, left: StateName, right: StateName) -> bool {
        if self == Pair::SeedKafka {
            return super::equivalent(left, right);
        }
        let (l, r) = self.models();
        phases(l, left).iter().any(|p| phases(r, right).contains(p))
    }
}

/// Where a member stands, in words every model's states can be read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Not in the group: before subscribing, or after leaving.
    Outside,
    Joining,
    /// Owns its target and does nothing about it.
    Steady,
    /// Revoking or assigning toward a target (or handing lost partitions back).
    Reconciling,
    Leaving,
    /// Stopped for good by an error.
    Failed,
}

/// The phases a state can stand for. librdkafka's join states name the application call the member
/// waits for, not how far it is in the group, so each stands for more than one phase: `init` is
/// both "not subscribed" and "joining", `wait-unassign-call` serves a revocation, a fence and a
/// close alike.
fn phases(model: Model, state: StateName) -> &'static [Phase] {
    use Phase as P;
    use StateName as S;
    match (model, state) {
        (Model::Seed, S::New) => &[P::Outside],
        (Model::Seed, S::Joining) => &[P::Joining],
        (Model::Seed, S::Joined) => &[P::Steady],
        (Model::Seed, S::Assigning) => &[P::Reconciling],
        (Model::Seed, S::Terminating) => &[P::Leaving],
        (Model::Seed, S::Terminated) => &[P::Outside, P::Failed],
        (Model::Kafka, S::Unsubscribed) => &[P::Outside],
        (Model::Kafka, S::Joining) => &[P::Joining],
        (Model::Kafka, S::Stable) => &[P::Steady],
        (Model::Kafka, S::Reconciling) => &[P::Reconciling],
        (Model::Kafka, S::Acknowledging) => &[P::Steady, P::Reconciling],
        // Fenced and stale members hand their partitions back and join again.
        (Model::Kafka, S::Fenced | S::Stale) => &[P::Reconciling, P::Joining],
        (Model::Kafka, S::PrepareLeaving | S::Leaving) => &[P::Leaving],
        (Model::Kafka, S::Fatal) => &[P::Failed],
        (Model::Librdkafka, S::Init) => &[P::Outside, P::Joining],
        (Model::Librdkafka, S::Steady) => &[P::Steady],
        (Model::Librdkafka, S::WaitAssignCall | S::WaitIncrUnassignToComplete) => &[P::Reconciling],
        (Model::Librdkafka, S::WaitUnassignCall) => &[P::Reconciling, P::Leaving],
        (Model::Librdkafka, S::WaitUnassignToComplete) => &[P::Leaving],
        (Model::Librdkafka, S::Term) => &[P::Outside, P::Failed],
        _ => &[],
    }
}
