//! The breadth-first explorer: one level of moves at a time, each distinct state once, in slices
//! of work a page can run between frames ([`Explorer::run`]) or a command line runs to the end.
//! A level holds its first [`WHOLE_PER_LEVEL`] states as whole groups (about 4.5 KB for three
//! Java members); past that, each is kept as its node and made again in turn (`super::tree`).
//!
//! Over 300 lines: the breadth-first explorer's levels, hashing and slices share one queue.

use super::converge::{calm_move, settled, walk, CALM_SESSIONS};
use super::growth::vec_growth;
use super::moves::{time_runs, Bounds, Move, Position};
use super::property::{sighted, stepped_back, Property};
use super::quiet::{CalmSighting, Quiet, Reached};
use super::report::{Found, Report};
use super::settle::Settling;
use super::tree::{Node, Tree};
use crate::group::hazard::{sightings, unowned, Hazard};
use crate::group::{GroupConfig, GroupInput, GroupSim};
use crate::hunt::Schedule;

/// States a level holds as whole groups before it keeps the rest as nodes to make again: about
/// 1 GB of groups of three Java members, and more than any level of the anchor's bounds holds
/// (so their checks never make a state twice).
pub const WHOLE_PER_LEVEL: usize = 250_000;

/// A state on the frontier.
struct State {
    node: u32,
    key: u128,
    at: Position,
}

/// A check under way.
pub struct Explorer {
    bounds: Bounds,
    /// The group every schedule starts from.
    config: GroupConfig,
    /// How each state was first reached.
    tree: Tree,
    frontier: Vec<State>,
    next: Vec<State>,
    /// The states of the frontier (and of the next level) kept as nodes, after the whole ones:
    /// each with its key.
    frontier_nodes: Vec<(u32, u128)>,
    next_nodes: Vec<(u32, u128)>,
    /// How many states a level holds whole.
    whole: usize,
    /// New states of the last level the bounds allow: counted and checked, never kept, as
    /// nothing expands them (the last level is the largest: keeping it doubled the peak memory).
    beyond: u64,
    depth: usize,
    transitions: u64,
    found: Vec<Found>,
    /// Every state's calm continuation (convergence once the disturbances stop).
    settling: Settling,
    /// How long a calm may take, in session timeouts.
    sessions: u64,
    /// Every state reached, and the quiets carried into it (the orphan-after-calm sighting).
    quiet: Quiet,
    /// The quiet's sighting last put in `found`.
    reached: Option<Reached>,
    done: bool,
    exhausted: bool,
    /// Ended by its caller before its bounds (out of time or memory).
    stopped: bool,
}

impl Explorer {
    pub fn new(bounds: Bounds) -> Explorer {
        let config = bounds.config();
        Explorer::with_config(bounds, config)
    }

    /// A check from a group configured otherwise (a switch flipped) than the bounds' own.
    pub fn with_config(bounds: Bounds, config: GroupConfig) -> Explorer {
        Explorer::build(bounds, config, unowned, CALM_SESSIONS)
    }

    /// A check whose calm may take only `sessions` session timeouts (a test's, to make groups
    /// that do not converge in time).
    #[cfg(test)]
    pub(super) fn calm_within(bounds: Bounds, config: GroupConfig, sessions: u64) -> Explorer {
        Explorer::build(bounds, config, unowned, sessions)
    }

    /// A check whose sighting after the calm is `sight` (a test's predicate in place of the orphan).
    #[cfg(test)]
    pub(super) fn sighting_after_calm(
        bounds: Bounds,
        config: GroupConfig,
        sight: CalmSighting,
    ) -> Explorer {
        Explorer::build(bounds, config, sight, CALM_SESSIONS)
    }

    fn build(bounds: Bounds, config: GroupConfig, sight: CalmSighting, sessions: u64) -> Explorer {
        let within = sessions * config.coordinator.session_timeout_ms;
        let quiet = Quiet::new(sight, config.coordinator.session_timeout_ms, bounds.depth);
        let mut explorer = Explorer {
            bounds,
            config,
            tree: Tree::new(),
            frontier: Vec::new(),
            next: Vec::new(),
            frontier_nodes: Vec::new(),
            next_nodes: Vec::new(),
            whole: WHOLE_PER_LEVEL,
            beyond: 0,
            depth: 0,
            transitions: 0,
            found: Vec::new(),
            settling: Settling::new(within),
            sessions,
            quiet,
            reached: None,
            done: false,
            exhausted: false,
            stopped: false,
        };
        let mut at = Position::start(explorer.config.clone());
        let key = at.key();
        explorer.quiet.arrive(key, &at.sim);
        explorer.quiet.disturbed(key, None, 0);
        let expanded = explorer.bounds.depth > 0;
        explorer.arrive_settling(key, 0, &at.sim, expanded);
        explorer.frontier.push(State { node: 0, key, at });
        explorer
    }

