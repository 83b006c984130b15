//! The check against members and coordinators broken on purpose, its own scenarios, and the
//! design table (the independent counts are in `naive.rs`).

use super::moves::Bounds;
use super::{Explorer, Property};
use crate::group::hazard::{sightings, Hazard};
use crate::group::{GroupInput, GroupSim};
use crate::hunt::Schedule;
use crate::machine::model::Model;
use crate::protocol::time::Millis;

pub(super) fn small(model: Model, depth: usize) -> Bounds {
    Bounds {
        members: 2,
        topics: [("t".to_owned(), 1)].into(),
        perturbations: 1,
        depth,
        models: vec![model],
    }
}

/// Each counterexample replays: the schedule shows what it names at its last step, and (found
/// breadth-first) at no step before. And the design table's "does not allow" is a claim the
/// check can refute: every hazard a model's design rules out holds on its members.
#[test]
fn every_counterexample_replays_and_shows_it_only_at_its_end() {
    for model in Model::ALL {
        let mut explorer = Explorer::new(Bounds::anchor(model, 14));
        while !explorer.run(50_000) {}
        let report = explorer.report();
        for hazard in Hazard::ALL {
            if hazard.allowed(model) == crate::group::hazard::Allowed::No {
                let found = report
                    .found
                    .iter()
                    .find(|f| f.property == Property::Hazard(hazard));
                assert!(found.is_none(), "{model:?} rules out {hazard:?}: {found:?}");
            }
        }
        assert!(
            !report.found.is_empty(),
            "{model:?}: nothing found at depth 14"
        );
        for found in &report.found {
            let Property::Hazard(hazard) = found.property else {
                continue;
            };
            let first = found.schedule.first(hazard).map(|(step, _)| step);
            assert_eq!(first, Some(found.step), "{model:?} {hazard:?}");
        }
    }
}

/// A coordinator broken on purpose (the safety rule off: a partition goes to its new owner before
/// the old one has revoked it) is caught, two owners at once, by the shortest schedule: both
/// members join, and the answers give the second a partition the first also gets.
#[test]
fn a_coordinator_without_the_safety_rule_is_caught_at_the_shortest() {
    let mut bounds = small(Model::Seed, 14);
    bounds.perturbations = 0;
    bounds.topics = [("t".to_owned(), 2)].into();
    let mut safe = Explorer::new(bounds.clone());
    while !safe.run(50_000) {}
    assert!(
        !safe
            .report()
            .found
            .iter()
            .any(|f| f.property == Property::Hazard(Hazard::DoubleOwnership)),
        "two owners at once with the safety rule on"
    );
    let mut config = bounds.config();
    config.coordinator.wait_for_revocation = false;
    let mut broken = Explorer::with_config(bounds.clone(), config);
    while !broken.run(50_000) {}
    let report = broken.report();
    let found = report
        .found
        .iter()
        .find(|f| f.property == Property::Hazard(Hazard::DoubleOwnership))
        .expect("two owners at once, with the safety rule off");
    // Known by hand: two owners need two members joined (2 moves), their requests delivered (1)
    // and the answers delivered (1); with the rule off nothing else has to happen.
    assert_eq!(found.moves, 4, "{:?}", found.schedule.steps);
    // No shorter schedule shows it: every prefix of every schedule of fewer moves was explored.
    let shorter = Schedule {
        config: found.schedule.config.clone(),
        steps: found.schedule.steps[..found.step].to_vec(),
    };
    assert_eq!(shorter.first(Hazard::DoubleOwnership), None);
    let mut sim = GroupSim::new(found.schedule.config.clone());
    for (at, input) in &found.schedule.steps {
        let _ = sim.handle(*at, input);
    }
    assert!(sightings(&sim, Millis::ZERO)
        .iter()
        .any(|s| s.hazard == Hazard::DoubleOwnership));
}

