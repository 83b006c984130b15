//! The synthetic sessions the benchmarks time: if one were refused or dull, the timings would
//! measure the wrong thing.

use kip848_core::*;

#[test]
fn the_synthetic_workload_is_long_varied_and_fully_accepted() {
    let trace = kip848_core::session::workload::session(2000);
    assert_eq!(trace.steps.len(), 2000);
    let timeline = Timeline::from_trace(trace);
    assert!(timeline.results().iter().all(Result::is_ok));
    let kinds: std::collections::BTreeSet<&str> = timeline
        .steps()
        .iter()
        .map(|s| s.input.kind().as_str())
        .collect();
    assert_eq!(kinds.len(), 6, "{kinds:?}");
    let fences = timeline
        .results()
        .iter()
        .flatten()
        .flatten()
        .filter(|e| {
            matches!(
                e,
                Effect::Transition {
                    to: StateName::Joining,
                    ..
                }
            )
        })
        .count();
    assert!(fences > 5, "{fences} fences");
}

#[test]
fn the_reassignment_workload_moves_every_partition() {
    let (mut member, moving) = kip848_core::session::workload::reassignment(100);
    assert_eq!(member.assigned().len(), 100);
    let effects = member.handle(Millis(1010), &moving).expect("accepted");
    assert_eq!(member.assigned().len(), 100);
    assert!(member.assigned().topics().all(|(t, _)| t == "to"));
    assert_eq!(effects.iter().filter(|e| e.awaits_completion()).count(), 3);
}
