//! The design review: every difference between the seed and the shipped client grouped by its
//! root cause, most important first, and *Align* switches that each remove one.

#[path = "common/arb.rs"]
mod arb;

use kip848_core::compare::{Align, Cause, Group, Review, Switch};
use kip848_core::session::trace::Trace;
use kip848_core::{Millis, Model, Step};
use proptest::prelude::*;
use std::path::{Path, PathBuf};

fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn load(path: &Path) -> Trace {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Trace::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn scenario(name: &str) -> Trace {
    load(&manifest().join(format!("../assets/scenarios/{name}.json")))
}

fn golden(name: &str) -> Trace {
    load(&manifest().join(format!("tests/traces/{name}.json")))
}

fn jsons(dir: &Path) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    paths
}

/// Every built-in scenario and every member golden trace (seed and shipped).
fn corpus() -> Vec<PathBuf> {
    let mut all = jsons(&manifest().join("../assets/scenarios"));
    all.extend(jsons(&manifest().join("tests/traces")));
    all.extend(jsons(&manifest().join("tests/traces/kafka")));
    all
}

fn steps_of(review: &Review, cause: Cause) -> Vec<usize> {
    review
        .group(cause)
        .map(|g| g.steps.clone())
        .unwrap_or_default()
}

fn differing(review: &Review) -> Vec<usize> {
    review
        .rows
        .iter()
        .filter(|r| !r.differences.is_empty())
        .map(|r| r.index)
        .collect()
}

#[test]
fn scenario_05_puts_on_partitions_lost_first_and_the_auto_commit_after_it() {
    let review = Review::new(&scenario("05-fenced-mid-revocation"), Align::none());
    let summary: Vec<(Cause, usize, Vec<usize>)> = review
        .groups
        .iter()
        .map(|g| (g.cause, g.first, g.steps.clone()))
        .collect();
    assert_eq!(
        summary,
        vec![
            (Cause::OnPartitionsLost, 8, vec![8]),
            (Cause::AutoCommit, 1, vec![1, 5, 10]),
        ]
    );
    let lost = &review.groups[0];
    assert_eq!(lost.why, Cause::OnPartitionsLost.why());
    assert_eq!(lost.source.seed, ["seed-5.5", "seed-5.8"]);
    assert_eq!(lost.source.shipped, ["client-fenced", "client-lost"]);
    assert_eq!(lost.switch, Some(Switch::LostCallback));
    assert_eq!(
        review.rows[8].explanation.as_deref(),
        Some(Cause::OnPartitionsLost.why())
    );
    assert_eq!(review.differing(), 4);
}

/// Each known cause explains exactly the steps where it shows, and nothing else.
#[test]
fn a_known_cause_explains_exactly_its_steps() {
    let cases: Vec<(Trace, Cause, Vec<usize>)> = vec![
        (
            scenario("04-fenced-while-joined"),
            Cause::OnPartitionsLost,
            vec![4],
        ),
        (scenario("08-fatal-error"), Cause::OnPartitionsLost, vec![4]),
        (
            scenario("09-static-member-leaves"),
            Cause::LeaveEndsWhenSent,
            vec![3],
        ),
        (
            scenario("09-static-member-leaves"),
            Cause::CloseInApplication,
            vec![],
        ),
        (
            scenario("12-open-question-yes"),
            Cause::HeartbeatBetweenRevokeAndAssign,
            vec![6],
        ),
        (
            scenario("11-open-question-no"),
            Cause::HeartbeatBetweenRevokeAndAssign,
            vec![],
        ),
        (
            scenario("14-lost-instead-of-revoked"),
            Cause::AssignedAlwaysCalled,
            vec![4],
        ),
        (
            scenario("14-lost-instead-of-revoked"),
            Cause::OnPartitionsLost,
            vec![7],
        ),
        (
            scenario("17-stale-member"),
            Cause::SeedRejectsInput,
            vec![5],
        ),
        (
            scenario("17-stale-member"),
            Cause::StaleMember,
            vec![10, 11, 12, 13, 14, 15],
        ),
        (
            golden("newer-assignment-during-reconciliation"),
            Cause::ClientAssignor,
            vec![1, 2, 10, 11, 14, 15],
        ),
        (
            golden("rejected-inputs"),
            Cause::ClientGeneratedMemberId,
            vec![4, 5],
        ),
        (
            golden("rejected-inputs"),
            Cause::JoiningUntilAssignment,
            vec![6, 7],
        ),
        (golden("fatal-error"), Cause::TerminatedIsFinal, vec![3]),
        (
            golden("kafka/testListenerCallbacksThrowsErrorOnPartitionsRevoked"),
            Cause::FailedCallbackRetried,
            vec![6],
        ),
        (
            golden("kafka/testHeartbeatResponseOnErrorHandling"),
            Cause::RetryAtOnce,
            vec![7, 8, 9],
        ),
        (
            golden("kafka/pollSendsTheJoinDespiteTheBackoff"),
            Cause::RetryAtOnce,
            vec![3, 4, 5, 6, 7, 8, 9],
        ),
        (
            golden("kafka/testPollTimerExpiration"),
            Cause::LocalEpochAcknowledged,
            vec![2],
        ),
        (
            golden("kafka/testMemberKeepsUnresolvedAssignmentWaitingForMetadataUntilResolved"),
            Cause::TopicNamesResolved,
            vec![0, 2, 3],
        ),
        (
            golden("kafka/testReconcilePartitionsRevokedWithSuccessfulAutoCommitNoCallbacks"),
            Cause::NoListener,
            vec![1],
        ),
    ];
    for (trace, cause, steps) in cases {
        let review = Review::new(&trace, Align::none());
        assert_eq!(
            steps_of(&review, cause),
            steps,
            "{cause} in {:?}: {:?}",
            trace.title,
            review.groups
        );
    }
}

