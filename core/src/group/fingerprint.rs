//! A group's state as the bounded check (`crate::check`) tells two apart: everything that decides
//! what the group does next, and nothing kept only for the screen (the ownership history beyond
//! its newest entry, the ever-double-owned set, the last input's dropped messages, the last
//! request's reply) or derived (each member's facts, the messages' sequence numbers, whose order
//! the message list already holds). Instants are taken relative to the group's now: a group
//! heartbeating in a steady state is the same state a heartbeat later, so the check's state space
//! closes instead of growing with the clock (the group's rules read time only by comparing
//! instants and adding durations).
//!
//! A member's instants are taken relative to its own clock (the instant of its last input), with
//! how long ago that was up to what its model says can matter (`Machine::lag_that_matters`: the
//! Java client's latest timer), else up to a horizon longer than every duration the group's
//! settings hold. A member that waits on its application, or no longer runs, gets no input while
//! the others heartbeat on; once its clock is that far behind, every deadline it holds has
//! passed, so how much further behind it is cannot change what it does next. Without the horizon such a member
//! would make a new state at every heartbeat of the others. A member that gets no input ever
//! again (killed, or finished with nothing left on its way to it) is not behind at all.

use super::sim::GroupSim;
use crate::machine::Machine;
use std::hash::{Hash, Hasher};

impl GroupSim {
    /// Feeds the state that decides the group's future to `hasher`, every instant relative to
    /// now (moved there for the hashing and back: the state is left as it was).
    pub fn fingerprint<H: Hasher>(&mut self, hasher: &mut H) {
        let now = self.now.0;
        self.shift_time(now.wrapping_neg());
        self.hash_state(hasher, now);
        self.shift_time(now);
    }

