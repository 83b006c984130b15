//! The group coordinator's lines (`GroupMetadataManager`, INFO in 3.8/3.9, mostly DEBUG from 4.0,
//! KAFKA-17621), behind `[GroupCoordinator id=… topic=… partition=…] [GroupId {group}] `:
//!
//! - `Member {id} new assignment state: epoch={e}, previousEpoch={p}, state={S},
//!   assignedPartitions=[{topicId}-{p}, …] and revokedPartitions=[…].`
//! - `Computed a new target assignment for epoch {e} with '{assignor}' assignor in {t}ms: {map}.`
//!   (3.7/3.8 without the assignor and time; from 4.0 at INFO without the map), the map as
//!   `{member=MemberAssignment(partitions={topicId=[0, 1]}), …}`
//! - `Bumped group epoch to {e}.` (newer versions add `with metadata hash …`)
//! - `Member {id} left the consumer group.`, `Member {id} fenced from the group because its session
//!   expired.`, `… because it failed to transition from epoch {e} within {t}ms.` (INFO in every
//!   version): the member is removed.
//!
//! The coordinator knows topics by id, so partitions here are `topicId-partition`.

use crate::group::ServerState;
use crate::import::group_view::broker::MemberPoint;
use crate::import::read::partitions::partition_list;
use crate::import::read::text::Record;
use crate::protocol::assignment::PartitionSet;
use std::collections::BTreeMap;

/// What one coordinator line says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum BrokerLine {
    Member {
        member_id: String,
        member: MemberPoint,
    },
    Target {
        epoch: i32,
        assignor: Option<String>,
        members: Option<BTreeMap<String, PartitionSet>>,
    },
    GroupEpoch {
        epoch: i32,
    },
    Removed {
        member_id: String,
        cause: Removal,
    },
}

/// Why the coordinator removed a member.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Removal {
    Left,
    SessionExpired,
    /// It did not revoke within its rebalance timeout.
    RebalanceTimeout,
}

impl Removal {
    pub fn as_str(self) -> &'static str {
        match self {
            Removal::Left => "left",
            Removal::SessionExpired => "fenced: session expired",
            Removal::RebalanceTimeout => "fenced: rebalance timeout",
        }
    }
}

fn removal(rest: &str) -> Option<BrokerLine> {
    let rest = rest.strip_prefix("Member ")?;
    let (member_id, cause) = if let Some((id, _)) = rest.split_once(" left the consumer group") {
        (id, Removal::Left)
    } else {
        let (id, why) = rest.split_once(" fenced from the group because ")?;
        let cause = if why.starts_with("its session expired") {
            Removal::SessionExpired
        } else if why.starts_with("it failed to transition") {
            Removal::RebalanceTimeout
        } else {
            return None;
        };
        (id, cause)
    };
    (!member_id.is_empty() && !member_id.contains(' ')).then(|| BrokerLine::Removed {
        member_id: member_id.to_owned(),
        cause,
    })
}

/// The group and the message after the coordinator's contexts, if the record is the coordinator's.
pub(crate) fn group_message(record: &Record) -> Option<(&str, &str)> {
    let mut message = record.message.as_str();
    while let Some(rest) = message.strip_prefix("[GroupCoordinator") {
        message = rest.split_once(']')?.1.trim_start();
    }
    let (group, rest) = message.strip_prefix("[GroupId ")?.split_once("] ")?;
    Some((group, rest))
}

fn server_state(name: &str) -> Option<ServerState> {
    Some(match name {
        "STABLE" => ServerState::Stable,
        // 3.7's coordinator called them REVOKING and ASSIGNING.
        "UNREVOKED_PARTITIONS" | "REVOKING" => ServerState::UnrevokedPartitions,
        "UNRELEASED_PARTITIONS" | "ASSIGNING" => ServerState::UnreleasedPartitions,
        _ => return None,
    })
}

/// The text after `key=` up to the next `, ` (or ` and `).
fn after<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    let rest = &text[text.find(key)? + key.len()..];
    let end = [", ", " and "]
        .iter()
        .filter_map(|s| rest.find(s))
        .min()
        .unwrap_or(rest.len());
    Some(&rest[..end])
}

