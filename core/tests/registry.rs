//! A model is a folder and one line (issue 46): the test-only model of the `test-model` feature
//! (`core/src/late_release/`, the seed with its release choice flipped) is added by its folder and
//! its line in `lib.rs`'s registry, and every list a view offers holds it: the member view's model
//! choice (`Model::ALL`), the review's pairs (`Pair::all`), a group's member models and the hunt.
//! Run by `make test-core` with the feature; without it this file is empty.
#![cfg(feature = "test-model")]

use kip848_core::compare::{Align, Pair, Review};
use kip848_core::group::{GroupConfig, GroupInput, GroupSim};
use kip848_core::hunt::Hunt;
use kip848_core::session::trace::Trace;
use kip848_core::{Effect, Machine, Millis, Model, Timeline};

fn scenario(id: &str) -> Trace {
    let path = format!(
        "{}/../assets/scenarios/{id}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    Trace::parse(&std::fs::read_to_string(path).expect("a scenario")).expect("valid")
}

#[test]
fn the_fourth_model_is_in_the_model_choice_and_every_pair() {
    assert_eq!(Model::ALL.len(), 4);
    assert_eq!(Model::parse("late_release"), Some(Model::LateRelease));
    let pairs = Pair::all();
    assert_eq!(pairs.len(), 6, "every two of four");
    for other in [Model::Seed, Model::Kafka, Model::Librdkafka] {
        let pair = Pair::of(other, Model::LateRelease).expect("a pair with the fourth model");
        assert_eq!(
            pair.right(),
            Model::LateRelease,
            "listed last, on the right"
        );
        assert_eq!(Pair::parse(&pair.as_str()), Some(pair));
    }
}

#[test]
fn the_fourth_model_plays_in_the_member_view_and_differs_from_the_seed_where_it_was_flipped() {
    // Scenario 03 revokes a partition: the seed releases it first, the variant after its callback.
    let seed = scenario("03-incremental-reassignment");
    let variant = Trace {
        model: Model::LateRelease,
        ..seed.clone()
    };
    let (a, b) = (Timeline::from_trace(seed), Timeline::from_trace(variant));
    assert!(
        b.results().iter().all(Result::is_ok),
        "every input accepted"
    );
    let order = |t: &Timeline| -> Vec<Effect> {
        (0..t.len())
            .flat_map(|i| t.effects_of(i).to_vec())
            .filter(|e| {
                matches!(
                    e,
                    Effect::RemoveFromAssigned { .. } | Effect::InvokeOnPartitionsRevoked { .. }
                )
            })
            .collect()
    };
    assert_ne!(order(&a), order(&b), "the release moved after the callback");
    assert_eq!(b.member().model(), Model::LateRelease);
}

#[test]
fn the_fourth_model_is_reviewed_beside_each_other_model() {
    let trace = scenario("05-fenced-mid-revocation");
    for other in [Model::Seed, Model::Kafka, Model::Librdkafka] {
        let pair = Pair::of(other, Model::LateRelease).expect("a pair");
        let review = Review::of(&trace, pair, Align::none());
        assert_eq!(review.rows.len(), trace.steps.len(), "{pair:?}");
    }
}

/// A two-member group of `model`'s members, a minute on: each member's model and member id.
fn group_of(model: Model) -> Vec<(Model, String)> {
    let mut config = GroupConfig {
        model,
        ..GroupConfig::default()
    };
    config.coordinator.topics = [("t".to_owned(), 4)].into();
    let mut sim = GroupSim::new(config);
    for (at, name) in [(0, "A"), (10, "B")] {
        sim.handle(
            Millis(at),
            &GroupInput::AddMember {
                name: name.to_owned(),
                topics: ["t".to_owned()].into(),
                instance_id: None,
                model: None,
            },
        )
        .expect("a member joins");
    }
    sim.handle(Millis(60_000), &GroupInput::Tick).expect("time");
    sim.members()
        .iter()
        .map(|m| (m.member.model(), m.facts.member_id.clone()))
        .collect()
}

#[test]
fn the_fourth_model_joins_a_group_and_the_hunt_runs_on_it() {
    let variant = group_of(Model::LateRelease);
    let seed = group_of(Model::Seed);
    assert!(variant.iter().all(|(m, _)| *m == Model::LateRelease));
    // Named by the coordinator, as the seed's members are (its descriptor says so).
    let ids = |g: &[(Model, String)]| g.iter().map(|(_, id)| id.clone()).collect::<Vec<_>>();
    assert_eq!(ids(&variant), ids(&seed));
    let mut hunt = Hunt::new(1, Model::LateRelease);
    hunt.run(200);
    assert_eq!(hunt.done, 200);
}

/// What the fourth model's descriptor says it allows is what the check finds of it: the late
/// release shuts the seed's two revocation windows, the others stay open.
#[test]
fn the_fourth_models_hazards_are_the_checks() {
    use kip848_core::check::{Bounds, Explorer, Property};
    use kip848_core::group::hazard::{Allowed, Hazard};
    let mut explorer = Explorer::new(Bounds::anchor(Model::LateRelease, 12));
    while !explorer.run(50_000) {}
    let report = explorer.report();
    for hazard in [Hazard::ReleasedBeforeRevoked, Hazard::CommitNotOwned] {
        assert_eq!(hazard.allowed(Model::LateRelease), Allowed::No);
        assert!(
            !report
                .found
                .iter()
                .any(|f| f.property == Property::Hazard(hazard)),
            "{hazard:?} found"
        );
    }
    assert_eq!(
        Hazard::ReleasedBeforeRevoked.allowed(Model::Seed),
        Allowed::Yes
    );
}
