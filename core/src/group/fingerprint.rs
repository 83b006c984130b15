//! A group's state as the bounded check (`crate::check`) tells two apart: everything that decides
//! what the group does next, and nothing kept only for the screen (the ownership history beyond
//! its newest entry, the ever-double-owned set, the last input's dropped messages, the last
//! request's reply) or derived (each member's facts, the messages' sequence numbers, whose order
//! the message list already holds). Instants are taken relative to the group's now: a group
//! heartbeating in a steady state is the same state a heartbeat later, so the check's state space
//! closes instead of growing with the clock (the group's rules read time only by comparing
//! instants and adding durations).

use super::sim::GroupSim;
use crate::machine::Machine;
use std::hash::{Hash, Hasher};

impl GroupSim {
    /// Feeds the state that decides the group's future to `hasher`, every instant relative to
    /// now (moved there for the hashing and back: the state is left as it was).
    pub fn fingerprint<H: Hasher>(&mut self, hasher: &mut H) {
        let now = self.now.0;
        self.shift_time(now.wrapping_neg());
        self.hash_state(hasher);
        self.shift_time(now);
    }

    /// Every instant the group holds moved by `by`, wrapping.
    pub(crate) fn shift_time(&mut self, by: u64) {
        self.now = self.now.wrapping_shift(by);
        for m in &mut self.members {
            m.member.shift_time(by);
        }
        for record in self.coordinator.members.values_mut() {
            record.session_deadline = record.session_deadline.wrapping_shift(by);
            if let Some((deadline, _)) = &mut record.rebalance_deadline {
                *deadline = deadline.wrapping_shift(by);
            }
        }
        for message in &mut self.messages {
            message.sent_at = message.sent_at.wrapping_shift(by);
            message.deliver_at = message.deliver_at.wrapping_shift(by);
        }
    }

    fn hash_state<H: Hasher>(&self, hasher: &mut H) {
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
