//! Narration: a step's headline, and every effect told in its model's own words.

use crate::common::*;
use kip848_core::screen::narration::{describe_input, headline};
use kip848_core::*;

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
