//! Partition sets: the assigned set, targets, and the sets carried by effects.
//!
//! A set maps each topic to its sorted, distinct partition numbers (no empty topic), so two equal
//! sets are equal as values and every effect list is stable. Topic names and partition lists are
//! shared (`Arc`): a reconciliation hands the same set to several effects, and copying 10,000
//! partitions for each would dominate its cost. Set operations merge sorted slices. The map itself
//! is shared too until a set changes (the bounded check copies every set of a group at each move).
//!
//! Over 300 lines: one type, its shared storage and the set operations that read and change it.

use crate::tree::CollectTree;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::sync::Arc;

/// A partition number (non-negative 32-bit on the wire).
pub type Partition = u32;

/// Each topic's partitions: each list sorted, distinct and non-empty.
type Map = BTreeMap<Arc<str>, Arc<[Partition]>>;

/// The map of the empty set.
static NONE: Map = BTreeMap::new();

/// A set of topic partitions, kept sorted by topic then partition.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, PartialOrd, Ord, Deserialize)]
#[serde(from = "BTreeMap<String, BTreeSet<Partition>>")]
pub struct PartitionSet {
    /// Shared until changed, `None` when empty (never an empty map, so that equal sets are equal
    /// values): a group's state holds a dozen sets, and the bounded check copies the group at
    /// every move.
    shared: Option<Arc<Map>>,
}

/// Sets `topic`'s partitions (none: removes the topic).
fn set(map: &mut Map, topic: &str, partitions: Vec<Partition>) {
    if partitions.is_empty() {
        map.remove(topic);
    } else if let Some(slot) = map.get_mut(topic) {
        *slot = partitions.into();
    } else {
        map.insert(Arc::from(topic), partitions.into());
    }
}

impl From<BTreeMap<String, BTreeSet<Partition>>> for PartitionSet {
    fn from(topics: BTreeMap<String, BTreeSet<Partition>>) -> Self {
        let topics = topics
            .into_iter()
            .filter(|(_, ps)| !ps.is_empty())
            .map(|(t, ps)| (Arc::from(t), ps.into_iter().collect()))
            .tree();
        PartitionSet::from_map(topics)
    }
}

/// Serialised as `{"topic": [sorted partitions]}`, topics sorted, empty topics absent (trace-format.md).
impl Serialize for PartitionSet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.map().iter().map(|(t, ps)| (&**t, &**ps)))
    }
}

/// `mine − theirs`, both sorted.
fn minus(mine: &[Partition], theirs: &[Partition]) -> Vec<Partition> {
    let mut out = Vec::with_capacity(mine.len());
    let mut j = 0;
    for &p in mine {
        while j < theirs.len() && theirs[j] < p {
            j += 1;
        }
        if theirs.get(j) != Some(&p) {
            out.push(p);
        }
    }
    out
}

/// `a ∪ b`, both sorted.
fn union(a: &[Partition], b: &[Partition]) -> Vec<Partition> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            Ordering::Less => {
                out.push(a[i]);
                i += 1;
            }
            Ordering::Greater => {
                out.push(b[j]);
                j += 1;
            }
            Ordering::Equal => {
                out.push(a[i]);
                i += 1;
                j += 1;
            }
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}

impl PartitionSet {
    /// The empty set, as a constant.
    pub const EMPTY: PartitionSet = PartitionSet { shared: None };

    fn from_map(map: Map) -> PartitionSet {
        PartitionSet {
            shared: (!map.is_empty()).then(|| Arc::new(map)),
        }
    }

    fn map(&self) -> &Map {
        self.shared.as_deref().unwrap_or(&NONE)
    }

    /// Changes the map: in place when no other set shares it, else on a copy.
    fn edit(&mut self, change: impl FnOnce(&mut Map)) {
        match &mut self.shared {
            Some(shared) => {
                let map = Arc::make_mut(shared);
                change(map);
                if map.is_empty() {
                    self.shared = None;
                }
            }
            None => {
                let mut map = Map::new();
                change(&mut map);
                *self = PartitionSet::from_map(map);
            }
        }
    }

    pub fn new() -> Self {
        Self::default()
    }

