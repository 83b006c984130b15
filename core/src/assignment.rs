//! Partition sets: the assigned set, targets, and the sets carried by effects.
//!
//! A set is a map from topic name to sorted partition numbers with no empty topic, so two equal
//! sets are equal as values and every effect list is stable (BTreeMap, never HashMap).

use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// A partition number (non-negative 32-bit on the wire).
pub type Partition = u32;

/// A set of topic partitions, kept sorted by topic then partition.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, PartialOrd, Ord, Deserialize)]
#[serde(from = "BTreeMap<String, BTreeSet<Partition>>")]
pub struct PartitionSet {
    topics: BTreeMap<String, BTreeSet<Partition>>,
}

impl From<BTreeMap<String, BTreeSet<Partition>>> for PartitionSet {
    fn from(mut topics: BTreeMap<String, BTreeSet<Partition>>) -> Self {
        topics.retain(|_, partitions| !partitions.is_empty());
        PartitionSet { topics }
    }
}

/// Serialised as `{"topic": [sorted partitions]}`, topics sorted, empty topics absent (trace-format.md).
impl Serialize for PartitionSet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.topics.serialize(serializer)
    }
}

impl PartitionSet {
    pub fn new() -> Self {
        Self::default()
    }

    /// Builds a set from `(topic, partitions)` pairs; handy in tests and scenarios.
    pub fn of<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a [Partition])>) -> Self {
        let mut set = PartitionSet::new();
        for (topic, partitions) in pairs {
            for &p in partitions {
                set.insert(topic, p);
            }
        }
        set
    }

    pub fn insert(&mut self, topic: &str, partition: Partition) -> bool {
        match self.topics.get_mut(topic) {
            Some(partitions) => partitions.insert(partition),
            None => {
                self.topics
                    .insert(topic.to_owned(), BTreeSet::from([partition]));
                true
            }
        }
    }

    pub fn remove(&mut self, topic: &str, partition: Partition) -> bool {
        let Some(partitions) = self.topics.get_mut(topic) else {
            return false;
        };
        let removed = partitions.remove(&partition);
        if partitions.is_empty() {
            self.topics.remove(topic);
        }
        removed
    }

    pub fn contains(&self, topic: &str, partition: Partition) -> bool {
        self.topics
            .get(topic)
            .is_some_and(|p| p.contains(&partition))
    }

    pub fn is_empty(&self) -> bool {
        self.topics.is_empty()
    }

    /// Number of partitions (not topics).
    pub fn len(&self) -> usize {
        self.topics.values().map(BTreeSet::len).sum()
    }

    /// Topics with at least one partition, sorted.
    pub fn topics(&self) -> impl Iterator<Item = (&str, &BTreeSet<Partition>)> {
        self.topics.iter().map(|(t, p)| (t.as_str(), p))
    }

    /// Every partition, sorted by topic then number.
    pub fn iter(&self) -> impl Iterator<Item = (&str, Partition)> {
        self.topics
            .iter()
            .flat_map(|(t, ps)| ps.iter().map(move |&p| (t.as_str(), p)))
    }

    /// `self − other`: what reconciliation revokes (`assigned − target`) or adds (`target − assigned`).
    pub fn difference(&self, other: &PartitionSet) -> PartitionSet {
        let mut topics = BTreeMap::new();
        for (topic, mine) in &self.topics {
            let rest: BTreeSet<Partition> = match other.topics.get(topic) {
                Some(theirs) => mine.difference(theirs).copied().collect(),
                None => mine.clone(),
            };
            if !rest.is_empty() {
                topics.insert(topic.clone(), rest);
            }
        }
        PartitionSet { topics }
    }

    /// Adds every partition of `other`.
    pub fn extend(&mut self, other: &PartitionSet) {
        for (topic, theirs) in &other.topics {
            self.topics
                .entry(topic.clone())
                .or_default()
                .extend(theirs.iter().copied());
        }
    }

    /// Removes every partition of `other`.
    pub fn subtract(&mut self, other: &PartitionSet) {
        for (topic, theirs) in &other.topics {
            if let Some(mine) = self.topics.get_mut(topic) {
                for p in theirs {
                    mine.remove(p);
                }
                if mine.is_empty() {
                    self.topics.remove(topic);
                }
            }
        }
    }

    pub fn is_subset(&self, other: &PartitionSet) -> bool {
        self.topics.iter().all(|(topic, mine)| {
            other
                .topics
                .get(topic)
                .is_some_and(|theirs| mine.is_subset(theirs))
        })
    }

    pub fn is_disjoint(&self, other: &PartitionSet) -> bool {
        self.topics.iter().all(|(topic, mine)| {
            other
                .topics
                .get(topic)
                .is_none_or(|theirs| mine.is_disjoint(theirs))
        })
    }
}

/// `orders-0, orders-1, payments-3`, or `{}` when empty: the notation of Kafka's logs.
impl fmt::Display for PartitionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("{}");
        }
        for (i, (topic, p)) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{topic}-{p}")?;
        }
        Ok(())
    }
}
