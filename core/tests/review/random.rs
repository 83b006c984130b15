//! Random sessions on both models are reviewed whole: grouped, repeatable, and without the causes
//! their switches remove.

use crate::{arb, check_groups};
use kip848_core::compare::{Pair, Review, Switch};
use kip848_core::Model;
use proptest::prelude::*;

proptest! {
    #![proptest_config(arb::tenth_of_cases())]

    #[test]
    fn random_seed_sessions_are_reviewed_whole(
        config in arb::seed::arb_config(), steps in arb::seed::arb_steps(), switches in proptest::sample::subsequence(Switch::ALL.to_vec(), 0..=4)
    ) {
        let trace = arb::trace_of(Model::Seed, config, steps);
        let review = Review::new(&trace, switches.into_iter().collect());
        check_groups(&review).map_err(TestCaseError::fail)?;
        prop_assert_eq!(review.clone(), Review::new(&trace, review.align.clone()));
    }

    #[test]
    fn random_shipped_sessions_are_reviewed_whole(
        config in arb::kafka::arb_config(), steps in arb::kafka::arb_steps(), switches in proptest::sample::subsequence(Switch::ALL.to_vec(), 0..=4)
    ) {
        let trace = arb::trace_of(Model::Kafka, config, steps);
        let review = Review::new(&trace, switches.into_iter().collect());
        check_groups(&review).map_err(TestCaseError::fail)?;
        for switch in review.align.iter() {
            prop_assert!(review.group(switch.cause()).is_none());
        }
    }

    #[test]
    fn random_sessions_of_any_model_are_reviewed_whole_on_every_pair(
        model in proptest::sample::select(Model::ALL.to_vec()),
        config in arb::kafka::arb_config(), steps in arb::kafka::arb_steps(),
        switches in proptest::sample::subsequence(Switch::ALL.to_vec(), 0..=4)
    ) {
        let trace = arb::trace_of(model, config, steps);
        for pair in Pair::all() {
            let review = Review::of(&trace, pair, switches.iter().copied().collect());
            check_groups(&review).map_err(TestCaseError::fail)?;
            prop_assert_eq!(review.rows.len(), trace.steps.len());
            prop_assert_eq!(&review, &Review::of(&trace, pair, review.align.clone()));
            // A switch that does not apply to the pair is not on.
            prop_assert_eq!(review.align.clone(), review.align.for_pair(pair));
            for switch in review.align.iter() {
                prop_assert!(review.group(switch.cause_in(pair)).is_none());
            }
        }
    }
}
