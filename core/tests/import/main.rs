//! Golden imports: every log under `logs/` (written by us from Kafka's templates, each naming the
//! class and version of each template it uses) imports, for each of its consumers, to exactly
//! `logs/<log>--<client>.trace.json` (the trace), `.replay.jsonl` (that trace replayed on the
//! shipped model) and `.import.txt` (the report, the divergences, each step's source); a log with
//! coordinator lines to `logs/<log>.broker.json`; a log with several consumers or coordinator lines
//! to `logs/<log>.together.json` (the group view of it). `BLESS=1` rewrites them (review the diff).
//! Then what each log is there to show. One test binary with a module per topic: each binary is
//! linked on its own, and links are what a build of the tests spends its time on.

mod coordinator;
mod every_log;
mod golden;
mod librdkafka;
mod librdkafka_follow;
mod librdkafka_layouts;
mod member_logs;

use kip848_core::import::{Imported, ParsedLog};
use std::path::{Path, PathBuf};

fn logs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/logs")
}

fn logs() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(logs_dir())
        .expect("tests/logs")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "log"))
        .collect();
    files.sort();
    files
}

/// A log's text: its bytes as the command reads them (invalid UTF-8 as replacement characters).
fn text(path: &Path) -> String {
    String::from_utf8_lossy(&std::fs::read(path).expect("readable log")).into_owned()
}

fn parsed(name: &str) -> ParsedLog {
    ParsedLog::parse(&text(&logs_dir().join(name))).expect("within limits")
}

fn imported(name: &str, client: Option<&str>) -> Imported {
    parsed(name).import(client).expect("importable")
}
