//! A group's state as the bounded check (`crate::check`) tells two apart: everything that decides
//! what the group does next, and nothing kept only for the screen (the ownership history beyond
//! its newest entry, the ever-double-owned set, the last input's dropped messages, the last
//! request's reply) or derived (each member's facts, the messages' sequence numbers, whose order
//! the message list already holds).

use super::sim::GroupSim;
use std::hash::{Hash, Hasher};

impl GroupSim {
    /// Feeds the state that decides the group's future to `hasher`.
    pub fn fingerprint<H: Hasher>(&self, hasher: &mut H) {
        self.config.hash(hasher);
        self.coordinator.hash(hasher);
        self.now.hash(hasher);
        for m in &self.members {
            (
                &m.name,
                m.incarnation,
                &m.member,
                m.alive,
                m.held,
                m.delay_callbacks,
                &m.inject,
            )
                .hash(hasher);
        }
        for message in &self.messages {
            (
                &message.member,
                message.incarnation,
                message.sent_at,
                message.deliver_at,
                &message.kind,
            )
                .hash(hasher);
        }
        self.processes.hash(hasher);
        // The newest snapshot: who holds what now (two owners at once is read from it).
        self.history.entries().last().map(|(_, s)| s).hash(hasher);
    }

    /// Forgets the ownership history but its newest entry: a state the check keeps carries what
    /// the hazards read, not the chart of how it got there.
    pub fn forget_history(&mut self) {
        self.history.keep_newest();
        self.double_owned = crate::protocol::assignment::PartitionSet::default();
        self.dropped.clear();
        self.last_reply = None;
    }
}
