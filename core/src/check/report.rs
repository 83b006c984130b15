//! What a check found: each property broken with its shortest schedule, and the report so far.

use super::property::Property;
use crate::group::{GroupStep, GroupTrace};
use crate::hunt::Schedule;

/// A property broken, by the shortest schedule that breaks it.
#[derive(Debug, Clone)]
pub struct Found {
    pub property: Property,
    /// What shows it, in words.
    pub words: String,
    pub schedule: Schedule,
    /// The step (from 0) of the schedule where it shows: its last.
    pub step: usize,
    /// Moves to reach it (time running to the next event is one).
    pub moves: usize,
}

impl Found {
    /// The schedule as a group trace that names what it shows at the step where it shows.
    pub fn trace(&self) -> GroupTrace {
        GroupTrace {
            title: Some(format!("Shortest counterexample: {}", self.property.title())),
            description: Some(format!(
                "Found by the bounded check, breadth-first: no schedule of fewer moves within its bounds shows it. {}",
                self.property.rule()
            )),
            sources: match self.property {
                Property::Hazard(h) => h.sources().iter().map(|s| (*s).to_owned()).collect(),
                _ => Vec::new(),
            },
            config: self.schedule.config.clone(),
            steps: self
                .schedule
                .steps
                .iter()
                .enumerate()
                .map(|(i, (at, input))| GroupStep {
                    at: *at,
                    input: input.clone(),
                    note: (i == self.step)
                        .then(|| format!("{} — {}.", self.property.title(), self.words)),
                })
                .collect(),
        }
    }
}

/// What a check found, so far or in all.
#[derive(Debug, Clone)]
pub struct Report {
    /// Distinct states reached.
    pub states: u64,
    /// Moves tried that the group took.
    pub transitions: u64,
    /// Levels explored in full.
    pub depth: usize,
    /// Whether nothing was left to explore before the depth bound.
    pub exhausted: bool,
    pub done: bool,
    /// Ended before its bounds by [`super::Explorer::stop`]: what was not found is not found
    /// within `depth` moves only, and convergence is not judged.
    pub stopped: bool,
    pub found: Vec<Found>,
}
