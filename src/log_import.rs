//! Debug your own rebalance: a Kafka consumer's log (pasted, dropped or picked) turned into a
//! session on the shipped-client model (`kip848_core::import`), with where each step came from and
//! where the model and the log part ways. The log never leaves the browser.

use crate::context::{Notice, Session};
use kip848_core::import::{BrokerTimeline, Divergence, ImportError, ParsedLog, StepSource};
use leptos::prelude::*;

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
    pub broker: Option<BrokerTimeline>,
}

impl ImportedLog {
    /// The divergence found after step `index` (0-based), if any.
    pub fn divergence(&self, index: usize) -> Option<&Divergence> {
        self.divergences.iter().find(|d| d.step == index)
    }
}

thread_local! {
    /// The last log's text, to import another of its consumers.
    static LAST_LOG: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// Whether `text` holds at least one consumer's KIP-848 membership lines.
pub fn looks_like_a_log(text: &str) -> bool {
    ParsedLog::parse(text).is_ok_and(|p| p.importable().next().is_some())
}

/// Imports `client` (or the first consumer with membership lines) from `text`, named `source`;
/// on any problem the session is unchanged and the message says why.
pub fn import_log_text(session: Session, text: &str, source: &str, client: Option<&str>) {
    let parsed = match ParsedLog::parse(text) {
        Ok(parsed) => parsed,
        Err(e) => return refuse(session, source, &e),
    };
    let imported = match parsed.import(client) {
        Ok(imported) => imported,
        Err(e) => return refuse(session, source, &e),
    };
    LAST_LOG.with(|l| l.borrow_mut().clear());
    LAST_LOG.with(|l| l.borrow_mut().push_str(text));
    let view = ImportedLog {
        client_id: imported.client_id.clone(),
        version: imported.version.map(|v| v.as_str().to_owned()),
        steps: imported.steps.clone(),
        divergences: imported.divergences.clone(),
        report: imported.report.lines(),
        consumers: parsed.importable().map(|c| c.client_id.clone()).collect(),
        broker: parsed.broker(),
    };
    let steps = imported.trace.steps.len();
    let inferred = view.steps.iter().filter(|s| s.inferred).count();
    let divergences = view.divergences.len();
    session.load(imported.trace, true);
    session.imported.set(Some(view));
    session.notice.set(Some(Notice::Info(format!(
        "Imported consumer {} from {source}: {steps} steps, {inferred} inferred, {divergences} where the model parts ways with the log.",
        imported.client_id
    ))));
}

/// Imports another consumer of the last log.
pub fn import_consumer(session: Session, client: &str) {
    let text = LAST_LOG.with(|l| l.borrow().clone());
    import_log_text(session, &text, "the same log", Some(client));
}

fn refuse(session: Session, source: &str, e: &ImportError) {
    session.notice.set(Some(Notice::Error(format!(
        "Could not import the log {source}: {e}. Your session is unchanged."
    ))));
}
