//! *Align* switches: each removes one known cause of difference from both runs, so a review can
//! show what remains.
//!
//! A switch makes the two models agree on one point: by configuration where a real one exists, by
//! switching off the shipped client's behaviour, or by letting a kind of work complete at once on
//! both sides and leaving it out of the comparison. The trace's own run (which decides what each
//! `completed` meant, see [`super::align`]) is never changed, so the script keeps its meaning:
//!
//! | switch | what changes | cause it removes |
//! |---|---|---|
//! | `auto_commit` | every commit (the seed's and the shipped client's) completes at once on both sides and is left out of the comparison; the shipped client's `enable_auto_commit` off would instead run onPartitionsRevoked one completion earlier than the seed | [`Cause::AutoCommit`] |
//! | `lost_callback` | the shipped client clears lost partitions (fenced, fatal, stale) without onPartitionsLost | [`Cause::OnPartitionsLost`] |
//! | `assigned_always` | the shipped client calls onPartitionsAssigned only when something is added | [`Cause::AssignedAlwaysCalled`] |
//! | `client_assignor` | the seed runs with `assignor_set` off: no onAssignment | [`Cause::ClientAssignor`] |

use super::Cause;
use crate::machine::descriptor::Habits;
use crate::machine::work::Work;
use crate::protocol::config::Behaviours;
use crate::protocol::config::Config;
use crate::protocol::effect::Effect;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// One *Align* switch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Switch {
    /// Commits left out: they complete at once on both sides and are not compared.
    AutoCommit,
    /// onPartitionsLost off: the shipped client clears lost partitions silently, as the seed does.
    LostCallback,
    /// onPartitionsAssigned only when something is added, as in the seed.
    AssignedAlways,
    /// No client-side assignor: the seed's onAssignment is not called.
    ClientAssignor,
}

impl Switch {
    pub const ALL: [Switch; 4] = [
        Switch::AutoCommit,
        Switch::LostCallback,
        Switch::AssignedAlways,
        Switch::ClientAssignor,
    ];

    /// The cause this switch removes between the seed design and the Java client.
    pub fn cause(self) -> Cause {
        self.cause_in(super::Pair::SEED_KAFKA)
    }

    /// The cause this switch removes between the models of `pair` (a client that commits by
    /// itself, as librdkafka does, makes leaving commits out remove a cause of its own).
    pub fn cause_in(self, pair: super::Pair) -> Cause {
        let (left, right) = pair.models();
        let commits_itself = |m: crate::machine::model::Model| m.descriptor().habits.commits_itself;
        if self == Switch::AutoCommit && (commits_itself(left) || commits_itself(right)) {
            return Cause::LibrdkafkaCommitsItself;
        }
        match self {
            Switch::AutoCommit => Cause::AutoCommit,
            Switch::LostCallback => Cause::OnPartitionsLost,
            Switch::AssignedAlways => Cause::AssignedAlwaysCalled,
            Switch::ClientAssignor => Cause::ClientAssignor,
        }
    }

    /// The habit this switch is about, in a model's descriptor (leaving commits out is about every
    /// model: none).
    fn habit(self, habits: &Habits) -> Option<bool> {
        match self {
            Switch::AutoCommit => None,
            Switch::LostCallback => Some(habits.lost_callback),
            Switch::AssignedAlways => Some(habits.assigned_always),
            Switch::ClientAssignor => Some(habits.client_assignor),
        }
    }

    /// Whether this switch applies to the models of `pair`: one of them can be switched and the
    /// two differ in the habit it is about (so onPartitionsLost off brings the Java client toward
    /// the seed, and beside librdkafka, which has that habit too, would only take away what the
    /// two shipped clients share). Leaving commits out applies to every pair.
    pub fn applies(self, pair: super::Pair) -> bool {
        let (left, right) = pair.models();
        let (l, r) = (left.descriptor(), right.descriptor());
        let switchable = l.switchable.contains(&self) || r.switchable.contains(&self);
        match (self.habit(&l.habits), self.habit(&r.habits)) {
            (Some(a), Some(b)) => switchable && a != b,
            _ => true,
        }
    }

