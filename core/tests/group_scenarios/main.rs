//! The built-in group scenarios (assets/group) tell the story their descriptions tell: who owns
//! what when, and whether the alarm sounds. (The browser test plays the same files.) One test
//! binary with a module per kind of story: each binary is linked on its own, and links are what a
//! build of the tests spends its time on.

mod failures;
mod files;
mod rebalances;
mod static_members;

use kip848_core::group::chart::{rows, Row};
use kip848_core::group::{GroupTimeline, GroupTrace, Segment};

fn play(name: &str) -> GroupTimeline {
    let path = format!("{}/../assets/group/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the scenario file");
    let trace = GroupTrace::parse(&text).expect("a valid group trace");
    let timeline = GroupTimeline::from_trace(trace);
    for (i, refused) in timeline.results().iter().enumerate() {
        assert_eq!(refused, &Ok(()), "{name}: step {i} was refused");
    }
    timeline
}

fn chart(timeline: &GroupTimeline) -> Vec<Row> {
    let sim = timeline.sim();
    let rows = rows(sim.history(), sim.now());
    if std::env::var_os("SHOW_CHART").is_some() {
        for row in &rows {
            let spans: Vec<String> = row
                .spans
                .iter()
                .map(|s| format!("{}..{} {:?} {}", s.from.0, s.to.0, s.segment, s.label))
                .collect();
            eprintln!("{}-{}: {}", row.topic, row.partition, spans.join(" | "));
        }
    }
    rows
}

/// The segments a partition went through, in order, with their labels.
fn story(rows: &[Row], topic: &str, partition: u32) -> Vec<(Segment, String)> {
    rows.iter()
        .find(|r| r.topic == topic && r.partition == partition)
        .map(|r| {
            r.spans
                .iter()
                .map(|s| (s.segment, s.label.clone()))
                .collect()
        })
        .unwrap_or_default()
}

fn owners_at_end(timeline: &GroupTimeline) -> Vec<(String, usize)> {
    timeline
        .sim()
        .members()
        .iter()
        .filter(|m| m.alive)
        .map(|m| (m.name.clone(), m.facts.assigned.len()))
        .collect()
}

fn seg(segment: Segment, label: &str) -> (Segment, String) {
    (segment, label.to_owned())
}

/// The group after every step at or before `at` ms.
fn after(timeline: &GroupTimeline, at: u64) -> GroupTimeline {
    let steps = timeline.steps().iter().filter(|s| s.at.0 <= at).count();
    let mut then = timeline.clone();
    then.seek(steps);
    then
}
