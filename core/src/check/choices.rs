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
