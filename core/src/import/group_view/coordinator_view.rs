//! The coordinator's side of the group view of a log: the group epoch, each member as the
//! coordinator records it (named by client id when a consumer's log shows its member id) and who it
//! counts as holding each partition, from its own lines.

use super::broker::{GroupHistory, MemberPoint};
use super::lane::{lane, LaneKind, LaneSpan};
use super::together::{hold, ConsumerLife, Held};
use crate::group::chart::{rows, Row};
use crate::group::ownership::{History, Snapshot};
use crate::protocol::time::Millis;
use serde::Serialize;
use std::collections::BTreeMap;

/// One group as the coordinator's lines record it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CoordinatorView {
    pub group_id: String,
    /// The group epoch over time.
    pub epochs: Vec<LaneSpan>,
    pub members: Vec<CoordinatorMember>,
    /// Who the coordinator counts as holding each partition (topic ids, as it logs them): `owned`,
    /// `revoking` while it waits for the owner to revoke, `owned_awaited`/`unreleased` while a
    /// member's target has it and it is not theirs yet.
    pub ownership: Vec<Row>,
}

/// A member as the coordinator records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CoordinatorMember {
    pub member_id: String,
    /// The consumer with that member id in the same log, else the id shortened.
    pub name: String,
    /// Its server state and member epoch over time.
    pub lane: Vec<LaneSpan>,
}

/// A coordinator member's name: the consumer of the log with its member id, else the id cut short.
fn member_name(member_id: &str, consumers: &[ConsumerLife]) -> String {
    match consumers.iter().find(|c| c.member_id == member_id) {
        Some(c) => c.client_id.clone(),
        None if member_id.chars().count() > 8 => {
            format!("{}…", member_id.chars().take(8).collect::<String>())
        }
        None => member_id.to_owned(),
    }
}

pub(super) fn coordinator_view(
    group: &GroupHistory,
    offset: Millis,
    end: Millis,
    consumers: &[ConsumerLife],
) -> CoordinatorView {
    let at = |ms: u64| offset.plus(ms);
    let epochs = lane(
        group.points.iter().filter_map(|p| {
            let e = p.group_epoch?;
            Some((at(p.at), Some((LaneKind::GroupEpoch, format!("epoch {e}")))))
        }),
        end,
    );
    let mut ids: Vec<&String> = Vec::new();
    for point in &group.points {
        for id in point.members.keys().chain(point.target.keys()) {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
    }
    let names: BTreeMap<&str, String> = ids
        .iter()
        .map(|id| (id.as_str(), member_name(id, consumers)))
        .collect();
    let members = ids
        .iter()
        .map(|id| CoordinatorMember {
            member_id: (*id).clone(),
            name: names.get(id.as_str()).cloned().unwrap_or_default(),
            lane: lane(
                group.points.iter().map(|p| {
                    let word = p.members.get(*id).map(|m: &MemberPoint| {
                        let label = format!("{} · {}", m.state.as_str(), m.epoch);
                        (LaneKind::Server(m.state), label)
                    });
                    (at(p.at), word)
                }),
                end,
            ),
        })
        .collect();
    let mut history = History::default();
    for point in &group.points {
        let mut snapshot = Snapshot::new();
        for (id, m) in &point.members {
            let name = names.get(id.as_str()).map_or("", String::as_str);
            hold(
                &mut snapshot,
                name,
                (&m.assigned, &m.revoking),
                Held::Counted,
            );
        }
        for (id, target) in &point.target {
            let name = names.get(id.as_str()).cloned().unwrap_or_default();
            let has = point.members.get(id);
            for (t, p) in target.iter() {
                let held = has.is_some_and(|m| m.assigned.contains(t, p));
                if !held {
                    snapshot
                        .entry((t.to_owned(), p))
                        .or_default()
                        .waiting
                        .push(name.clone());
                }
            }
        }
        history.record(at(point.at), snapshot);
    }
    CoordinatorView {
        group_id: group.group_id.clone(),
        epochs,
        members,
        ownership: rows(&history, end),
    }
}
