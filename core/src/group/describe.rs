//! One line per group input, for the group view's step list.

use super::GroupInput;

fn names(set: &std::collections::BTreeSet<String>) -> String {
    set.iter().cloned().collect::<Vec<_>>().join(", ")
}

impl GroupInput {
    /// What the input does, in a few words.
    pub fn summary(&self) -> String {
        match self {
            GroupInput::AddMember {
                name,
                topics,
                instance_id,
                model,
            } => {
                let how: Vec<String> = model
                    .map(|m| m.title().to_owned())
                    .into_iter()
                    .chain(instance_id.as_ref().map(|i| format!("static, {i}")))
                    .collect();
                match how.is_empty() {
                    true => format!("{name} joins for {}", names(topics)),
                    false => format!("{name} joins ({}) for {}", how.join(", "), names(topics)),
                }
            }
            GroupInput::CloseMember { name } => format!("{name} closes"),
            GroupInput::KillMember { name } => format!("{name} is killed"),
            GroupInput::Hold { name, held: true } => format!("{name}'s messages are held"),
            GroupInput::Hold { name, held: false } => format!("{name}'s messages flow again"),
            GroupInput::Drop { name } => format!("{name}'s messages are lost"),
            GroupInput::DelayCallbacks {
                name,
                delayed: true,
            } => format!("{name}'s callbacks wait for completion"),
            GroupInput::DelayCallbacks {
                name,
                delayed: false,
            } => format!("{name}'s callbacks finish at once"),
            GroupInput::Complete {
                name,
                outcome: crate::Outcome::Ok,
            } => format!("{name}'s commit or callback completes"),
            GroupInput::Complete {
                name,
                outcome: crate::Outcome::Failed,
            } => format!("{name}'s commit or callback fails"),
            GroupInput::InjectError { name, code } => {
                format!("{name}'s next response is {code}")
            }
            GroupInput::SetPartitions { topic, count } => {
                let noun = if *count == 1 {
                    "partition"
                } else {
                    "partitions"
                };
                format!("{topic} now has {count} {noun}")
            }
            GroupInput::SetAssignor { assignor } => format!("assignor: {}", assignor.as_str()),
            GroupInput::SetWaitForRevocation { on: true } => {
                "the coordinator waits for revocation".to_owned()
            }
            GroupInput::SetWaitForRevocation { on: false } => {
                "the coordinator no longer waits for revocation".to_owned()
            }
            GroupInput::SetTarget { targets } => {
                let parts: Vec<String> = targets
                    .iter()
                    .map(|(name, set)| format!("{name}: {set}"))
                    .collect();
                format!("target set by hand ({})", parts.join("; "))
            }
            GroupInput::Request {
                member_id,
                member_epoch,
                ..
            } => format!("a heartbeat from {member_id:?} at epoch {member_epoch}"),
            GroupInput::Tick => "time passes".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorCode;

    #[test]
    fn summaries_name_the_member_and_what_happens() {
        let add = GroupInput::AddMember {
            name: "A".into(),
            topics: ["t".to_owned(), "u".to_owned()].into(),
            instance_id: Some("a-1".into()),
            model: Some(crate::Model::Kafka),
        };
        assert_eq!(add.summary(), "A joins (Java client, static, a-1) for t, u");
        let inject = GroupInput::InjectError {
            name: "B".into(),
            code: ErrorCode::FencedMemberEpoch,
        };
        assert_eq!(inject.summary(), "B's next response is FENCED_MEMBER_EPOCH");
    }
}
