//! The group's hazards and the hunt for them: each hazard is seen in a hand-written schedule and
//! not in a near-identical safe one; the hunt finds the seed design's released-before-revoked
//! window within 2,000 schedules and shrinks it to a few members and steps, the same way every
//! time; and a counterexample is a group trace that names the hazard at its step.

use kip848_core::group::hazard::{Allowed, Hazard};
use kip848_core::group::{GroupConfig, GroupInput, GroupTrace};
use kip848_core::hunt::{random, shrink, Hunt, Schedule};
use kip848_core::{Millis, Model, Outcome, PartitionSet};

fn add(name: &str, topics: &[&str]) -> GroupInput {
    GroupInput::AddMember {
        name: name.to_owned(),
        topics: topics.iter().map(|t| (*t).to_owned()).collect(),
        instance_id: None,
        model: None,
    }
}

fn delay(name: &str) -> GroupInput {
    GroupInput::DelayCallbacks {
        name: name.to_owned(),
        delayed: true,
    }
}

fn schedule(steps: Vec<(u64, GroupInput)>) -> Schedule {
    let mut config = GroupConfig::default();
    config.coordinator.topics = [("t".to_owned(), 4), ("u".to_owned(), 3)].into();
    Schedule {
        config,
        steps: steps.into_iter().map(|(at, i)| (Millis(at), i)).collect(),
    }
}

/// `steps` without the inputs `unsafe_step` says made it unsafe.
fn safe(
    steps: &[(u64, GroupInput)],
    unsafe_step: impl Fn(&GroupInput) -> bool,
) -> Vec<(u64, GroupInput)> {
    steps
        .iter()
        .filter(|(_, i)| !unsafe_step(i))
        .cloned()
        .collect()
}

fn seen(steps: Vec<(u64, GroupInput)>, hazard: Hazard) -> Option<usize> {
    schedule(steps).first(hazard).map(|(step, _)| step)
}

#[test]
fn each_hazard_shows_in_its_schedule_and_not_in_the_safe_twin() {
    // A owns t and u; D joins for u, and A's callbacks are slow: A revokes u-2, reports it released
    // in its next heartbeat, and the coordinator hands it to D before A's commit returns.
    let revoking = vec![
        (0, add("A", &["t", "u"])),
        (600, add("D", &["u"])),
        (2800, delay("A")),
        (11_500, GroupInput::Tick),
    ];
    let is_delay = |i: &GroupInput| matches!(i, GroupInput::DelayCallbacks { .. });
    for hazard in [Hazard::ReleasedBeforeRevoked, Hazard::CommitNotOwned] {
        assert_eq!(seen(revoking.clone(), hazard), Some(3), "{hazard:?}");
        assert_eq!(seen(safe(&revoking, is_delay), hazard), None, "{hazard:?}");
    }
    // While A still revokes toward the target of D's join (it heard of it at its heartbeat at
    // 5 s), C joins: the coordinator's target for A changes under the reconciliation that runs.
    let mut replaced = revoking.clone();
    replaced.insert(3, (6000, add("C", &["t"])));
    assert_eq!(seen(replaced.clone(), Hazard::StaleTarget), Some(4));
    assert_eq!(seen(safe(&replaced, is_delay), Hazard::StaleTarget), None);
    // A is fenced (its heartbeat at 10 s is answered FENCED_MEMBER_EPOCH) while its revocation runs.
    let fenced = vec![
        (0, add("A", &["t", "u"])),
        (600, add("D", &["u"])),
        (2800, delay("A")),
        (
            6000,
            GroupInput::InjectError {
                name: "A".to_owned(),
                code: kip848_core::ErrorCode::FencedMemberEpoch,
            },
        ),
        (11_500, GroupInput::Tick),
    ];
    assert!(seen(fenced.clone(), Hazard::FencedDuringCallback).is_some());
    assert_eq!(
        seen(safe(&fenced, is_delay), Hazard::FencedDuringCallback),
        None
    );
    // The safety rule off, and A does not hear of its new target: D and A own u-2 at once.
    let double = vec![
        (0, add("A", &["t", "u"])),
        (600, GroupInput::SetWaitForRevocation { on: false }),
        (
            700,
            GroupInput::Hold {
                name: "A".to_owned(),
                held: true,
            },
        ),
        (800, add("D", &["u"])),
        (3000, GroupInput::Tick),
    ];
    let is_off = |i: &GroupInput| matches!(i, GroupInput::SetWaitForRevocation { .. });
    assert!(seen(double.clone(), Hazard::DoubleOwnership).is_some());
    assert_eq!(seen(safe(&double, is_off), Hazard::DoubleOwnership), None);
    // The user, as the assignor, leaves t-3 to nobody: after the calm, it is still nobody's.
    let target = |parts: &[u32]| GroupInput::SetTarget {
        targets: [("A".to_owned(), PartitionSet::of([("t", parts)]))].into(),
    };
    let calm = 2 * 45_000 + 40_000;
    let orphan = vec![
        (0, add("A", &["t"])),
        (1000, target(&[0, 1, 2])),
        (calm, GroupInput::Tick),
    ];
    let whole = vec![
        (0, add("A", &["t"])),
        (1000, target(&[0, 1, 2, 3])),
        (calm, GroupInput::Tick),
    ];
    assert_eq!(seen(orphan, Hazard::OrphanAfterCalm), Some(2));
    assert_eq!(seen(whole, Hazard::OrphanAfterCalm), None);
}

