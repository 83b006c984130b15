//! The coordinator's side of an imported log: for each group, a timeline of its epoch, its target
//! and each member's epoch, server state and assigned partitions, one point per line, as plain data
//! the group view can draw. Not a [`crate::group::GroupTrace`]: the log shows what the coordinator
//! decided, not the inputs that would make the simulation decide it.

use crate::group::ServerState;
use crate::import::read::text::Record;
pub use crate::import::recognise::broker_lines::Removal;
use crate::import::recognise::broker_lines::{broker_line, group_message, BrokerLine};
use crate::protocol::assignment::PartitionSet;
use serde::Serialize;
use std::collections::BTreeMap;

/// Members kept per group; a hostile log cannot make every point carry thousands.
pub const MAX_BROKER_MEMBERS: usize = 256;

/// One member as the coordinator records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MemberPoint {
    pub epoch: i32,
    pub previous_epoch: i32,
    pub state: ServerState,
    /// Partitions as `topicId-partition`: the coordinator logs topic ids.
    pub assigned: PartitionSet,
    pub revoking: PartitionSet,
}

/// What a line changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "change", rename_all = "snake_case")]
pub enum BrokerChange {
    GroupEpoch {
        epoch: i32,
    },
    Target {
        epoch: i32,
        assignor: Option<String>,
    },
    Member {
        member_id: String,
    },
    Removed {
        member_id: String,
        cause: Removal,
    },
}

/// The group after one coordinator line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GroupPoint {
    pub line: usize,
    /// Milliseconds since the first coordinator line with a timestamp.
    pub at: u64,
    pub change: BrokerChange,
    pub group_epoch: Option<i32>,
    pub target_epoch: Option<i32>,
    /// The last target assignment the log printed, by member (empty when none was printed: from
    /// 4.0 the map is at DEBUG).
    pub target: BTreeMap<String, PartitionSet>,
    pub members: BTreeMap<String, MemberPoint>,
}

/// One group's history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GroupHistory {
    pub group_id: String,
    pub points: Vec<GroupPoint>,
}

/// Every group the coordinator's lines speak of, in order of appearance.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct BrokerTimeline {
    pub groups: Vec<GroupHistory>,
    /// Coordinator lines that did not parse (cut short, damaged).
    pub malformed: Vec<usize>,
    /// Member lines past [`MAX_BROKER_MEMBERS`] in a group.
    pub dropped_members: usize,
    /// The log's timestamp (ms on its own clock) that points' `at` count from.
    pub origin: Option<i64>,
}

/// Whether a record is the coordinator's.
pub(crate) fn is_broker(record: &Record) -> bool {
    group_message(record).is_some()
        || record
            .logger
            .as_deref()
            .is_some_and(|l| l.ends_with("GroupMetadataManager"))
}

impl BrokerTimeline {
    fn group(&mut self, group_id: &str) -> &mut GroupHistory {
        let index = match self.groups.iter().position(|g| g.group_id == group_id) {
            Some(i) => i,
            None => {
                self.groups.push(GroupHistory {
                    group_id: group_id.to_owned(),
                    points: Vec::new(),
                });
                self.groups.len() - 1
            }
        };
        &mut self.groups[index]
    }

    fn apply(&mut self, record: &Record, at: u64, line: BrokerLine) {
        let Some((group_id, _)) = group_message(record) else {
            return;
        };
        let history = self.group(group_id);
        let mut point = history.points.last().cloned().unwrap_or(GroupPoint {
            line: record.line,
            at,
            change: BrokerChange::GroupEpoch { epoch: 0 },
            group_epoch: None,
            target_epoch: None,
            target: BTreeMap::new(),
            members: BTreeMap::new(),
        });
        point.line = record.line;
        point.at = at;
        let (change, dropped) = point.change_by(line);
        point.change = change;
        history.points.push(point);
        self.dropped_members += dropped;
    }
}

impl GroupPoint {
    /// Applies one line; returns what changed and how many members were dropped (0 or 1).
    fn change_by(&mut self, line: BrokerLine) -> (BrokerChange, usize) {
        match line {
            BrokerLine::GroupEpoch { epoch } => {
                self.group_epoch = Some(epoch);
                (BrokerChange::GroupEpoch { epoch }, 0)
            }
            BrokerLine::Target {
                epoch,
                assignor,
                members,
            } => {
                self.target_epoch = Some(epoch);
                // A target epoch is a group epoch the coordinator reached.
                self.group_epoch = Some(self.group_epoch.map_or(epoch, |g| g.max(epoch)));
                if let Some(members) = members {
                    self.target = members;
                }
                (BrokerChange::Target { epoch, assignor }, 0)
            }
            BrokerLine::Removed { member_id, cause } => {
                self.members.remove(&member_id);
                self.target.remove(&member_id);
                (BrokerChange::Removed { member_id, cause }, 0)
            }
            BrokerLine::Member { member_id, member } => {
                let known = self.members.contains_key(&member_id);
                if !known && self.members.len() >= MAX_BROKER_MEMBERS {
                    return (BrokerChange::Member { member_id }, 1);
                }
                self.members.insert(member_id.clone(), member);
                (BrokerChange::Member { member_id }, 0)
            }
        }
    }
}

/// The coordinator's timeline from a log's records (`None` when it has no coordinator line).
pub(crate) fn broker_timeline(records: &[Record]) -> Option<BrokerTimeline> {
    let mut timeline = BrokerTimeline::default();
    let mut origin = None;
    let mut last = 0u64;
    for record in records {
        let Some(parsed) = broker_line(record) else {
            continue;
        };
        if let Some(ms) = record.at {
            let origin = *origin.get_or_insert(ms);
            last = last.max(u64::try_from(ms.saturating_sub(origin)).unwrap_or(0));
        }
        match parsed {
            Ok(line) => timeline.apply(record, last, line),
            Err(()) => timeline.malformed.push(record.line),
        }
    }
    timeline.origin = origin;
    (!timeline.groups.is_empty() || !timeline.malformed.is_empty()).then_some(timeline)
}
