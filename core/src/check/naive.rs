//! The check's state count against independent, naive enumerations: whole simulations compared
//! by `Eq`, not by the fingerprint.

use super::moves::{moves, Bounds};
use super::tests::small;
use super::Explorer;
use crate::group::{GroupInput, GroupSim};
use crate::machine::model::Model;
use crate::machine::Machine;
use crate::protocol::time::Millis;

/// A state as the naive count tells two apart: the whole simulation compared field by field
/// (`Eq`, not the fingerprint's hash), its instants relative to its now (each member's to its
/// own clock, with how far behind that is up to the horizon, one fed no more not at all), with
/// what the fingerprint leaves out set to one value.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(super) struct Plain {
    sim: GroupSim,
    behind: Vec<u64>,
    /// Who holds what now (the history's newest entry, without its instant).
    holding: Option<std::sync::Arc<crate::group::ownership::Snapshot>>,
    joined: usize,
    used: usize,
    quiet: u64,
}

pub(super) fn plain(
    mut sim: GroupSim,
    joined: usize,
    used: usize,
    quiet_since: Millis,
    calm: u64,
) -> Plain {
    sim.forget_history();
    sim.seq = 0;
    sim.incarnations = 0;
    for m in &mut sim.messages {
        m.seq = 0;
    }
    let quiet = sim.now().0.saturating_sub(quiet_since.0).min(calm);
    // Instants relative to now, as the fingerprint takes them.
    let now = sim.now().0;
    let horizon = sim.horizon();
    sim.shift_time(now.wrapping_neg());
    let fed: Vec<bool> = (0..sim.members.len()).map(|i| sim.fed_again(i)).collect();
    let mut behind = Vec::new();
    for (m, fed) in sim.members.iter_mut().zip(fed) {
        let by = now - m.facts.now.0;
        m.member.shift_time(by);
        m.member.forget_shown();
        let matters = m.member.lag_that_matters().unwrap_or(horizon).min(horizon);
        behind.push(if fed { by.min(matters) } else { 0 });
        m.facts = m.member.facts();
    }
    let holding = sim.history.entries().last().map(|(_, s)| s.clone());
    sim.history = crate::group::ownership::History::default();
    Plain {
        sim,
        behind,
        holding,
        joined,
        used,
        quiet,
    }
}

/// `mv` played on a copy of `sim`: the group after it, the members it adds, and whether it is
/// only time running; `None` when the group refuses an input.
pub(super) fn played(sim: &GroupSim, mv: &super::moves::Move) -> Option<(GroupSim, usize, bool)> {
    let mut s = sim.clone();
    for input in &mv.inputs {
        s.handle(mv.at, input).ok()?;
    }
    let joins = mv
        .inputs
        .iter()
        .filter(|i| matches!(i, GroupInput::AddMember { .. }))
        .count();
    let ticks = mv.inputs.iter().all(|i| matches!(i, GroupInput::Tick));
    Some((s, joins, ticks))
}

/// Every state within `depth` moves, by trying every sequence of moves (no pruning) and keeping
/// each distinct one in a list.
fn naive_count(bounds: &Bounds, depth: usize) -> usize {
    // The check's state holds no quiet (how long the group has been left alone): one for all.
    let calm = 0;
    let root = GroupSim::new(bounds.config());
    let mut seen = vec![plain(root.clone(), 0, 0, Millis::ZERO, calm)];
    let mut level = vec![(root, 0usize, 0usize, Millis::ZERO)];
    for _ in 0..depth {
        let mut next = Vec::new();
        for (sim, joined, used, quiet_since) in &level {
            for mv in moves(bounds, sim, *joined, *used) {
                let Some((s, joins, ticks)) = played(sim, &mv) else {
                    continue;
                };
                let (j, u) = (joined + joins, used + usize::from(mv.perturbs));
                let q = if ticks { *quiet_since } else { mv.at };
                let p = plain(s.clone(), j, u, q, calm);
                if !seen.contains(&p) {
                    seen.push(p);
                }
                next.push((s, j, u, q));
            }
        }
        level = next;
    }
    seen.len()
}

