//! Every scenario and golden trace is explained, and a difference no rule names is said so.

use crate::{check_groups, corpus, load, manifest};
use kip848_core::compare::{Align, Cause, Pair, Review};

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

/// Beside librdkafka too: the scenarios, the seed's and the Java client's golden traces, and
/// librdkafka's own (each made from a log of the running library).
#[test]
fn every_difference_beside_librdkafka_has_a_known_cause() {
    let mut all = corpus();
    all.extend(crate::jsons(
        &crate::manifest().join("tests/traces/librdkafka"),
    ));
    for pair in [Pair::SEED_LIBRDKAFKA, Pair::KAFKA_LIBRDKAFKA] {
        for path in &all {
            let review = Review::of(&load(path), pair, Align::none());
            if let Err(e) = check_groups(&review) {
                panic!("{} {pair:?}: {e}", path.display());
            }
            assert!(
                review.group(Cause::Unexplained).is_none(),
                "{} {pair:?}: {:?}",
                path.display(),
                review.group(Cause::Unexplained)
            );
        }
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