/// Groups are ordered by importance, each lists its steps in order from the first, every
/// differing step is in at least one, and no step that agrees is in any.
fn check_groups(review: &Review) -> Result<(), String> {
    let causes: Vec<Cause> = review.groups.iter().map(|g| g.cause).collect();
    if !causes.windows(2).all(|w| w[0] < w[1]) {
        return Err(format!("groups out of order: {causes:?}"));
    }
    for Group {
        cause,
        first,
        steps,
        why,
        ..
    } in &review.groups
    {
        if steps.first() != Some(first) || !steps.windows(2).all(|w| w[0] < w[1]) {
            return Err(format!("{cause}: first {first}, steps {steps:?}"));
        }
        if *why != cause.why() {
            return Err(format!("{cause}: its why"));
        }
    }
    for row in &review.rows {
        let groups: Vec<&Group> = review
            .groups
            .iter()
            .filter(|g| g.steps.contains(&row.index))
            .collect();
        match (row.differences.is_empty(), groups.first()) {
            (true, None) => {}
            (true, Some(g)) => {
                return Err(format!("step {} agrees but is in {}", row.index, g.cause))
            }
            (false, None) => {
                return Err(format!(
                    "step {} differs and is explained by none",
                    row.index
                ))
            }
            // The row's line is its most important cause's.
            (false, Some(g)) if row.explanation.as_deref() != Some(g.why) => {
                return Err(format!(
                    "step {}: explanation {:?}",
                    row.index, row.explanation
                ))
            }
            (false, Some(_)) => {}
        }
    }
    Ok(())
}

#[test]
fn every_difference_of_the_scenarios_and_golden_traces_has_a_known_cause() {
    for path in corpus() {
        let review = Review::new(&load(&path), Align::none());
        if let Err(e) = check_groups(&review) {
            panic!("{}: {e}", path.display());
        }
        assert!(
            review.group(Cause::Unexplained).is_none(),
            "{}: {:?}",
            path.display(),
            review.group(Cause::Unexplained)
        );
    }
}

#[test]
fn an_unexplained_difference_is_said_so_and_listed_first() {
    let review = Review::new(
        &load(&manifest().join("tests/review/unexplained.json")),
        Align::none(),
    );
    check_groups(&review).expect("grouped");
    let first = review.groups.first().expect("a group");
    assert_eq!(
        (first.cause, first.steps.clone()),
        (Cause::Unexplained, vec![7])
    );
    assert_eq!(first.switch, None);
}

#[test]
fn each_switch_removes_its_cause_and_leaves_the_others() {
    let trace = scenario("05-fenced-mid-revocation");
    let commits = Review::new(&trace, Align::none().with(Switch::AutoCommit));
    assert!(commits.group(Cause::AutoCommit).is_none());
    assert_eq!(steps_of(&commits, Cause::OnPartitionsLost), vec![8]);
    assert_eq!(differing(&commits), vec![8]);
    assert!(commits.align.is_on(Switch::AutoCommit));
    let lost = Review::new(&trace, Align::none().with(Switch::LostCallback));
    assert!(lost.group(Cause::OnPartitionsLost).is_none());
    assert_eq!(steps_of(&lost, Cause::AutoCommit), vec![1, 5, 10]);
    assert_eq!(differing(&lost), vec![1, 5, 10]);
    assert_eq!(
        differing(&Review::new(&trace, Align::all())),
        Vec::<usize>::new()
    );
    for path in corpus() {
        let trace = load(&path);
        for switch in Switch::ALL {
            let review = Review::new(&trace, Align::none().with(switch));
            assert!(
                review.group(switch.cause()).is_none(),
                "{} with {switch:?}",
                path.display()
            );
        }
    }
}

