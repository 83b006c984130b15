//! `kip848-import [--client ID] FILE` (or `-` for standard input): turns a Kafka consumer's log into
//! a `"model": "kafka"` trace on standard output, and reports on standard error what was
//! recognised, what was inferred, what was ignored, and where the shipped model parts ways with
//! the log. Exit status 0 when a trace is printed.
//!
//! With several consumers in the log and no `--client`, the first with membership lines is
//! imported and the others are named on standard error. A log with no Java consumer's membership
//! line but a librdkafka consumer of the consumer protocol (debug=cgrp) gives that consumer's
//! `"model": "librdkafka"` trace instead, as the import page opens it (`--client HANDLE` picks one).
//! A log with no KIP-848 membership line, an unknown `--client`, or a log over the size or line
//! limits: one line on standard error, nothing on standard output, exit status 2.
//!
//! `kip848-import --broker FILE` prints instead the coordinator's timeline (JSON) from
//! `GroupMetadataManager` lines; exit status 2 when the log has none.
//!
//! `kip848-import --librdkafka FILE` follows every librdkafka consumer of the log on the
//! `librdkafka` model and prints, as JSON, what each did by the log and by the model (join states,
//! heartbeats, callbacks) and where they part: exit status 0 when every consumer agrees, 1 when one
//! does not, 2 when the log has no librdkafka consumer of the consumer protocol. With `--client
//! HANDLE` (`c1#consumer-7`) it prints that consumer's trace instead (`"model": "librdkafka"`).
//!
//! `kip848-import --together FILE…` prints every consumer of the log and the coordinator on one
//! clock (JSON): what the import page's group view draws. Several files (a consumer's log and the
//! broker's, say) are read as one log, in the order given.

use kip848_core::import::{Imported, ParsedLog, VersionEvidence};
use std::io::{Read, Write};
use std::process::ExitCode;

const USAGE: &str = "usage: kip848-import [--client ID] [--broker | --together | --librdkafka] FILE…   (FILE may be - for standard input)";

/// What is printed.
#[derive(PartialEq)]
enum Output {
    Trace,
    Broker,
    Together,
    Librdkafka,
}

struct Args {
    client: Option<String>,
    output: Output,
    paths: Vec<std::ffi::OsString>,
}

fn args() -> Option<Args> {
    let mut rest = std::env::args_os().skip(1);
    let (mut client, mut output, mut paths) = (None, Output::Trace, Vec::new());
    while let Some(arg) = rest.next() {
        match arg.to_str() {
            Some("--client") => client = Some(rest.next()?.into_string().ok()?),
            Some("--broker") => output = Output::Broker,
            Some("--together") => output = Output::Together,
            Some("--librdkafka") => output = Output::Librdkafka,
            _ => paths.push(arg),
        }
    }
    (!paths.is_empty()).then_some(Args {
        client,
        output,
        paths,
    })
}

/// The file's bytes as text: invalid UTF-8 (a binary file) is read as replacement characters.
fn read(path: &std::ffi::OsStr) -> std::io::Result<String> {
    let mut bytes = Vec::new();
    if path == "-" {
        std::io::stdin().read_to_end(&mut bytes)?;
    } else {
        std::fs::File::open(path)?.read_to_end(&mut bytes)?;
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

fn fail(name: &str, message: impl std::fmt::Display) -> ExitCode {
    eprintln!("kip848-import: {name}: {message}");
    ExitCode::from(2)
}

/// Prints `text` on standard output; a closed pipe is not an error.
fn print(text: &str) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{text}").and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("kip848-import: cannot write: {e}");
            ExitCode::FAILURE
        }
    }
}

fn version(imported: &Imported) -> String {
    match (imported.version, imported.version_evidence) {
        (Some(v), VersionEvidence::VersionLine) => format!("Kafka {}", v.as_str()),
        (Some(v), _) => format!(
            "Kafka {} by its templates (no \"Kafka version\" line)",
            v.as_str()
        ),
        (None, _) => "Kafka version unknown".to_owned(),
    }
}

/// The report on standard error.
fn report(imported: &Imported, others: &[String]) {
    let version = version(imported);
    let group = imported.group_id.as_deref().unwrap_or("?");
    eprintln!(
        "kip848-import: consumer {} (group {group}), {version}",
        imported.client_id
    );
    if !others.is_empty() {
        eprintln!(
            "other consumers in this log (import one with --client ID): {}",
            others.join(", ")
        );
    }
    let interval = if imported.interval_from_log {
        "from the log"
    } else {
        "inferred; INFO logs do not show it"
    };
    eprintln!(
        "heartbeat interval: {} ms ({interval})",
        imported.heartbeat_interval_ms
    );
    if imported.times_inferred {
        eprintln!(
            "times: inferred (the log has no timestamps; the steps keep its order, {} ms apart)",
            kip848_core::import::INFERRED_GAP_MS
        );
    }
    for line in imported.report.lines() {
        eprintln!("{line}");
    }
    divergences(imported);
}

