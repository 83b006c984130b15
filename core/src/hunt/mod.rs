//! The hazard hunt: random group schedules run on the group simulation, every hazard of
//! [`crate::group::hazard`] checked after every step, and each hazard found shrunk to a minimal
//! schedule that still shows it — a group trace a reviewer opens at the step where it appears.
//!
//! ```text
//!   (seed, i) ──▶ schedule i ──▶ group run, hazards after every step ──▶ tally per hazard
//!                                                      │ first time a hazard is seen
//!                                                      ▼
//!                                   shrink (fewer members, steps, delays) ──▶ group trace
//! ```
//!
//! The work is cut in slices ([`Hunt::run`]) so that a page can run it a few schedules at a time
//! and show its progress. A hunt's members all run one model; the same seed gives the same
//! schedules on every model.

pub mod random;
mod shrink;
pub mod summary;

pub use shrink::{shrink, Shrinker};

use crate::group::hazard::{sightings, Hazard, Sighting};
use crate::group::{GroupConfig, GroupInput, GroupSim, GroupStep, GroupTrace};
use crate::machine::model::Model;
use crate::protocol::time::Millis;
use serde::Serialize;

/// A group's configuration and its inputs, in time order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Schedule {
    pub config: GroupConfig,
    pub steps: Vec<(Millis, GroupInput)>,
}

impl Schedule {
    /// A group trace's configuration and inputs, as a schedule to run again.
    pub fn of(trace: &GroupTrace) -> Schedule {
        Schedule {
            config: trace.config.clone(),
            steps: trace
                .steps
                .iter()
                .map(|s| (s.at, s.input.clone()))
                .collect(),
        }
    }

    /// The members the schedule names.
    pub fn members(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for (_, input) in &self.steps {
            if let Some(name) = input.member() {
                if !names.iter().any(|n| n == name) {
                    names.push(name.to_owned());
                }
            }
        }
        names
    }

    /// Runs the schedule; `look` sees every step's sightings (step index from 0), and stops the
    /// run by returning `false`.
    pub fn run(&self, mut look: impl FnMut(usize, Vec<Sighting>) -> bool) {
        let mut sim = GroupSim::new(self.config.clone());
        let mut quiet_since = Millis::ZERO;
        for (i, (at, input)) in self.steps.iter().enumerate() {
            // A refused input changes nothing: the group is as it was.
            let _ = sim.handle(*at, input);
            if !matches!(input, GroupInput::Tick) {
                quiet_since = *at;
            }
            if !look(i, sightings(&sim, quiet_since)) {
                return;
            }
        }
    }

    /// The first step (from 0) where `hazard` shows, and how.
    pub fn first(&self, hazard: Hazard) -> Option<(usize, Sighting)> {
        let mut found = None;
        self.run(|i, seen| {
            found = seen
                .into_iter()
                .find(|s| s.hazard == hazard)
                .map(|s| (i, s));
            found.is_none()
        });
        found
    }

    /// The schedule as a group trace that names `hazard` at the step where it shows.
    pub fn trace(&self, hazard: Hazard, at: Option<(usize, &Sighting)>) -> GroupTrace {
        let steps = self
            .steps
            .iter()
            .enumerate()
            .map(|(i, (at_ms, input))| GroupStep {
                at: *at_ms,
                input: input.clone(),
                note: at
                    .filter(|(step, _)| *step == i)
                    .map(|(_, s)| format!("Hazard — {}: {}.", hazard.title(), s.words)),
            })
            .collect();
        GroupTrace {
            title: Some(format!("Counterexample: {}", hazard.title())),
            description: Some(hazard.rule().to_owned()),
            sources: hazard.sources().iter().map(|s| (*s).to_owned()).collect(),
            config: self.config.clone(),
            steps,
        }
    }
}

/// A counterexample's group trace replayed on `model`'s members instead: the same inputs, at the
/// same times, its notes dropped (they say what was seen on the model it was found on) and its
/// title saying which members these are. What shows there is what the group view computes.
pub fn on_model(trace: &GroupTrace, model: Model) -> GroupTrace {
    let mut other = trace.clone();
    other.config.model = model;
    for step in &mut other.steps {
        step.note = None;
    }
    other.title = trace
        .title
        .as_ref()
        .map(|t| format!("{t}: the same schedule on {} members", model.title()));
    other
}

/// A hazard's tally in a hunt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Tally {
    pub hazard: Hazard,
    /// How many schedules showed it.
    pub schedules: usize,
    /// The first schedule that did (its index).
    pub first: Option<u64>,
}

/// A hunt under way: `seed`, the members' model, and how many schedules it has run.
#[derive(Debug, Clone)]
pub struct Hunt {
    pub seed: u64,
    pub model: Model,
    pub done: u64,
    pub tallies: Vec<Tally>,
}

impl Hunt {
    pub fn new(seed: u64, model: Model) -> Hunt {
        Hunt {
            seed,
            model,
            done: 0,
            tallies: Hazard::ALL
                .into_iter()
                .map(|hazard| Tally {
                    hazard,
                    schedules: 0,
                    first: None,
                })
                .collect(),
        }
    }

    /// Runs the next `count` schedules.
    pub fn run(&mut self, count: u64) {
        for _ in 0..count {
            let index = self.done;
            let mut seen: Vec<Hazard> = Vec::new();
            random::schedule(self.seed, index, self.model).run(|_, sightings| {
                for s in sightings {
                    if !seen.contains(&s.hazard) {
                        seen.push(s.hazard);
                    }
                }
                true
            });
            for tally in &mut self.tallies {
                if seen.contains(&tally.hazard) {
                    tally.schedules += 1;
                    tally.first.get_or_insert(index);
                }
            }
            self.done += 1;
        }
    }

    /// `hazard`'s first counterexample, shrunk: the schedule and the step where it shows.
    pub fn counterexample(&self, hazard: Hazard) -> Option<Counterexample> {
        let first = self.tallies.iter().find(|t| t.hazard == hazard)?.first?;
        let schedule = shrink(&random::schedule(self.seed, first, self.model), hazard)?;
        let (step, sighting) = schedule.first(hazard)?;
        Some(Counterexample {
            hazard,
            index: first,
            schedule,
            step,
            sighting,
        })
    }
}

/// A minimal schedule that shows a hazard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counterexample {
    pub hazard: Hazard,
    /// The hunt's schedule it was shrunk from.
    pub index: u64,
    pub schedule: Schedule,
    /// The step (from 0) where the hazard shows.
    pub step: usize,
    pub sighting: Sighting,
}

impl Counterexample {
    /// As a group trace, the hazard named at its step.
    pub fn trace(&self) -> GroupTrace {
        self.schedule
            .trace(self.hazard, Some((self.step, &self.sighting)))
    }
}