/// What no switch removes, on the built-in scenarios: the differences a reviewer cannot wave away.
#[test]
fn with_every_switch_on_only_the_causes_without_a_switch_remain() {
    let remaining: Vec<(String, Vec<Cause>)> = jsons(&manifest().join("../assets/scenarios"))
        .iter()
        .map(|path| {
            let review = Review::new(&load(path), Align::all());
            let name = path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default()
                .to_owned();
            (
                name,
                review.groups.iter().map(|g| g.cause).collect::<Vec<_>>(),
            )
        })
        .filter(|(_, causes)| !causes.is_empty())
        .collect();
    let expected: Vec<(String, Vec<Cause>)> = vec![
        (
            "09-static-member-leaves".into(),
            vec![Cause::LeaveEndsWhenSent],
        ),
        (
            "10-close-while-assigning".into(),
            vec![Cause::CloseInApplication, Cause::AcknowledgingState],
        ),
        (
            "12-open-question-yes".into(),
            vec![Cause::HeartbeatBetweenRevokeAndAssign],
        ),
        (
            "17-stale-member".into(),
            vec![Cause::StaleMember, Cause::SeedRejectsInput],
        ),
    ];
    assert_eq!(remaining, expected);
}

#[test]
fn causes_are_listed_in_their_documented_order_with_a_source_and_at_most_one_switch() {
    assert!(Cause::ALL.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(Cause::ALL[0], Cause::Unexplained);
    assert_eq!(Cause::ALL[1], Cause::OnPartitionsLost);
    for cause in Cause::ALL.into_iter().skip(1) {
        let source = cause.source();
        let seed_model = |id: &&str| id.starts_with("seed-");
        assert!(
            !source.seed.is_empty() && source.seed.iter().all(seed_model),
            "{cause}"
        );
        assert!(!source.shipped.is_empty(), "{cause}");
        assert!(
            source
                .shipped
                .iter()
                .all(|id| !seed_model(id) && kip848_core::teaching::sources::source(id).is_some()),
            "{cause}"
        );
        assert!(cause.why().ends_with('.'), "{cause}");
    }
    for switch in Switch::ALL {
        assert_eq!(switch.cause().switch(), Some(switch));
    }
}

fn session(
    model: Model,
    config: kip848_core::Config,
    steps: Vec<(u64, kip848_core::Input)>,
) -> Trace {
    Trace {
        model,
        config,
        steps: steps
            .into_iter()
            .map(|(at, input)| Step::new(Millis(at), input))
            .collect(),
        ..Trace::default()
    }
}

fn fewer_cases() -> ProptestConfig {
    // A review replays the trace up to ten times; a tenth of the usual cases keeps it quick.
    let mut config = arb::cases();
    config.cases = (config.cases / 10).max(100);
    config
}

proptest! {
    #![proptest_config(fewer_cases())]

    #[test]
    fn random_seed_sessions_are_reviewed_whole(
        config in arb::seed::arb_config(), steps in arb::seed::arb_steps(), switches in proptest::sample::subsequence(Switch::ALL.to_vec(), 0..=4)
    ) {
        let trace = session(Model::Seed, config, steps);
        let review = Review::new(&trace, switches.into_iter().collect());
        check_groups(&review).map_err(TestCaseError::fail)?;
        prop_assert_eq!(review.clone(), Review::new(&trace, review.align.clone()));
    }

    #[test]
    fn random_shipped_sessions_are_reviewed_whole(
        config in arb::kafka::arb_config(), steps in arb::kafka::arb_steps(), switches in proptest::sample::subsequence(Switch::ALL.to_vec(), 0..=4)
    ) {
        let trace = session(Model::Kafka, config, steps);
        let review = Review::new(&trace, switches.into_iter().collect());
        check_groups(&review).map_err(TestCaseError::fail)?;
        for switch in review.align.iter() {
            prop_assert!(review.group(switch.cause()).is_none());
        }
    }
}
