//! A finished hunt as the review takes it away: a row per hazard, with how many schedules showed
//! it and its shortest counterexample, as an HTML section of the exported review.

use crate::group::hazard::{Allowed, Hazard};
use crate::group::GroupTrace;
use crate::machine::model::Model;
use std::fmt::Write;

/// A hunt's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    pub seed: u64,
    pub schedules: u64,
    pub rows: Vec<Row>,
}

/// One hazard's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub hazard: Hazard,
    /// How many schedules showed it.
    pub found: usize,
    /// Its shortest counterexample (as a group trace) and what happens at its last step.
    pub example: Option<(GroupTrace, String)>,
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn allowed(hazard: Hazard, model: Model) -> &'static str {
    match hazard.allowed(model) {
        Allowed::Yes => "allows",
        Allowed::No => "does not allow",
    }
}

impl Summary {
    /// The section of the exported review: each hazard, how often it showed, its counterexample
    /// (the group trace itself, to save and open in the group view), and what each design allows.
    pub fn html(&self) -> String {
        let mut out = String::new();
        let _ = write!(
            out,
            "<h2>What can go wrong: the hazard hunt</h2><p>{} random group schedules of seed-design members (seed {}), every hazard checked after every step, each one found shrunk to a minimal schedule. Groups of the other models' members are not built yet: their columns say what each design allows.</p><table id=\"hunt\"><thead><tr><th>hazard</th><th>seed members: found</th><th>shortest counterexample</th><th>seed design / Java client / librdkafka</th></tr></thead><tbody>",
            self.schedules, self.seed
        );
        for row in &self.rows {
            let found = match row.found {
                0 => format!("not found in {}", self.schedules),
                n => format!("{n} of {}", self.schedules),
            };
            let example = row.example.as_ref().map_or(String::new(), |(trace, words)| {
                format!(
                    "{} step(s): {}. <details><summary>The group trace (save it as a .json file and import it in the group view)</summary><pre>{}</pre></details>",
                    trace.steps.len(),
                    escape(words),
                    escape(&trace.to_json())
                )
            });
            let _ = write!(
                out,
                "<tr><td><strong>{}</strong><br><span class=\"muted\">{}</span></td><td>{found}</td><td>{example}</td><td>{} / {} / {}</td></tr>",
                escape(row.hazard.title()),
                escape(row.hazard.rule()),
                allowed(row.hazard, Model::Seed),
                allowed(row.hazard, Model::Kafka),
                allowed(row.hazard, Model::Librdkafka)
            );
        }
        out.push_str("</tbody></table>");
        out
    }
}
