//! A group on one virtual clock: seed-model members and the coordinator, with every heartbeat and
//! response a message in flight that the schedule delivers after the latency — or holds, or drops,
//! as the user says. Deterministic: events are ordered by time, then by a sequence number.

use super::assignor::Assignor;
use super::coordinator::{Coordinator, CoordinatorConfig, Reply};
use super::ownership::{self, History, Snapshot};
use crate::assignment::PartitionSet;
use crate::config::Config;
use crate::effect::{Effect, HeartbeatRequest};
use crate::error_code::ErrorCode;
use crate::input::{HeartbeatResponse, Input, Outcome};
use crate::limits::MAX_NAME_CHARS;
use crate::member::Member;
use crate::state::StateName;
use crate::time::Millis;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// What the user (or a scenario) does to the group.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "input", rename_all = "snake_case", deny_unknown_fields)]
pub enum GroupInput {
    /// A new member (or a new process under a name whose member left or was killed) subscribes.
    AddMember {
        name: String,
        topics: BTreeSet<String>,
        #[serde(default)]
        instance_id: Option<String>,
    },
    /// The member's application closes the consumer.
    CloseMember {
        name: String,
    },
    /// The member's process dies: no more heartbeats; the coordinator notices at the session timeout.
    KillMember {
        name: String,
    },
    /// Hold (or release) the member's messages in both directions.
    Hold {
        name: String,
        held: bool,
    },
    /// Lose the member's messages in flight: its heartbeat fails.
    Drop {
        name: String,
    },
    /// The member's callbacks wait for `complete` instead of finishing at once.
    DelayCallbacks {
        name: String,
        delayed: bool,
    },
    /// The member's oldest commit or callback finishes.
    Complete {
        name: String,
        outcome: Outcome,
    },
    /// The member's next response is this error instead.
    InjectError {
        name: String,
        code: ErrorCode,
    },
    /// A topic now has `count` partitions (more than before, or a new topic).
    SetPartitions {
        topic: String,
        count: u32,
    },
    SetAssignor {
        assignor: Assignor,
    },
    /// The teaching switch: does the coordinator wait for revocation before handing a partition
    /// to its new owner?
    SetWaitForRevocation {
        on: bool,
    },
    /// The user acts as the assignor: these targets, at a new epoch.
    SetTarget {
        targets: BTreeMap<String, PartitionSet>,
    },
    /// A heartbeat from a client outside the simulation, straight to the coordinator (to probe
    /// its validation and epoch checks); its answer is kept as `last_reply`.
    Request {
        member_id: String,
        member_epoch: i32,
        #[serde(default)]
        group_id: Option<String>,
        #[serde(default)]
        instance_id: Option<String>,
        /// Given: a full request subscribing to these topics.
        #[serde(default)]
        topics: Option<BTreeSet<String>>,
        #[serde(default)]
        owned: Option<PartitionSet>,
    },
    /// Time passes.
    Tick,
}

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

/// What a message carries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum MessageKind {
    Request { request: HeartbeatRequest },
    Response { reply: Result<Reply, ErrorCode> },
}

/// A message in flight between a member and the coordinator.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Message {
    pub seq: u64,
    pub member: String,
    pub sent_at: Millis,
    pub deliver_at: Millis,
    pub kind: MessageKind,
}

/// Group settings: the coordinator's, the members', and the network's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GroupConfig {
    pub coordinator: CoordinatorConfig,
    /// How long a message takes each way.
    pub latency_ms: u64,
    pub retry_backoff_ms: u64,
    pub retry_backoff_max_ms: u64,
    pub heartbeat_between_revoke_and_assign: bool,
}

impl Default for GroupConfig {
    fn default() -> Self {
        GroupConfig {
            coordinator: CoordinatorConfig::default(),
            latency_ms: 20,
            retry_backoff_ms: 100,
            retry_backoff_max_ms: 1000,
            heartbeat_between_revoke_and_assign: false,
        }
    }
}