    /// Longer than every duration the group's settings hold: a member whose clock is this far
    /// behind the group's has seen each of its deadlines pass.
    pub fn horizon(&self) -> u64 {
        let c = &self.config;
        u64::from(c.rebalance_timeout_ms)
            + c.coordinator.session_timeout_ms
            + u64::from(c.coordinator.heartbeat_interval_ms)
            + c.retry_backoff_max_ms
            + c.latency_ms
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

    /// Hashes the state, already moved so that the group's now (`at` before) is 0; each member
    /// moved on to its own clock for its part and back.
    fn hash_state<H: Hasher>(&mut self, hasher: &mut H, at: u64) {
        self.config.hash(hasher);
        self.coordinator.hash(hasher);
        self.now.hash(hasher);
        let horizon = self.horizon();
        for i in 0..self.members.len() {
            // A member that gets no input again: how long ago it stopped changes nothing.
            let fed = self.fed_again(i);
            let m = &mut self.members[i];
            let behind = at.saturating_sub(m.facts.now.0);
            m.member.shift_time(behind);
            let matters = m.member.lag_that_matters().unwrap_or(horizon).min(horizon);
            let lag = if fed { behind.min(matters) } else { 0 };
            (
                lag,
                &m.name,
                m.incarnation,
                &m.member,
                m.alive,
                m.held,
                m.delay_callbacks,
                &m.inject,
            )
                .hash(hasher);
            m.member.shift_time(behind.wrapping_neg());
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

    /// Whether the member at `i` can get an input again: a killed process never does, nor one
    /// whose member has finished (it takes inputs by name no more) with no deadline of its own
    /// and no message on its way to it, as nothing else feeds a member.
    pub(crate) fn fed_again(&self, i: usize) -> bool {
        let Some(m) = self.members.get(i) else {
            return false;
        };
        m.alive
            && (!m.facts.finished
                || m.facts.next_deadline.is_some()
                || self
                    .messages
                    .iter()
                    .any(|msg| msg.incarnation == m.incarnation))
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

#[cfg(test)]
mod tests {
    use crate::group::{GroupConfig, GroupInput, GroupSim};
    use crate::machine::model::Model;
    use crate::protocol::input::Outcome;
    use crate::protocol::time::Millis;
    use std::hash::{DefaultHasher, Hasher};

    fn key(sim: &mut GroupSim) -> u64 {
        let mut hasher = DefaultHasher::new();
        sim.fingerprint(&mut hasher);
        hasher.finish()
    }

    fn input(sim: &mut GroupSim, input: GroupInput) {
        let now = sim.now();
        assert!(sim.handle(now, &input).is_ok(), "{input:?}");
    }

    /// Time runs to the next event until `done` holds (at most a minute of events).
    fn until(sim: &mut GroupSim, done: impl Fn(&GroupSim) -> bool) {
        for _ in 0..1_000 {
            if done(sim) {
                return;
            }
            let at = sim.next_event_at().unwrap_or(sim.now()).max(sim.now());
            assert!(sim.handle(at, &GroupInput::Tick).is_ok());
        }
        panic!("not reached");
    }

    /// A closing librdkafka member waits for its onPartitionsRevoked and heartbeats no more,
    /// while a second member heartbeats on: once the first is a horizon behind, a heartbeat
    /// later is the same state; before, it is not.
    #[test]
    fn a_member_waiting_on_its_application_stops_making_new_states_past_the_horizon() {
        let mut config = GroupConfig {
            model: Model::Librdkafka,
            ..GroupConfig::default()
        };
        config.coordinator.topics = [("t".to_owned(), 2)].into();
        config.coordinator.heartbeat_interval_ms = 1_000;
        config.coordinator.session_timeout_ms = 3_000;
        config.rebalance_timeout_ms = 4_000;
        let mut sim = GroupSim::new(config);
        let add = |name: &str, delayed: bool| {
            [
                GroupInput::AddMember {
                    name: name.to_owned(),
                    topics: ["t".to_owned()].into(),
                    instance_id: None,
                    model: None,
                },
                GroupInput::DelayCallbacks {
                    name: name.to_owned(),
                    delayed,
                },
            ]
        };
        let [a, held] = add("A", true);
        input(&mut sim, a);
        input(&mut sim, held);
        let awaits = |s: &GroupSim| s.members()[0].facts.awaiting.is_some();
        until(&mut sim, awaits);
        input(
            &mut sim,
            GroupInput::Complete {
                name: "A".to_owned(),
                outcome: Outcome::Ok,
            },
        );
        until(&mut sim, |s| !s.members()[0].facts.assigned.is_empty());
        input(
            &mut sim,
            GroupInput::CloseMember {
                name: "A".to_owned(),
            },
        );
        until(&mut sim, awaits);
        let [b, free] = add("B", false);
        input(&mut sim, b);
        input(&mut sim, free);
        let horizon = sim.horizon();
        // B's heartbeats, a second apart: (how far behind A is, the state's key).
        let mut beats = Vec::new();
        until(&mut sim, |s| s.members()[1].facts.member_epoch > 0);
        for _ in 0..40 {
            let next = Millis(sim.now().0 + 1_000);
            until(&mut sim, |s| s.now() >= next);
            beats.push((sim.now().0, key(&mut sim)));
        }
        assert!(awaits(&sim), "A still waits");
        // A's clock stopped at its last input (its last answer may come after it closed).
        let stopped = sim.members()[0].facts.now.0;
        let beats: Vec<_> = beats.into_iter().map(|(t, k)| (t - stopped, k)).collect();
        let pairs: Vec<_> = beats
            .windows(2)
            .map(|w| (w[0].0, w[0].1 == w[1].1))
            .collect();
        assert!(pairs.iter().any(|(behind, _)| *behind > horizon));
        for (behind, same) in pairs {
            assert_eq!(same, behind > horizon, "{behind} ms behind");
        }
    }

    /// A member that stops (`stop`, at once after both have their partitions) is fed no more
    /// once `stopped` holds: from then, the group a heartbeat of the survivor later is the same
    /// state, long before the stopped one's clock is a horizon behind.
    fn stops_mattering(stop: GroupInput, stopped: impl Fn(&GroupSim) -> bool) {
        let mut config = GroupConfig::default();
        config.coordinator.topics = [("t".to_owned(), 2)].into();
        config.coordinator.heartbeat_interval_ms = 1_000;
        config.coordinator.session_timeout_ms = 3_000;
        let mut sim = GroupSim::new(config);
        for name in ["A", "B"] {
            input(
                &mut sim,
                GroupInput::AddMember {
                    name: name.to_owned(),
                    topics: ["t".to_owned()].into(),
                    instance_id: None,
                    model: None,
                },
            );
        }
        until(&mut sim, |s| {
            s.members().iter().all(|m| m.facts.member_epoch > 0)
                && s.coordinator().members.len() == 2
        });
        input(&mut sim, stop);
        let at = sim.now().0;
        until(&mut sim, |s| {
            stopped(s) && s.coordinator().members.len() == 1
        });
        until(&mut sim, |s| s.members()[1].facts.assigned.len() == 2);
        assert!(!sim.fed_again(0) && sim.fed_again(1));
        let next_beat = |sim: &mut GroupSim| {
            let next = Millis(sim.now().0 + 1_000);
            until(sim, |s| s.now() >= next);
            key(sim)
        };
        let first = next_beat(&mut sim);
        let second = next_beat(&mut sim);
        assert!(sim.now().0 - at < sim.horizon(), "within the horizon");
        assert_eq!(first, second);
    }

    #[test]
    fn how_long_ago_a_member_was_killed_is_not_part_of_the_state() {
        let kill = GroupInput::KillMember {
            name: "A".to_owned(),
        };
        stops_mattering(kill, |s| !s.members()[0].alive);
    }

    /// A member that closed and left, its leave answered, finished: it takes no input again.
    #[test]
    fn how_long_ago_a_member_finished_is_not_part_of_the_state() {
        let close = GroupInput::CloseMember {
            name: "A".to_owned(),
        };
        stops_mattering(close, |s| {
            s.members()[0].facts.finished
                && !s
                    .messages
                    .iter()
                    .any(|m| m.incarnation == s.members()[0].incarnation)
        });
    }
}
