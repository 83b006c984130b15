//! The quiets carried along time's moves (`super::quiet`) against a naive search that keeps the quiet since
//! the last disturbance in the state, as the check once did.

use super::moves::{moves, revocation_timed_out, Bounds};
use super::naive::{plain, played};
use super::quiet::CalmSighting;
use super::{Explorer, Property};
use crate::group::hazard::{unowned, Hazard, Sighting};
use crate::group::{GroupConfig, GroupInput, GroupSim};
use crate::machine::model::Model;
use crate::protocol::assignment::PartitionSet;
use crate::protocol::time::Millis;
use std::collections::HashSet;

/// The fewest moves to a state where `sight` holds, the quiet since the last disturbance kept in
/// the state as the check once kept it (states told apart by it too, compared field by field):
/// what the check's walks of time alone must find, at the same length.
fn naive_calm(bounds: &Bounds, config: &GroupConfig, sight: CalmSighting) -> Option<usize> {
    let calm = 2 * config.coordinator.session_timeout_ms + 1;
    let root = GroupSim::new(config.clone());
    let mut seen = HashSet::from([plain(root.clone(), 0, 0, Millis::ZERO, calm)]);
    let mut level = vec![(root, 0usize, 0usize, Millis::ZERO)];
    for depth in 1..=bounds.depth {
        let mut next = Vec::new();
        for (sim, joined, used, quiet_since) in &level {
            for mv in moves(bounds, sim, *joined, *used) {
                let Some((s, joins, ticks)) = played(sim, &mv) else {
                    continue;
                };
                // Time running out a revocation is a disturbance too (`Position::after`).
                let slow = ticks && revocation_timed_out(sim, &s);
                let (j, u) = (joined + joins, used + usize::from(mv.perturbs || slow));
                if u > bounds.perturbations {
                    continue;
                }
                let q = if ticks && !slow { *quiet_since } else { mv.at };
                if after_calm(sight, &s, q) {
                    return Some(depth);
                }
                if seen.insert(plain(s.clone(), j, u, q, calm)) {
                    next.push((s, j, u, q));
                }
            }
        }
        level = next;
    }
    None
}

/// A member holding exactly one partition (two members, two partitions: the group settled).
fn one_each(sim: &GroupSim) -> Option<Sighting> {
    held(sim, |n| n == 1)
}

/// A member holding both partitions (the first member alone for a while).
fn all_to_one(sim: &GroupSim) -> Option<Sighting> {
    held(sim, |n| n == 2)
}

fn held(sim: &GroupSim, holds: fn(usize) -> bool) -> Option<Sighting> {
    sim.members()
        .iter()
        .filter(|m| m.running())
        .any(|m| holds(m.facts.assigned.len()))
        .then(|| Sighting {
            hazard: Hazard::OrphanAfterCalm,
            members: Vec::new(),
            partitions: PartitionSet::new(),
            words: "held".to_owned(),
        })
}

/// Whether `sight` shows in `sim` with the quiet since `quiet_since` lasting the calm.
fn after_calm(sight: CalmSighting, sim: &GroupSim, quiet_since: Millis) -> bool {
    let calm = 2 * sim.config().coordinator.session_timeout_ms;
    sim.now().0 >= quiet_since.0 + calm && sight(sim).is_some()
}

/// The quiets carried along time's moves find a sighting after the calm at the same fewest moves as a naive
/// search that keeps the quiet in the state, for predicates that hold (found) and the orphan
/// itself (which no model makes: found by neither); and its schedule shows it at its end.
#[test]
fn the_quiet_carried_along_time_finds_what_a_state_holding_the_quiet_finds() {
    let sights: [(&str, CalmSighting); 3] = [
        ("one each", one_each),
        ("all to one", all_to_one),
        ("orphan", unowned),
    ];
    // Undisturbed to the end; then one disturbance, with a session of 1.5 s (a calm of 3 s) so
    // that a calm fits in few moves.
    let cases = [(0, 30, 3_000), (1, 12, 1_500)];
    for model in Model::ALL {
        for (perturbations, depth, session) in cases {
            let bounds = Bounds {
                perturbations,
                depth,
                ..Bounds::anchor(model, 0)
            };
            let mut config = bounds.config();
            config.coordinator.session_timeout_ms = session;
            // With one disturbance, the two that a short schedule can show.
            for (name, sight) in sights.into_iter().skip(perturbations) {
                let mut explorer =
                    Explorer::sighting_after_calm(bounds.clone(), config.clone(), sight);
                while !explorer.run(10_000) {}
                let found = explorer
                    .report()
                    .found
                    .into_iter()
                    .find(|f| f.property == Property::Hazard(Hazard::OrphanAfterCalm));
                let naive = naive_calm(&bounds, &config, sight);
                let what = format!("{model:?}, {perturbations} perturbations, {name}");
                assert_eq!(found.as_ref().map(|f| f.moves), naive, "{what}");
                if name == "orphan" {
                    assert_eq!(naive, None, "{what}");
                } else {
                    assert!(naive.is_some(), "{what}");
                }
                if let Some(found) = found {
                    let mut sim = GroupSim::new(config.clone());
                    let mut quiet_since = Millis::ZERO;
                    for (at, input) in &found.schedule.steps {
                        let before = sim.clone();
                        assert!(sim.handle(*at, input).is_ok(), "{what}");
                        let tick = matches!(input, GroupInput::Tick);
                        if !tick || revocation_timed_out(&before, &sim) {
                            quiet_since = *at;
                        }
                    }
                    assert!(after_calm(sight, &sim, quiet_since), "{what}");
                }
            }
        }
    }
}
