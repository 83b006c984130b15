//! The assigned set as the screen draws it: one chip per partition, marked by what is happening
//! to it at this point of the step (added or removed by an effect shown so far, owned but not in
//! the target, in the target but not owned yet, pending revocation in the shipped client).

use crate::machine::facts::Facts;
use crate::protocol::assignment::{Partition, PartitionSet};
use crate::protocol::effect::Effect;
use serde::Serialize;
use std::collections::BTreeMap;

/// What a chip means right now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mark {
    Owned,
    /// Owned, but not in the target: it will be revoked.
    ToRevoke,
    /// In the target, not owned yet.
    Pending,
    /// Added by an effect of this step shown so far.
    Arriving,
    /// Removed (or cleared) by an effect of this step shown so far.
    Leaving,
    /// The shipped client: marked pending revocation (no longer fetched), not yet released.
    Revoking,
}

impl Mark {
    /// The CSS class and `data-status` of the chip.
    pub fn class(self) -> &'static str {
        match self {
            Mark::Owned => "owned",
            Mark::ToRevoke => "to-revoke",
            Mark::Pending => "pending",
            Mark::Arriving => "arriving",
            Mark::Leaving => "leaving",
            Mark::Revoking => "revoking",
        }
    }

    pub fn words(self) -> &'static str {
        match self {
            Mark::Owned => "owned",
            Mark::ToRevoke => "owned, to be revoked",
            Mark::Pending => "in the target, not owned yet",
            Mark::Arriving => "just added",
            Mark::Leaving => "just removed",
            Mark::Revoking => "pending revocation: no longer fetched, not yet released",
        }
    }
}

/// One partition chip.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Chip {
    pub topic: String,
    pub partition: Partition,
    pub mark: Mark,
}

/// The chips for `facts`, given the effects of the current step shown so far. The first mark
/// that applies wins, in this order: removed, added, pending revocation, to revoke, owned,
/// pending.
pub fn chips(facts: &Facts, shown: &[Effect]) -> Vec<Chip> {
    let mut removed = PartitionSet::new();
    let mut added = PartitionSet::new();
    for effect in shown {
        match effect {
            Effect::RemoveFromAssigned { partitions } | Effect::ClearAssigned { partitions } => {
                removed.extend(partitions);
                added.subtract(partitions);
            }
            Effect::AddToAssigned { partitions } => added.extend(partitions),
            _ => {}
        }
    }
    let owned = &facts.assigned;
    let target = facts.newest_target.as_ref();
    let revoking = facts.local.as_ref().map(|l| &l.pending_revocation);
    let mut out: BTreeMap<(String, Partition), Mark> = BTreeMap::new();
    let mut put = |topic: &str, p: Partition, mark: Mark| {
        out.entry((topic.to_owned(), p)).or_insert(mark);
    };
    for (topic, p) in removed.iter().filter(|(t, p)| !owned.contains(t, *p)) {
        put(topic, p, Mark::Leaving);
    }
    for (topic, p) in revoking.into_iter().flat_map(PartitionSet::iter) {
        put(topic, p, Mark::Revoking);
    }
    for (topic, p) in owned.iter() {
        let mark = if added.contains(topic, p) {
            Mark::Arriving
        } else if target.is_some_and(|t| !t.contains(topic, p)) {
            Mark::ToRevoke
        } else {
            Mark::Owned
        };
        put(topic, p, mark);
    }
    for (topic, p) in target.into_iter().flat_map(PartitionSet::iter) {
        put(topic, p, Mark::Pending);
    }
    out.into_iter()
        .map(|((topic, partition), mark)| Chip {
            topic,
            partition,
            mark,
        })
        .collect()
}