    /// Builds a set from `(topic, partitions)` pairs; handy in tests and scenarios.
    pub fn of<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a [Partition])>) -> Self {
        let mut set = PartitionSet::new();
        for (topic, partitions) in pairs {
            let mut sorted = partitions.to_vec();
            sorted.sort_unstable();
            sorted.dedup();
            set.put(topic, &sorted);
        }
        set
    }

    /// Adds sorted, distinct `partitions` to `topic`.
    fn put(&mut self, topic: &str, partitions: &[Partition]) {
        if partitions.is_empty() {
            return;
        }
        let merged = match self.map().get(topic) {
            Some(mine) => union(mine, partitions),
            None => partitions.to_vec(),
        };
        self.set_topic(topic, merged);
    }

    fn set_topic(&mut self, topic: &str, partitions: Vec<Partition>) {
        self.edit(|map| set(map, topic, partitions));
    }

    /// Adds one partition; false if it was there.
    pub fn insert(&mut self, topic: &str, partition: Partition) -> bool {
        if self.contains(topic, partition) {
            return false;
        }
        self.put(topic, &[partition]);
        true
    }

    /// Removes one partition; false if it was not there.
    pub fn remove(&mut self, topic: &str, partition: Partition) -> bool {
        if !self.contains(topic, partition) {
            return false;
        }
        let rest = self
            .map()
            .get(topic)
            .map(|ps| minus(ps, &[partition]))
            .unwrap_or_default();
        self.set_topic(topic, rest);
        true
    }

    pub fn contains(&self, topic: &str, partition: Partition) -> bool {
        self.map()
            .get(topic)
            .is_some_and(|ps| ps.binary_search(&partition).is_ok())
    }

    pub fn is_empty(&self) -> bool {
        self.shared.is_none()
    }

    /// Number of partitions (not topics).
    pub fn len(&self) -> usize {
        self.map().values().map(|ps| ps.len()).sum()
    }

    /// Topics with their sorted partitions.
    pub fn topics(&self) -> impl Iterator<Item = (&str, &[Partition])> {
        self.map().iter().map(|(t, ps)| (&**t, &**ps))
    }

    /// Every partition, sorted by topic then number.
    pub fn iter(&self) -> impl Iterator<Item = (&str, Partition)> {
        self.map()
            .iter()
            .flat_map(|(t, ps)| ps.iter().map(move |&p| (&**t, p)))
    }

    /// Whether the two sets name a topic in common (cheaper than any difference).
    fn shares_a_topic(&self, other: &PartitionSet) -> bool {
        other.map().keys().any(|t| self.map().contains_key(t))
    }

    /// `self − other`: what reconciliation revokes (`assigned − target`) or adds (`target − assigned`).
    pub fn difference(&self, other: &PartitionSet) -> PartitionSet {
        // No topic in common: the set itself, its map shared rather than rebuilt.
        if !self.shares_a_topic(other) {
            return self.clone();
        }
        let mut topics = BTreeMap::new();
        for (topic, mine) in self.map() {
            match other.map().get(topic) {
                None => {
                    topics.insert(topic.clone(), mine.clone());
                }
                Some(theirs) => {
                    let rest = minus(mine, theirs);
                    if rest.len() == mine.len() {
                        topics.insert(topic.clone(), mine.clone());
                    } else if !rest.is_empty() {
                        topics.insert(topic.clone(), rest.into());
                    }
                }
            }
        }
        PartitionSet::from_map(topics)
    }

    /// Adds every partition of `other`.
    pub fn extend(&mut self, other: &PartitionSet) {
        if other.is_empty() {
            return;
        }
        if self.is_empty() {
            self.clone_from(other);
            return;
        }
        self.edit(|map| {
            for (topic, theirs) in other.map() {
                match map.get_mut(topic) {
                    Some(mine) => *mine = union(mine, theirs).into(),
                    None => {
                        map.insert(topic.clone(), theirs.clone());
                    }
                }
            }
        });
    }

    /// Removes every partition of `other`.
    pub fn subtract(&mut self, other: &PartitionSet) {
        // No topic in common: nothing to remove, and no copy of a shared map.
        if !self.shares_a_topic(other) {
            return;
        }
        self.edit(|map| {
            for (topic, theirs) in other.map() {
                if let Some(mine) = map.get(topic) {
                    let rest = minus(mine, theirs);
                    set(map, topic, rest);
                }
            }
        });
    }

    /// The partitions of the given topics only.
    pub fn within(&self, topics: &BTreeSet<String>) -> PartitionSet {
        PartitionSet::from_map(
            self.map()
                .iter()
                .filter(|(t, _)| topics.contains(&***t))
                .map(|(t, ps)| (t.clone(), ps.clone()))
                .collect(),
        )
    }

    pub fn is_subset(&self, other: &PartitionSet) -> bool {
        self.map().iter().all(|(topic, mine)| {
            other
                .map()
                .get(topic)
                .is_some_and(|theirs| minus(mine, theirs).is_empty())
        })
    }

    pub fn is_disjoint(&self, other: &PartitionSet) -> bool {
        self.map().iter().all(|(topic, mine)| {
            other
                .map()
                .get(topic)
                .is_none_or(|theirs| minus(mine, theirs).len() == mine.len())
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
