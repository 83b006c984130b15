//! The seed design's open choices, each a switch a reviewer flips: the question the design page
//! asks, or the answer the seed model fixed where the page is silent, with the seed's own words
//! beside it. The shipped clients answer each one way; the bounded check runs every combination
//! (`crate::check::choices`).

use serde::{Deserialize, Serialize};

/// When a revoked partition leaves the assigned set, and so the owned set the next heartbeat
/// reports: the coordinator frees a partition once a heartbeat no longer reports it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Release {
    /// The design page's order: "1. Removing the partitions from the CGMSM's assigned set
    /// 2. Commits the offsets for the revoked partitions 3. Invokes onPartitionsRevoked()".
    #[default]
    FirstStep,
    /// After the commit and onPartitionsRevoked() returned, as the Java client acknowledges a
    /// revocation only once its callback completed.
    AfterCallback,
}

impl Release {
    pub fn is_default(&self) -> bool {
        *self == Release::default()
    }
}

/// What a member fenced while its commit or callback runs does with that work: the page says only
/// that a fenced member clears its assigned set without revoking and rejoins.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fenced {
    /// The seed model's answer: the running reconciliation is abandoned at once (its completion,
    /// when it comes, is dropped) and the member rejoins at once.
    #[default]
    Abandon,
    /// The member lets the commit or callback it is running return, then rejoins, as the Java
    /// client runs onPartitionsLost after the callback in progress and rejoins once it returned.
    Finish,
}

impl Fenced {
    pub fn is_default(&self) -> bool {
        *self == Fenced::default()
    }
}

/// When a member takes the epoch an answer carries, and so the epoch its heartbeats report while it
/// reconciles: the coordinator fences a heartbeat whose epoch is neither the member's nor, with an
/// owned set it still holds, the one before.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EpochTaken {
    /// The design page's order: "The first action that is performed in this state is to update
    /// the CGMSM's value for the member epoch as provided in the ConsumerGroupHeartbeatResponse."
    #[default]
    OnAnswer,
    /// Once the reconciliation under way has completed (its acknowledgement carries it): until
    /// then the member's heartbeats carry the epoch it had, and it then takes the newest epoch
    /// answered. A joining member, with none yet, takes it at once.
    OnceReconciled,
}

impl EpochTaken {
    pub fn is_default(&self) -> bool {
        *self == EpochTaken::default()
    }
}

/// One switch: its name in a configuration, the design page's words, and what each answer does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Choice {
    /// The configuration field.
    pub field: &'static str,
    /// What the seed's page says (or that it is silent).
    pub seed_words: &'static str,
    /// The answer the seed model takes by default, and the other.
    pub default_answer: &'static str,
    pub other_answer: &'static str,
}

/// The switches, in the order a combination names them.
pub const CHOICES: [Choice; 4] = [
    Choice {
        field: "heartbeat_between_revoke_and_assign",
        seed_words: "QUESTION: do we need to heartbeat between revocation and assignment?",
        default_answer: "no heartbeat between the steps",
        other_answer: "a heartbeat after the revocation steps, before the assignment steps",
    },
    Choice {
        field: "release",
        seed_words: "Partition revocation involves: 1. Removing the partitions from the CGMSM's \
                     \"assigned\" set 2. Commits the offsets for the revoked partitions 3. Invokes \
                     ConsumerRebalanceListener.onPartitionsRevoked()",
        default_answer:
            "a revoked partition leaves the assigned set first (the page's order): the next heartbeat reports the smaller owned set",
        other_answer: "a revoked partition leaves the assigned set after the commit and onPartitionsRevoked() returned",
    },
    Choice {
        field: "fenced",
        seed_words: "If either of those errors occur, the CGMSM will clear its \"assigned\" partition \
                     set (without any revocation), and transition to the JOINING set so that it \
                     rejoins the group with the same MemberId and the MemberEpoch of 0.",
        default_answer:
            "a fenced member abandons the commit or callback it is running and rejoins at once",
        other_answer:
            "a fenced member lets the commit or callback it is running return, then rejoins",
    },
    Choice {
        field: "epoch",
        seed_words: "The first action that is performed in this state is to update the CGMSM's \
                     value for the member epoch as provided in the ConsumerGroupHeartbeatResponse.",
        default_answer:
            "the epoch an answer carries is taken at once (the page's order): heartbeats during the reconciliation carry it",
        other_answer:
            "the epoch an answer carries is taken once the reconciliation under way has completed",
    },
];