    /// The same check holding at most `whole` states of a level as whole groups (a test's, to
    /// make every state again).
    #[cfg(test)]
    pub(super) fn holding_whole(mut self, whole: usize) -> Explorer {
        self.whole = whole;
        self
    }

    pub fn bounds(&self) -> &Bounds {
        &self.bounds
    }

    /// Explores up to `budget` moves; whether the check is done.
    pub fn run(&mut self, mut budget: u64) -> bool {
        while !self.done && budget > 0 {
            let Some(state) = self.pop() else {
                self.level_done();
                continue;
            };
            // The calm move from here, while the state's calm is still to be followed.
            let calm = if self.settling.open(state.key) {
                calm_move(&state.at.sim)
            } else {
                None
            };
            for (index, mv) in state.at.moves(&self.bounds).into_iter().enumerate() {
                let is_calm = calm.as_ref().is_some_and(|(at, input)| {
                    mv.at == *at && mv.inputs.len() == 1 && mv.inputs[0] == *input
                });
                budget = budget.saturating_sub(1 + self.take(&state, index, mv, is_calm));
            }
            if self.settling.open(state.key) {
                // No calm move was taken from it (nothing left to happen, or the move refused).
                let took = walk(&state.at.sim, self.sessions).ok();
                self.settling.walked(state.key, took);
            }
        }
        self.done
    }

    /// The level's next state, whole or made again from its node; `None` once the level is done.
    fn pop(&mut self) -> Option<State> {
        if let Some(state) = self.frontier.pop() {
            return Some(state);
        }
        while let Some((node, key)) = self.frontier_nodes.pop() {
            match self.tree.remake(node, &self.config, &self.bounds) {
                Some(at) => return Some(State { node, key, at }),
                // A move the group took once and refuses now: never, as the group is
                // deterministic; the state is then left unexpanded rather than guessed.
                None => debug_assert!(false, "node {node} could not be made again"),
            }
        }
        None
    }

    /// Ends the check where it is, its frontier let go: the levels up to the report's depth are
    /// explored in full, each shortest schedule found so far stands, and convergence, which
    /// needs every state's calm, is not judged.
    pub fn stop(&mut self) {
        if self.done {
            return;
        }
        self.done = true;
        self.stopped = true;
        self.frontier = Vec::new();
        self.next = Vec::new();
        self.frontier_nodes = Vec::new();
        self.next_nodes = Vec::new();
        self.tree.forget_path();
    }

    fn level_done(&mut self) {
        self.depth += 1;
        if self.next.is_empty() && self.next_nodes.is_empty() && self.beyond == 0 {
            self.exhausted = true;
            self.done = true;
        } else if self.depth >= self.bounds.depth {
            self.done = true;
        }
        // Popped from the end: reversed, a level runs in the order it was reached.
        self.frontier = std::mem::take(&mut self.next);
        self.frontier.reverse();
        self.frontier_nodes = std::mem::take(&mut self.next_nodes);
        self.frontier_nodes.reverse();
        if self.done {
            self.frontier.clear();
            self.frontier_nodes.clear();
            self.tree.forget_path();
            self.found_unsettled();
        }
    }

    /// A state reached for the first time: whether it is converged and, when the explorer will
    /// not take its calm move itself, how long its calm takes.
    fn arrive_settling(&mut self, key: u128, node: u32, sim: &GroupSim, expanded: bool) {
        self.settling.arrive(key, node, settled(sim));
        if !expanded && self.settling.open(key) {
            self.settling.walked(key, walk(sim, self.sessions).ok());
        }
    }

    /// Once every move is taken: the state of fewest moves whose calm does not converge, with
    /// its calm continuation walked into the schedule.
    fn found_unsettled(&mut self) {
        let Some(node) = self.settling.unsettled() else {
            return;
        };
        let Some((_, at)) = self.tree.position_at(node, &self.config, &self.bounds) else {
            return;
        };
        let Err(unsettled) = walk(&at.sim, self.sessions) else {
            return;
        };
        let mut schedule = self.tree.schedule_to(node, &self.config);
        schedule.steps.extend(unsettled.moves);
        self.found.push(Found {
            property: Property::Converges,
            words: unsettled.words,
            step: schedule.steps.len().saturating_sub(1),
            moves: self.tree.path_to(node).len(),
            schedule,
        });
    }

