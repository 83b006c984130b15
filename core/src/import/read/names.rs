//! Topic ids → topic names. The wire and the coordinator name topics by id; the consumer's INFO
//! lines by name. 3.7's blocks print both (`topicId:topic-partition`); otherwise a response's
//! assignment is matched with the reconciliation block that follows it, by partitions.

use crate::import::recognise::event::Event;
use crate::protocol::assignment::PartitionSet;
use crate::session::limits::MAX_NAME_CHARS;
use std::collections::BTreeMap;

/// Names learnt for topic ids.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct TopicNames {
    names: BTreeMap<String, String>,
}

impl TopicNames {
    pub(crate) fn learn(&mut self, pairs: &[(String, String)]) {
        for (id, name) in pairs {
            self.names.entry(id.clone()).or_insert_with(|| name.clone());
        }
    }

    /// A set named by topic names where known, by topic id otherwise (`None`: a name too long).
    pub(crate) fn set(&self, ids: &[(String, Vec<u32>)]) -> Option<PartitionSet> {
        let mut set = PartitionSet::new();
        for (id, partitions) in ids {
            let name = self.names.get(id).unwrap_or(id);
            if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
                return None;
            }
            for &p in partitions {
                set.insert(name, p);
            }
        }
        Some(set)
    }

    /// Whether every id here has a name.
    pub(crate) fn knows(&self, ids: &[(String, Vec<u32>)]) -> bool {
        ids.iter().all(|(id, _)| self.names.contains_key(id))
    }

    /// Pairs a response's ids with the names of the next block's assigned partitions: an id whose
    /// partitions only one named topic has.
    fn pair(&mut self, ids: &[(String, Vec<u32>)], named: &PartitionSet) {
        let topics: Vec<(&str, &[u32])> = named.topics().collect();
        for (id, partitions) in ids {
            let mut sorted = partitions.clone();
            sorted.sort_unstable();
            sorted.dedup();
            let alike: Vec<&str> = topics
                .iter()
                .filter(|(_, ps)| *ps == sorted.as_slice() || (ids.len() == 1 && topics.len() == 1))
                .map(|(t, _)| *t)
                .collect();
            if let [name] = alike.as_slice() {
                self.names
                    .entry(id.clone())
                    .or_insert_with(|| (*name).to_owned());
            }
        }
    }

    /// Everything one consumer's lines say about names, before its steps are built.
    pub(crate) fn from_events<'a>(events: impl Iterator<Item = &'a Event> + Clone) -> Self {
        let mut names = TopicNames::default();
        for event in events.clone() {
            if let Event::Block(block) = event {
                names.learn(&block.ids);
            }
        }
        let mut waiting: Option<&[(String, Vec<u32>)]> = None;
        for event in events {
            match event {
                Event::Response(r) => waiting = r.assignment.as_deref().or(waiting),
                Event::Block(b) => {
                    if let (Some(ids), Some(assigned)) = (waiting.take(), &b.assigned) {
                        names.pair(ids, assigned);
                    }
                }
                _ => {}
            }
        }
        names
    }
}
