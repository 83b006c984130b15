//! A group on one virtual clock: seed-model members and the coordinator, with every heartbeat and
//! response a message in flight that the schedule delivers after the latency — or holds, or drops,
//! as the user says. Deterministic: events are ordered by time, then by a sequence number.

use super::coordinator::Coordinator;
use super::ownership::{self, History, Snapshot};
use super::records::Reply;
use super::schedule::{Message, MessageKind};
use crate::assignment::PartitionSet;
use crate::effect::Effect;
use crate::error_code::ErrorCode;
use crate::input::{Input, Outcome};
use crate::member::Member;
use crate::time::Millis;
use std::collections::BTreeMap;

use super::config::GroupConfig;
use super::input::{GroupInput, GroupRejected};

/// One member of the simulated group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimMember {
    pub name: String,
    pub member: Member,
    pub alive: bool,
    pub held: bool,
    pub delay_callbacks: bool,
    pub inject: Option<ErrorCode>,
}

/// The group: members, coordinator, messages, clock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupSim {
    pub(crate) config: GroupConfig,
    pub(crate) coordinator: Coordinator,
    pub(crate) members: Vec<SimMember>,
    pub(crate) messages: Vec<Message>,
    pub(crate) seq: u64,
    pub(crate) now: Millis,
    /// Partitions two members of the group owned at once, ever (only possible with the safety
    /// switch off).
    pub(crate) double_owned: PartitionSet,
    /// Who held each partition, every time it changed.
    pub(crate) history: History,
    /// The name behind each member id the coordinator ever gave out (ids outlive processes).
    pub(crate) names: BTreeMap<String, String>,
    /// The coordinator's answer to the last `request` input.
    pub(crate) last_reply: Option<Result<Reply, ErrorCode>>,
}

impl GroupSim {
    pub fn new(config: GroupConfig) -> Self {
        GroupSim {
            coordinator: Coordinator::new(config.coordinator.clone()),
            config,
            members: Vec::new(),
            messages: Vec::new(),
            seq: 0,
            now: Millis::ZERO,
            double_owned: PartitionSet::new(),
            history: History::default(),
            names: BTreeMap::new(),
            last_reply: None,
        }
    }

    pub fn config(&self) -> &GroupConfig {
        &self.config
    }
    pub fn coordinator(&self) -> &Coordinator {
        &self.coordinator
    }
    pub fn members(&self) -> &[SimMember] {
        &self.members
    }
    pub fn messages(&self) -> &[Message] {
        &self.messages
    }
    pub fn now(&self) -> Millis {
        self.now
    }
    /// The coordinator's answer to the last `request` input.
    pub fn last_reply(&self) -> Option<&Result<Reply, ErrorCode>> {
        self.last_reply.as_ref()
    }

    /// Partitions owned by two members at some moment so far.
    pub fn double_owned(&self) -> &PartitionSet {
        &self.double_owned
    }

    /// Who holds each partition right now.
    pub fn ownership(&self) -> Snapshot {
        ownership::snapshot(&self.members, &self.coordinator, &self.names)
    }

    /// Who held each partition, every time it changed.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// When the next message, timer or timeout is due, if anything is.
    pub fn next_event_at(&self) -> Option<Millis> {
        self.next_event().map(|(t, _)| t)
    }

    /// Runs everything due up to `at`, then applies `input` at `at`.
    pub fn handle(&mut self, at: Millis, input: &GroupInput) -> Result<(), GroupRejected> {
        if at < self.now {
            return Err(GroupRejected::TimeWentBackwards);
        }
        self.check(input)?;
        self.run_until(at);
        self.now = at;
        let applied = self.apply(input);
        self.observe();
        self.settle();
        applied
    }

    /// Gives member `index` an input and carries out its effects.
    pub(super) fn feed(&mut self, index: usize, input: Input) -> Result<(), GroupRejected> {
        let now = self.now;
        let effects = self.members[index]
            .member
            .handle(now, &input)
            .map_err(GroupRejected::Member)?;
        self.carry_out(index, effects);
        Ok(())
    }

    fn carry_out(&mut self, index: usize, effects: Vec<Effect>) {
        for effect in effects {
            if let Effect::SendHeartbeat(request) = effect {
                self.send(index, MessageKind::Request { request });
            }
        }
        self.observe();
        // Callbacks finish at once unless this member's are delayed.
        let m = &self.members[index];
        if !m.delay_callbacks && (m.member.awaiting().is_some() || m.member.owed_to_abandoned() > 0)
        {
            let _ = self.feed(
                index,
                Input::Completed {
                    outcome: Outcome::Ok,
                },
            );
        }
    }

    /// Notes who holds what now: the chart's history, and the alarm.
    pub(super) fn observe(&mut self) {
        let now = self.ownership();
        for ((topic, p), holding) in &now {
            if holding.owners.len() > 1 {
                self.double_owned.insert(topic, *p);
            }
        }
        self.history.record(self.now, now);
    }
}