    /// Takes `mv`, the `index`th move from `from`; the moves of time a quiet was carried along
    /// after it (the cost beyond the move).
    fn take(&mut self, from: &State, index: usize, mv: Move, is_calm: bool) -> u64 {
        let Some(mut at) = from.at.after(&mv, &self.bounds) else {
            return 0;
        };
        self.transitions += 1;
        let stepped = stepped_back(&from.at.sim, &at.sim);
        let key = at.key();
        let new = self.quiet.arrive(key, &at.sim);
        // A disturbance (time running counts when it fences a slow revocation) starts a quiet;
        // time alone carries the quiet on.
        let ticks = mv.inputs.iter().all(|i| matches!(i, GroupInput::Tick));
        let carried = if at.used > from.at.used || !ticks {
            let start = Some((from.node, index));
            self.quiet.disturbed(key, start, self.depth + 1)
        } else {
            let by = at.sim.now().0.saturating_sub(from.at.sim.now().0);
            self.quiet.ticked(from.key, key, by)
        };
        self.found_in_quiet();
        if is_calm {
            let by = at.sim.now().0.saturating_sub(from.at.sim.now().0);
            self.settling.calm_taken(from.key, key, by);
        }
        let state = State { node: 0, key, at };
        // Every sighting but the one after the calm, which the quiet takes (a quiet that starts
        // now has not lasted the calm).
        let sighted = if new {
            sighted(sightings(&state.at.sim, state.at.sim.now()))
        } else {
            Vec::new()
        };
        for (property, words) in stepped.into_iter().chain(sighted) {
            if !self.found.iter().any(|f| f.property == property) {
                let mut schedule = self.tree.schedule_to(from.node, &self.config);
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
            return carried;
        }
        let node = self.tree.push(Node {
            parent: from.node,
            at: mv.at,
            inputs: mv.inputs,
            perturbs: mv.perturbs,
        });
        let expanded = self.depth + 1 < self.bounds.depth;
        self.arrive_settling(key, node, &state.at.sim, expanded);
        if expanded && self.next.len() < self.whole {
            self.next.push(State { node, ..state });
        } else if expanded {
            self.next_nodes.push((node, key));
        } else {
            self.beyond += 1;
        }
        carried
    }

    /// Puts the quiet's shortest sighting in `found` when it is new: its schedule replayed (the
    /// quiet keeps where it started and how many moves of time followed, not the inputs).
    fn found_in_quiet(&mut self) {
        let Some(reached) = self.quiet.reached else {
            return;
        };
        if self.reached == Some(reached) {
            return;
        }
        self.reached = Some(reached);
        let Some((schedule, sim)) = self.replay(reached) else {
            return;
        };
        let Some(sighting) = self.quiet.sighting(&sim) else {
            return;
        };
        let property = Property::Hazard(Hazard::OrphanAfterCalm);
        self.found.retain(|f| f.property != property);
        self.found.push(Found {
            property,
            words: sighting.words,
            step: schedule.steps.len().saturating_sub(1),
            moves: reached.moves,
            schedule,
        });
    }

    /// The schedule to where a quiet's sighting was reached, and the group there.
    fn replay(&self, reached: Reached) -> Option<(Schedule, GroupSim)> {
        let (mut taken, mut at) = self.tree.position_at(
            reached.start.map_or(0, |(node, _)| node),
            &self.config,
            &self.bounds,
        )?;
        if let Some((_, index)) = reached.start {
            taken.push(at.moves(&self.bounds).into_iter().nth(index)?);
            at = at.after(taken.last()?, &self.bounds)?;
        }
        for _ in 0..reached.ticks {
            taken.push(time_runs(&at.sim)?);
            at = at.after(taken.last()?, &self.bounds)?;
        }
        let steps = taken
            .into_iter()
            .flat_map(|mv| mv.inputs.into_iter().map(move |i| (mv.at, i)))
            .collect();
        let schedule = Schedule {
            config: self.config.clone(),
            steps,
        };
        Some((schedule, at.sim))
    }

    /// The bytes the check's tables would take next were `more` states added: a memory limit
    /// read before, not after, a move of gigabytes (`super::growth`).
    pub fn growth_within(&self, more: usize) -> usize {
        self.quiet.growth_within(more)
            + self.settling.growth_within(more)
            + self.tree.growth_within(more)
            + vec_growth(
                &self.next,
                more.min(self.whole.saturating_sub(self.next.len())),
            )
            + vec_growth(&self.next_nodes, more)
    }

    pub fn report(&self) -> Report {
        Report {
            states: self.quiet.len() as u64,
            transitions: self.transitions,
            depth: self.depth,
            exhausted: self.exhausted,
            done: self.done,
            stopped: self.stopped,
            found: self.found.clone(),
        }
    }
}