/// Why a group input is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GroupRejected {
    NoSuchMember(String),
    AlreadyRunning(String),
    TooManyMembers,
    Member(crate::rejected::Rejected),
    TimeWentBackwards,
    BadInput(String),
}

impl std::fmt::Display for GroupRejected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GroupRejected::NoSuchMember(n) => write!(f, "no live member is called {n}"),
            GroupRejected::AlreadyRunning(n) => write!(f, "{n} is already running"),
            GroupRejected::TooManyMembers => {
                write!(f, "a group here has at most {MAX_MEMBERS} members")
            }
            GroupRejected::Member(r) => write!(f, "{r}"),
            GroupRejected::TimeWentBackwards => f.write_str("time went backwards"),
            GroupRejected::BadInput(m) => f.write_str(m),
        }
    }
}

/// Members a simulated group may have at once.
pub const MAX_MEMBERS: usize = 8;
/// Topics a simulated group may have, and partitions per topic: a chart a person can read.
pub const MAX_TOPICS: usize = 8;
pub const MAX_TOPIC_PARTITIONS: u32 = 64;

/// Partitions can be added, never removed (as in Kafka), within the limits above.
fn check_partitions(
    topics: &BTreeMap<String, u32>,
    topic: &str,
    count: u32,
) -> Result<(), GroupRejected> {
    let bad = |m: String| Err(GroupRejected::BadInput(m));
    match topics.get(topic) {
        _ if topic.is_empty() || topic.chars().count() > MAX_NAME_CHARS => {
            bad("a topic needs a name of up to 256 characters".to_owned())
        }
        _ if count > MAX_TOPIC_PARTITIONS || count == 0 => bad(format!(
            "a topic here has 1 to {MAX_TOPIC_PARTITIONS} partitions"
        )),
        Some(&old) if count <= old => bad(format!(
            "{topic} has {old} partitions; Kafka can add partitions, never remove them"
        )),
        None if topics.len() >= MAX_TOPICS => {
            bad(format!("a group here has at most {MAX_TOPICS} topics"))
        }
        _ => Ok(()),
    }
}

