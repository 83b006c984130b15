//! What the app does with the core at some point, and nothing else: parse both trace formats, fold
//! them to their end and back, write the log's sentences and the ownership chart, write a trace and
//! a share link out again. `core-page` runs it from a Leptos page, so that page is the smallest one
//! that can hold this core: the floor under the app's transfer size. `seed-page` holds only the seed
//! model's part ([`exercise_seed`]): the floor under a first load that fetched the rest lazily.

use kip848_core::group::chart;
use kip848_core::group::{GroupTimeline, GroupTrace};
use kip848_core::screen::narration::{describe_input, narrate_effects};
use kip848_core::session::link::{self, Shared};
use kip848_core::session::timeline::Timeline;
use kip848_core::session::trace::Trace;
use kip848_core::Member;

/// Runs `text` (a trace file of either format, or a share link) through the core. Returns a number
/// that depends on all of it, so the optimiser keeps all of it.
pub fn exercise(text: &str) -> usize {
    if GroupTrace::claims(text) {
        return match GroupTrace::parse(text) {
            Ok(trace) => {
                let mut timeline = GroupTimeline::from_trace(trace);
                timeline.seek(0);
                timeline.seek(timeline.len());
                let sim = timeline.sim();
                let rows = chart::rows(sim.history(), sim.now());
                timeline.trace().to_json().len() + rows.len() + sim.now().0 as usize
            }
            Err(e) => e.to_string().len(),
        };
    }
    let shared = match link::decode(text) {
        Ok(shared) => shared,
        Err(_) => match Trace::parse(text) {
            Ok(trace) => Shared {
                trace,
                step: 0,
                view: Default::default(),
            },
            Err(e) => return e.to_string().len(),
        },
    };
    let step = shared.step;
    let mut timeline = Timeline::from_trace(shared.trace.clone());
    timeline.seek(step.min(timeline.len()));
    timeline.seek(timeline.len());
    // The log's sentences for the last step, as the page writes them.
    let mut sentences = 0;
    if let (Some(step), Some(Ok(effects))) = (timeline.steps().last(), timeline.results().last()) {
        let before = timeline.member_at(timeline.len() - 1);
        sentences = describe_input(&step.input).len()
            + narrate_effects(&before, timeline.member(), &step.input, effects).len();
    }
    link::encode(&shared).len()
        + timeline.trace().to_json().len()
        + sentences
        + timeline.now().0 as usize
}

/// The least a first load showing the seed model can do: parse a member trace, run the seed
/// member over it, name its inputs and write the trace out again (no shipped client, no group
/// mode, no links).
pub fn exercise_seed(text: &str) -> usize {
    match Trace::parse(text) {
        Ok(trace) => {
            let mut member = Member::new(trace.config.clone());
            let mut effects = 0;
            for step in &trace.steps {
                if let Ok(out) = member.handle(step.at, &step.input) {
                    effects += out.len();
                }
            }
            let names: usize = trace
                .steps
                .iter()
                .map(|s| describe_input(&s.input).len())
                .sum();
            effects + names + trace.to_json().len()
        }
        Err(e) => e.to_string().len(),
    }
}
