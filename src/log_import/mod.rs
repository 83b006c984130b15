//! Debug your own rebalance: a Kafka consumer's log (pasted, dropped or picked) turned into a
//! session on the shipped-client model (`kip848_core::import`), with where each step came from and
//! where the model and the log part ways. The log never leaves the browser.

pub mod imported;

pub use imported::{ImportedLog, LogGroup};

use crate::session::context::{Notice, Session};
use kip848_core::import::{ImportError, ParsedLog};
use kip848_core::screen::words::counted;
use leptos::prelude::*;

thread_local! {
    /// The last log's text, to import another of its consumers.
    static LAST_LOG: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
    /// The importer, on the page that has it (import.html); the member page has none and hands
    /// logs over to that page, so that a reader who never imports a log never downloads the importer.
    static IMPORTER: std::cell::Cell<Option<Importer>> = const { std::cell::Cell::new(None) };
}

type Importer = fn(Session, &str, &str, Option<&str>);

/// Where a log goes from a page without the importer (its source and text, in this tab's storage).
const HANDOFF: &str = "kip848:log-handoff";
/// The page that imports logs.
pub const IMPORT_PAGE: &str = "import.html";

/// Whether this page has the importer (else a log goes to the import page).
pub fn has_importer() -> bool {
    IMPORTER.with(std::cell::Cell::get).is_some()
}

/// Gives this page the importer (the import page's entry point calls it).
pub fn install_importer() {
    IMPORTER.with(|i| i.set(Some(import_log_text)));
}

/// Imports `client` (or the first consumer) of the log `text` here if this page has the importer;
/// else hands the log to the import page, which opens with it imported.
pub fn import_log(session: Session, text: &str, source: &str, client: Option<&str>) {
    match IMPORTER.with(std::cell::Cell::get) {
        Some(import) => import(session, text, source, client),
        None => hand_over(session, text, source),
    }
}

fn hand_over(session: Session, text: &str, source: &str) {
    let value = serde_json::json!({ "source": source, "text": text }).to_string();
    let stored = window()
        .session_storage()
        .ok()
        .flatten()
        .is_some_and(|s| s.set_item(HANDOFF, &value).is_ok());
    if !stored {
        session.dialogs.notice.set(Some(Notice::Error(format!(
            "The log {source} is too large to hand to the log importer in this browser: open {IMPORT_PAGE} and drop it there. Your session is unchanged."
        ))));
        return;
    }
    let _ = window().location().assign(IMPORT_PAGE);
}

/// On the import page: imports the log another page handed over, if there is one.
pub fn take_handed_over(session: Session) {
    let Some(storage) = window().session_storage().ok().flatten() else {
        return;
    };
    let Some(value) = storage.get_item(HANDOFF).ok().flatten() else {
        return;
    };
    let _ = storage.remove_item(HANDOFF);
    let Ok(handed) = serde_json::from_str::<serde_json::Value>(&value) else {
        return;
    };
    let field = |name: &str| {
        handed
            .get(name)
            .and_then(|v| v.as_str())
            .unwrap_or_default()
            .to_owned()
    };
    import_log(session, &field("text"), &field("source"), None);
}

/// A log read into what the page shows: the session it became and what the page keeps beside it.
struct Read {
    trace: kip848_core::session::trace::Trace,
    view: ImportedLog,
    group: Option<std::sync::Arc<LogGroup>>,
    times_inferred: bool,
}

/// Reads `client` (or the first consumer with membership lines) of `text`. `Ok(Err(group))`: the
/// log has only the coordinator's lines, and its group view.
fn read(
    text: &str,
    source: &str,
    client: Option<&str>,
) -> Result<Result<Read, std::sync::Arc<LogGroup>>, ImportError> {
    let parsed = ParsedLog::parse(text)?;
    // Several consumers, or the coordinator's lines: the group view of the log.
    let broker = parsed.broker();
    let group = (parsed.importable().count() > 1 || broker.is_some())
        .then(|| parsed.together().ok())
        .flatten()
        .map(|together| {
            std::sync::Arc::new(LogGroup {
                source: source.to_owned(),
                together,
                broker,
            })
        });
    let imported = match (parsed.import(client), group) {
        (Ok(imported), group) => (imported, group),
        (Err(ImportError::NoMembership { client: None, .. }), Some(group)) => {
            return Ok(Err(group))
        }
        // librdkafka's consumers: followed on the librdkafka model instead.
        (Err(e), _) if e.may_be_librdkafka() => {
            return read_librdkafka(text, client).ok_or(e).map(Ok)
        }
        (Err(e), _) => return Err(e),
    };
    let (imported, group) = imported;
    let view = ImportedLog {
        client_id: imported.client_id.clone(),
        version: imported.version.map(|v| v.as_str().to_owned()),
        steps: imported.steps.clone(),
        divergences: imported.divergences.clone(),
        report: imported.report.lines(),
        consumers: parsed.importable().map(|c| c.client_id.clone()).collect(),
    };
    Ok(Ok(Read {
        trace: imported.trace,
        view,
        group,
        times_inferred: imported.times_inferred,
    }))
}

