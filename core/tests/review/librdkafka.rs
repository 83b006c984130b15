//! Reviews beside librdkafka: each of its causes on the scenario that shows it, at the steps where
//! the two sides' own data show it, and the one switch that applies.

use crate::{scenario, steps_of};
use kip848_core::compare::{Align, Cause, Pair, Review, Side, Switch};
use kip848_core::protocol::effect::Effect;
use kip848_core::protocol::input::Input;
use kip848_core::protocol::state::StateName;

const SEED: Pair = Pair::SEED_LIBRDKAFKA;
const KAFKA: Pair = Pair::KAFKA_LIBRDKAFKA;

fn calls_lost(side: &Side) -> bool {
    side.callbacks
        .iter()
        .chain(&side.awaiting)
        .any(|e| matches!(e, Effect::InvokeOnPartitionsLost { .. }))
}

fn calls_empty_assign(side: &Side) -> bool {
    side.callbacks.iter().chain(&side.awaiting).any(
        |e| matches!(e, Effect::InvokeOnPartitionsAssigned { partitions } if partitions.is_empty()),
    )
}

#[test]
fn each_librdkafka_cause_explains_the_steps_where_it_shows() {
    let cases: [(&str, Pair, Cause, Vec<usize>); 10] = [
        (
            "04-fenced-while-joined",
            SEED,
            Cause::LibrdkafkaLost,
            vec![4],
        ),
        (
            "05-fenced-mid-revocation",
            SEED,
            Cause::LibrdkafkaLost,
            vec![8, 9],
        ),
        (
            "05-fenced-mid-revocation",
            SEED,
            Cause::LibrdkafkaEmptyAssign,
            vec![9],
        ),
        (
            "06-new-assignment-during-reconciliation",
            SEED,
            Cause::LibrdkafkaOneAtATime,
            vec![10, 11, 12, 13, 15],
        ),
        (
            "07-retriable-backoff",
            SEED,
            Cause::LibrdkafkaRetryTiming,
            vec![10],
        ),
        ("08-fatal-error", SEED, Cause::LibrdkafkaFatal, vec![4]),
        (
            "09-static-member-leaves",
            SEED,
            Cause::LibrdkafkaLeave,
            vec![3, 4],
        ),
        (
            "12-open-question-yes",
            SEED,
            Cause::HeartbeatBetweenRevokeAndAssign,
            vec![6],
        ),
        (
            "15-unsupported-version-on-join",
            KAFKA,
            Cause::LibrdkafkaFatal,
            vec![1],
        ),
        (
            "18-librdkafka-revoke-then-empty-assign",
            SEED,
            Cause::LibrdkafkaEmptyAssign,
            vec![8],
        ),
    ];
    for (id, pair, cause, steps) in cases {
        let trace = scenario(id);
        let review = Review::of(&trace, pair, Align::none());
        assert_eq!(
            steps_of(&review, cause),
            steps,
            "{id} {pair:?}: {:?}",
            review.groups
        );
        // The first step shows it in the sides' own data, not only in the rules' say-so.
        let first = &review.rows[steps[0]];
        let (o, r) = (&first.left, &first.right);
        let shown = match cause {
            // on_lost, or the fence waiting behind the callback that runs.
            Cause::LibrdkafkaLost => {
                (calls_lost(r) && !calls_lost(o))
                    || (r.awaiting.is_some() && o.state == StateName::Joining)
            }
            Cause::LibrdkafkaEmptyAssign => calls_empty_assign(r) && !calls_empty_assign(o),
            Cause::LibrdkafkaOneAtATime => {
                r.state == StateName::Steady && o.state != StateName::Joined
            }
            Cause::LibrdkafkaFatal => {
                matches!(trace.steps[steps[0]].input, Input::HeartbeatError { .. })
                    && r.state == StateName::Init
                    && r.member_epoch == 0
            }
            Cause::LibrdkafkaLeave => o.member_epoch < 0 && r.member_epoch == 0,
            Cause::LibrdkafkaRetryTiming | Cause::HeartbeatBetweenRevokeAndAssign => {
                o.rejected.is_some() != r.rejected.is_some()
            }
            _ => false,
        };
        assert!(shown, "{id} {pair:?} {cause}: {o:?} / {r:?}");
    }
}

#[test]
fn leaving_commits_out_removes_librdkafkas_own_commit_cause_and_the_java_switches_do_not_apply() {
    let trace = scenario("05-fenced-mid-revocation");
    let review = Review::of(&trace, SEED, Align::none());
    assert_eq!(
        steps_of(&review, Cause::LibrdkafkaCommitsItself),
        vec![5, 6]
    );
    assert_eq!(
        review
            .group(Cause::LibrdkafkaCommitsItself)
            .and_then(|g| g.switch),
        Some(Switch::AutoCommit)
    );
    let aligned = Review::of(&trace, SEED, Align::none().with(Switch::AutoCommit));
    assert!(aligned.group(Cause::LibrdkafkaCommitsItself).is_none());
    assert!(aligned.group(Cause::LibrdkafkaLost).is_some());
    // onPartitionsLost off would bring the Java client toward the seed, not toward librdkafka.
    let kafka = Review::of(&trace, KAFKA, Align::all());
    assert_eq!(kafka.align, [Switch::AutoCommit].into_iter().collect());
    let seed = Review::of(&trace, SEED, Align::all());
    assert_eq!(
        seed.align,
        [Switch::AutoCommit, Switch::ClientAssignor]
            .into_iter()
            .collect()
    );
}

#[test]
fn the_seed_and_java_pair_is_the_review_it_always_was() {
    for id in [
        "03-incremental-reassignment",
        "05-fenced-mid-revocation",
        "17-stale-member",
    ] {
        let trace = scenario(id);
        assert_eq!(
            Review::new(&trace, Align::none()),
            Review::of(&trace, Pair::SEED_KAFKA, Align::none())
        );
    }
}