#[test]
fn the_hunt_finds_the_seeds_released_before_revoked_window_and_shrinks_it() {
    let mut hunt = Hunt::new(1, Model::Seed);
    hunt.run(2000);
    let tally = hunt
        .tallies
        .iter()
        .find(|t| t.hazard == Hazard::ReleasedBeforeRevoked)
        .expect("tallied");
    assert!(tally.schedules > 0, "found within 2,000 schedules");
    let example = hunt
        .counterexample(Hazard::ReleasedBeforeRevoked)
        .expect("shrunk");
    assert!(
        example.schedule.members().len() <= 3,
        "{:?}",
        example.schedule
    );
    assert!(example.schedule.steps.len() <= 10, "{:?}", example.schedule);
    assert_eq!(
        example.step,
        example.schedule.steps.len() - 1,
        "cut at the hazard"
    );
    assert_eq!(
        Hazard::ReleasedBeforeRevoked.allowed(Model::Seed),
        Allowed::Yes
    );
    // Deterministic: the same seed shrinks to the same counterexample.
    let again = shrink(
        &random::schedule(1, example.index, Model::Seed),
        Hazard::ReleasedBeforeRevoked,
    );
    assert_eq!(again.as_ref(), Some(&example.schedule));
    // Nothing left out of it keeps the hazard: each step is needed.
    for i in 0..example.schedule.steps.len() {
        let mut less = example.schedule.clone();
        less.steps.remove(i);
        assert!(
            less.first(Hazard::ReleasedBeforeRevoked).is_none(),
            "step {i} is not needed"
        );
    }
    // The safety rule holds in every schedule: two owners at once is never seen.
    let double = hunt
        .tallies
        .iter()
        .find(|t| t.hazard == Hazard::DoubleOwnership)
        .expect("tallied");
    assert_eq!(double.schedules, 0);
}