/// Divergences printed at most; the rest are counted (a log the model cannot follow at all has
/// one per line).
const SHOWN: usize = 100;

fn divergences(imported: &Imported) {
    let all = &imported.divergences;
    eprintln!("divergences: {}", all.len());
    if all.len() > SHOWN {
        eprintln!("  (the first {SHOWN})");
    }
    for d in all.iter().take(SHOWN) {
        let line = d
            .line
            .map_or_else(String::new, |l| format!(", log line {l}"));
        let why = d
            .reason
            .as_ref()
            .map_or_else(String::new, |r| format!(" ({})", r.text()));
        eprintln!("  step {}{line}: {}{why}", d.step, d.summary);
    }
}

/// `client` (or the first) of the librdkafka consumers of `text` as a trace, its report on
/// standard error; `None` when the log has no such consumer.
fn librdkafka_trace(text: &str, client: Option<&str>) -> Option<ExitCode> {
    let followed = kip848_core::import::librdkafka::follow::follow(text);
    let one = match client {
        Some(handle) => followed.iter().find(|f| f.handle == handle)?,
        None => followed.first()?,
    };
    let report = one.report();
    let (first, rest) = report.split_first()?;
    eprintln!("{first}");
    let others: Vec<&str> = followed
        .iter()
        .filter(|f| f.handle != one.handle)
        .map(|f| f.handle.as_str())
        .collect();
    if !others.is_empty() {
        eprintln!(
            "other consumers in this log (import one with --client HANDLE): {}",
            others.join(", ")
        );
    }
    for line in rest {
        eprintln!("{line}");
    }
    eprintln!("divergences: {}", one.divergences().len());
    Some(print(&one.trace.to_json()))
}

/// `--librdkafka`: every consumer followed on the model, or one consumer's trace.
fn librdkafka(name: &str, text: &str, client: Option<&str>) -> ExitCode {
    // The same limits as any log (size, lines).
    if let Err(e) = ParsedLog::parse(text) {
        return fail(name, e);
    }
    let followed = kip848_core::import::librdkafka::follow::follow(text);
    if followed.is_empty() {
        return fail(
            name,
            "no librdkafka consumer of the consumer protocol (no ConsumerGroupHeartbeat line with debug=cgrp) in this log",
        );
    }
    if let Some(handle) = client {
        return match followed.iter().find(|f| f.handle == handle) {
            Some(one) => {
                for r in &one.refused {
                    eprintln!("line {}: refused: {}", r.line, r.reason);
                }
                print(&one.trace.to_json())
            }
            None => fail(name, format!("no librdkafka consumer {handle} in this log")),
        };
    }
    let agree = followed.iter().all(|f| f.agrees());
    let json: Vec<serde_json::Value> = followed
        .iter()
        .map(|f| {
            serde_json::json!({
                "handle": f.handle,
                "agrees": f.agrees(),
                "steps": f.trace.steps.len(),
                "log": f.log,
                "model": f.model,
                "refused": f.refused,
                "differences": f.differences,
            })
        })
        .collect();
    let code = print(&serde_json::to_string_pretty(&json).unwrap_or_default());
    if agree {
        code
    } else {
        ExitCode::FAILURE
    }
}

fn main() -> ExitCode {
    let Some(args) = args() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let name = args
        .paths
        .iter()
        .map(|p| p.to_string_lossy())
        .collect::<Vec<_>>()
        .join(" + ");
    let mut text = String::new();
    for path in &args.paths {
        match read(path) {
            Ok(one) => {
                text.push_str(&one);
                if !text.ends_with('\n') {
                    text.push('\n');
                }
            }
            Err(e) => return fail(&path.to_string_lossy(), format!("cannot read: {e}")),
        }
    }
    let parsed = match ParsedLog::parse(&text) {
        Ok(parsed) => parsed,
        Err(e) => return fail(&name, e),
    };
    if args.output == Output::Librdkafka {
        return librdkafka(&name, &text, args.client.as_deref());
    }
    if args.output == Output::Together {
        return match parsed.together() {
            Ok(together) => print(&serde_json::to_string_pretty(&together).unwrap_or_default()),
            Err(e) => fail(&name, e),
        };
    }
    if args.output == Output::Broker {
        return match parsed.broker() {
            Some(timeline) => print(&serde_json::to_string_pretty(&timeline).unwrap_or_default()),
            None => fail(
                &name,
                "no group coordinator (GroupMetadataManager) line in this log",
            ),
        };
    }
    let imported = match parsed.import(args.client.as_deref()) {
        Ok(imported) => imported,
        // No Java consumer's membership line: a librdkafka consumer's, as the import page reads it.
        Err(e) if e.may_be_librdkafka() => {
            return librdkafka_trace(&text, args.client.as_deref())
                .unwrap_or_else(|| fail(&name, e))
        }
        Err(e) => return fail(&name, e),
    };
    let others: Vec<String> = parsed
        .importable()
        .filter(|c| c.client_id != imported.client_id)
        .map(|c| c.client_id.clone())
        .collect();
    report(&imported, &others);
    print(&imported.trace.to_json())
}
