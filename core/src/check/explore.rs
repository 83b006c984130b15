//! The breadth-first explorer: one level of moves at a time, each distinct state once, in slices
//! of work a page can run between frames ([`Explorer::run`]) or a command line runs to the end.
//!
//! Over 300 lines: the breadth-first explorer's levels, hashing and slices share one queue.

use super::converge::Calm;
use super::moves::{Bounds, Move, Position};
use super::property::{sighted, stepped_back, Property};
use crate::group::hazard::sightings;
use crate::group::{GroupConfig, GroupInput, GroupStep, GroupTrace};
use crate::hunt::Schedule;
use crate::protocol::time::Millis;
use std::collections::HashSet;
use std::hash::Hash;
use xxhash_rust::xxh3::Xxh3Default;

/// A state's place in the tree of first arrivals: how it was first reached.
struct Node {
    parent: u32,
    at: Millis,
    inputs: Vec<GroupInput>,
}

/// A state on the frontier.
struct State {
    node: u32,
    at: Position,
}

/// A property broken, by the shortest schedule that breaks it.
#[derive(Debug, Clone)]
pub struct Found {
    pub property: Property,
    /// What shows it, in words.
    pub words: String,
    pub schedule: Schedule,
    /// The step (from 0) of the schedule where it shows: its last.
    pub step: usize,
    /// Moves to reach it (time running to the next event is one).
    pub moves: usize,
}

impl Found {
    /// The schedule as a group trace that names what it shows at the step where it shows.
    pub fn trace(&self) -> GroupTrace {
        GroupTrace {
            title: Some(format!("Shortest counterexample: {}", self.property.title())),
            description: Some(format!(
                "Found by the bounded check, breadth-first: no schedule of fewer moves within its bounds shows it. {}",
                self.property.rule()
            )),
            sources: match self.property {
                Property::Hazard(h) => h.sources().iter().map(|s| (*s).to_owned()).collect(),
                _ => Vec::new(),
            },
            config: self.schedule.config.clone(),
            steps: self
                .schedule
                .steps
                .iter()
                .enumerate()
                .map(|(i, (at, input))| GroupStep {
                    at: *at,
                    input: input.clone(),
                    note: (i == self.step)
                        .then(|| format!("{} — {}.", self.property.title(), self.words)),
                })
                .collect(),
        }
    }
}

/// What a check found, so far or in all.
#[derive(Debug, Clone)]
pub struct Report {
    /// Distinct states reached.
    pub states: u64,
    /// Moves tried that the group took.
    pub transitions: u64,
    /// Levels explored in full.
    pub depth: usize,
    /// Whether nothing was left to explore before the depth bound.
    pub exhausted: bool,
    pub done: bool,
    pub found: Vec<Found>,
}

/// A check under way.
pub struct Explorer {
    bounds: Bounds,
    /// The group every schedule starts from.
    config: GroupConfig,
    seen: HashSet<u128>,
    nodes: Vec<Node>,
    frontier: Vec<State>,
    next: Vec<State>,
    /// New states of the last level the bounds allow: counted and checked, never kept, as
    /// nothing expands them (the last level is the largest: keeping it doubled the peak memory).
    beyond: u64,
    depth: usize,
    transitions: u64,
    found: Vec<Found>,
    /// The calm continuations known to converge.
    calm: Calm,
    done: bool,
    exhausted: bool,
}

impl Explorer {
    pub fn new(bounds: Bounds) -> Explorer {
        let config = bounds.config();
        Explorer::with_config(bounds, config)
    }

    /// A check from a group configured otherwise (a switch flipped) than the bounds' own.
    pub fn with_config(bounds: Bounds, config: GroupConfig) -> Explorer {
        let mut explorer = Explorer {
            bounds,
            config,
            seen: HashSet::new(),
            nodes: vec![Node {
                parent: 0,
                at: Millis::ZERO,
                inputs: Vec::new(),
            }],
            frontier: Vec::new(),
            next: Vec::new(),
            beyond: 0,
            depth: 0,
            transitions: 0,
            found: Vec::new(),
            calm: Calm::default(),
            done: false,
            exhausted: false,
        };
        let mut root = State {
            node: 0,
            at: Position::start(explorer.config.clone()),
        };
        let key = explorer.key(&mut root);
        explorer.seen.insert(key);
        explorer.frontier.push(root);
        explorer
    }

