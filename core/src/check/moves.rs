//! The bounds of a check, and the moves a schedule can make from a state within them.

use crate::group::{GroupConfig, GroupInput, GroupSim};
use crate::machine::model::Model;
use crate::protocol::error_code::ErrorCode;
use crate::protocol::input::Outcome;
use crate::protocol::time::Millis;
use serde::Serialize;
use std::collections::BTreeMap;
use std::hash::Hash;
use xxhash_rust::xxh3::Xxh3Default;

/// The names members join under, in order: a member joins as the first name not yet used, so
/// that two schedules that differ only in which name joined first are one (the symmetry the
/// check takes out).
pub const NAMES: [&str; 4] = ["A", "B", "C", "D"];

/// How far the check looks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Bounds {
    /// Members that join (each under the next of [`NAMES`]), up to 4.
    pub members: usize,
    /// Topics and their partitions; every member subscribes to all of them.
    pub topics: BTreeMap<String, u32>,
    /// Disturbances in one schedule: a member closing, killed, its messages lost, or fenced.
    pub perturbations: usize,
    /// Moves in one schedule (time running to the next event is one move).
    pub depth: usize,
    /// The model of each member, by its place in [`NAMES`] (the last repeats).
    pub models: Vec<Model>,
}

impl Bounds {
    /// The TLA+ specification's bounds: 2 members, 2 topics of 1 partition, 1 perturbation.
    pub fn anchor(model: Model, depth: usize) -> Bounds {
        Bounds {
            members: 2,
            topics: [("t".to_owned(), 1), ("u".to_owned(), 1)].into(),
            perturbations: 1,
            depth,
            models: vec![model],
        }
    }

    /// The group every schedule starts from: short timers, so that a session runs out within a
    /// few moves (a heartbeat each second, a session of three, a revocation held four seconds
    /// fences its member).
    pub fn config(&self) -> GroupConfig {
        let mut config = GroupConfig {
            latency_ms: 20,
            model: self.models.first().copied().unwrap_or_default(),
            ..GroupConfig::default()
        };
        config.coordinator.topics = self.topics.clone();
        config.coordinator.heartbeat_interval_ms = 1_000;
        config.coordinator.session_timeout_ms = 3_000;
        config.rebalance_timeout_ms = 4_000;
        config
    }

    fn model_of(&self, place: usize) -> Model {
        self.models
            .get(place)
            .or(self.models.last())
            .copied()
            .unwrap_or_default()
    }
}

/// One move: inputs given at one instant (a join is two: the member, and its callbacks held for
/// the check to complete).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Move {
    pub at: Millis,
    pub inputs: Vec<GroupInput>,
    pub perturbs: bool,
}

/// Where a schedule stands: the group, the members joined, the perturbations spent, and when the
/// last disturbance (anything but time running) came.
#[derive(Clone)]
pub(super) struct Position {
    pub sim: GroupSim,
    pub joined: usize,
    pub used: usize,
    pub quiet_since: Millis,
}

impl Position {
    pub fn start(config: GroupConfig) -> Position {
        Position {
            sim: GroupSim::new(config),
            joined: 0,
            used: 0,
            quiet_since: Millis::ZERO,
        }
    }

    /// Two states are one when the group's state, the members joined and the perturbations spent
    /// are (how long the group has been quiet is `super::quiet`'s business).
    pub fn key(&mut self) -> u128 {
        // 128 bits: at a million states, the chance that two distinct states share a key (and one
        // goes unexplored) is about 10^-27.
        let mut hasher = Xxh3Default::new();
        self.sim.fingerprint(&mut hasher);
        (self.joined, self.used).hash(&mut hasher);
        hasher.digest128()
    }

    /// Every move from here.
    pub fn moves(&self, bounds: &Bounds) -> Vec<Move> {
        moves(bounds, &self.sim, self.joined, self.used)
    }

    /// Where `mv` leads; `None` when the group refuses one of its inputs, or when time running
    /// out a revocation would spend a perturbation the bounds do not have.
    pub fn after(&self, mv: &Move, bounds: &Bounds) -> Option<Position> {
        let mut sim = self.sim.clone();
        for input in &mv.inputs {
            sim.handle(mv.at, input).ok()?;
        }
        sim.forget_history();
        let joins = mv
            .inputs
            .iter()
            .any(|i| matches!(i, GroupInput::AddMember { .. }));
        let time_only = mv.inputs.iter().all(|i| matches!(i, GroupInput::Tick));
        // A member holding its revocation past the rebalance timeout is one more disturbance (a
        // slow application): without the bound, a member fenced, rejoining and holding its
        // callback again would climb epochs for ever, and no depth would explore the group.
        let slow = time_only && revocation_timed_out(&self.sim, &sim);
        let used = self.used + usize::from(mv.perturbs) + usize::from(slow);
        if used > bounds.perturbations {
            return None;
        }
        Some(Position {
            sim,
            joined: self.joined + usize::from(joins),
            used,
            quiet_since: if time_only && !slow {
                self.quiet_since
            } else {
                mv.at
            },
        })
    }
}

/// Whether the coordinator fenced a member between `before` and `after` because its revocation
/// outlasted the rebalance timeout (its session still running: a session running out follows a
/// crash or lost messages, disturbances counted where they happen).
pub(super) fn revocation_timed_out(before: &GroupSim, after: &GroupSim) -> bool {
    let now = after.now();
    let gone = after.coordinator().members();
    before
        .coordinator()
        .members()
        .values()
        .any(|m| !gone.contains_key(&m.id) && m.session_deadline > now && m.revocation_overdue(now))
}

/// Every move from `sim`, where `joined` members have joined and `used` perturbations are spent.
pub(super) fn moves(bounds: &Bounds, sim: &GroupSim, joined: usize, used: usize) -> Vec<Move> {
    let now = sim.now();
    let at_once = |inputs: Vec<GroupInput>, perturbs: bool| Move {
        at: now,
        inputs,
        perturbs,
    };
    let mut out = Vec::new();
    if joined < bounds.members.min(NAMES.len()) {
        let name = NAMES[joined].to_owned();
        out.push(at_once(
            vec![
                GroupInput::AddMember {
                    name: name.clone(),
                    topics: bounds.topics.keys().cloned().collect(),
                    instance_id: None,
                    model: Some(bounds.model_of(joined)),
                },
                GroupInput::DelayCallbacks {
                    name,
                    delayed: true,
                },
            ],
            false,
        ));
    }
    for m in sim.members().iter().filter(|m| m.running()) {
        let name = || m.name.clone();
        if m.facts.in_application() {
            out.push(at_once(
                vec![GroupInput::Complete {
                    name: name(),
                    outcome: Outcome::Ok,
                }],
                false,
            ));
        }
        if used < bounds.perturbations {
            out.push(at_once(
                vec![GroupInput::CloseMember { name: name() }],
                true,
            ));
            out.push(at_once(vec![GroupInput::KillMember { name: name() }], true));
            if sim.messages().iter().any(|msg| msg.member == m.name) {
                out.push(at_once(vec![GroupInput::Drop { name: name() }], true));
            }
            out.push(at_once(
                vec![GroupInput::InjectError {
                    name: name(),
                    code: ErrorCode::FencedMemberEpoch,
                }],
                true,
            ));
        }
    }
    out.extend(time_runs(sim));
    out
}

/// Time running to the next message or timer, if any.
pub(super) fn time_runs(sim: &GroupSim) -> Option<Move> {
    sim.next_event_at().map(|at| Move {
        at: at.max(sim.now()),
        inputs: vec![GroupInput::Tick],
        perturbs: false,
    })
}
