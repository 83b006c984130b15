//! Server-side assignors (Kafka's `UniformAssignor`, `RangeAssignor`), deterministic: members are visited in sorted order
//! where the broker iterates a hash set (noted at each place).

use crate::protocol::assignment::PartitionSet;
use crate::tree::CollectTree;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The assignor the coordinator computes targets with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Assignor {
    /// Balanced and sticky (`UniformAssignor`).
    #[default]
    Uniform,
    /// Contiguous ranges per topic, not sticky (`RangeAssignor`).
    Range,
    /// The user is the assignor: targets change only by `set_target` (like the mock assignor of
    /// Kafka's coordinator tests); a new member's target is empty until then.
    Manual,
}

/// What an assignor needs to know of a member.
pub struct Subscriber<'a> {
    pub id: &'a str,
    pub instance_id: Option<&'a str>,
    pub topics: &'a BTreeSet<String>,
    /// Its previous target (stickiness).
    pub previous: &'a PartitionSet,
}

impl Assignor {
    pub fn as_str(self) -> &'static str {
        match self {
            Assignor::Uniform => "uniform",
            Assignor::Range => "range",
            Assignor::Manual => "manual",
        }
    }

    /// The new target of every member, given the topics' partition counts.
    pub fn assign(
        self,
        members: &[Subscriber<'_>],
        topics: &BTreeMap<String, u32>,
    ) -> BTreeMap<String, PartitionSet> {
        match self {
            Assignor::Uniform => uniform(members, topics),
            Assignor::Range => range(members, topics),
            Assignor::Manual => members
                .iter()
                .map(|m| (m.id.to_owned(), m.previous.clone()))
                .tree(),
        }
    }
}

/// Uniform: for each topic, its subscribers each get ⌊n/k⌋ partitions, the first n mod k one
/// more; a partition stays with its previous owner while that owner is under its share, and the
/// rest go, in order, to the subscribers with room. (The broker balances across topics in the
/// homogeneous case and iterates members in hash order; here members are visited by id, per
/// topic, which gives the same balance for homogeneous groups and stays deterministic.)
fn uniform(
    members: &[Subscriber<'_>],
    topics: &BTreeMap<String, u32>,
) -> BTreeMap<String, PartitionSet> {
    let mut out: BTreeMap<String, PartitionSet> = members
        .iter()
        .map(|m| (m.id.to_owned(), PartitionSet::new()))
        .tree();
    let mut load: BTreeMap<&str, usize> = members.iter().map(|m| (m.id, 0)).tree();
    for (topic, &count) in topics {
        let mut subscribers: Vec<&Subscriber<'_>> = members
            .iter()
            .filter(|m| m.topics.contains(topic))
            .collect();
        if subscribers.is_empty() {
            continue;
        }
        // Members with less in total go first for the extra partitions.
        subscribers.sort_unstable_by_key(|m| (load.get(m.id).copied().unwrap_or(0), m.id));
        let k = subscribers.len();
        let (base, extra) = (count as usize / k, count as usize % k);
        let quota: BTreeMap<&str, usize> = subscribers
            .iter()
            .enumerate()
            .map(|(i, m)| (m.id, base + usize::from(i < extra)))
            .tree();
        let mut given: BTreeMap<&str, usize> = BTreeMap::new();
        let mut free = Vec::new();
        for p in 0..count {
            let keeper = subscribers.iter().find(|m| {
                m.previous.contains(topic, p) && given.get(m.id).copied().unwrap_or(0) < quota[m.id]
            });
            match keeper {
                Some(m) => {
                    *given.entry(m.id).or_default() += 1;
                    out.entry(m.id.to_owned()).or_default().insert(topic, p);
                }
                None => free.push(p),
            }
        }
        for p in free {
            if let Some(m) = subscribers
                .iter()
                .find(|m| given.get(m.id).copied().unwrap_or(0) < quota[m.id])
            {
                *given.entry(m.id).or_default() += 1;
                out.entry(m.id.to_owned()).or_default().insert(topic, p);
            }
        }
        for (id, n) in given {
            *load.entry(id).or_default() += n;
        }
    }
    out
}

/// Range: static members first by instance id, then dynamic ones by member id; per topic,
/// contiguous ranges, the first n mod k subscribers one partition more.
fn range(
    members: &[Subscriber<'_>],
    topics: &BTreeMap<String, u32>,
) -> BTreeMap<String, PartitionSet> {
    let mut sorted: Vec<&Subscriber<'_>> = members.iter().collect();
    sorted.sort_unstable_by_key(|m| (m.instance_id.is_none(), m.instance_id.unwrap_or(""), m.id));
    let mut out: BTreeMap<String, PartitionSet> = members
        .iter()
        .map(|m| (m.id.to_owned(), PartitionSet::new()))
        .tree();
    for (topic, &count) in topics {
        let subscribers: Vec<&&Subscriber<'_>> =
            sorted.iter().filter(|m| m.topics.contains(topic)).collect();
        let k = subscribers.len();
        if k == 0 {
            continue;
        }
        let (base, extra) = (count as usize / k, count as usize % k);
        let mut start = 0u32;
        for (i, m) in subscribers.iter().enumerate() {
            let n = (base + usize::from(i < extra)) as u32;
            for p in start..start + n {
                out.entry(m.id.to_owned()).or_default().insert(topic, p);
            }
            start += n;
        }
    }
    out
}
