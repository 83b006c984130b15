//! Looking ahead in one consumer's lines: the reconciliation block a transition leads to, whether a
//! callback fails, whether a leave is a close or a stale member's.

use crate::import::recognise::event::{Block, Callback, Event};
use crate::protocol::state::StateName;
use std::collections::BTreeSet;

/// Events looked at ahead at most: what the lines ask about comes within a few, and a log without
/// the line that ends a look must not make every line scan the rest of the log.
const LOOK: usize = 4096;

/// The consumer's events after the one being read.
#[derive(Clone, Copy)]
pub(crate) struct Ahead<'a> {
    pub(crate) events: &'a [&'a Event],
}

impl<'a> Ahead<'a> {
    fn near(&self) -> impl Iterator<Item = &'a Event> + 'a {
        self.events.iter().take(LOOK).copied()
    }

    /// The reconciliation block before the next transition (a transition into RECONCILING is
    /// followed by its block within the same poll).
    pub(crate) fn block(&self) -> Option<&'a Block> {
        for event in self.near() {
            match event {
                Event::Block(block) => return Some(block),
                Event::Transition { to, .. } if *to != StateName::Reconciling => return None,
                Event::Response(_) | Event::HeartbeatError { .. } => return None,
                _ => {}
            }
        }
        None
    }

    /// Whether the member leaves next without a `triggering callbacks` line: 4.x's close (its
    /// PREPARE_LEAVING follows), or a close where no transition is logged (3.7, 3.8: the consumer
    /// is unregistered next).
    pub(crate) fn closing(&self) -> bool {
        for event in self.near() {
            match event {
                Event::Leaving { .. } | Event::Block(_) | Event::PollExpired => return false,
                Event::Transition { to, .. } => return *to == StateName::PrepareLeaving,
                Event::Unregistered { .. } => return true,
                Event::Callback {
                    callback: Callback::Revoked | Callback::Lost,
                    ..
                } => return false,
                _ => {}
            }
        }
        false
    }

    /// Whether the application's leave is logged next (`triggering callbacks … and leave group`,
    /// logged just after the PREPARE_LEAVING transition).
    pub(crate) fn leaving(&self) -> bool {
        for event in self.near() {
            match event {
                Event::Leaving { .. } => return true,
                Event::Transition { .. } | Event::Callback { .. } | Event::Block(_) => {
                    return false
                }
                _ => {}
            }
        }
        false
    }

    /// Whether the leave that starts here ends STALE (the poll timer expired) rather than
    /// UNSUBSCRIBED.
    pub(crate) fn stale(&self) -> bool {
        for event in self.near() {
            match event {
                Event::Transition {
                    to: StateName::Stale,
                    ..
                } => return true,
                Event::Transition {
                    to: StateName::Unsubscribed | StateName::Joining | StateName::Fatal,
                    ..
                } => return false,
                _ => {}
            }
        }
        false
    }

    /// The partitions the member holds when the log resumes mid-life: what the next block says it
    /// owns, or what the next leave releases.
    pub(crate) fn held(&self) -> Option<crate::PartitionSet> {
        self.near().find_map(|e| match e {
            Event::Block(b) => b.owned.clone(),
            Event::Leaving { partitions } => Some(partitions.clone()),
            Event::Callback {
                callback: Callback::Revoked | Callback::Lost,
                partitions,
            } => Some(partitions.clone()),
            _ => None,
        })
    }

    /// The first topics this consumer's lines name (to subscribe to when nothing says).
    pub(crate) fn topics(&self) -> Option<BTreeSet<String>> {
        self.near().find_map(|e| {
            let set = match e {
                Event::Subscribed { topics } => return Some(topics.clone()),
                Event::Block(b) => b.assigned.as_ref().or(b.owned.as_ref())?,
                Event::Callback { partitions, .. } | Event::Leaving { partitions } => partitions,
                _ => return None,
            };
            let topics: BTreeSet<String> = set.topics().map(|(t, _)| t.to_owned()).collect();
            (!topics.is_empty()).then_some(topics)
        })
    }
}