fn member_line(rest: &str) -> Option<BrokerLine> {
    let (member_id, state) = rest
        .strip_prefix("Member ")?
        .split_once(" new assignment state: ")?;
    let assigned = state.split_once("assignedPartitions=")?.1;
    let (assigned, revoking) = match assigned.split_once(" and revokedPartitions=") {
        Some((a, r)) => (a, r.trim_end_matches('.')),
        None => (assigned.trim_end_matches('.'), "[]"),
    };
    let member = MemberPoint {
        epoch: after(state, "epoch=")?.parse().ok()?,
        previous_epoch: after(state, "previousEpoch=")?.parse().ok()?,
        state: server_state(after(state, "state=")?)?,
        assigned: partition_list(assigned)?.set,
        revoking: partition_list(revoking)?.set,
    };
    Some(BrokerLine::Member {
        member_id: member_id.to_owned(),
        member,
    })
}

/// `{t1=[0, 1], t2=[2]}` → a partition set keyed by topic id.
fn topic_map(text: &str) -> Option<PartitionSet> {
    let inner = text.trim().strip_prefix('{')?.strip_suffix('}')?;
    let mut set = PartitionSet::new();
    for entry in inner.split("], ").filter(|e| !e.trim().is_empty()) {
        let (topic, partitions) = entry.split_once("=[")?;
        for p in partitions
            .trim_end_matches(']')
            .split(", ")
            .filter(|p| !p.is_empty())
        {
            set.insert(topic.trim(), p.trim().parse().ok()?);
        }
    }
    Some(set)
}

/// `{m1=MemberAssignment(partitions={…}), m2=…}`.
fn target_map(text: &str) -> Option<BTreeMap<String, PartitionSet>> {
    let inner = text.trim().strip_prefix('{')?.strip_suffix('}')?;
    let mut members = BTreeMap::new();
    for entry in inner.split("), ").filter(|e| !e.trim().is_empty()) {
        if members.len() >= crate::import::group_view::broker::MAX_BROKER_MEMBERS {
            break;
        }
        let (member, assignment) = entry.split_once("=MemberAssignment(")?;
        let map = assignment.split_once('=')?.1.trim_end_matches(')');
        members.insert(member.trim().to_owned(), topic_map(map)?);
    }
    Some(members)
}

fn target_line(rest: &str) -> Option<BrokerLine> {
    let rest = rest.strip_prefix("Computed a new target assignment for epoch ")?;
    let end = rest.find([' ', ':', '.']).unwrap_or(rest.len());
    let epoch = rest[..end].parse().ok()?;
    let assignor = rest
        .split_once(" with '")
        .and_then(|(_, a)| a.split_once('\''))
        .map(|(a, _)| a.to_owned());
    let members = match rest.split_once(": ") {
        Some((_, map)) => Some(target_map(map.trim_end().trim_end_matches('.'))?),
        None => None,
    };
    Some(BrokerLine::Target {
        epoch,
        assignor,
        members,
    })
}

/// What a coordinator record says; `Err(())` when it is the coordinator's but damaged.
pub(crate) fn broker_line(record: &Record) -> Option<Result<BrokerLine, ()>> {
    let (_, rest) = group_message(record)?;
    if let Some(epoch) = rest.strip_prefix("Bumped group epoch to ") {
        let end = epoch.find(['.', ' ']).unwrap_or(epoch.len());
        return Some(
            epoch[..end]
                .parse()
                .map(|epoch| BrokerLine::GroupEpoch { epoch })
                .map_err(|_| ()),
        );
    }
    if rest.contains(" new assignment state: ") {
        return Some(member_line(rest).ok_or(()));
    }
    if rest.starts_with("Computed a new target assignment") {
        return Some(target_line(rest).ok_or(()));
    }
    removal(rest).map(Ok)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_ways_out_of_a_group_are_read_and_other_member_lines_are_not() {
        let read = |rest: &str| removal(rest);
        let gone = |id: &str, cause| {
            Some(BrokerLine::Removed {
                member_id: id.to_owned(),
                cause,
            })
        };
        assert_eq!(
            read("Member m1 left the consumer group."),
            gone("m1", Removal::Left)
        );
        assert_eq!(
            read("Member m2 fenced from the group because its session expired."),
            gone("m2", Removal::SessionExpired)
        );
        assert_eq!(
            read("Member m3 fenced from the group because it failed to transition from epoch 4 within 45000ms."),
            gone("m3", Removal::RebalanceTimeout)
        );
        assert_eq!(
            read("Member m4 fenced from the group because of reasons."),
            None
        );
        assert_eq!(read("Member m5 joined the consumer group."), None);
    }
}
