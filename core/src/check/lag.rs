//! A member's clock behind the group's beyond what its model says matters changes nothing: the
//! reduction the fingerprint takes (`Machine::lag_that_matters`), held to the group itself.

use super::moves::{moves, Bounds, Position};
use crate::group::GroupSim;
use crate::machine::model::Model;
use crate::machine::Machine;
use std::hash::Hasher;
use xxhash_rust::xxh3::Xxh3Default;

fn key(sim: &GroupSim) -> u64 {
    let mut sim = sim.clone();
    let mut hasher = Xxh3Default::new();
    sim.fingerprint(&mut hasher);
    hasher.finish()
}

/// `at` with member `i`'s clock `by` ms further behind (every instant it holds moved back).
fn further_behind(at: &Position, i: usize, by: u64) -> Position {
    let mut twin = at.clone();
    let m = &mut twin.sim.members[i];
    m.member.shift_time(by.wrapping_neg());
    m.facts = m.member.facts();
    twin
}

/// Every pair of successors, `depth` moves on, has one fingerprint (the moves are the same: a
/// member's lag is not among what decides them).
fn alike(a: &Position, b: &Position, bounds: &Bounds, depth: usize) -> Result<(), String> {
    if key(&a.sim) != key(&b.sim) {
        // Where the two differ first, as they print (absolute instants: a clue, not the answer).
        let (x, y) = (format!("{:?}", a.sim), format!("{:?}", b.sim));
        let at = x
            .bytes()
            .zip(y.bytes())
            .position(|(p, q)| p != q)
            .unwrap_or(0);
        let cut = |t: &str| {
            t.get(at.saturating_sub(300)..(at + 200).min(t.len()))
                .unwrap_or("")
                .to_owned()
        };
        return Err(format!(
            "the two states differ:\n{}\n----\n{}",
            cut(&x),
            cut(&y)
        ));
    }
    if depth == 0 {
        return Ok(());
    }
    for mv in a.moves(bounds) {
        match (a.after(&mv, bounds), b.after(&mv, bounds)) {
            (Some(x), Some(y)) => alike(&x, &y, bounds, depth - 1)
                .map_err(|e| format!("{:?} at {}, then {e}", mv.inputs, mv.at.0))?,
            (None, None) => {}
            _ => return Err(format!("{:?} taken by one and not the other", mv.inputs)),
        }
    }
    Ok(())
}

/// From every state within 16 moves where a member is behind by at least what its model says
/// matters, the same state with that member further behind (by a little, by a second, and past
/// the horizon where its clock goes back that far) makes the same states for three moves after,
/// whatever they are. And some such states exist.
#[test]
fn a_member_behind_beyond_what_matters_is_the_same_group() {
    let mut tried = 0;
    for model in [Model::Kafka] {
        let bounds = Bounds::anchor(model, 16);
        let mut level = vec![Position::start(bounds.config())];
        let mut seen = std::collections::HashSet::new();
        for _ in 0..bounds.depth {
            let mut next = Vec::new();
            for at in &level {
                let now = at.sim.now().0;
                for (i, m) in at.sim.members.iter().enumerate() {
                    let Some(matters) = m.member.lag_that_matters() else {
                        continue;
                    };
                    let behind = now - m.facts.now.0;
                    if !at.sim.fed_again(i) || behind < matters || behind == 0 {
                        continue;
                    }
                    // Further behind, as far as its clock goes back (past the horizon if it can).
                    let clock = m.facts.now.0;
                    for by in [250, 1_000, at.sim.horizon() + 1].map(|by| by.min(clock)) {
                        let twin = further_behind(at, i, by);
                        let found = alike(at, &twin, &bounds, 3);
                        assert!(
                            found.is_ok(),
                            "{model:?}, {} {by} ms further behind: {found:?}",
                            m.name
                        );
                        tried += 1;
                    }
                }
                for mv in moves(&bounds, &at.sim, at.joined, at.used) {
                    if let Some(to) = at.after(&mv, &bounds) {
                        if seen.insert((key(&to.sim), to.joined, to.used)) {
                            next.push(to);
                        }
                    }
                }
            }
            level = next;
        }
    }
    assert!(tried > 20, "only {tried} states with a member behind");
}
