//! A group on one virtual clock: members of any model (the seed design, the Java client,
//! librdkafka) and the coordinator, with every heartbeat and response a message in flight that the
//! schedule delivers after the latency — or holds, or drops, as the user says. Deterministic:
//! events are ordered by time, then by a sequence number.

use super::coordinator::Coordinator;
use super::ownership::{self, History, Snapshot};
use super::records::Reply;
use super::schedule::{DropReason, Dropped, Message, MessageKind};
use crate::machine::any::AnyMember;
use crate::machine::facts::Facts;
use crate::machine::model::Model;
use crate::machine::Machine;
use crate::protocol::assignment::PartitionSet;
use crate::protocol::effect::Effect;
use crate::protocol::error_code::ErrorCode;
use crate::protocol::input::{Input, Outcome};
use crate::protocol::time::Millis;
use std::collections::BTreeMap;

use super::config::GroupConfig;
use super::input::{GroupInput, GroupRejected};

/// One member of the simulated group: one process, running under a name.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SimMember {
    pub name: String,
    /// This process among every process the group has run (from 1): a process started later
    /// under the same name is another incarnation, and never gets this one's messages.
    pub incarnation: u64,
    pub member: AnyMember,
    /// The member's facts since its last input: read at every event of the schedule, so taken
    /// once per input rather than at each read.
    pub facts: Facts,
    pub alive: bool,
    pub held: bool,
    pub delay_callbacks: bool,
    pub inject: Option<ErrorCode>,
}

impl SimMember {
    pub(super) fn new(name: String, incarnation: u64, member: AnyMember) -> Self {
        SimMember {
            name,
            incarnation,
            facts: member.facts(),
            member,
            alive: true,
            held: false,
            delay_callbacks: false,
            inject: None,
        }
    }

    /// Which model this member runs.
    pub fn model(&self) -> Model {
        self.member.model()
    }

    /// The process runs and its member has not finished (left and closed, or failed for good).
    pub fn running(&self) -> bool {
        self.alive && !self.facts.finished
    }
}

/// The process whose request made the coordinator give out a member id.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Process {
    pub name: String,
    pub incarnation: u64,
}

/// The group: members, coordinator, messages, clock.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GroupSim {
    /// Shared by every copy of the group (the check copies it at every move; it never changes).
    pub(crate) config: std::sync::Arc<GroupConfig>,
    pub(crate) coordinator: Coordinator,
    pub(crate) members: Vec<SimMember>,
    pub(crate) messages: Vec<Message>,
    /// Messages dropped by the last input (and the events it ran), for the lanes.
    pub(crate) dropped: Vec<Dropped>,
    pub(crate) seq: u64,
    /// Processes started so far: the last incarnation given out.
    pub(crate) incarnations: u64,
    pub(crate) now: Millis,
    /// Partitions two members of the group owned at once, ever (only possible with the safety
    /// switch off).
    pub(crate) double_owned: PartitionSet,
    /// Who held each partition, every time it changed.
    pub(crate) history: History,
    /// The process behind each member id the coordinator ever gave out (ids outlive processes).
    pub(crate) processes: BTreeMap<String, Process>,
    /// The coordinator's answer to the last `request` input.
    pub(crate) last_reply: Option<Result<Reply, ErrorCode>>,
}

impl GroupSim {
    pub fn new(config: GroupConfig) -> Self {
        GroupSim {
            coordinator: Coordinator::new(config.coordinator.clone()),
            config: std::sync::Arc::new(config),
            members: Vec::new(),
            messages: Vec::new(),
            dropped: Vec::new(),
            seq: 0,
            incarnations: 0,
            now: Millis::ZERO,
            double_owned: PartitionSet::new(),
            history: History::default(),
            processes: BTreeMap::new(),
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
    /// Messages the last input dropped (and the events it ran): lost, their process killed, or
    /// meant for a process that is gone.
    pub fn dropped(&self) -> &[Dropped] {
        &self.dropped
    }
    /// The process whose request the coordinator gave `member_id` to.
    pub fn process_of(&self, member_id: &str) -> Option<&Process> {
        self.processes.get(member_id)
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
        ownership::snapshot(&self.members, &self.coordinator, &self.processes)
    }

    /// The partitions two members own right now, each with its owners (`orders-0 (m-1 and m-2)`):
    /// what the alarm and the chart name.
    pub fn double_owned_now(&self) -> Vec<String> {
        // The history's newest entry is the group as it is now.
        self.history
            .entries()
            .last()
            .into_iter()
            .flat_map(|(_, now)| now.iter())
            .filter(|(_, h)| h.segment() == super::Segment::Double)
            .map(|((topic, p), h)| format!("{topic}-{p} ({})", h.owners.join(" and ")))
            .collect()
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
        self.dropped.clear();
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
        let m = &mut self.members[index];
        let effects = m
            .member
            .handle(now, &input)
            .map_err(GroupRejected::Member)?;
        m.facts = m.member.facts();
        self.carry_out(index, effects);
        Ok(())
    }

    fn carry_out(&mut self, index: usize, effects: Vec<Effect>) {
        let (name, incarnation) = (
            self.members[index].name.clone(),
            self.members[index].incarnation,
        );
        for effect in effects {
            if let Effect::SendHeartbeat(request) = effect {
                self.send(&name, incarnation, MessageKind::Request { request });
            }
        }
        self.observe();
        // Callbacks finish at once unless this member's are delayed.
        let m = &self.members[index];
        if !m.delay_callbacks && m.facts.in_application() {
            let _ = self.feed(
                index,
                Input::Completed {
                    outcome: Outcome::Ok,
                },
            );
        }
    }

    /// Takes every message of process `incarnation` off the network, for `reason`; how many.
    pub(super) fn drop_messages(&mut self, incarnation: u64, reason: DropReason) -> usize {
        let (now, dropped) = (self.now, &mut self.dropped);
        let before = dropped.len();
        self.messages.retain(|m| {
            let gone = m.incarnation == incarnation;
            if gone {
                dropped.push(Dropped::new(m.clone(), now, reason));
            }
            !gone
        });
        dropped.len() - before
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
