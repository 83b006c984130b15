//! The console's helpers: drafts and quick actions, lint before send, narration, the application
//! lane.

mod common;

use common::*;
use kip848_core::screen::application::{spans, SpanStatus};
use kip848_core::screen::composer::*;
use kip848_core::screen::lint::{lint, Verdict};
use kip848_core::screen::narration::{describe_input, headline};
use kip848_core::*;

fn lint_of(h: &Harness, input: Input) -> (Verdict, String) {
    let l = lint(&h.member, h.now, &input);
    (l.verdict, l.message)
}

#[test]
fn the_routine_answer_keeps_the_epoch_and_the_assignment_and_the_new_one_moves_both() {
    let mut h = Harness::new(Config::default());
    assert_eq!(
        default_draft(&h.member),
        Draft::Success {
            member_id: DEFAULT_MEMBER_ID.into(),
            member_epoch: 1,
            heartbeat_interval_ms: DEFAULT_INTERVAL_MS,
            assignment: AssignmentDraft::Unchanged
        }
    );
    h.subscribe(&["orders"]);
    h.respond("m-9", 4, None);
    let Input::HeartbeatResponse(r) = default_draft(&h.member).to_input() else {
        panic!("a success")
    };
    assert_eq!(
        (
            r.member_id.as_str(),
            r.member_epoch,
            r.heartbeat_interval_ms,
            r.assignment
        ),
        ("m-9", 4, 1000, None)
    );
    // The other common answer: a new target, and the epoch moves with it.
    let r = kip848_core::screen::composer::new_assignment_answer(&h.member);
    assert_eq!(r.member_epoch, 5);
    assert_eq!(r.assignment.map(|a| a.len()), Some(1));
    assert_eq!(Draft::NoAnswer.to_input(), Input::HeartbeatFailed);
}

#[test]
fn quick_actions_edit_the_drafted_assignment() {
    let h = Harness::joined(Config::default(), set(&[("orders", &[0, 2])]));
    let now = same_as_now(&h.member);
    assert_eq!(now, set(&[("orders", &[0, 2])]));
    assert_eq!(
        add_next_partition(&h.member, &now),
        set(&[("orders", &[0, 1, 2])])
    );
    assert_eq!(revoke_one(&now), set(&[("orders", &[0])]));
    assert_eq!(revoke_one(&PartitionSet::new()), PartitionSet::new());
}

#[test]
fn lint_says_what_would_make_an_answer_possible_when_nothing_is_in_flight() {
    let h = Harness::new(Config::default());
    let (verdict, message) = lint_of(&h, response("m-1", 1, None));
    assert_eq!(verdict, Verdict::Waiting);
    assert_eq!(message, "Nothing to answer yet. The member is not in a group yet: the application subscribes, and the member sends a full heartbeat with epoch 0 to join.");
    let mut joined = Harness::joined(Config::default(), set(&[("orders", &[0])]));
    joined.at(20);
    let (verdict, message) = lint_of(&joined, response("m-1", 2, None));
    assert_eq!(verdict, Verdict::Waiting);
    assert!(
        message.starts_with("Nothing to answer yet. The member sends its next heartbeat at "),
        "{message}"
    );
}

#[test]
fn lint_flags_answers_no_coordinator_would_send() {
    let mut h = Harness::joined(Config::default(), set(&[("orders", &[0])]));
    h.at(1010);
    h.tick();
    let cases = [
        (
            response(ID, 0, None),
            Verdict::Rejected,
            "member_epoch >= 1",
        ),
        (
            response(ID, 1, Some(set(&[("orders", &[0])]))),
            Verdict::Normal,
            "Normal: JOINED → ASSIGNING, ASSIGNING → JOINED",
        ),
        (response(ID, 2, None), Verdict::Normal, "Normal: accepted"),
        (
            response(ID, 2, Some(set(&[("orders", &[0])]))),
            Verdict::Unusual,
            "same assignment with a new epoch",
        ),
        (
            response(ID, 2, Some(set(&[("payments", &[0])]))),
            Verdict::Unusual,
            "names payments",
        ),
        (
            response("m-2", 2, None),
            Verdict::Unusual,
            "different member id",
        ),
        (
            Input::HeartbeatError {
                code: ErrorCode::FencedInstanceId,
            },
            Verdict::Unusual,
            "static members",
        ),
        (
            Input::HeartbeatError {
                code: ErrorCode::from("WHAT"),
            },
            Verdict::Unusual,
            "treats it as fatal",
        ),
        (
            Input::HeartbeatError {
                code: ErrorCode::FencedMemberEpoch,
            },
            Verdict::Normal,
            "JOINED → JOINING",
        ),
    ];
    for (input, verdict, mentions) in cases {
        let (v, message) = lint_of(&h, input.clone());
        assert_eq!(v, verdict, "{input:?}: {message}");
        assert!(message.contains(mentions), "{input:?}: {message}");
    }
    h.respond(ID, 3, None);
    h.at(2020);
    h.tick();
    let (v, message) = lint_of(&h, response(ID, 2, None));
    assert_eq!(
        (v, message.as_str()),
        (
            Verdict::Unusual,
            "Unusual: the epoch goes down from 3 to 2; a coordinator never lowers it"
        )
    );
}

