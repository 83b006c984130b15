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

    /// The cause this switch removes between the models of `pair` (librdkafka's model commits
    /// nothing, so leaving commits out removes a cause of its own there).
    pub fn cause_in(self, pair: super::Pair) -> Cause {
        if pair.has(crate::machine::model::Model::Librdkafka) && self == Switch::AutoCommit {
            return Cause::LibrdkafkaCommitsItself;
        }
        match self {
            Switch::AutoCommit => Cause::AutoCommit,
            Switch::LostCallback => Cause::OnPartitionsLost,
            Switch::AssignedAlways => Cause::AssignedAlwaysCalled,
            Switch::ClientAssignor => Cause::ClientAssignor,
        }
    }

    /// Whether this switch can change anything for a trace with `config` on the models of `pair`
    /// (the review skips the runs of those that cannot: no onPartitionsLost or empty
    /// onPartitionsAssigned without a listener or beside librdkafka, no onAssignment
    /// without an assignor or without the seed).
    pub fn can_matter(self, config: &Config, pair: super::Pair) -> bool {
        use crate::machine::model::Model;
        match self {
            Switch::AutoCommit => true,
            // They bring the Java client toward the seed: beside librdkafka they would only
            // take away what the two shipped clients share.
            Switch::LostCallback | Switch::AssignedAlways => {
                config.listener && pair == super::Pair::SEED_KAFKA
            }
            Switch::ClientAssignor => config.assignor_set && pair.has(Model::Seed),
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

    /// These switches less those that do not apply to `pair` (the ones that bring the Java
    /// client toward the seed, beside librdkafka; the seed's assignor, without the seed).
    pub fn for_pair(&self, pair: super::Pair) -> Self {
        use crate::machine::model::Model;
        Align(
            self.iter()
                .filter(|s| match s {
                    Switch::AutoCommit => true,
                    Switch::LostCallback | Switch::AssignedAlways => {
                        pair == super::Pair::SEED_KAFKA
                    }
                    Switch::ClientAssignor => pair.has(Model::Seed),
                })
                .collect(),
        )
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
