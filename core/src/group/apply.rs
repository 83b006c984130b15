//! What each group input does to the simulation, and when one is refused (before anything
//! changes).

use super::config::{check_partitions, MAX_MEMBERS};
use super::input::{GroupInput, GroupRejected};
use super::schedule::DropReason;
use super::sim::{GroupSim, SimMember};
use crate::machine::any::AnyMember;
use crate::machine::descriptor::MemberIdFrom;
use crate::protocol::assignment::PartitionSet;
use crate::protocol::config::Config;
use crate::protocol::effect::HeartbeatRequest;
use crate::protocol::input::Input;
use crate::session::limits::MAX_NAME_CHARS;
use crate::tree::CollectTree;
use std::collections::BTreeMap;

impl GroupSim {
    pub(super) fn live(&mut self, name: &str) -> Result<usize, GroupRejected> {
        self.members
            .iter()
            .position(|m| m.name == name && m.running())
            .ok_or_else(|| GroupRejected::NoSuchMember(name.to_owned()))
    }

    pub(super) fn check(&self, input: &GroupInput) -> Result<(), GroupRejected> {
        let live = |name: &str| self.members.iter().any(|m| m.name == name && m.running());
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

    pub(super) fn apply(&mut self, input: &GroupInput) -> Result<(), GroupRejected> {
        match input {
            GroupInput::AddMember {
                name,
                topics,
                instance_id,
                model,
            } => {
                let model = model.unwrap_or(self.config.model);
                self.incarnations += 1;
                let config = Config {
                    // Members of the simulated group belong to the one group its coordinator holds.
                    group_id: self.coordinator.config.group_id.clone(),
                    instance_id: instance_id.clone(),
                    auto_complete: false,
                    retry_backoff_ms: self.config.retry_backoff_ms,
                    retry_backoff_max_ms: self.config.retry_backoff_max_ms,
                    rebalance_timeout_ms: self.config.rebalance_timeout_ms,
                    heartbeat_between_revoke_and_assign: self
                        .config
                        .heartbeat_between_revoke_and_assign,
                    release: self.config.release,
                    fenced: self.config.fenced,
                    epoch: self.config.epoch,
                    server_assignor: Some(self.coordinator.config.assignor.as_str().to_owned()),
                    // The shipped clients make up their member id (KIP-1082); the seed design
                    // takes the one the coordinator gives. One id per process.
                    member_id: (model.descriptor().member_id_from == MemberIdFrom::Client)
                        .then(|| format!("{}{}", model.id_prefix(), self.incarnations)),
                    ..Config::default()
                };
                // The earlier process of this name is gone for good: its requests in flight still
                // reach the coordinator, but the answers meant for it are dropped on arrival.
                self.members.retain(|m| m.name != *name);
                self.members.push(SimMember::new(
                    name.clone(),
                    self.incarnations,
                    AnyMember::new(model, config),
                ));
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
                self.drop_messages(self.members[i].incarnation, DropReason::Killed);
            }
            GroupInput::Hold { name, held } => {
                let i = self.live(name)?;
                self.members[i].held = *held;
            }
            GroupInput::Drop { name } => {
                let i = self.live(name)?;
                let lost = self.drop_messages(self.members[i].incarnation, DropReason::Lost);
                // Each lost request (or its lost answer) fails on its own: librdkafka may have a
                // leave in flight behind a heartbeat.
                for _ in 0..lost {
                    if self.members[i].facts.in_flight.is_none() {
                        break;
                    }
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
                std::sync::Arc::make_mut(&mut self.coordinator.config).wait_for_revocation = *on
            }
            GroupInput::SetTarget { targets } => {
                let by_id: BTreeMap<String, PartitionSet> = targets
                    .iter()
                    .filter_map(|(name, set)| {
                        let m = self.members.iter().find(|m| m.name == *name)?;
                        Some((m.facts.member_id.clone(), set.clone()))
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
}
