//! Which two models a review compares: any two of the registry's, the one listed first in
//! [`Model::ALL`] on the left (the seed design, then the Java client, then librdkafka), so a row
//! reads the same way whichever pair is chosen.

use crate::machine::model::Model;
use crate::protocol::state::StateName;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Two models, side by side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pair {
    left: Model,
    right: Model,
}

impl Default for Pair {
    /// The design against the client Kafka shipped: the review this view was built for.
    fn default() -> Self {
        Pair::SEED_KAFKA
    }
}

impl Pair {
    pub const SEED_KAFKA: Pair = Pair {
        left: Model::Seed,
        right: Model::Kafka,
    };
    pub const SEED_LIBRDKAFKA: Pair = Pair {
        left: Model::Seed,
        right: Model::Librdkafka,
    };
    pub const KAFKA_LIBRDKAFKA: Pair = Pair {
        left: Model::Kafka,
        right: Model::Librdkafka,
    };

    /// Every pair of two models, in the registry's order.
    pub fn all() -> Vec<Pair> {
        let mut out = Vec::new();
        for (i, left) in Model::ALL.into_iter().enumerate() {
            for right in Model::ALL.into_iter().skip(i + 1) {
                out.push(Pair { left, right });
            }
        }
        out
    }

    /// (left, right).
    pub fn models(self) -> (Model, Model) {
        (self.left, self.right)
    }

    pub fn left(self) -> Model {
        self.left
    }

    pub fn right(self) -> Model {
        self.right
    }

    pub fn has(self, model: Model) -> bool {
        self.left == model || self.right == model
    }

    /// The pair of two different models, in either order.
    pub fn of(a: Model, b: Model) -> Option<Pair> {
        Pair::all()
            .into_iter()
            .find(|p| p.models() == (a, b) || p.models() == (b, a))
    }

    /// `seed-kafka`, `seed-librdkafka`, `kafka-librdkafka` (as an address names it).
    pub fn as_str(self) -> String {
        format!("{}-{}", self.left.as_str(), self.right.as_str())
    }

    pub fn parse(name: &str) -> Option<Pair> {
        Pair::all().into_iter().find(|p| p.as_str() == name)
    }

    /// What a chooser says: "Seed design and Java client".
    pub fn title(self) -> String {
        format!("{} and {}", self.left.title(), self.right.title())
    }

    /// Whether `left` (of the left model) and `right` (of the right one) mean the same thing.
    pub fn equivalent(self, left: StateName, right: StateName) -> bool {
        if self == Pair::SEED_KAFKA {
            return super::equivalent(left, right);
        }
        let (l, r) = (
            self.left.descriptor().phases,
            self.right.descriptor().phases,
        );
        l(left).iter().any(|p| r(right).contains(p))
    }

    /// `seed_kafka`: how a review file names it.
    fn serde_name(self) -> String {
        format!("{}_{}", self.left.as_str(), self.right.as_str())
    }
}

impl Serialize for Pair {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.serde_name())
    }
}

impl<'de> Deserialize<'de> for Pair {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        Pair::all()
            .into_iter()
            .find(|p| p.serde_name() == name)
            .ok_or_else(|| serde::de::Error::custom(format!("no pair of models is named {name}")))
    }
}

/// Where a member stands, in words every model's states can be read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
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

/// The phases a state can stand for, per model (each model's descriptor points at its own).
/// librdkafka's join states name the application call the member waits for, not how far it is in
/// the group, so each stands for more than one phase: `init` is both "not subscribed" and
/// "joining", `wait-unassign-call` serves a revocation, a fence and a close alike.
pub(crate) fn seed_phases(state: StateName) -> &'static [Phase] {
    use Phase as P;
    use StateName as S;
    match state {
        S::New => &[P::Outside],
        S::Joining => &[P::Joining],
        S::Joined => &[P::Steady],
        S::Assigning => &[P::Reconciling],
        S::Terminating => &[P::Leaving],
        S::Terminated => &[P::Outside, P::Failed],
        _ => &[],
    }
}

pub(crate) fn kafka_phases(state: StateName) -> &'static [Phase] {
    use Phase as P;
    use StateName as S;
    match state {
        S::Unsubscribed => &[P::Outside],
        S::Joining => &[P::Joining],
        S::Stable => &[P::Steady],
        S::Reconciling => &[P::Reconciling],
        S::Acknowledging => &[P::Steady, P::Reconciling],
        // Fenced and stale members hand their partitions back and join again.
        S::Fenced | S::Stale => &[P::Reconciling, P::Joining],
        S::PrepareLeaving | S::Leaving => &[P::Leaving],
        S::Fatal => &[P::Failed],
        _ => &[],
    }
}

pub(crate) fn librdkafka_phases(state: StateName) -> &'static [Phase] {
    use Phase as P;
    use StateName as S;
    match state {
        S::Init => &[P::Outside, P::Joining],
        S::Steady => &[P::Steady],
        S::WaitAssignCall | S::WaitIncrUnassignToComplete => &[P::Reconciling],
        S::WaitUnassignCall => &[P::Reconciling, P::Leaving],
        S::WaitUnassignToComplete => &[P::Leaving],
        S::Term => &[P::Outside, P::Failed],
        _ => &[],
    }
}
