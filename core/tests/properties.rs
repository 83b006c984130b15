//! The invariants of seed model §6, checked after every input of random sequences (with random
//! configurations, and rejected inputs included), plus determinism and trace round trips.

use kip848_core::session::trace::Trace;
use kip848_core::*;
use proptest::prelude::*;

#[path = "common/arb.rs"]
mod arb;
use arb::cases;
use arb::seed::{arb_config, arb_steps};

#[path = "properties/shadow.rs"]
mod shadow;
use shadow::Shadow;

proptest! {
    #![proptest_config(cases())]

    #[test]
    fn every_invariant_holds_after_every_input(config in arb_config(), steps in arb_steps()) {
        let mut member = Member::new(config);
        let mut shadow = Shadow::new(&member);
        for (at, input) in &steps {
            let before = member.clone();
            let result = member.handle(Millis(*at), input);
            if let Err(e) = shadow.check(&before, input, &result, &member) {
                return Err(TestCaseError::fail(format!("after {input:?} at {at}: {e}")));
            }
        }
    }

    #[test]
    fn the_application_lane_has_one_outstanding_span_per_awaited_completion(
        config in arb_config(), steps in arb_steps()
    ) {
        let steps = steps.into_iter().map(|(at, input)| Step::new(Millis(at), input)).collect();
        let timeline = Timeline::from_trace(Trace { config, steps, ..Trace::default() });
        let lane = kip848_core::screen::application::spans(&timeline, timeline.len());
        use kip848_core::screen::application::SpanStatus::{Abandoned, Pending};
        let pending: Vec<_> = lane.iter().filter(|s| s.status == Pending).collect();
        let abandoned = lane.iter().filter(|s| s.status == Abandoned).count();
        let member = timeline.member();
        prop_assert_eq!(abandoned, member.facts().owed_to_abandoned as usize);
        prop_assert_eq!(pending.len(), usize::from(member.facts().awaiting.is_some()));
        let facts = member.facts();
        prop_assert_eq!(pending.first().map(|s| &s.call), facts.awaiting.as_ref());
    }

    #[test]
    fn replaying_the_same_inputs_gives_the_same_effects_and_states_byte_for_byte(
        config in arb_config(), steps in arb_steps()
    ) {
        let run = |config: &Config| {
            let mut member = Member::new(config.clone());
            let mut log = String::new();
            for (at, input) in &steps {
                let result = member.handle(Millis(*at), input);
                log.push_str(&format!("{result:?} {member:?}\n"));
            }
            log
        };
        prop_assert_eq!(run(&config), run(&config));
    }

    #[test]
    fn a_trace_survives_export_and_import(config in arb_config(), steps in arb_steps()) {
        let trace = Trace {
            model: Model::Seed,
            title: Some("t".into()),
            description: None,
            sources: vec!["seed-5.4".into()],
            config,
            steps: steps.into_iter().map(|(at, input)| Step::new(Millis(at), input)).collect(),
        };
        prop_assert_eq!(Trace::parse(&trace.to_json()), Ok(trace));
    }

    #[test]
    fn the_timeline_at_any_cursor_is_the_fold_of_the_steps_before_it(
        steps in arb_steps(), cursor in 0usize..70
    ) {
        let mut timeline = Timeline::new(Config::default());
        let mut member = Member::new(Config::default());
        let mut members = vec![member.clone()];
        for (at, input) in steps {
            let expected = member.handle(Millis(at), &input);
            prop_assert_eq!(timeline.act(Millis(at), input), expected.clone());
            if expected.is_ok() {
                members.push(member.clone());
            }
        }
        timeline.seek(cursor);
        let index = cursor.min(members.len() - 1);
        let expected = AnyMember::from(members[index].clone());
        prop_assert_eq!(timeline.member(), &expected);
        prop_assert_eq!(&timeline.member_at(index), &expected);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    /// Long sessions cross several checkpoints: seeking anywhere, then acting (a fork), must agree
    /// with a fold from the start.
    #[test]
    fn seeking_and_forking_across_checkpoints_agrees_with_a_fold(
        config in arb_config(),
        chunks in proptest::collection::vec(arb_steps(), 10..24),
        seeks in proptest::collection::vec(any::<proptest::sample::Index>(), 1..6),
    ) {
        let mut at = 0;
        let mut steps = Vec::new();
        for chunk in chunks {
            let base = at;
            for (t, input) in chunk {
                at = base + t;
                steps.push(Step::new(Millis(at), input));
            }
        }
        let trace = Trace { config: config.clone(), steps, ..Trace::default() };
        let mut timeline = Timeline::from_trace(trace);
        for seek in seeks {
            let cursor = seek.index(timeline.len() + 1);
            timeline.seek(cursor);
            let folded = timeline.fold(cursor, |_, _, _, _| {});
            prop_assert_eq!(timeline.member(), &folded);
            // The member before the cursor's step (what a frame observes the step from).
            if let Some(before) = cursor.checked_sub(1) {
                prop_assert_eq!(timeline.member_at(before), timeline.fold(before, |_, _, _, _| {}));
            }
            let fork = timeline.act(Millis(at + 1), Input::Tick);
            if fork.is_ok() {
                prop_assert_eq!(timeline.len(), cursor + 1);
                prop_assert_eq!(timeline.member(), &timeline.fold(cursor + 1, |_, _, _, _| {}));
                prop_assert_eq!(timeline.member_at(cursor), timeline.fold(cursor, |_, _, _, _| {}));
            }
        }
    }
}
