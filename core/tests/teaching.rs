//! The teaching features' data: every quiz question has exactly one right answer and it is what
//! the replay says; the glossary defines every term the screen marks; every hint is accepted.
//!
//! Over 300 lines: the quiz, glossary, hints and lessons checked against the same replays.

use kip848_core::screen::hint::{next, Next};
use kip848_core::session::replay::replay_to_string;
use kip848_core::session::trace::Trace;
use kip848_core::teaching::glossary::{term_of, TERMS};
use kip848_core::teaching::quiz::{questions, quiz_steps, Topic};
use kip848_core::*;
use proptest::prelude::*;
use serde_json::Value;

#[path = "common/arb.rs"]
mod arb;

/// Checks every question of `timeline` against its replay.
fn check_quiz(timeline: &Timeline) -> Result<usize, String> {
    let replay: Vec<Value> = replay_to_string(timeline)
        .lines()
        .map(|l| serde_json::from_str(l).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let mut asked = 0;
    for step in quiz_steps(timeline) {
        let line = &replay[step - 1];
        for q in questions(timeline, step) {
            asked += 1;
            let at = format!("step {step} {:?}", q.topic);
            if q.answer >= q.choices.len() || q.choices.len() < 2 || q.choices.len() > 4 {
                return Err(format!(
                    "{at}: {} choices, answer {}",
                    q.choices.len(),
                    q.answer
                ));
            }
            for (i, c) in q.choices.iter().enumerate() {
                if q.choices[..i].contains(c) {
                    return Err(format!("{at}: {c} twice"));
                }
            }
            let right = &q.choices[q.answer];
            // The truth, read from the replay line rather than from the quiz's own code.
            let truth = |c: &String| -> bool {
                match q.topic {
                    Topic::NextState => Some(c.as_str()) == line["state"].as_str(),
                    Topic::Heartbeat => {
                        let hb = line["effects"]
                            .as_array()
                            .and_then(|es| es.iter().find(|e| e["effect"] == "send_heartbeat"));
                        hb.is_some_and(|hb| {
                            let full = if hb["full"] == true { "full" } else { "delta" };
                            c.starts_with(&format!("{full}, epoch {}, ", hb["member_epoch"]))
                                && (hb["owned"].is_null() == c.ends_with("owned not sent"))
                        })
                    }
                    Topic::Callbacks => {
                        let names: Vec<&str> = line["effects"]
                            .as_array()
                            .into_iter()
                            .flatten()
                            .filter_map(|e| e["effect"].as_str())
                            .filter(|n| n.starts_with("invoke_"))
                            .collect();
                        let said: Vec<String> = c
                            .split(" → ")
                            .filter(|p| *p != "No callback")
                            .map(|p| p.split('(').next().unwrap_or("").to_owned())
                            .collect();
                        let expected: Vec<String> = names
                            .iter()
                            .map(|n| {
                                // librdkafka's callbacks in Python's names.
                                let rdk = timeline.model() == Model::Librdkafka;
                                match (*n, rdk) {
                                    ("invoke_on_partitions_revoked", false) => {
                                        "onPartitionsRevoked"
                                    }
                                    ("invoke_on_partitions_assigned", false) => {
                                        "onPartitionsAssigned"
                                    }
                                    ("invoke_on_partitions_lost", false) => "onPartitionsLost",
                                    ("invoke_on_partitions_revoked", true) => "on_revoke",
                                    ("invoke_on_partitions_assigned", true) => "on_assign",
                                    ("invoke_on_partitions_lost", true) => "on_lost",
                                    _ => "onAssignment",
                                }
                                .to_owned()
                            })
                            .collect();
                        said == expected && (expected.is_empty() == (c == "No callback"))
                    }
                    Topic::Handover => false,
                }
            };
            if !truth(right) {
                return Err(format!(
                    "{at}: the right answer {right:?} is not what the replay says: {line}"
                ));
            }
            // Callbacks may share names (same calls, other partitions): only names are read here.
            if q.topic != Topic::Callbacks {
                if let Some(w) = q
                    .choices
                    .iter()
                    .enumerate()
                    .find(|(i, c)| *i != q.answer && truth(c))
                {
                    return Err(format!("{at}: wrong choice {:?} is also right", w.1));
                }
            }
            if q.rule.text.is_empty()
                || q.rule.sources.is_empty()
                || !q.explanation.starts_with(&format!("Step {step}: "))
            {
                return Err(format!("{at}: no rule or explanation"));
            }
        }
    }
    Ok(asked)
}

fn scenarios() -> Vec<(String, Trace)> {
    let dir = format!("{}/../assets/scenarios", env!("CARGO_MANIFEST_DIR"));
    let mut out: Vec<(String, Trace)> = std::fs::read_dir(dir)
        .expect("scenarios")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("a file");
            (
                p.display().to_string(),
                Trace::parse(&text).expect("a scenario"),
            )
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn every_built_in_scenario_has_questions_and_each_has_one_right_answer() {
    for (name, trace) in scenarios() {
        for model in Model::ALL {
            let mut trace = trace.clone();
            trace.model = model;
            let asked = check_quiz(&Timeline::from_trace(trace))
                .unwrap_or_else(|e| panic!("{name} ({model:?}): {e}"));
            assert!(asked > 0, "{name} ({model:?}) asks nothing");
        }
    }
}

#[test]
fn a_fence_asks_whether_any_callback_runs_and_offers_the_eager_rebalance_elsewhere() {
    let text = std::fs::read_to_string(format!(
        "{}/../assets/scenarios/05-fenced-mid-revocation.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("05");
    let timeline = Timeline::from_trace(Trace::parse(&text).expect("05"));
    let fence = questions(&timeline, 9);
    let q = fence
        .iter()
        .find(|q| q.topic == Topic::Callbacks)
        .expect("a callbacks question");
    assert_eq!(q.choices[q.answer], "No callback");
    assert!(
        q.choices.iter().any(|c| c.starts_with("onPartitionsLost(")),
        "the shipped client's answer is offered: {:?}",
        q.choices
    );
    assert!(q.rule.sources.contains(&"seed-5.5"));
    let target = questions(&timeline, 6);
    let q = target
        .iter()
        .find(|q| q.topic == Topic::Callbacks)
        .expect("a callbacks question");
    assert!(
        q.choices.iter().any(
            |c| c == "onPartitionsRevoked(orders-0, orders-1) → onPartitionsAssigned(orders-1)"
        ),
        "the classic eager rebalance: {:?}",
        q.choices
    );
}

#[test]
fn group_handover_questions_agree_with_what_the_group_then_does() {
    use kip848_core::group::quiz::group_questions;
    use kip848_core::group::{GroupTimeline, GroupTrace};
    let dir = format!("{}/../assets/group", env!("CARGO_MANIFEST_DIR"));
    let mut asked = 0;
    let mut places = std::collections::BTreeSet::new();
    for entry in std::fs::read_dir(dir).expect("group scenarios").flatten() {
        if entry.path().extension().is_none_or(|e| e != "json") {
            continue;
        }
        let text = std::fs::read_to_string(entry.path()).expect("a file");
        let timeline =
            GroupTimeline::from_trace(GroupTrace::parse(&text).expect("a group scenario"));
        let safe = timeline.trace().config.coordinator.wait_for_revocation;
        for q in group_questions(&timeline) {
            asked += 1;
            assert_eq!(q.choices.len(), 3);
            // No choice gives itself away by its length.
            let lengths: Vec<usize> = q.choices.iter().map(|c| c.chars().count()).collect();
            let (short, long) = (lengths.iter().min(), lengths.iter().max());
            assert!(
                long.zip(short).is_some_and(|(l, s)| l * 10 <= s * 11),
                "{}: choices of {lengths:?} characters",
                q.prompt
            );
            // With the safety rule on all along, the coordinator always waits; safety-off hands over at once.
            let switched = timeline.steps().iter().any(|s| {
                matches!(
                    s.input,
                    kip848_core::group::GroupInput::SetWaitForRevocation { .. }
                )
            });
            let right = &q.choices[q.answer];
            if safe && !switched {
                assert!(
                    right.starts_with("Only once the old owner has revoked"),
                    "{}: {}",
                    entry.path().display(),
                    q.prompt
                );
            }
            if safe && !switched {
                places.insert(q.answer);
            }
            // The right answer is what the group did: replay to the end and find the new owner's first holding.
            let mut t = timeline.clone();
            let (from, to, partition) = {
                let words: Vec<&str> = q.prompt.split_whitespace().collect();
                let moves = words.iter().position(|w| *w == "moves").expect("moves");
                (
                    words[moves + 3].to_owned(),
                    words[moves + 5].trim_end_matches(',').to_owned(),
                    words[moves + 1].to_owned(),
                )
            };
            let (topic, p) = partition.rsplit_once('-').expect("topic-partition");
            let p: u32 = p.parse().expect("a partition number");
            let mut verdict = None;
            for step in q.step..=t.len() {
                t.seek(step);
                let snap = t.sim().ownership();
                if let Some(h) = snap.get(&(topic.to_owned(), p)) {
                    if h.owners.contains(&to) {
                        verdict = Some(h.owners.contains(&from));
                        break;
                    }
                }
            }
            // At once while the old owner still holds it, or only after it let go.
            let at_once = right.starts_with("At once");
            assert_eq!(verdict, Some(at_once), "{}", q.prompt);
        }
    }
    assert!(
        asked >= 3,
        "the group scenarios ask {asked} handover questions"
    );
    // With the safety rule on, the right answer is not always in one place (it was always the first).
    assert!(
        places.len() > 1,
        "the right answer is always choice {places:?}"
    );
}

#[test]
fn every_term_the_screen_marks_has_a_definition() {
    // The screen marks a term with `<Term id="…">` (src/components/glossary.rs): scan the app.
    let mut used = Vec::new();
    let mut stack = vec![std::path::PathBuf::from(format!(
        "{}/../src",
        env!("CARGO_MANIFEST_DIR")
    ))];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src").flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("a source file");
                for (i, _) in text.match_indices("<Term id=\"") {
                    let rest = &text[i + 10..];
                    let id = rest.split('"').next().unwrap_or("");
                    used.push((path.display().to_string(), id.to_owned()));
                }
            }
        }
    }
    assert!(
        used.len() >= 12,
        "the screen marks only {} terms",
        used.len()
    );
    for (file, id) in &used {
        assert!(
            term_of(id).is_some(),
            "{file} marks {id:?}, which the glossary does not define"
        );
    }
    for t in TERMS {
        assert!(
            used.iter().any(|(_, id)| id == t.id),
            "{} is defined but never marked on screen",
            t.id
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..arb::cases() })]

    #[test]
    fn random_seed_sessions_ask_only_questions_the_replay_answers(config in arb::seed::arb_config(), steps in arb::seed::arb_steps()) {
        let steps = steps.into_iter().map(|(at, input)| Step::new(Millis(at), input)).collect();
        let timeline = Timeline::from_trace(Trace { config, steps, ..Trace::default() });
        check_quiz(&timeline).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn random_shipped_sessions_ask_only_questions_the_replay_answers(config in arb::kafka::arb_config(), steps in arb::kafka::arb_steps()) {
        let steps = steps.into_iter().map(|(at, input)| Step::new(Millis(at), input)).collect();
        let timeline = Timeline::from_trace(Trace { config, steps, model: Model::Kafka, ..Trace::default() });
        check_quiz(&timeline).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn every_hint_is_an_input_the_member_accepts(config in arb::kafka::arb_config(), steps in arb::kafka::arb_steps(), model in prop_oneof![Just(Model::Seed), Just(Model::Kafka), Just(Model::Librdkafka)]) {
        let steps = steps.into_iter().map(|(at, input)| Step::new(Millis(at), input)).collect();
        let timeline = Timeline::from_trace(Trace { config, steps, model, ..Trace::default() });
        for cursor in 0..=timeline.len() {
            let member = timeline.member_at(cursor);
            let hint = next(&member);
            if let Some((at, input)) = hint.next.input(&member) {
                let now = member.facts().now;
                let at = at.unwrap_or(now).max(now);
                prop_assert!(member.clone().handle(at, &input).is_ok(), "{:?} refused at {}: {:?}", hint.next, cursor, member.clone().handle(at, &input));
            } else {
                prop_assert_eq!(hint.next, Next::Done);
            }
        }
    }
}

#[test]
fn group_questions_do_not_depend_on_where_the_cursor_is() {
    use kip848_core::group::quiz::group_questions;
    use kip848_core::group::{GroupTimeline, GroupTrace};
    let text = std::fs::read_to_string(format!(
        "{}/../assets/group/slow-revoker.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("a file");
    let mut t = GroupTimeline::from_trace(GroupTrace::parse(&text).expect("a group scenario"));
    let at_end = group_questions(&t);
    t.seek(0);
    assert_eq!(group_questions(&t), at_end);
    assert!(!at_end.is_empty());
}