/// What the hunt's 20,000 random schedules never showed, the check finds: on Java-client members,
/// a heartbeat lost while an onPartitionsAssigned runs makes the retried (full) heartbeat report
/// the last completed assignment (none) as owned, and the coordinator hands a partition on that
/// the member is about to own and then revoke. Shortest with a lost heartbeat in it: two joins,
/// the answers, a heartbeat lost, its retry sent, the callbacks completed, the answers.
#[test]
fn the_check_finds_the_java_clients_window_after_a_lost_heartbeat() {
    let found = shortest(Model::Kafka, 13, Hazard::ReleasedBeforeRevoked)
        .expect("released before revoked on Java-client members within 13 moves");
    assert_eq!(found.moves, 13);
    assert!(
        found
            .schedule
            .steps
            .iter()
            .any(|(_, i)| matches!(i, GroupInput::Drop { .. })),
        "{:?}",
        found.schedule.steps
    );
    assert_eq!(
        Hazard::ReleasedBeforeRevoked.allowed(Model::Kafka),
        crate::group::hazard::Allowed::Yes,
        "the design table still says the Java client rules it out"
    );
}

/// The check of seed members answering the design's choices as `c`, at the anchor's bounds.
fn check_seed(c: super::Combination) -> super::Report {
    let mut explorer = c.explorer(&Bounds::anchor(Model::Seed, 12));
    while !explorer.run(50_000) {}
    explorer.report()
}

/// The seed's design choices as switches: removing a revoked partition first (the page's order)
/// lets the next heartbeat free it while its commit and callback still run, found at 10 moves
/// (and the commit of a partition given away at 9); removing it after the callback closes both
/// within 12 moves, whether or not a heartbeat goes between the steps, and the other hazards stay
/// what they were (to the end, a callback held past the rebalance timeout shows both: below).
#[test]
fn the_release_choice_decides_the_seeds_revocation_hazards() {
    use super::Combination;
    use crate::protocol::choice::Release;
    let check = check_seed;
    let moves = |r: &super::Report, h: Hazard| {
        r.found
            .iter()
            .find(|f| f.property == Property::Hazard(h))
            .map(|f| f.moves)
    };
    let seed = check(Combination::SEED);
    assert_eq!(moves(&seed, Hazard::ReleasedBeforeRevoked), Some(10));
    assert_eq!(moves(&seed, Hazard::CommitNotOwned), Some(9));
    for between in [false, true] {
        let after = check(Combination {
            heartbeat_between_revoke_and_assign: between,
            release: Release::AfterCallback,
            ..Combination::SEED
        });
        assert_eq!(moves(&after, Hazard::ReleasedBeforeRevoked), None);
        assert_eq!(moves(&after, Hazard::CommitNotOwned), None);
        for h in [Hazard::StaleTarget, Hazard::FencedDuringCallback] {
            assert_eq!(moves(&after, h), moves(&seed, h), "{h:?}");
        }
    }
}

/// Checked to the end, removing a revoked partition after its callback still lets it go before it
/// is revoked, at 26 moves: the application holds the commit before onPartitionsRevoked (or the
/// callback) past the rebalance timeout, and the coordinator, on its own deadline, gives the
/// partition to the other member while it still runs. No member's design closes that: the window is the application's.
#[test]
fn to_the_end_a_revocation_held_past_the_rebalance_timeout_still_releases_first() {
    use super::Combination;
    use crate::protocol::choice::Release;
    let after = Combination {
        release: Release::AfterCallback,
        ..Combination::SEED
    };
    let mut explorer = after.explorer(&Bounds::anchor(Model::Seed, 1_000));
    while !explorer.run(50_000) {}
    let report = explorer.report();
    assert!(report.exhausted);
    let found = report
        .found
        .iter()
        .find(|f| f.property == Property::Hazard(Hazard::ReleasedBeforeRevoked));
    let Some(found) = found else {
        panic!("not found to the end: {:?}", report.found)
    };
    assert_eq!(found.moves, 26);
    // Replayed: when it shows, the member revoking has waited on its application (the commit
    // before onPartitionsRevoked, or the callback) for longer than the rebalance timeout.
    let mut sim = GroupSim::new(found.schedule.config.clone());
    let mut since = std::collections::BTreeMap::new();
    for (at, input) in &found.schedule.steps {
        assert!(sim.handle(*at, input).is_ok());
        for m in sim.members() {
            if m.facts.awaiting.is_some() {
                since.entry(m.name.clone()).or_insert(sim.now().0);
            } else {
                since.remove(&m.name);
            }
        }
    }
    let timeout = u64::from(found.schedule.config.rebalance_timeout_ms);
    let longest = since.values().map(|at| sim.now().0 - at).max();
    assert!(longest.is_some_and(|held| held > timeout), "{longest:?}");
}