    /// Whether this switch can change anything for a trace with `config` on the models of `pair`
    /// (the review skips the runs of those that cannot: no onPartitionsLost or empty
    /// onPartitionsAssigned without a listener, no onAssignment without an assignor, nothing
    /// where the switch does not apply).
    pub fn can_matter(self, config: &Config, pair: super::Pair) -> bool {
        self.applies(pair)
            && match self {
                Switch::AutoCommit => true,
                Switch::LostCallback | Switch::AssignedAlways => config.listener,
                Switch::ClientAssignor => config.assignor_set,
            }
    }

    /// What the switch's button says.
    pub fn label(self) -> &'static str {
        match self {
            Switch::AutoCommit => "leave commits out",
            Switch::LostCallback => "onPartitionsLost off",
            Switch::AssignedAlways => "onPartitionsAssigned only when something is added",
            Switch::ClientAssignor => "no client-side assignor",
        }
    }
}

/// The switches that are on. Empty by default: both models as they are.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Align(BTreeSet<Switch>);

impl Align {
    /// No switch on.
    pub fn none() -> Self {
        Align::default()
    }

    /// Every switch on: what no switch can remove.
    pub fn all() -> Self {
        Align(Switch::ALL.into_iter().collect())
    }

    /// These switches less those that do not apply to `pair` ([`Switch::applies`]).
    pub fn for_pair(&self, pair: super::Pair) -> Self {
        Align(self.iter().filter(|s| s.applies(pair)).collect())
    }

    pub fn is_on(&self, switch: Switch) -> bool {
        self.0.contains(&switch)
    }

    /// These switches and `switch`.
    pub fn with(&self, switch: Switch) -> Self {
        let mut on = self.0.clone();
        on.insert(switch);
        Align(on)
    }

    /// These switches without `switch`.
    pub fn without(&self, switch: Switch) -> Self {
        let mut on = self.0.clone();
        on.remove(&switch);
        Align(on)
    }

    pub fn iter(&self) -> impl Iterator<Item = Switch> + '_ {
        self.0.iter().copied()
    }

    /// A compared run's configuration under these switches: each switch turns off what only the
    /// models that have it read (the seed's onAssignment, the Java client's behaviours).
    pub(crate) fn config(&self, config: &Config) -> Config {
        let mut config = config.clone();
        if self.is_on(Switch::ClientAssignor) {
            config.assignor_set = false;
        }
        config.behaviours = Behaviours {
            lost_callback: !self.is_on(Switch::LostCallback),
            assigned_when_nothing_added: !self.is_on(Switch::AssignedAlways),
        };
        config
    }

    /// Whether `work` completes by itself on both compared runs (and its completion in the trace
    /// is skipped by both).
    pub(crate) fn completes_at_once(&self, work: Work) -> bool {
        matches!(work, Work::RevocationCommit | Work::AutoCommit) && self.is_on(Switch::AutoCommit)
    }

    /// Whether `effect` is left out of the comparison.
    pub(crate) fn masks(&self, effect: &Effect) -> bool {
        matches!(effect, Effect::CommitOffsets { .. }) && self.is_on(Switch::AutoCommit)
    }
}

impl FromIterator<Switch> for Align {
    fn from_iter<I: IntoIterator<Item = Switch>>(switches: I) -> Self {
        Align(switches.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Cause, Pair};
    use super::Switch::{self, *};

    /// The switches each pair of the three models gets from their habits: what the review offered
    /// when the pairs were named one by one.
    #[test]
    fn the_habits_give_each_pair_its_switches() {
        let applying = |pair: Pair| -> Vec<Switch> {
            Switch::ALL
                .into_iter()
                .filter(|s| s.applies(pair))
                .collect()
        };
        assert_eq!(
            applying(Pair::SEED_KAFKA),
            [AutoCommit, LostCallback, AssignedAlways, ClientAssignor]
        );
        assert_eq!(
            applying(Pair::SEED_LIBRDKAFKA),
            [AutoCommit, ClientAssignor]
        );
        assert_eq!(applying(Pair::KAFKA_LIBRDKAFKA), [AutoCommit]);
        assert_eq!(AutoCommit.cause_in(Pair::SEED_KAFKA), Cause::AutoCommit);
        for pair in [Pair::SEED_LIBRDKAFKA, Pair::KAFKA_LIBRDKAFKA] {
            assert_eq!(AutoCommit.cause_in(pair), Cause::LibrdkafkaCommitsItself);
        }
    }
}
