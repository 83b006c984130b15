//! A group on one virtual clock: seed-model members and the coordinator, with every heartbeat and
//! response a message in flight that the schedule delivers after the latency — or holds, or drops,
//! as the user says. Deterministic: events are ordered by time, then by a sequence number.

use super::config::{check_partitions, MAX_MEMBERS};
use super::coordinator::Coordinator;
use super::ownership::{self, History, Snapshot};
use super::records::Reply;
use super::schedule::{Message, MessageKind};
use crate::assignment::PartitionSet;
use crate::config::Config;
use crate::effect::{Effect, HeartbeatRequest};
use crate::error_code::ErrorCode;
use crate::input::{Input, Outcome};
use crate::limits::MAX_NAME_CHARS;
use crate::member::Member;
use crate::state::StateName;
use crate::time::Millis;
use crate::tree::CollectTree;
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

    fn live(&mut self, name: &str) -> Result<usize, GroupRejected> {
        self.members
            .iter()
            .position(|m| m.name == name && m.alive && m.member.state() != StateName::Terminated)
            .ok_or_else(|| GroupRejected::NoSuchMember(name.to_owned()))
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

    fn check(&self, input: &GroupInput) -> Result<(), GroupRejected> {
        let live = |name: &str| {
            self.members
                .iter()
                .any(|m| m.name == name && m.alive && m.member.state() != StateName::Terminated)
        };
        match input {
            GroupInput::AddMember { name, .. } if live(name) => {
                Err(GroupRejected::AlreadyRunning(name.clone()))
            }
            GroupInput::AddMember { .. }
                if self.members.iter().filter(|m| m.alive).count() >= MAX_MEMBERS =>
            {
                Err(GroupRejected::TooManyMembers)
            }
            GroupInput::AddMember { name, topics, .. }
                if name.is_empty()
                    || topics.is_empty()
                    || name.chars().count() > MAX_NAME_CHARS =>
            {
                Err(GroupRejected::BadInput(
                    "a member needs a name (up to 256 characters) and at least one topic"
                        .to_owned(),
                ))
            }
            GroupInput::SetPartitions { topic, count } => {
                check_partitions(&self.coordinator.config.topics, topic, *count)
            }
            GroupInput::CloseMember { name }
            | GroupInput::KillMember { name }
            | GroupInput::Hold { name, .. }
            | GroupInput::Drop { name }
            | GroupInput::DelayCallbacks { name, .. }
            | GroupInput::Complete { name, .. }
            | GroupInput::InjectError { name, .. }
                if !live(name) =>
            {
                Err(GroupRejected::NoSuchMember(name.clone()))
            }
            _ => Ok(()),
        }
    }

    fn apply(&mut self, input: &GroupInput) -> Result<(), GroupRejected> {
        match input {
            GroupInput::AddMember {
                name,
                topics,
                instance_id,
            } => {
                let config = Config {
                    instance_id: instance_id.clone(),
                    auto_complete: false,
                    retry_backoff_ms: self.config.retry_backoff_ms,
                    retry_backoff_max_ms: self.config.retry_backoff_max_ms,
                    heartbeat_between_revoke_and_assign: self
                        .config
                        .heartbeat_between_revoke_and_assign,
                    server_assignor: Some(self.coordinator.config.assignor.as_str().to_owned()),
                    ..Config::default()
                };
                self.members.retain(|m| m.name != *name);
                self.members.push(SimMember {
                    name: name.clone(),
                    member: Member::new(config),
                    alive: true,
                    held: false,
                    delay_callbacks: false,
                    inject: None,
                });
                let index = self.members.len() - 1;
                self.feed(
                    index,
                    Input::Subscribe {
                        topics: topics.clone(),
                    },
                )?;
            }
            GroupInput::CloseMember { name } => {
                let i = self.live(name)?;
                self.feed(i, Input::Close)?;
            }
            GroupInput::KillMember { name } => {
                let i = self.live(name)?;
                self.members[i].alive = false;
                self.messages.retain(|m| m.member != *name);
            }
            GroupInput::Hold { name, held } => {
                let i = self.live(name)?;
                self.members[i].held = *held;
            }
            GroupInput::Drop { name } => {
                let i = self.live(name)?;
                let before = self.messages.len();
                self.messages.retain(|m| m.member != *name);
                if self.messages.len() != before && self.members[i].member.in_flight().is_some() {
                    self.feed(i, Input::HeartbeatFailed)?;
                }
            }
            GroupInput::DelayCallbacks { name, delayed } => {
                let i = self.live(name)?;
                self.members[i].delay_callbacks = *delayed;
            }
            GroupInput::Complete { name, outcome } => {
                let i = self.live(name)?;
                self.feed(i, Input::Completed { outcome: *outcome })?;
            }
            GroupInput::InjectError { name, code } => {
                let i = self.live(name)?;
                self.members[i].inject = Some(code.clone());
            }
            GroupInput::SetPartitions { topic, count } => {
                self.coordinator.set_partitions(topic, *count)
            }
            GroupInput::SetAssignor { assignor } => self.coordinator.set_assignor(*assignor),
            GroupInput::SetWaitForRevocation { on } => {
                self.coordinator.config.wait_for_revocation = *on
            }
            GroupInput::SetTarget { targets } => {
                let by_id: BTreeMap<String, PartitionSet> = targets
                    .iter()
                    .filter_map(|(name, set)| {
                        let m = self.members.iter().find(|m| m.name == *name)?;
                        Some((m.member.member_id().to_owned(), set.clone()))
                    })
                    .tree();
                self.coordinator.set_target(by_id);
            }
            GroupInput::Request {
                member_id,
                member_epoch,
                group_id,
                instance_id,
                topics,
                owned,
            } => {
                let request = HeartbeatRequest {
                    purpose: crate::Purpose::Interval,
                    group_id: group_id
                        .clone()
                        .unwrap_or_else(|| self.coordinator.config.group_id.clone()),
                    member_id: member_id.clone(),
                    member_epoch: *member_epoch,
                    instance_id: instance_id.clone(),
                    full: topics.as_ref().map(|t| crate::FullFields {
                        rebalance_timeout_ms: 300_000,
                        subscribed_topics: t.clone(),
                        server_assignor: None,
                    }),
                    owned: owned.clone(),
                };
                self.last_reply = Some(self.coordinator.heartbeat(self.now, &request));
            }
            GroupInput::Tick => {}
        }
        Ok(())
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
