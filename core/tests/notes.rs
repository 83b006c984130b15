//! Per-model notes: a step's `note` narrates it on every model unless `notes` says otherwise for
//! one (`"notes": {"kafka": "…"}`, or `null` to say nothing there). Old traces stay valid; the
//! built-in scenarios say on the shipped client what the shipped client does.

use kip848_core::compare::{align, Align, Pair};
use kip848_core::session::timeline::Timeline;
use kip848_core::session::trace::Trace;
use kip848_core::{Cursor, Model};
use std::path::{Path, PathBuf};

const TRACE: &str = r#"{
  "format": "kip848-trace/1",
  "steps": [
    {"at": 0, "input": "subscribe", "topics": ["orders"], "note": "Both join."},
    {"at": 10, "input": "tick", "note": "Seed only.", "notes": {"kafka": null}},
    {"at": 20, "input": "tick", "note": "The seed's words.", "notes": {"kafka": "The shipped client's words."}},
    {"at": 30, "input": "tick", "notes": {"kafka": "Only the shipped client says something here."}}
  ]
}"#;

fn scenarios() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/scenarios");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the scenarios")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    paths.sort();
    paths
}

fn load(path: &Path) -> Trace {
    Trace::parse(&std::fs::read_to_string(path).expect("readable")).expect("valid")
}

#[test]
fn a_step_says_something_else_or_nothing_on_one_model() {
    let trace = Trace::parse(TRACE).expect("valid");
    let said =
        |model| -> Vec<Option<&str>> { trace.steps.iter().map(|s| s.note_for(model)).collect() };
    assert_eq!(
        said(Model::Seed),
        vec![
            Some("Both join."),
            Some("Seed only."),
            Some("The seed's words."),
            None
        ]
    );
    assert_eq!(
        said(Model::Kafka),
        vec![
            Some("Both join."),
            None,
            Some("The shipped client's words."),
            Some("Only the shipped client says something here.")
        ]
    );
    assert!(!trace.steps[1].is_noted_for(Model::Kafka));
}