/// A fenced member that lets its running callback return before rejoining abandons no work: the
/// fence during a callback (7 moves with the seed's own answer) no longer leaves a completion
/// owed to abandoned work, and the revocation hazards stay what they were.
#[test]
fn the_fenced_choice_decides_whether_a_fence_abandons_a_callback() {
    use super::Combination;
    use crate::protocol::choice::Fenced;
    let found = |c: Combination| {
        check_seed(c)
            .found
            .iter()
            .map(|f| (f.property, f.moves))
            .collect::<Vec<_>>()
    };
    let seed = found(Combination::SEED);
    let finish = found(Combination {
        fenced: Fenced::Finish,
        ..Combination::SEED
    });
    let fenced = Property::Hazard(Hazard::FencedDuringCallback);
    assert!(seed.contains(&(fenced, 7)), "{seed:?}");
    assert!(!finish.iter().any(|(p, _)| *p == fenced), "{finish:?}");
    let others = |v: &[(Property, usize)]| {
        v.iter()
            .filter(|(p, _)| *p != fenced)
            .copied()
            .collect::<Vec<_>>()
    };
    assert_eq!(others(&seed), others(&finish));
}

/// The group scenario that shows the check's shortest window (`check-released-before-revoked`,
/// the book's live step) is the check's own counterexample, step for step (only its words are
/// written by hand): it stays what the check finds.
#[test]
fn the_checks_released_before_revoked_scenario_is_its_counterexample() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../assets/group/check-released-before-revoked.json"
    );
    let text = std::fs::read_to_string(path).expect("the scenario");
    let scenario = crate::group::GroupTrace::parse(&text).expect("a group trace");
    let found =
        shortest(Model::Seed, 10, Hazard::ReleasedBeforeRevoked).expect("found within 10 moves");
    // The scenario's members run the group's model (so the group view's model choice replays
    // it on another's), where the check names the seed on each.
    let inputs = |t: &crate::group::GroupTrace| {
        t.steps
            .iter()
            .map(|s| match s.input.clone() {
                GroupInput::AddMember {
                    name,
                    topics,
                    instance_id,
                    model: _,
                } => (
                    s.at,
                    GroupInput::AddMember {
                        name,
                        topics,
                        instance_id,
                        model: None,
                    },
                ),
                input => (s.at, input),
            })
            .collect::<Vec<_>>()
    };
    let trace = found.trace();
    assert_eq!(scenario.config.model, Model::Seed);
    assert_eq!(inputs(&scenario), inputs(&trace));
    assert_eq!(scenario.config, trace.config);
    assert_eq!(found.moves, 10);
}

/// The check at the anchor's bounds on `model`'s members, `depth` moves: the shortest schedule
/// that shows `hazard`, if one does.
fn shortest(model: Model, depth: usize, hazard: Hazard) -> Option<super::Found> {
    let mut explorer = Explorer::new(Bounds::anchor(model, depth));
    while !explorer.run(50_000) {}
    explorer
        .report()
        .found
        .into_iter()
        .find(|f| f.property == Property::Hazard(hazard))
}
