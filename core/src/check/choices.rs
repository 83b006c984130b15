//! The check per combination of the seed design's open choices ([`crate::protocol::choice`]):
//! which choices allow which hazards, so a reviewer can read the least set of choices that makes
//! the seed as safe as a shipped client.

use super::{Bounds, Explorer};
use crate::group::GroupConfig;
use crate::protocol::choice::{EpochTaken, Fenced, Release, CHOICES};
use serde::Serialize;

/// One answer to each of the seed's choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Combination {
    pub heartbeat_between_revoke_and_assign: bool,
    pub release: Release,
    pub fenced: Fenced,
    pub epoch: EpochTaken,
}

impl Combination {
    /// The seed model's own answers (the defaults).
    pub const SEED: Combination = Combination {
        heartbeat_between_revoke_and_assign: false,
        release: Release::FirstStep,
        fenced: Fenced::Abandon,
        epoch: EpochTaken::OnAnswer,
    };

    /// Every combination, the seed's own first.
    pub fn all() -> Vec<Combination> {
        let mut all = Vec::new();
        for epoch in [EpochTaken::OnAnswer, EpochTaken::OnceReconciled] {
            for fenced in [Fenced::Abandon, Fenced::Finish] {
                for release in [Release::FirstStep, Release::AfterCallback] {
                    for between in [false, true] {
                        all.push(Combination {
                            heartbeat_between_revoke_and_assign: between,
                            release,
                            fenced,
                            epoch,
                        });
                    }
                }
            }
        }
        all
    }

    pub fn apply(&self, config: &mut GroupConfig) {
        config.heartbeat_between_revoke_and_assign = self.heartbeat_between_revoke_and_assign;
        config.release = self.release;
        config.fenced = self.fenced;
        config.epoch = self.epoch;
    }

    /// Whether each choice differs from the seed's own, in the order of [`CHOICES`].
    fn flipped(&self) -> [bool; CHOICES.len()] {
        [
            self.heartbeat_between_revoke_and_assign,
            self.release != Release::FirstStep,
            self.fenced != Fenced::Abandon,
            self.epoch != EpochTaken::OnAnswer,
        ]
    }

    /// Each choice's answer in words, in the order of [`CHOICES`].
    pub fn answers(&self) -> Vec<&'static str> {
        CHOICES
            .iter()
            .zip(self.flipped())
            .map(|(c, other)| {
                if other {
                    c.other_answer
                } else {
                    c.default_answer
                }
            })
            .collect()
    }

    /// The choices that differ from the seed's own, in a few words.
    pub fn label(&self) -> String {
        const SHORT: [&str; CHOICES.len()] = [
            "a heartbeat between revoke and assign",
            "revoked partitions removed after the callback",
            "a fenced member's callback returns before it rejoins",
            "the epoch taken once reconciled",
        ];
        let parts: Vec<&str> = SHORT
            .iter()
            .zip(self.flipped())
            .filter_map(|(words, other)| other.then_some(*words))
            .collect();
        if parts.is_empty() {
            "the seed's own choices".to_owned()
        } else {
            parts.join(", ")
        }
    }

    /// How many choices differ from the seed's own.
    pub fn flips(&self) -> usize {
        self.flipped().iter().filter(|f| **f).count()
    }

    /// The check of a group of seed members answering this way, within `bounds`.
    pub fn explorer(&self, bounds: &Bounds) -> Explorer {
        let mut config = bounds.config();
        self.apply(&mut config);
        Explorer::with_config(bounds.clone(), config)
    }
}

#[cfg(test)]
mod tests {
    use super::Combination;
    use crate::check::moves::Bounds;
    use crate::group::{GroupInput, GroupSim};
    use crate::machine::model::Model;
    use crate::protocol::choice::{EpochTaken, Release};
    use crate::protocol::effect::Effect;
    use crate::protocol::input::Outcome;
    use crate::protocol::time::Millis;

    /// Two seed members (the second joining once the first has its partitions) whose application
    /// returns from each onPartitionsRevoked `hold` ms after it was called, and from every other
    /// call at once; nothing disturbs them, for a minute of the check's short timers. How many
    /// times a member was fenced.
    fn fences_with_slow_revocations(c: Combination, hold: u64) -> usize {
        let mut config = Bounds::anchor(Model::Seed, 0).config();
        c.apply(&mut config);
        let mut sim = GroupSim::new(config);
        for (name, at) in [("A", 0), ("B", 40)] {
            while sim.now().0 < at {
                let next = sim.next_event_at().map_or(at, |m| m.0.min(at));
                assert!(sim.handle(Millis(next), &GroupInput::Tick).is_ok());
            }
            for input in [
                GroupInput::AddMember {
                    name: name.to_owned(),
                    topics: ["t".to_owned(), "u".to_owned()].into(),
                    instance_id: None,
                    model: None,
                },
                GroupInput::DelayCallbacks {
                    name: name.to_owned(),
                    delayed: true,
                },
            ] {
                assert!(sim.handle(Millis(at), &input).is_ok());
            }
        }
        // What each member's application is inside, and when it returns.
        let mut returns: [Option<(u64, &'static str)>; 2] = [None, None];
        let mut fences = 0;
        while sim.now().0 < 60_000 {
            let now = sim.now().0;
            let due = (0..2)
                .filter_map(|i| returns[i].map(|(at, _)| (at, i)))
                .min();
            let next = sim.next_event_at().map_or(u64::MAX, |m| m.0).max(now);
            let before: Vec<i32> = sim.members().iter().map(|m| m.facts.member_epoch).collect();
            let input = match due {
                Some((at, i)) if at <= next => (
                    at.max(now),
                    GroupInput::Complete {
                        name: sim.members()[i].name.clone(),
                        outcome: Outcome::Ok,
                    },
                ),
                _ => (next, GroupInput::Tick),
            };
            assert!(sim.handle(Millis(input.0), &input.1).is_ok());
            for (i, m) in sim.members().iter().enumerate() {
                if before[i] > 0 && m.facts.member_epoch == 0 {
                    fences += 1;
                }
                let call = m.facts.awaiting.as_ref();
                let slow = matches!(call, Some(Effect::InvokeOnPartitionsRevoked { .. }));
                returns[i] = match (call.map(Effect::name), returns[i]) {
                    (Some(now_in), Some((at, was))) if was == now_in => Some((at, was)),
                    (Some(now_in), _) => Some((sim.now().0 + if slow { hold } else { 0 }, now_in)),
                    (None, _) => None,
                };
            }
        }
        fences
    }

    /// Taking the epoch once reconciled, a member whose onPartitionsRevoked takes 2.5 s (within
    /// the rebalance timeout of 4 s) is fenced: its next heartbeat still carries the epoch before
    /// and, its owned set unchanged since the last, no owned set, and the coordinator accepts the
    /// epoch before only with one. Taking it at once, the same application is never fenced.
    #[test]
    fn taking_the_epoch_once_reconciled_fences_a_slow_revocation() {
        for c in Combination::all() {
            let fences = fences_with_slow_revocations(c, 2_500);
            let fenced = c.epoch == EpochTaken::OnceReconciled && c.release == Release::FirstStep;
            assert_eq!(fences > 0, fenced, "{}: {fences} fences", c.label());
            assert_eq!(fences_with_slow_revocations(c, 500), 0, "{}", c.label());
        }
    }
}