/// Every state of an undisturbed group, breadth-first until no move makes a new one, each
/// compared field by field with those seen (a std `HashSet`: the whole simulation hashed and
/// compared by `Eq`, not the fingerprint). With nothing to spend, a tick after
/// which the coordinator holds fewer members (a revocation held past the rebalance timeout, the
/// only way an undisturbed member leaves it) is out of bounds.
fn naive_closure(bounds: &Bounds) -> usize {
    let calm = 0;
    let root = GroupSim::new(bounds.config());
    let mut seen = std::collections::HashSet::from([plain(root.clone(), 0, 0, Millis::ZERO, calm)]);
    let mut level = vec![(root, 0usize, Millis::ZERO)];
    while !level.is_empty() {
        let mut next = Vec::new();
        for (sim, joined, quiet_since) in &level {
            for mv in moves(bounds, sim, *joined, 0) {
                let Some((s, joins, ticks)) = played(sim, &mv) else {
                    continue;
                };
                if ticks && s.coordinator().members().len() < sim.coordinator().members().len() {
                    continue;
                }
                let j = joined + joins;
                let q = if ticks { *quiet_since } else { mv.at };
                if seen.insert(plain(s.clone(), j, 0, q, calm)) {
                    next.push((s, j, q));
                }
            }
        }
        level = next;
    }
    seen.len()
}

/// An undisturbed group closes: the check explores it to the end, and its count is the naive
/// closure's. (Without the fingerprint's horizon, a member waiting on its application beside
/// one heartbeating made a new state at each heartbeat, and no depth ended it.)
#[test]
fn an_undisturbed_group_is_explored_to_the_end() {
    for model in Model::ALL {
        let bounds = Bounds {
            perturbations: 0,
            ..Bounds::anchor(model, 200)
        };
        let mut explorer = Explorer::new(bounds.clone());
        while !explorer.run(10_000) {}
        let report = explorer.report();
        assert!(report.exhausted, "{model:?}: {} levels", report.depth);
        assert_eq!(report.states as usize, naive_closure(&bounds), "{model:?}");
    }
}

#[test]
fn the_state_count_is_the_naive_enumerations() {
    for model in Model::ALL {
        let bounds = small(model, 5);
        let mut explorer = Explorer::new(bounds.clone());
        while !explorer.run(1_000) {}
        let report = explorer.report();
        assert_eq!(report.depth, 5, "{model:?}");
        assert_eq!(report.states as usize, naive_count(&bounds, 5), "{model:?}");
        assert!(report.states > 50, "{model:?}: {} states", report.states);
    }
}

/// The fewest moves to a state whose calm continuation, walked on its own, does not converge
/// within `sessions` session timeouts: every state of every level, each walked.
fn naive_unsettled(bounds: &Bounds, sessions: u64) -> Option<usize> {
    let root = GroupSim::new(bounds.config());
    let mut seen = std::collections::HashSet::from([plain(root.clone(), 0, 0, Millis::ZERO, 0)]);
    let mut level = vec![(root, 0usize, 0usize)];
    for depth in 0..=bounds.depth {
        if level
            .iter()
            .any(|(sim, _, _)| super::converge::walk(sim, sessions).is_err())
        {
            return Some(depth);
        }
        let mut next = Vec::new();
        for (sim, joined, used) in &level {
            for mv in moves(bounds, sim, *joined, *used) {
                let Some((s, joins, ticks)) = played(sim, &mv) else {
                    continue;
                };
                let slow = ticks && super::moves::revocation_timed_out(sim, &s);
                let (j, u) = (joined + joins, used + usize::from(mv.perturbs || slow));
                if u <= bounds.perturbations && seen.insert(plain(s.clone(), j, u, Millis::ZERO, 0))
                {
                    next.push((s, j, u));
                }
            }
        }
        level = next;
    }
    None
}

/// Convergence taken along the explorer's own moves finds the state of fewest moves whose calm
/// does not converge as soon as walking every state's calm on its own does, and finds none where
/// none is: a calm of one session (too short from some states), of two, and the check's own.
#[test]
fn the_calm_along_the_explorers_moves_is_every_states_own_walk() {
    for model in Model::ALL {
        let bounds = Bounds::anchor(model, 9);
        for sessions in [1, 2, super::converge::CALM_SESSIONS] {
            let mut explorer = Explorer::calm_within(bounds.clone(), bounds.config(), sessions);
            while !explorer.run(10_000) {}
            let found = explorer
                .report()
                .found
                .into_iter()
                .find(|f| f.property == super::Property::Converges);
            let naive = naive_unsettled(&bounds, sessions);
            let what = format!("{model:?}, a calm of {sessions} sessions");
            assert_eq!(found.as_ref().map(|f| f.moves), naive, "{what}");
            assert_eq!(naive.is_some(), sessions == 1, "{what}");
        }
    }
}
