//! The compare view's engine on the built-in scenarios: where the seed and the shipped client
//! differ, and why.

use kip848_core::compare::{compare, equivalent, Aspect};
use kip848_core::trace::Trace;
use kip848_core::{Input, Millis, StateName, Step};

fn scenario(name: &str) -> Trace {
    let path = format!(
        "{}/../assets/scenarios/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    Trace::parse(&std::fs::read_to_string(path).expect("scenario")).expect("valid")
}

#[test]
fn a_fence_differs_by_the_lost_callback_and_agrees_on_the_rest() {
    let rows = compare(&scenario("04-fenced-while-joined"));
    assert!(
        rows[2].differences.is_empty(),
        "JOINED and STABLE are the same place: {:?}",
        rows[2]
    );
    assert_eq!(rows[4].differences, vec![Aspect::Callbacks]);
    assert_eq!(
        rows[4].explanation.as_deref(),
        Some("The shipped client runs onPartitionsLost when it is fenced or fails; the seed clears the assigned set without callbacks.")
    );
    assert_eq!(
        (rows[4].seed.state, rows[4].kafka.state),
        (StateName::Joining, StateName::Joining)
    );
}

#[test]
fn the_auto_commit_and_the_leave_are_explained() {
    let rows = compare(&scenario("01-first-join"));
    assert!(rows[1]
        .explanation
        .as_deref()
        .is_some_and(|e| e.starts_with("The shipped client auto-commits every consumed offset")));
    let rows = compare(&scenario("09-static-member-leaves"));
    assert_eq!(rows[3].differences, vec![Aspect::State]);
    assert!(rows[3]
        .explanation
        .as_deref()
        .is_some_and(|e| e.contains("UNSUBSCRIBED as soon as the leave heartbeat is generated")));
    assert!(
        rows[4].differences.is_empty(),
        "TERMINATED and UNSUBSCRIBED after a leave"
    );
}

#[test]
fn an_input_only_the_shipped_client_has_is_explained_as_a_rejection() {
    let mut trace = scenario("02-steady-heartbeats");
    trace.steps.push(Step::new(Millis(9000), Input::Poll));
    let rows = compare(&trace);
    let last = rows.last().expect("a row");
    assert_eq!(last.differences, vec![Aspect::Acceptance]);
    assert_eq!(last.explanation.as_deref(), Some("The seed rejects it (poll is not an input of the seed model); the shipped client takes it."));
}

#[test]
fn manual_completions_diverge_and_say_why() {
    let rows = compare(&scenario("05-fenced-mid-revocation"));
    assert_eq!(rows[2].differences, vec![Aspect::State, Aspect::Callbacks]);
    assert!(
        rows[2]
            .explanation
            .as_deref()
            .is_some_and(|e| e
                .starts_with("The shipped client still waits on invoke_on_partitions_assigned")),
        "{:?}",
        rows[2].explanation
    );
}

#[test]
fn equivalence_follows_the_reference_mapping() {
    use StateName::*;
    for (s, k) in [
        (New, Unsubscribed),
        (Joined, Stable),
        (Assigning, Reconciling),
        (Assigning, Acknowledging),
        (Terminating, PrepareLeaving),
        (Terminated, Fatal),
    ] {
        assert!(equivalent(s, k), "{s} ~ {k}");
    }
    assert!(!equivalent(Joining, Fenced));
    assert!(!equivalent(Joined, Reconciling));
}
