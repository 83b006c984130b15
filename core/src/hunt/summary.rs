//! A finished hunt as the review takes it away: a row per hazard and, for each model hunted, how
//! many schedules showed it and its shortest counterexample, as an HTML section of the exported
//! review. The hazards the models disagree on come first: what a reviewer reads first.

use super::Tally;
use crate::group::hazard::{Allowed, Hazard};
use crate::group::GroupTrace;
use crate::machine::model::Model;
use std::fmt::Write;

/// A hunt's result: the same schedules on each model's members.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    pub seed: u64,
    pub schedules: u64,
    /// The models hunted, in the columns' order.
    pub models: Vec<Model>,
    /// One per hazard, in [`order`]'s order.
    pub rows: Vec<Row>,
}

/// One hazard's result, one [`Found`] per model of the summary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub hazard: Hazard,
    pub found: Vec<Found>,
}

/// One hazard on one model's members.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub model: Model,
    /// How many schedules showed it.
    pub schedules: usize,
    /// Its shortest counterexample (as a group trace) and what happens at its last step.
    pub example: Option<(GroupTrace, String)>,
}

/// The hazards, those the models disagree on first: found on some models' members and not on
/// others', then those whose designs disagree (one allows it, another does not), then the rest.
/// `tallies` holds each hunted model's tallies.
pub fn order(tallies: &[(Model, &[Tally])]) -> Vec<Hazard> {
    let mut all = Hazard::ALL.to_vec();
    all.sort_by_key(|hazard| {
        let found: Vec<bool> = tallies
            .iter()
            .map(|(_, t)| t.iter().any(|t| t.hazard == *hazard && t.schedules > 0))
            .collect();
        let allowed: Vec<Allowed> = Model::ALL.iter().map(|m| hazard.allowed(*m)).collect();
        (same(&found), same(&allowed))
    });
    all
}

fn same<T: PartialEq>(all: &[T]) -> bool {
    all.windows(2).all(|w| w[0] == w[1])
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Whether `model`'s design allows `hazard`, in words.
pub fn allowed(hazard: Hazard, model: Model) -> &'static str {
    match hazard.allowed(model) {
        Allowed::Yes => "the design allows it",
        Allowed::No => "the design does not allow it",
    }
}

impl Summary {
    /// The summary of finished hunts on the same seed and count, one per model, each hazard's
    /// counterexample shrunk here (a page shrinks them a slice at a time and builds the rows
    /// itself).
    pub fn of(hunts: &[super::Hunt]) -> Summary {
        let tallies: Vec<(Model, &[Tally])> = hunts
            .iter()
            .map(|h| (h.model, h.tallies.as_slice()))
            .collect();
        let rows = order(&tallies)
            .into_iter()
            .map(|hazard| Row {
                hazard,
                found: hunts
                    .iter()
                    .map(|hunt| Found {
                        model: hunt.model,
                        schedules: hunt
                            .tallies
                            .iter()
                            .find(|t| t.hazard == hazard)
                            .map_or(0, |t| t.schedules),
                        example: hunt
                            .counterexample(hazard)
                            .map(|e| (e.trace(), e.sighting.words.clone())),
                    })
                    .collect(),
            })
            .collect();
        Summary {
            seed: hunts.first().map_or(0, |h| h.seed),
            schedules: hunts.first().map_or(0, |h| h.done),
            models: hunts.iter().map(|h| h.model).collect(),
            rows,
        }
    }

    /// The section of the exported review: each hazard, how often it showed on each model's
    /// members, its counterexample (the group trace itself, to save and open in the group view),
    /// and what each design allows.
    pub fn html(&self) -> String {
        let mut out = String::new();
        let models: Vec<&str> = self.models.iter().map(|m| m.title()).collect();
        let _ = write!(
            out,
            "<h2>What can go wrong: the hazard hunt</h2><p>{} random group schedules (seed {}), the same schedules on the members of each model ({}), every hazard checked after every step, each one found shrunk to a minimal schedule. The hazards the models disagree on come first.</p><table id=\"hunt\"><thead><tr><th>hazard</th>",
            self.schedules,
            self.seed,
            escape(&models.join(", "))
        );
        for model in &models {
            let _ = write!(out, "<th>{} members</th>", escape(model));
        }
        out.push_str("</tr></thead><tbody>");
        for row in &self.rows {
            let _ = write!(
                out,
                "<tr><td><strong>{}</strong><br><span class=\"muted\">{}</span></td>",
                escape(row.hazard.title()),
                escape(row.hazard.rule()),
            );
            for found in &row.found {
                let count = match found.schedules {
                    0 => format!("not found in {}", self.schedules),
                    n => format!("found in {n} of {}", self.schedules),
                };
                let example = found.example.as_ref().map_or(String::new(), |(trace, words)| {
                    format!(
                        " Shortest: {} step(s): {}. <details><summary>The group trace (save it as a .json file and import it in the group view)</summary><pre>{}</pre></details>",
                        trace.steps.len(),
                        escape(words),
                        escape(&trace.to_json())
                    )
                });
                let _ = write!(
                    out,
                    "<td>{count} ({}).{example}</td>",
                    allowed(row.hazard, found.model)
                );
            }
            out.push_str("</tr>");
        }
        out.push_str("</tbody></table>");
        out
    }
}
