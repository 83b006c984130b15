//! A test-only model (the `test-model` feature): the seed design with one choice flipped, a revoked
//! partition released from the assigned set only after its commit and onPartitionsRevoked()
//! returned. It exists to show that a model is a folder and one registry line: it appears in every
//! view with no other file changed.

use crate::group::hazard::{Allowed, Hazard};
use crate::machine::descriptor::Descriptor;
use crate::machine::facts::Facts;
use crate::machine::model::Model;
use crate::machine::work::Work;
use crate::machine::{Machine, NextCompletion};
use crate::protocol::choice::Release;
use crate::protocol::config::Config;
use crate::protocol::effect::{Effect, Purpose};
use crate::protocol::input::Input;
use crate::protocol::rejected::Rejected;
use crate::protocol::time::Millis;
pub use crate::seed::layout;

/// The variant, as the rest of the crate knows it: the seed's states, table and words.
pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "late_release",
    title: "Seed, late release",
    in_a_sentence: "the late-release seed",
    heading: "The seed design, late release",
    a_member_of_it: "the seed model with a late release",
    summary: "The seed design with its release choice flipped: a revoked partition leaves the assigned set after its callback returned. A test-only model.",
    id_prefix: "v",
    // Released only after its callback, a revoked partition is still reported owned until the
    // member stopped using it: the check finds neither window within the anchor's bounds
    // (check::tests, the release choice).
    allows: |hazard| match hazard {
        Hazard::ReleasedBeforeRevoked | Hazard::CommitNotOwned => Allowed::No,
        _ => Allowed::Yes,
    },
    ..crate::seed::DESCRIPTOR
};

/// A seed member whose configuration always answers the release choice the other way.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Member(crate::seed::Member);

impl Member {
    pub fn new(config: Config) -> Self {
        Member(crate::seed::Member::new(Config {
            release: Release::AfterCallback,
            ..config
        }))
    }
}

impl Machine for Member {
    fn handle(&mut self, now: Millis, input: &Input) -> Result<Vec<Effect>, Rejected> {
        Machine::handle(&mut self.0, now, input)
    }
    fn handle_observed(
        &mut self,
        now: Millis,
        input: &Input,
    ) -> Result<(Vec<Effect>, Vec<Facts>), Rejected> {
        Machine::handle_observed(&mut self.0, now, input)
    }
    fn facts(&self) -> Facts {
        Machine::facts(&self.0)
    }
    fn model(&self) -> Model {
        Model::LateRelease
    }
    fn config(&self) -> &Config {
        Machine::config(&self.0)
    }
    fn next_completion(&self) -> Option<NextCompletion> {
        Machine::next_completion(&self.0)
    }
    fn requests_in_flight(&self) -> Vec<Purpose> {
        Machine::requests_in_flight(&self.0)
    }
    fn waits_on(&self, work: Work) -> bool {
        Machine::waits_on(&self.0, work)
    }
    fn shift_time(&mut self, by: u64) {
        Machine::shift_time(&mut self.0, by)
    }
}
