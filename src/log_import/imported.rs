//! What the page keeps of an imported log, apart from the import itself: the session holds it
//! without importing the importer.

use kip848_core::import::{BrokerTimeline, Divergence, StepSource, Together};

/// What the page keeps of an imported log beside the session it became.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportedLog {
    pub client_id: String,
    pub version: Option<String>,
    /// `steps[i]` is where step `i` of the session came from.
    pub steps: Vec<StepSource>,
    pub divergences: Vec<Divergence>,
    pub report: Vec<String>,
    /// The consumers with membership lines, to pick another.
    pub consumers: Vec<String>,
}

/// A log's consumers and coordinator together: what the import page's group view draws.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogGroup {
    /// Where the log came from (`consumer.log`, `the pasted text`).
    pub source: String,
    pub together: Together,
    /// The coordinator's lines, for the table beside the charts.
    pub broker: Option<BrokerTimeline>,
}

impl ImportedLog {
    /// The divergence found after step `index` (0-based), if any.
    pub fn divergence(&self, index: usize) -> Option<&Divergence> {
        self.divergences.iter().find(|d| d.step == index)
    }
}
