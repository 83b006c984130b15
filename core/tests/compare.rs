//! The compare view's engine on the built-in scenarios: where the seed and the shipped client
//! differ, and why; and how a `completed` keeps one meaning on both (`compare::align`).

use kip848_core::compare::{
    align, compare, equivalent, Adjustment, Align, Aspect, Cause, Pair, Work,
};
use kip848_core::session::timeline::Timeline;
use kip848_core::session::trace::Trace;
use kip848_core::{
    Effect, Input, InputKind, Millis, Model, PartitionSet, Rejected, StateName, Step,
};

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
        (rows[4].left.state, rows[4].right.state),
        (StateName::Joining, StateName::Joining)
    );
}

#[test]
fn the_auto_commit_and_the_leave_are_explained() {
    // The first reconciliation owns nothing, so its auto-commit is skipped; the second commits.
    let rows = compare(&scenario("01-first-join"));
    assert!(rows.iter().all(|row| row.explanation.is_none()), "{rows:?}");
    let rows = compare(&scenario("03-incremental-reassignment"));
    assert!(rows[5]
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
    assert_eq!(
        last.left.rejected,
        Some(Rejected::NotInModel {
            input: InputKind::Poll
        })
    );
    assert_eq!(
        last.explanation.as_deref(),
        Some(Cause::SeedRejectsInput.why())
    );
}

/// Scenario 05 waits for the application (`auto_complete` off). Its first reconciliation owns
/// nothing, so the shipped client skips the auto-commit and the completions line up as written;
/// only its onPartitionsLost, which the seed does not have, completes by itself when aligned.
#[test]
fn the_shipped_client_follows_scenario_05_where_the_script_means_it() {
    let trace = scenario("05-fenced-mid-revocation");
    let rows = compare(&trace);
    for row in &rows {
        assert_eq!(row.left.rejected, None, "seed, step {}", row.index);
        assert_eq!(row.right.rejected, None, "shipped, step {}", row.index);
        assert!(row.left.adjustments.is_empty(), "the seed runs as written");
    }
    let by_itself = |i: usize| -> Vec<Work> {
        rows[i]
            .right
            .adjustments
            .iter()
            .map(|a| match a {
                Adjustment::CompletedByItself { work, .. } | Adjustment::Skipped { work } => *work,
            })
            .collect()
    };
    assert_eq!(by_itself(9), vec![Work::Lost]);
    let adjusted: Vec<usize> = (0..rows.len())
        .filter(|&i| !rows[i].right.adjustments.is_empty())
        .collect();
    assert_eq!(adjusted, vec![9]);
    // Step 2 completes onPartitionsAssigned on both, and both acknowledge.
    assert!(rows[2].differences.is_empty(), "{:?}", rows[2]);
    assert!(rows[3].differences.is_empty(), "{:?}", rows[3]);
    // The revocation's commit is shared: the completion at step 6 finishes it on both.
    assert_eq!(
        rows[6].right.callbacks,
        vec![Effect::InvokeOnPartitionsRevoked {
            partitions: PartitionSet::of([("orders", &[0][..])])
        }]
    );
}

/// A trace written for the shipped client keeps its meaning too: the seed skips the completions
/// the script gives the shipped client's own work, and every other input goes to both.
#[test]
fn the_seed_skips_the_completions_of_work_only_the_shipped_client_has() {
    let trace = scenario("13-slow-revocation-fenced");
    let rows = compare(&trace);
    let skipped: Vec<(usize, Work)> = rows
        .iter()
        .flat_map(|row| {
            row.left.adjustments.iter().filter_map(move |a| match a {
                Adjustment::Skipped { work } => Some((row.index, *work)),
                Adjustment::CompletedByItself { .. } => None,
            })
        })
        .collect();
    assert_eq!(skipped, vec![(16, Work::Lost), (18, Work::AssignedNothing)]);
    for row in &rows {
        assert_eq!(row.left.rejected, None, "step {}", row.index);
        assert!(
            row.right.adjustments.is_empty(),
            "the shipped client runs as written"
        );
    }
}

/// Each model's inputs after alignment are a trace of their own, which replays to exactly its
/// side of every row: the screen can show either model effect by effect.
#[test]
fn each_models_aligned_trace_replays_to_its_side_of_every_row() {
    for path in scenario_paths() {
        let trace =
            Trace::parse(&std::fs::read_to_string(&path).expect("readable")).expect("valid");
        let aligned = align(&trace, Pair::SEED_KAFKA, &Align::none());
        assert_eq!(
            aligned.trace(trace.model).steps,
            trace.steps,
            "{}",
            path.display()
        );
        // The review's two sides: the seed design and the Java client.
        for model in [Model::Seed, Model::Kafka] {
            let timeline = Timeline::from_trace(aligned.trace(model).clone());
            for (index, (seed, kafka)) in aligned.pairs.iter().enumerate() {
                let side = if model == Model::Seed { seed } else { kafka };
                let replayed: Vec<Effect> = side
                    .steps
                    .clone()
                    .flat_map(|i| timeline.effects_of(i).to_vec())
                    .collect();
                assert_eq!(
                    replayed,
                    side.effects,
                    "{} step {index} on {}",
                    path.display(),
                    model.as_str()
                );
            }
        }
    }
}

fn scenario_paths() -> Vec<std::path::PathBuf> {
    let dir = format!("{}/../assets/scenarios", env!("CARGO_MANIFEST_DIR"));
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("the scenarios")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    paths.sort();
    paths
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