#[test]
fn lint_leaves_the_member_untouched() {
    let h = Harness::joined(Config::default(), set(&[("orders", &[0])]));
    let before = h.member.clone();
    lint(&h.member, Millis(5000), &Input::Close);
    assert_eq!(h.member, before);
}

#[test]
fn the_headline_of_a_fence_says_what_happens_in_words() {
    let mut h = Harness::joined(Config::default(), set(&[("orders", &[0])]));
    h.at(1010);
    h.tick();
    let before = h.member.clone();
    let input = Input::HeartbeatError {
        code: ErrorCode::FencedMemberEpoch,
    };
    let result = h.member.handle(h.now, &input);
    assert_eq!(
        headline(&before, &h.member, &input, &result),
        "Fenced (FENCED_MEMBER_EPOCH): assigned set cleared without callbacks, rejoining with epoch 0"
    );
}

#[test]
fn headlines_cover_joins_reconciliations_retries_and_rejections() {
    let mut h = Harness::new(Config::default());
    let step = |h: &mut Harness, input: Input| {
        let before = h.member.clone();
        let result = h.member.handle(h.now, &input);
        headline(&before, &h.member, &input, &result)
    };
    assert_eq!(
        step(&mut h, response("m-1", 1, None)),
        "Rejected: no heartbeat is in flight to answer"
    );
    assert_eq!(
        step(
            &mut h,
            Input::Subscribe {
                topics: ["orders".to_string()].into()
            }
        ),
        "Subscribed: JOINING, sending a full heartbeat with epoch 0"
    );
    assert_eq!(
        step(&mut h, Input::HeartbeatFailed),
        "Retriable: a full heartbeat will be retried at 100 ms"
    );
    h.at(100);
    assert_eq!(
        step(&mut h, Input::Tick),
        "Retry heartbeat sent (full, epoch 0, owned {})"
    );
    assert_eq!(
        step(&mut h, response("m-1", 1, Some(set(&[("orders", &[0])])))),
        "Joined the group as m-1 with epoch 1. New target orders-0: ASSIGNING, revocation first. Reconciled: back to JOINED owning orders-0"
    );
    assert_eq!(
        step(&mut h, Input::Close),
        "Closing: TERMINATING, revoking everything owned, then the leave heartbeat"
    );
    assert_eq!(
        step(&mut h, response("m-1", 1, None)),
        "Leave heartbeat sent with epoch -1"
    );
    assert_eq!(
        step(&mut h, response("", -1, None)),
        "Leave answered: left the group, TERMINATED"
    );
    assert_eq!(
        describe_input(&Input::HeartbeatFailed),
        "No answer: the heartbeat timed out"
    );
}

