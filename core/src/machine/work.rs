//! What a `completed` input finishes, by kind: the compare engine matches these across the models,
//! and each model says which it ever waits on ([`super::Machine::waits_on`]).

use super::{Activity, NextCompletion};
use crate::protocol::effect::Effect;
use serde::Serialize;

/// What a `completed` finishes, by kind, as the two models can be compared on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Work {
    Abandoned,
    RevocationCommit,
    AutoCommit,
    Revoked,
    Assigned,
    AssignedNothing,
    Lost,
    Unsubscribe,
    Assignment,
}

impl Work {
    pub fn of(next: &NextCompletion) -> Work {
        let NextCompletion::Awaited {
            effect,
            during,
            revoking,
        } = next
        else {
            return Work::Abandoned;
        };
        match (effect, during) {
            (_, Activity::Unsubscribe) => Work::Unsubscribe,
            (Effect::CommitOffsets { .. }, _) if *revoking => Work::RevocationCommit,
            (Effect::CommitOffsets { .. }, _) => Work::AutoCommit,
            (Effect::InvokeOnPartitionsRevoked { .. }, _) => Work::Revoked,
            (Effect::InvokeOnPartitionsAssigned { partitions }, _) if partitions.is_empty() => {
                Work::AssignedNothing
            }
            (Effect::InvokeOnPartitionsAssigned { .. }, _) => Work::Assigned,
            (Effect::InvokeOnAssignment { .. }, _) => Work::Assignment,
            _ => Work::Lost,
        }
    }
}