    pub fn bounds(&self) -> &Bounds {
        &self.bounds
    }

    /// Explores up to `budget` moves; whether the check is done.
    pub fn run(&mut self, mut budget: u64) -> bool {
        while !self.done && budget > 0 {
            let Some(state) = self.frontier.pop() else {
                self.level_done();
                continue;
            };
            for mv in state.at.moves(&self.bounds) {
                budget = budget.saturating_sub(1);
                self.take(&state, mv);
            }
        }
        self.done
    }

    fn level_done(&mut self) {
        self.depth += 1;
        if self.next.is_empty() && self.beyond == 0 {
            self.exhausted = true;
            self.done = true;
        } else if self.depth >= self.bounds.depth {
            self.done = true;
        }
        // Popped from the end: reversed, a level runs in the order it was reached.
        self.frontier = std::mem::take(&mut self.next);
        self.frontier.reverse();
        if self.done {
            self.frontier.clear();
        }
    }

    fn take(&mut self, from: &State, mv: Move) {
        let Some(at) = from.at.after(&mv, &self.bounds) else {
            return;
        };
        self.transitions += 1;
        let stepped = stepped_back(&from.at.sim, &at.sim);
        let mut state = State { node: 0, at };
        let key = self.key(&mut state);
        let new = self.seen.insert(key);
        let sighted = if new {
            sighted(sightings(&state.at.sim, state.at.quiet_since))
        } else {
            Vec::new()
        };
        for (property, words) in stepped.into_iter().chain(sighted) {
            if !self.found.iter().any(|f| f.property == property) {
                let mut schedule = self.schedule_to(from.node);
                schedule
                    .steps
                    .extend(mv.inputs.iter().map(|i| (mv.at, i.clone())));
                self.found.push(Found {
                    property,
                    words,
                    step: schedule.steps.len().saturating_sub(1),
                    moves: self.depth + 1,
                    schedule,
                });
            }
        }
        if !new {
            return;
        }
        let node = u32::try_from(self.nodes.len()).unwrap_or(u32::MAX);
        self.nodes.push(Node {
            parent: from.node,
            at: mv.at,
            inputs: mv.inputs,
        });
        if !self.found.iter().any(|f| f.property == Property::Converges) {
            match self.calm.settles(&mut state.at.sim) {
                Ok(settled) => self.calm.remember(settled),
                Err(unsettled) => {
                    let mut schedule = self.schedule_to(node);
                    schedule.steps.extend(unsettled.moves);
                    self.found.push(Found {
                        property: Property::Converges,
                        words: unsettled.words,
                        step: schedule.steps.len().saturating_sub(1),
                        moves: self.depth + 1,
                        schedule,
                    });
                }
            }
        }
        if self.depth + 1 < self.bounds.depth {
            self.next.push(State { node, ..state });
        } else {
            self.beyond += 1;
        }
    }

    /// The inputs from the empty group to `node`.
    fn schedule_to(&self, node: u32) -> Schedule {
        let mut chain = Vec::new();
        let mut at = node;
        while at != 0 {
            let Some(n) = self.nodes.get(at as usize) else {
                break;
            };
            chain.push(n);
            at = n.parent;
        }
        let steps = chain
            .iter()
            .rev()
            .flat_map(|n| n.inputs.iter().map(|i| (n.at, i.clone())))
            .collect();
        Schedule {
            config: self.config.clone(),
            steps,
        }
    }

    /// Two states are one when the group's state, the members joined, the perturbations spent and
    /// the quiet since the last disturbance (up to the two sessions a calm needs) are.
    fn key(&self, s: &mut State) -> u128 {
        let calm = 2 * self.config.coordinator.session_timeout_ms + 1;
        let s = &mut s.at;
        let quiet = s.sim.now().0.saturating_sub(s.quiet_since.0).min(calm);
        // 128 bits: at a million states, the chance that two distinct states share a key (and one
        // goes unexplored) is about 10^-27.
        let mut hasher = Xxh3Default::new();
        s.sim.fingerprint(&mut hasher);
        (s.joined, s.used, quiet).hash(&mut hasher);
        hasher.digest128()
    }

    pub fn report(&self) -> Report {
        Report {
            states: self.seen.len() as u64,
            transitions: self.transitions,
            depth: self.depth,
            exhausted: self.exhausted,
            done: self.done,
            found: self.found.clone(),
        }
    }
}