#[test]
fn the_application_lane_pairs_each_call_with_its_completion() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/traces/fenced-mid-revocation.json"
    ))
    .expect("trace");
    let timeline =
        Timeline::from_trace(kip848_core::session::trace::Trace::parse(&text).expect("valid"));
    let lane = spans(&timeline, timeline.len());
    let summary: Vec<(&str, usize, Option<usize>, SpanStatus)> = lane
        .iter()
        .map(|s| (s.call.name(), s.started, s.ended, s.status))
        .collect();
    assert_eq!(
        summary,
        vec![
            (
                "invoke_on_partitions_assigned",
                1,
                Some(2),
                SpanStatus::Completed(Outcome::Ok)
            ),
            (
                "commit_offsets",
                5,
                Some(6),
                SpanStatus::Completed(Outcome::Ok)
            ),
            (
                "invoke_on_partitions_revoked",
                6,
                Some(9),
                SpanStatus::Discarded(Outcome::Failed)
            ),
            (
                "invoke_on_partitions_assigned",
                11,
                None,
                SpanStatus::Pending
            ),
        ]
    );
    assert_eq!(lane[3].waiting, Some(StateName::Assigning));
    let earlier = spans(&timeline, 8);
    assert_eq!(earlier[2].status, SpanStatus::Pending);
    assert_eq!(earlier[2].waiting, Some(StateName::Assigning));
}

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

/// Every effect sentence of a built-in scenario, in order.
fn sentences(name: &str) -> Vec<String> {
    let path = format!(
        "{}/../assets/scenarios/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let trace = kip848_core::session::trace::Trace::parse(
        &std::fs::read_to_string(path).expect("the scenario"),
    )
    .expect("a valid scenario");
    effect_sentences(trace)
}

fn effect_sentences(trace: kip848_core::session::trace::Trace) -> Vec<String> {
    let timeline = kip848_core::session::timeline::Timeline::from_trace(trace);
    kip848_core::session::cursor::Cursor::all(&timeline)
        .filter_map(|c| timeline.frame(c).effect.map(|e| e.sentence))
        .collect()
}

/// Every member trace (scenarios and golden traces), on each model.
fn every_trace_on_both_models() -> Vec<(String, kip848_core::session::trace::Trace)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let dirs = ["../assets/scenarios", "tests/traces", "tests/traces/kafka"];
    let mut out = Vec::new();
    for dir in dirs {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(dir))
            .expect("a directory")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .collect();
        paths.sort();
        for path in paths {
            let text = std::fs::read_to_string(&path).expect("readable");
            let trace = kip848_core::session::trace::Trace::parse(&text).expect("valid");
            for model in Model::ALL {
                let mut on = trace.clone();
                on.model = model;
                out.push((format!("{} on {}", path.display(), model.as_str()), on));
            }
        }
    }
    out
}

/// No transition of either model falls back to a bare `FROM → TO`, and the shipped client is
/// never told in the seed's states or its "without callbacks".
#[test]
fn every_transition_of_both_models_has_a_sentence_in_its_own_words() {
    let seed_only = ["NEW", "JOINED", "ASSIGNING", "TERMINATING", "TERMINATED"];
    for (name, trace) in every_trace_on_both_models() {
        let model = trace.model;
        for sentence in effect_sentences(trace) {
            assert!(!sentence.contains(" → "), "{name}: {sentence}");
            if model == Model::Kafka {
                let words: Vec<&str> = sentence
                    .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                    .collect();
                for state in seed_only {
                    assert!(!words.contains(&state), "{name}: {sentence}");
                }
                assert!(
                    !sentence.contains("without callbacks"),
                    "{name}: {sentence}"
                );
            }
        }
    }
}

#[test]
fn the_shipped_clients_joins_and_clears_are_told_in_its_own_words() {
    // Scenario 17: a join from UNSUBSCRIBED, and a rejoin from STALE after onPartitionsLost.
    let stale = sentences("17-stale-member");
    assert_eq!(
        stale[0],
        "Subscribed and polled: JOINING, sending a full heartbeat with epoch 0"
    );
    let lost = stale
        .iter()
        .position(|s| s.starts_with("Invoking onPartitionsLost"))
        .expect("onPartitionsLost");
    assert_eq!(
        &stale[lost + 1..lost + 3],
        [
            "Cleared orders-0, orders-1 from the assigned set",
            "Polled again: rejoining, JOINING with epoch 0 and the same member id"
        ]
    );
    // Scenario 13: fenced, then onPartitionsLost, then the rejoin.
    let fenced = sentences("13-slow-revocation-fenced");
    assert!(fenced
        .iter()
        .any(|s| s == "Rejoining: JOINING with epoch 0 and the same member id"));
    assert!(!fenced.iter().any(|s| s.contains("without callbacks")));
    // The seed still clears without callbacks.
    assert!(sentences("04-fenced-while-joined")
        .iter()
        .any(|s| s == "Cleared orders-0, orders-1, orders-2 without callbacks"));
}
