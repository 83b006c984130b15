//! The design review: every difference between the seed and the shipped client grouped by its
//! root cause, most important first, and *Align* switches that each remove one. One test binary
//! with a module per topic: each binary is linked on its own, and links are what a build of the
//! tests spends its time on.

#[path = "../common/arb.rs"]
mod arb;

mod causes;
mod corpus;
mod librdkafka;
mod random;
mod switches;

use kip848_core::compare::{Cause, Group, Review};
use kip848_core::session::trace::Trace;
use std::path::{Path, PathBuf};

fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn load(path: &Path) -> Trace {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Trace::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn scenario(name: &str) -> Trace {
    load(&manifest().join(format!("../assets/scenarios/{name}.json")))
}

fn golden(name: &str) -> Trace {
    load(&manifest().join(format!("tests/traces/{name}.json")))
}

fn jsons(dir: &Path) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    paths
}

/// Every built-in scenario and every member golden trace (seed and shipped).
fn corpus() -> Vec<PathBuf> {
    let mut all = jsons(&manifest().join("../assets/scenarios"));
    all.extend(jsons(&manifest().join("tests/traces")));
    all.extend(jsons(&manifest().join("tests/traces/kafka")));
    all
}

fn steps_of(review: &Review, cause: Cause) -> Vec<usize> {
    review
        .group(cause)
        .map(|g| g.steps.clone())
        .unwrap_or_default()
}

fn differing(review: &Review) -> Vec<usize> {
    review
        .rows
        .iter()
        .filter(|r| !r.differences.is_empty())
        .map(|r| r.index)
        .collect()
}

/// Groups are ordered by importance, each lists its steps in order from the first, every
/// differing step is in at least one, and no step that agrees is in any.
fn check_groups(review: &Review) -> Result<(), String> {
    let causes: Vec<Cause> = review.groups.iter().map(|g| g.cause).collect();
    if !causes.windows(2).all(|w| w[0] < w[1]) {
        return Err(format!("groups out of order: {causes:?}"));
    }
    for Group {
        cause,
        first,
        steps,
        why,
        ..
    } in &review.groups
    {
        if steps.first() != Some(first) || !steps.windows(2).all(|w| w[0] < w[1]) {
            return Err(format!("{cause}: first {first}, steps {steps:?}"));
        }
        if *why != cause.why() {
            return Err(format!("{cause}: its why"));
        }
    }
    for row in &review.rows {
        let groups: Vec<&Group> = review
            .groups
            .iter()
            .filter(|g| g.steps.contains(&row.index))
            .collect();
        match (row.differences.is_empty(), groups.first()) {
            (true, None) => {}
            (true, Some(g)) => {
                return Err(format!("step {} agrees but is in {}", row.index, g.cause))
            }
            (false, None) => {
                return Err(format!(
                    "step {} differs and is explained by none",
                    row.index
                ))
            }
            // The row's line is its most important cause's.
            (false, Some(g)) if row.explanation.as_deref() != Some(g.why) => {
                return Err(format!(
                    "step {}: explanation {:?}",
                    row.index, row.explanation
                ))
            }
            (false, Some(_)) => {}
        }
    }
    Ok(())
}