/// `client` (or the first) of the librdkafka consumers of `text`, followed on the librdkafka
/// model; `None` when the log has none of the consumer protocol (or not that one).
fn read_librdkafka(text: &str, client: Option<&str>) -> Option<Read> {
    let followed = kip848_core::import::librdkafka::follow::follow(text);
    let consumers: Vec<String> = followed.iter().map(|f| f.handle.clone()).collect();
    let one = match client {
        Some(handle) => followed.into_iter().find(|f| f.handle == handle)?,
        None => followed.into_iter().next()?,
    };
    let view = ImportedLog {
        client_id: one.handle.clone(),
        version: Some(format!(
            "librdkafka {}",
            one.version.as_deref().unwrap_or("of unknown version")
        )),
        steps: one.sources.clone(),
        divergences: one.divergences(),
        report: one.report(),
        consumers,
    };
    Some(Read {
        trace: one.trace,
        view,
        group: None,
        times_inferred: false,
    })
}

/// The last import of this tab (the log, its name and the consumer), so that a reload of the import
/// page shows its summary again.
const LAST_IMPORT: &str = "kip848:last-import";

/// Imports `client` (or the first consumer with membership lines) from `text`, named `source`;
/// on any problem the session is unchanged and the message says why.
fn import_log_text(session: Session, text: &str, source: &str, client: Option<&str>) {
    let read = match read(text, source, client) {
        Ok(Ok(read)) => read,
        // Only the coordinator's lines: its timeline, and the session as it was.
        Ok(Err(group)) => {
            LAST_LOG.with(|l| l.borrow_mut().clear());
            session.imports.log_group.set(Some(group));
            session.dialogs.notice.set(Some(Notice::Info(format!(
                "The log {source} has the group coordinator's lines and no consumer's membership line: its timeline is shown under \"The group, from this log\". Your session is unchanged."
            ))));
            return;
        }
        Err(e) => return refuse(session, source, &e),
    };
    LAST_LOG.with(|l| l.borrow_mut().clear());
    LAST_LOG.with(|l| l.borrow_mut().push_str(text));
    let Read {
        trace,
        view,
        group,
        times_inferred,
    } = read;
    let steps = trace.steps.len();
    let inferred = view.steps.iter().filter(|s| s.inferred).count();
    let divergences = view.divergences.len();
    let client_id = view.client_id.clone();
    let record = serde_json::json!({
        "text": text, "source": source, "client": client_id, "title": trace.title,
    });
    // Too large for this tab's storage: the import stands, its summary just does not outlive a reload.
    if let Some(storage) = window().session_storage().ok().flatten() {
        if storage.set_item(LAST_IMPORT, &record.to_string()).is_err() {
            let _ = storage.remove_item(LAST_IMPORT);
        }
    }
    session.load(trace, true);
    session.imports.imported.set(Some(view));
    // Another consumer of the same log: the group view stays as it is (and where it is).
    if session
        .imports
        .log_group
        .with_untracked(|now| !same_log(now, &group))
    {
        session.imports.log_group.set(group);
    }
    let times = if times_inferred {
        " The log has no timestamps: the steps keep its order and their times are inferred."
    } else {
        ""
    };
    session.dialogs.notice.set(Some(Notice::Info(format!(
        "Imported consumer {client_id} from {source}: {}, {inferred} inferred, {divergences} where the model parts ways with the log.{times}",
        counted(steps, "step")
    ))));
}

/// On the import page, after a reload: the last import's summary, divergences and group view, if
/// the session on screen is still the one that import made (its title); the session is not touched.
pub fn restore_last_import(session: Session) {
    if session.imports.imported.with_untracked(Option::is_some) {
        return;
    }
    let Some(value) = window()
        .session_storage()
        .ok()
        .flatten()
        .and_then(|s| s.get_item(LAST_IMPORT).ok().flatten())
    else {
        return;
    };
    let Ok(record) = serde_json::from_str::<serde_json::Value>(&value) else {
        return;
    };
    let field = |name: &str| record.get(name).and_then(|v| v.as_str()).map(str::to_owned);
    let (Some(text), Some(source), Some(client)) =
        (field("text"), field("source"), field("client"))
    else {
        return;
    };
    let same = session
        .timeline
        .with_untracked(|t| t.trace().title == field("title"));
    if !same {
        return;
    }
    if let Ok(Ok(read)) = read(&text, &source, Some(&client)) {
        LAST_LOG.with(|l| *l.borrow_mut() = text);
        session.imports.imported.set(Some(read.view));
        session.imports.log_group.set(read.group);
    }
}

/// Whether two group views draw the same log (wherever it came from).
fn same_log(a: &Option<std::sync::Arc<LogGroup>>, b: &Option<std::sync::Arc<LogGroup>>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => a.together == b.together && a.broker == b.broker,
        (None, None) => true,
        _ => false,
    }
}

/// Imports another consumer of the last log.
pub fn import_consumer(session: Session, client: &str) {
    let text = LAST_LOG.with(|l| l.borrow().clone());
    import_log(session, &text, "the same log", Some(client));
}

fn refuse(session: Session, source: &str, e: &ImportError) {
    session.dialogs.notice.set(Some(Notice::Error(format!(
        "Could not import {source}: {e}. Your session is unchanged."
    ))));
}
