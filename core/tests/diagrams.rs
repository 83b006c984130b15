//! The state diagrams against what the app shows and what the repository carries: every
//! transition a frame can highlight (built-in scenarios and random sessions, both models) has an
//! edge and a way to pulse along; the README's SVGs are what `kip848-diagram` prints today.

use kip848_core::screen::diagram::{layout, to_svg, Theme};
use kip848_core::session::timeline::Timeline;
use kip848_core::session::trace::{Step, Trace};
use kip848_core::*;
use proptest::prelude::*;
use std::process::Command;

#[path = "common/arb.rs"]
mod arb;

/// Every transition the timeline's frames highlight is drawn, and has a way from its state.
fn every_shown_transition_is_drawn(timeline: &Timeline) -> Result<(), String> {
    let diagram = layout(timeline.model());
    for cursor in Cursor::all(timeline) {
        let Some(edge) = timeline.frame(cursor).edge else {
            continue;
        };
        if diagram.edge_for(edge.from, edge.to).is_none()
            || diagram.way(edge.from, edge.to).is_none()
        {
            return Err(format!("{} → {} is not drawn", edge.from, edge.to));
        }
    }
    Ok(())
}

#[test]
fn every_transition_of_every_built_in_scenario_is_drawn_on_both_models() {
    let dir = format!("{}/../assets/scenarios", env!("CARGO_MANIFEST_DIR"));
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("the scenarios")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    paths.sort();
    assert!(paths.len() >= 12);
    for path in paths {
        let text = std::fs::read_to_string(&path).expect("readable");
        for model in Model::ALL {
            let mut trace = Trace::parse(&text).expect("a valid scenario");
            trace.model = model;
            every_shown_transition_is_drawn(&Timeline::from_trace(trace))
                .unwrap_or_else(|e| panic!("{} on {}: {e}", path.display(), model.as_str()));
        }
    }
}

fn session(model: Model, config: Config, steps: Vec<(u64, Input)>) -> Timeline {
    let steps = steps
        .into_iter()
        .map(|(at, input)| Step::new(Millis(at), input))
        .collect();
    Timeline::from_trace(Trace {
        config,
        model,
        steps,
        ..Trace::default()
    })
}

proptest! {
    #![proptest_config(arb::cases())]

    #[test]
    fn every_transition_of_a_seed_session_is_drawn(
        config in arb::seed::arb_config(), steps in arb::seed::arb_steps()
    ) {
        every_shown_transition_is_drawn(&session(Model::Seed, config, steps))
            .map_err(TestCaseError::fail)?;
    }

    #[test]
    fn every_transition_of_a_shipped_client_session_is_drawn(
        config in arb::kafka::arb_config(), steps in arb::kafka::arb_steps()
    ) {
        every_shown_transition_is_drawn(&session(Model::Kafka, config, steps))
            .map_err(TestCaseError::fail)?;
    }
}

/// The README shows these files; regenerate them with
/// `cargo run --bin kip848-diagram -- seed > assets/screenshots/diagram-seed.svg` (and `kafka`).
#[test]
fn the_readme_diagrams_are_the_layouts_of_today() {
    for model in Model::ALL {
        let path = format!(
            "{}/../assets/screenshots/diagram-{}.svg",
            env!("CARGO_MANIFEST_DIR"),
            model.as_str()
        );
        let file = std::fs::read_to_string(&path).expect("the README's diagram");
        let now = to_svg(&layout(model), None, None, Theme::Auto);
        assert!(file == now, "{path} is out of date: regenerate it");
    }
}

#[test]
fn kip848_diagram_prints_the_svg_and_refuses_what_the_model_does_not_allow() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_kip848-diagram"))
            .args(args)
            .output()
            .expect("runs")
    };
    let out = run(&[
        "kafka",
        "--theme",
        "dark",
        "--current",
        "fenced",
        "--fired",
        "STABLE,FENCED",
    ]);
    assert!(out.status.success());
    let svg = to_svg(
        &layout(Model::Kafka),
        Some(StateName::Fenced),
        Some((StateName::Stable, StateName::Fenced)),
        Theme::Dark,
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), svg);
    let refused = run(&["seed", "--fired", "NEW,JOINED"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("does not allow NEW → JOINED"));
    assert_eq!(run(&["both"]).status.code(), Some(2));
}
