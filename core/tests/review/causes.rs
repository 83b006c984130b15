//! Each cause: the steps it explains, its source on both sides, its switch.

use crate::{golden, scenario, steps_of};
use kip848_core::compare::{Align, Cause, Pair, Review, Switch};
use kip848_core::session::trace::Trace;

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
            (Cause::AutoCommit, 5, vec![5]),
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
    assert_eq!(review.differing(), 2);
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
            vec![4],
        ),
        (
            scenario("17-stale-member"),
            Cause::StaleMember,
            vec![9, 10, 11, 12, 13, 14],
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
            golden("kafka/heartbeatErrorsRetriedFencedOrFatal"),
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

#[test]
fn causes_are_listed_in_their_documented_order_with_a_source_and_at_most_one_switch() {
    assert!(Cause::ALL.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(Cause::ALL[0], Cause::Unexplained);
    assert_eq!(Cause::ALL[1], Cause::OnPartitionsLost);
    let exists = |id: &&str| kip848_core::teaching::sources::source(id).is_some();
    for cause in Cause::ALL.into_iter().skip(1) {
        let source = cause.source();
        let seed_model = |id: &&str| id.starts_with("seed-");
        let librdkafka = |id: &&str| id.starts_with("rdk-") || id.starts_with("cfk-");
        assert!(
            !source.seed.is_empty() && source.seed.iter().all(seed_model),
            "{cause}"
        );
        assert!(
            source
                .shipped
                .iter()
                .all(|id| !seed_model(id) && !librdkafka(id) && exists(id)),
            "{cause}"
        );
        assert!(
            source
                .librdkafka
                .iter()
                .all(|id| librdkafka(id) && exists(id)),
            "{cause}"
        );
        // A cause of the librdkafka pairs cites librdkafka; the others, the Java client.
        if cause.as_str().starts_with("librdkafka_") {
            assert!(!source.librdkafka.is_empty(), "{cause}");
        } else {
            assert!(!source.shipped.is_empty(), "{cause}");
        }
        assert!(cause.why().ends_with('.'), "{cause}");
    }
    for pair in Pair::all() {
        for switch in Switch::ALL
            .into_iter()
            .filter(|s| Align::all().for_pair(pair).is_on(*s))
        {
            assert_eq!(switch.cause_in(pair).switch(pair), Some(switch), "{pair:?}");
        }
    }
}