#[test]
fn notes_round_trip_and_traces_without_them_are_written_as_before() {
    let trace = Trace::parse(TRACE).expect("valid");
    let json = trace.to_json();
    assert_eq!(Trace::parse(&json).expect("its own output"), trace);
    assert!(json.contains(r#""kafka": null"#), "{json}");
    for path in scenarios() {
        let trace = load(&path);
        let again = Trace::parse(&trace.to_json()).expect("round trip");
        assert_eq!(again, trace, "{}", path.display());
    }
    let plain = Trace::parse(
        r#"{"format": "kip848-trace/1", "steps": [{"at": 0, "input": "tick", "note": "n"}]}"#,
    )
    .expect("valid");
    assert!(!plain.to_json().contains("notes"));
}

#[test]
fn a_wrong_note_names_its_step_and_field() {
    let cases = [
        (r#"{"group": "x"}"#, "notes.group", "not a model"),
        (r#"{"kafka": " "}"#, "notes.kafka", "cannot be empty"),
        (r#"{"kafka": 3}"#, "notes.kafka", "null to hide"),
        (r#""x""#, "notes", "expected a map"),
    ];
    for (notes, field, message) in cases {
        let text = format!(
            r#"{{"format": "kip848-trace/1", "steps": [{{"at": 0, "input": "tick"}}, {{"at": 1, "input": "tick", "notes": {notes}}}]}}"#
        );
        let e = Trace::parse(&text).expect_err(notes);
        assert_eq!((e.step, e.field.as_deref()), (Some(1), Some(field)), "{e}");
        assert!(e.message.contains(message), "{e}");
    }
    let long = "x".repeat(kip848_core::session::limits::MAX_TEXT_CHARS + 1);
    let text = format!(
        r#"{{"format": "kip848-trace/1", "steps": [{{"at": 0, "input": "tick", "notes": {{"seed": "{long}"}}}}]}}"#
    );
    let e = Trace::parse(&text).expect_err("too long");
    assert_eq!(e.field.as_deref(), Some("notes.seed"));
}

/// The screen's note (the frame's and the timeline's) is the one for the model on screen.
#[test]
fn the_note_on_screen_follows_the_model() {
    let path = scenarios()
        .into_iter()
        .find(|p| p.ends_with("05-fenced-mid-revocation.json"))
        .expect("scenario 05");
    let trace = load(&path);
    let seed = trace.steps[8].note.clone().expect("a seed note");
    assert!(seed.contains("cleared without a callback"));
    for model in Model::ALL {
        let mut on = trace.clone();
        on.model = model;
        let mut timeline = Timeline::from_trace(on);
        timeline.seek(9);
        let expected = trace.steps[8].note_for(model);
        assert_eq!(timeline.note(), expected);
        let frame = timeline.frame(Cursor::end_of(&timeline, 9));
        assert_eq!(frame.note.as_deref(), expected);
    }
    assert!(trace.steps[8]
        .note_for(Model::Kafka)
        .is_some_and(|n| n.contains("onPartitionsLost")));
}

/// librdkafka says only what a scenario wrote for it: a Java-worded note never narrates its steps.
#[test]
fn librdkafka_says_only_its_own_notes() {
    let trace = Trace::parse(TRACE).expect("valid");
    assert!(trace
        .steps
        .iter()
        .all(|s| s.note_for(Model::Librdkafka).is_none()));
    for path in scenarios() {
        let trace = load(&path);
        for step in &trace.steps {
            let own = step.notes.get(&Model::Librdkafka).cloned().flatten();
            assert_eq!(
                step.note_for(Model::Librdkafka),
                own.as_deref(),
                "{}",
                path.display()
            );
        }
    }
}

/// On each model no built-in scenario names a state only the other model has, and every step the
/// model rejects says why.
#[test]
fn the_built_in_scenarios_speak_for_each_model() {
    let seed_only = ["NEW", "JOINED", "ASSIGNING", "TERMINATING", "TERMINATED"];
    let shipped_only = [
        "UNSUBSCRIBED",
        "RECONCILING",
        "ACKNOWLEDGING",
        "STABLE",
        "FENCED",
        "PREPARE_LEAVING",
        "LEAVING",
        "FATAL",
        "STALE",
    ];
    for path in scenarios() {
        for (model, foreign) in [
            (Model::Seed, &shipped_only[..]),
            (Model::Kafka, &seed_only[..]),
        ] {
            let mut trace = load(&path);
            trace.model = model;
            let timeline = Timeline::from_trace(trace.clone());
            for (i, step) in trace.steps.iter().enumerate() {
                let note = step.note_for(model).unwrap_or_default();
                let at = format!("{} step {i} on {}", path.display(), model.as_str());
                for &state in foreign {
                    let named = note
                        .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                        .any(|w| w == state);
                    assert!(!named, "{at} names {state}: {note}");
                }
                if timeline.results()[i].is_err() {
                    assert!(
                        note.starts_with("Rejected"),
                        "{at} is rejected without a word: {note:?}"
                    );
                }
            }
        }
    }
}

/// A model the compare engine had to adjust narrates nothing from there on: its notes were
/// written for the trace as it is, not for the aligned run.
#[test]
fn an_aligned_run_keeps_its_notes_only_until_its_first_adjustment() {
    let path = scenarios()
        .into_iter()
        .find(|p| p.ends_with("05-fenced-mid-revocation.json"))
        .expect("scenario 05");
    let trace = load(&path);
    let aligned = align(&trace, Pair::SEED_KAFKA, &Align::none());
    let kafka = aligned.trace(Model::Kafka);
    let first = kip848_core::compare::compare(&trace)
        .iter()
        .position(|row| !row.right.adjustments.is_empty())
        .expect("scenario 05 adjusts the shipped client (its onPartitionsLost)");
    assert!(first > 1, "the notes before it are kept: {first}");
    for (kept, written) in kafka.steps[..first].iter().zip(&trace.steps) {
        assert_eq!((&kept.note, &kept.notes), (&written.note, &written.notes));
    }
    assert!(kafka.steps[first..]
        .iter()
        .all(|s| s.note.is_none() && s.notes.is_empty()));
    assert_eq!(aligned.trace(Model::Seed).steps, trace.steps);
}

/// A scenario plays on a model when every refusal there is narrated and nothing is left waiting;
/// the page asks before loading one that does not.
#[test]
fn a_scenario_plays_on_a_model_only_to_its_end() {
    use kip848_core::teaching::fit::{fit, Fit};
    // Joined with a callback pending and no completion in the script: it waits forever.
    let waits = Trace::parse(
        r#"{"format": "kip848-trace/1", "config": {"auto_complete": false}, "steps": [
            {"at": 0, "input": "subscribe", "topics": ["orders"]},
            {"at": 10, "input": "heartbeat_response", "member_id": "m", "member_epoch": 1, "heartbeat_interval_ms": 3000, "assignment": {"orders": [0]}}
        ]}"#,
    )
    .expect("valid");
    for model in [Model::Seed, Model::Librdkafka] {
        assert!(
            matches!(fit(&waits, model), Fit::Waits { .. }),
            "{model:?}: {:?}",
            fit(&waits, model)
        );
        let why = fit(&waits, model).why_not(model).expect("a reason");
        assert!(why.contains("forever"), "{why}");
    }
    // A completion with nothing to complete is refused; unnarrated it stops the scenario, and a
    // "Rejected: …" note on that model makes it part of the story.
    let refused = |note: &str| {
        Trace::parse(&format!(
            r#"{{"format": "kip848-trace/1", "steps": [
                {{"at": 0, "input": "subscribe", "topics": ["orders"]}},
                {{"at": 10, "input": "completed", "outcome": "ok"{note}}}
            ]}}"#
        ))
        .expect("valid")
    };
    assert_eq!(fit(&refused(""), Model::Seed), Fit::Refuses { step: 2 });
    assert_eq!(
        fit(
            &refused(r#", "note": "Rejected: nothing runs.""#),
            Model::Seed
        ),
        Fit::Plays
    );
    assert_eq!(
        fit(
            &refused(r#", "notes": {"kafka": "Rejected: nothing runs."}"#),
            Model::Seed
        ),
        Fit::Refuses { step: 2 }
    );
    // Every built-in scenario plays on the model it was written for, and the first walkthrough on
    // every model (it opens on the model in view).
    for path in scenarios() {
        let trace = load(&path);
        assert_eq!(fit(&trace, trace.model), Fit::Plays, "{}", path.display());
        if path.ends_with("01-first-join.json") {
            for model in Model::ALL {
                assert_eq!(fit(&trace, model), Fit::Plays, "{model:?}");
            }
        }
    }
}