impl GroupConfig {
    /// Limits on a configuration read from a file or link.
    pub fn check(&self) -> Result<(), String> {
        let topics = &self.coordinator.topics;
        if topics.len() > MAX_TOPICS {
            return Err(format!("at most {MAX_TOPICS} topics"));
        }
        for (topic, &count) in topics {
            if topic.is_empty() || topic.chars().count() > MAX_NAME_CHARS {
                return Err("a topic needs a name of up to 256 characters".to_owned());
            }
            if count == 0 || count > MAX_TOPIC_PARTITIONS {
                return Err(format!(
                    "{topic}: a topic here has 1 to {MAX_TOPIC_PARTITIONS} partitions"
                ));
            }
        }
        let c = &self.coordinator;
        if c.group_id.is_empty() || c.group_id.chars().count() > MAX_NAME_CHARS {
            return Err("group_id needs 1 to 256 characters".to_owned());
        }
        // Zero or tiny intervals would make the schedule spin at one instant.
        if !(100..=600_000).contains(&c.heartbeat_interval_ms) {
            return Err("heartbeat_interval_ms is from 100 to 600000".to_owned());
        }
        if !(1_000..=3_600_000).contains(&c.session_timeout_ms) {
            return Err("session_timeout_ms is from 1000 to 3600000".to_owned());
        }
        if self.latency_ms > 60_000 {
            return Err("latency_ms is at most 60000".to_owned());
        }
        if self.retry_backoff_ms == 0 || self.retry_backoff_max_ms > 600_000 {
            return Err(
                "retry_backoff_ms is at least 1 and retry_backoff_max_ms at most 600000".to_owned(),
            );
        }
        Ok(())
    }
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
                    .collect();
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
    fn feed(&mut self, index: usize, input: Input) -> Result<(), GroupRejected> {
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

    fn send(&mut self, index: usize, kind: MessageKind) {
        self.seq += 1;
        let member = self.members[index].name.clone();
        let deliver_at = self.now.plus(self.config.latency_ms);
        self.messages.push(Message {
            seq: self.seq,
            member,
            sent_at: self.now,
            deliver_at,
            kind,
        });
    }

    /// Notes who holds what now: the chart's history, and the alarm.
    fn observe(&mut self) {
        let now = self.ownership();
        for ((topic, p), holding) in &now {
            if holding.owners.len() > 1 {
                self.double_owned.insert(topic, *p);
            }
        }
        self.history.record(self.now, now);
    }

    /// The earliest thing due: (time, what).
    fn next_event(&self) -> Option<(Millis, Event)> {
        let held = |name: &str| self.members.iter().any(|m| m.name == name && m.held);
        let message = self
            .messages
            .iter()
            .filter(|m| !held(&m.member))
            .min_by_key(|m| (m.deliver_at, m.seq))
            .map(|m| (m.deliver_at, Event::Deliver(m.seq)));
        let member = self
            .members
            .iter()
            .enumerate()
            .filter(|(_, m)| m.alive)
            .filter_map(|(i, m)| m.member.poll_timeout().map(|t| (t, Event::Tick(i))))
            .min_by_key(|(t, _)| *t);
        let coordinator = self.coordinator.next_deadline().map(|t| (t, Event::Expire));
        [message, member, coordinator]
            .into_iter()
            .flatten()
            .min_by_key(|(t, e)| (*t, e.order()))
    }

    /// Processes every event due at or before `at`, in order.
    fn run_until(&mut self, at: Millis) {
        // Bounded: a schedule that keeps producing events at one instant is cut off.
        for _ in 0..100_000 {
            match self.next_event() {
                Some((t, event)) if t <= at => {
                    self.now = self.now.max(t);
                    self.fire(event);
                }
                _ => break,
            }
        }
    }

    /// Events due right now (a zero latency, or effects of the input).
    fn settle(&mut self) {
        self.run_until(self.now);
    }

    fn fire(&mut self, event: Event) {
        match event {
            Event::Deliver(seq) => {
                let Some(pos) = self.messages.iter().position(|m| m.seq == seq) else {
                    return;
                };
                let message = self.messages.remove(pos);
                self.deliver(message);
            }
            Event::Tick(i) => {
                let _ = self.feed(i, Input::Tick);
            }
            Event::Expire => {
                self.coordinator.expire(self.now);
                self.observe();
            }
        }
    }

    fn deliver(&mut self, message: Message) {
        let Some(index) = self
            .members
            .iter()
            .position(|m| m.name == message.member && m.alive)
        else {
            return;
        };
        match message.kind {
            MessageKind::Request { request } => {
                let mut reply = self.coordinator.heartbeat(self.now, &request);
                if let Ok(r) = &reply {
                    self.names
                        .insert(r.member_id.clone(), message.member.clone());
                }
                if let Some(code) = self.members[index].inject.take() {
                    reply = Err(code);
                }
                self.send(index, MessageKind::Response { reply });
            }
            MessageKind::Response { reply } => {
                let input = match reply {
                    Ok(r) => Input::HeartbeatResponse(HeartbeatResponse {
                        member_id: r.member_id,
                        member_epoch: r.member_epoch,
                        heartbeat_interval_ms: r.heartbeat_interval_ms,
                        assignment: r.assignment,
                    }),
                    Err(code) => Input::HeartbeatError { code },
                };
                let _ = self.feed(index, input);
            }
        }
    }
}

/// Something the schedule does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Event {
    Deliver(u64),
    Tick(usize),
    Expire,
}

impl Event {
    /// At one instant: deliveries first, then members' timers, then the coordinator's.
    fn order(&self) -> (u8, u64) {
        match self {
            Event::Deliver(seq) => (0, *seq),
            Event::Tick(i) => (1, *i as u64),
            Event::Expire => (2, 0),
        }
    }
}
