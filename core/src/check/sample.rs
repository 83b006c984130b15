//! The hunt's way at the check's bounds, as a cross-check of the check: random schedules over the
//! check's own moves, each one that breaks a property shortened by leaving moves out while it
//! still breaks it. Breadth-first, the check's counterexample is the shortest there is, so a
//! sampled one is never shorter, and a property a sample breaks is one the check finds.

use super::moves::{Bounds, Move, Position};
use super::property::{sighted, stepped_back, Property};
use crate::group::hazard::sightings;
use crate::group::GroupInput;
use crate::hunt::random::Rng;
use std::collections::BTreeMap;

/// A move named apart from its instant and the state it was made in, so that a schedule with a
/// move left out can be played again: the same kind of move, by the same member, if it is still
/// one of the moves there.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Step {
    Join,
    Complete(String),
    Close(String),
    Kill(String),
    Drop(String),
    Fence(String),
    Time,
}

fn step_of(mv: &Move) -> Step {
    match mv.inputs.first() {
        Some(GroupInput::AddMember { .. }) => Step::Join,
        Some(GroupInput::Complete { name, .. }) => Step::Complete(name.clone()),
        Some(GroupInput::CloseMember { name }) => Step::Close(name.clone()),
        Some(GroupInput::KillMember { name }) => Step::Kill(name.clone()),
        Some(GroupInput::Drop { name }) => Step::Drop(name.clone()),
        Some(GroupInput::InjectError { name, .. }) => Step::Fence(name.clone()),
        _ => Step::Time,
    }
}

/// Each property `steps` breaks, with the moves it took to break it first; `None` when a step is
/// not a move where the schedule has come to.
fn play(bounds: &Bounds, steps: &[Step]) -> Option<BTreeMap<&'static str, (Property, usize)>> {
    let mut at = Position::start(bounds.config());
    let mut first = BTreeMap::new();
    for (i, step) in steps.iter().enumerate() {
        let mv = at.moves(bounds).into_iter().find(|m| step_of(m) == *step)?;
        let next = at.after(&mv, bounds)?;
        let found = stepped_back(&at.sim, &next.sim)
            .into_iter()
            .chain(sighted(sightings(&next.sim, next.quiet_since)));
        for (property, _) in found {
            first.entry(property.as_str()).or_insert((property, i + 1));
        }
        at = next;
    }
    Some(first)
}

/// A random schedule of up to the bounds' depth.
fn walk(bounds: &Bounds, rng: &mut Rng) -> Vec<Step> {
    let mut at = Position::start(bounds.config());
    let mut steps = Vec::new();
    while steps.len() < bounds.depth {
        // Only the moves the bounds allow from here (time running out a revocation may not be).
        let mut open: Vec<_> = at
            .moves(bounds)
            .into_iter()
            .filter_map(|mv| at.after(&mv, bounds).map(|next| (mv, next)))
            .collect();
        let pick = usize::try_from(rng.below(open.len() as u64)).unwrap_or(0);
        if pick >= open.len() {
            break;
        }
        let (mv, next) = open.swap_remove(pick);
        steps.push(step_of(&mv));
        at = next;
    }
    steps
}

/// `steps`, which break `property` first at their end, as short as leaving out one move at a
/// time makes them.
fn shrink(bounds: &Bounds, mut steps: Vec<Step>, property: Property) -> Vec<Step> {
    let mut changed = true;
    while changed {
        changed = false;
        for leave in (0..steps.len()).rev() {
            let mut fewer = steps.clone();
            fewer.remove(leave);
            let breaks = play(bounds, &fewer).and_then(|f| f.get(property.as_str()).copied());
            if let Some((_, len)) = breaks {
                fewer.truncate(len);
                steps = fewer;
                changed = true;
                break;
            }
        }
    }
    steps
}

/// The shortest schedule, in moves, that `walks` random schedules from `seed` found breaking each
/// property (convergence aside: a sample does not run the calm after every state).
pub fn sample(bounds: &Bounds, seed: u64, walks: u64) -> BTreeMap<&'static str, usize> {
    let mut rng = Rng::new(seed);
    let mut best: BTreeMap<&'static str, usize> = BTreeMap::new();
    for _ in 0..walks {
        let steps = walk(bounds, &mut rng);
        let Some(found) = play(bounds, &steps) else {
            continue;
        };
        for (name, (property, len)) in found {
            let shrunk = shrink(bounds, steps[..len].to_vec(), property);
            let entry = best.entry(name).or_insert(shrunk.len());
            *entry = (*entry).min(shrunk.len());
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::Explorer;
    use crate::group::hazard::Hazard;
    use crate::machine::model::Model;

    /// The check's shortest counterexample of each property at `bounds`, in moves.
    fn checked(bounds: &Bounds) -> BTreeMap<&'static str, usize> {
        let mut explorer = Explorer::new(bounds.clone());
        while !explorer.run(50_000) {}
        let report = explorer.report();
        report
            .found
            .iter()
            .map(|f| (f.property.as_str(), f.moves))
            .collect()
    }

    #[test]
    fn a_sampled_counterexample_is_found_by_the_check_and_never_shorter() {
        for model in Model::ALL {
            let bounds = Bounds::anchor(model, 12);
            let check = checked(&bounds);
            let sampled = sample(&bounds, 848, 150);
            for (property, len) in &sampled {
                let shortest = check.get(property).copied();
                assert!(
                    shortest.is_some_and(|s| s <= *len),
                    "{model:?}: a sample breaks {property} in {len} moves, the check {shortest:?}"
                );
            }
        }
    }

    #[test]
    fn the_seeds_window_sampled_and_shrunk_is_no_shorter_than_the_checks() {
        let bounds = Bounds::anchor(Model::Seed, 14);
        let name = Property::Hazard(Hazard::ReleasedBeforeRevoked).as_str();
        let check = checked(&bounds);
        let sampled = sample(&bounds, 848, 300);
        let (Some(shortest), Some(len)) = (check.get(name), sampled.get(name)) else {
            panic!("check {check:?}, sample {sampled:?}");
        };
        assert!(shortest <= len, "check {shortest}, sample {len}");
    }
}