#[test]
fn a_counterexample_is_a_group_trace_that_names_the_hazard_at_its_step() {
    let mut hunt = Hunt::new(1, Model::Seed);
    hunt.run(400);
    let example = hunt
        .counterexample(Hazard::ReleasedBeforeRevoked)
        .expect("found in 400");
    let trace = example.trace();
    let text = trace.to_json();
    let parsed = GroupTrace::parse(&text).expect("a valid group trace");
    assert_eq!(parsed, trace);
    let noted: Vec<usize> = trace
        .steps
        .iter()
        .enumerate()
        .filter(|(_, s)| s.note.is_some())
        .map(|(i, _)| i)
        .collect();
    assert_eq!(noted, vec![example.step]);
    let note = trace.steps[example.step]
        .note
        .as_deref()
        .unwrap_or_default();
    assert!(
        note.contains(Hazard::ReleasedBeforeRevoked.title()),
        "{note}"
    );
    assert!(trace
        .title
        .as_deref()
        .unwrap_or_default()
        .contains("Released before revoked"));
    let _ = Outcome::Ok;
}

/// The group scenario that shows the window is the hunt's own counterexample for seed 1, step for
/// step (only its words are written by hand): it stays what the hunt finds.
#[test]
fn the_released_before_revoked_scenario_is_the_hunts_counterexample() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../assets/group/hazard-released-before-revoked.json"
    );
    let scenario = GroupTrace::parse(&std::fs::read_to_string(path).expect("the scenario"))
        .expect("a group trace");
    let mut hunt = Hunt::new(1, Model::Seed);
    hunt.run(200);
    let example = hunt
        .counterexample(Hazard::ReleasedBeforeRevoked)
        .expect("found in the first 200 schedules");
    let inputs = |t: &GroupTrace| {
        t.steps
            .iter()
            .map(|s| (s.at, s.input.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(inputs(&scenario), inputs(&example.trace()));
    assert_eq!(scenario.config, example.schedule.config);
    let last = scenario
        .steps
        .last()
        .and_then(|s| s.note.as_deref())
        .unwrap_or_default();
    assert!(
        last.starts_with("Hazard — Released before revoked"),
        "{last}"
    );
}

/// The exported review takes the hunt along: a row per hazard, and each counterexample's group
/// trace as it would be saved.
#[test]
fn the_review_export_holds_the_hunts_table_and_its_counterexamples() {
    use kip848_core::compare::html::review_html_with;
    use kip848_core::compare::{Align, Review};
    use kip848_core::hunt::summary::Summary;
    let hunts: Vec<Hunt> = [Model::Seed, Model::Kafka]
        .into_iter()
        .map(|model| {
            let mut hunt = Hunt::new(1, model);
            hunt.run(200);
            hunt
        })
        .collect();
    let summary = Summary::of(&hunts);
    // A hazard the two disagree on leads the table (released before revoked, or a commit for a
    // partition given away: the seed's members show both in 200 schedules, the Java client's
    // neither; the designs' table, no longer, tells them apart).
    assert!(matches!(
        summary.rows[0].hazard,
        Hazard::ReleasedBeforeRevoked | Hazard::CommitNotOwned
    ));
    assert!(summary.rows[0].found[0].schedules > 0);
    assert_eq!(summary.rows[0].found[1].schedules, 0);
    let text = include_str!("../../assets/scenarios/05-fenced-mid-revocation.json");
    let trace = kip848_core::session::trace::Trace::parse(text).expect("scenario 05");
    let html = review_html_with(&trace, &Review::new(&trace, Align::none()), Some(&summary));
    let table = &html[html.find("<table id=\"hunt\">").expect("the hunt's table")..];
    assert_eq!(table.matches("<tr><td>").count(), Hazard::ALL.len());
    assert_eq!(table.matches("<th>").count(), 3, "a column per model");
    // Each counterexample's trace, unescaped, is the group trace itself.
    let pre = table
        .split("<pre>")
        .nth(1)
        .and_then(|p| p.split("</pre>").next())
        .expect("a trace");
    let json = pre
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    let parsed = GroupTrace::parse(&json).expect("a group trace");
    assert!(parsed
        .title
        .as_deref()
        .unwrap_or_default()
        .starts_with("Counterexample: "));
    assert!(html.ends_with("</body></html>\n"));
    assert!(!html.contains("<script"));
}
