//! `kip848-replay FILE` (or `-` for standard input): validates a trace file and prints one JSON
//! line per step (docs/trace-format.md). A malformed file: one message on standard error,
//! nothing on standard output, exit status 2.
//!
//! `kip848-replay --frames FILE` prints instead one JSON line per position of the screen: each
//! step with 1, 2, … of its effects shown (a step without effects once), from the start — the
//! frame every panel of the page renders at that position. `--quiz FILE` prints the questions the
//! quiz asks about each step; `--fit FILE` whether it plays on each model; `--glossary` prints the glossary and `--sources` the sources every
//! claim cites (no file); `--workload N` a synthetic session of N inputs. `--rust-test FILE [NAME]`
//! prints the trace as a Rust `#[test]` of kip848-core asserting every step's whole effect list.
//! `--review PAIR FILE` (PAIR: `seed-kafka`, `seed-librdkafka` or `kafka-librdkafka`) prints the
//! review of the trace on those two models: a first line with its causes, then one line per
//! position of the review's cursor with both sides' frames.

use kip848_core::group::{GroupTimeline, GroupTrace};
use kip848_core::session::replay::replay_json;
use kip848_core::session::timeline::Timeline;
use kip848_core::session::trace::Trace;
use kip848_core::Cursor;
use std::io::{BufWriter, Read, Write};
use std::process::ExitCode;

/// A replay that hands each line to its argument.
type Replay = Box<dyn FnOnce(&mut dyn FnMut(String))>;

fn main() -> ExitCode {
    let mut args: Vec<_> = std::env::args_os().skip(1).collect();
    if args.len() == 1 && args[0] == "--glossary" {
        for term in kip848_core::teaching::glossary::TERMS {
            println!("{}", serde_json::to_string(&term).unwrap_or_default());
        }
        return ExitCode::SUCCESS;
    }
    if args.len() == 1 && args[0] == "--sources" {
        for source in kip848_core::teaching::sources::SOURCES {
            let line = kip848_core::teaching::sources::SourceLine::from(source);
            println!("{}", serde_json::to_string(&line).unwrap_or_default());
        }
        return ExitCode::SUCCESS;
    }
    // A synthetic session of N inputs (the benchmark's workload), as a trace file: for tests that
    // need a long session.
    if args.len() == 2 && args[0] == "--workload" {
        let Some(len) = args[1].to_str().and_then(|n| n.parse::<usize>().ok()) else {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        };
        println!("{}", kip848_core::session::workload::session(len).to_json());
        return ExitCode::SUCCESS;
    }
    if args.first().is_some_and(|a| a == "--rust-test") {
        return rust_test(&args[1..]);
    }
    if args.first().is_some_and(|a| a == "--review") {
        return review(&args[1..]);
    }
    let frames = args.first().is_some_and(|a| a == "--frames");
    let quiz = args.first().is_some_and(|a| a == "--quiz");
    let fit = args.first().is_some_and(|a| a == "--fit");
    if frames || quiz || fit {
        args.remove(0);
    }
    let [path] = args.as_slice() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let path = path.clone();
    let text = match read(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("kip848-replay: cannot read {}: {e}", path.to_string_lossy());
            return ExitCode::from(2);
        }
    };
    // A group trace has its own steps; every other trace is one member's.
    let replay: Replay = if GroupTrace::claims(&text) {
        match GroupTrace::parse(&text) {
            Ok(trace) if frames => Box::new(move |emit| group_frames(trace, emit)),
            Ok(trace) if quiz => Box::new(move |emit| {
                let timeline = GroupTimeline::from_trace(trace);
                for q in kip848_core::group::quiz::group_questions(&timeline) {
                    emit(serde_json::to_string(&q).unwrap_or_default());
                }
            }),
            Ok(trace) => Box::new(move |emit| trace.replay(emit)),
            Err(e) => {
                eprintln!("kip848-replay: {}: {e}", path.to_string_lossy());
                return ExitCode::from(2);
            }
        }
    } else {
        match Trace::parse(&text) {
            Ok(trace) if frames => Box::new(move |emit| member_frames(trace, emit)),
            Ok(trace) if quiz => Box::new(move |emit| member_quiz(trace, emit)),
            Ok(trace) if fit => Box::new(move |emit| member_fit(trace, emit)),
            Ok(trace) => Box::new(move |emit| replay_json(&Timeline::from_trace(trace), emit)),
            Err(e) => {
                eprintln!("kip848-replay: {}: {e}", path.to_string_lossy());
                return ExitCode::from(2);
            }
        }
    };
    let stdout = std::io::stdout().lock();
    let mut out = BufWriter::new(stdout);
    let mut failed = None;
    replay(&mut |line| {
        if failed.is_none() {
            failed = writeln!(out, "{line}").err();
        }
    });
    match failed.or_else(|| out.flush().err()) {
        None => ExitCode::SUCCESS,
        // A closed pipe (`| head`) is not an error of the trace.
        Some(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Some(e) => {
            eprintln!("kip848-replay: cannot write: {e}");
            ExitCode::FAILURE
        }
    }
}

const USAGE: &str = "usage: kip848-replay [--frames | --quiz | --fit] FILE   (FILE may be - for standard input), kip848-replay --rust-test FILE [NAME], kip848-replay --review PAIR FILE, kip848-replay --glossary, kip848-replay --sources, or kip848-replay --workload N";

/// `--fit FILE`: for each model, whether the scenario plays there and why not
/// (`teaching::fit`): what the page asks before loading it on that model.
fn member_fit(trace: Trace, emit: &mut dyn FnMut(String)) {
    for model in kip848_core::Model::ALL {
        let why = kip848_core::teaching::fit::fit(&trace, model).why_not(model);
        let line = serde_json::json!({
            "model": model.as_str(),
            "written_for": trace.model == model,
            "why_not": why,
        });
        emit(line.to_string());
    }
}

/// `--rust-test FILE [NAME]`: the trace as a Rust test of kip848-core, named NAME (else after the
/// file).
fn rust_test(args: &[std::ffi::OsString]) -> ExitCode {
    let (path, name) = match args {
        [path] => {
            let stem = std::path::Path::new(path)
                .file_stem()
                .map_or_else(|| "trace".into(), |s| s.to_string_lossy());
            (path, stem.into_owned())
        }
        [path, name] => (path, name.to_string_lossy().into_owned()),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let trace = match trace_at(path) {
        Ok(trace) => trace,
        Err(code) => return code,
    };
    let text = kip848_core::export::rust_test(&trace, &name);
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            eprintln!("kip848-replay: cannot write: {e}");
            ExitCode::FAILURE
        }
        _ => ExitCode::SUCCESS,
    }
}

/// `--review PAIR FILE`: the causes, then every position of the review with both sides' frames.
fn review(args: &[std::ffi::OsString]) -> ExitCode {
    use kip848_core::compare::{Align, Pair, Review, ReviewScreen};
    let [pair, path] = args else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let Some(pair) = pair.to_str().and_then(Pair::parse) else {
        eprintln!("kip848-replay: PAIR is seed-kafka, seed-librdkafka or kafka-librdkafka");
        return ExitCode::from(2);
    };
    let trace = match trace_at(path) {
        Ok(trace) => trace,
        Err(code) => return code,
    };
    let review = Review::of(&trace, pair, Align::none());
    let screen = ReviewScreen::new(&review);
    let groups: Vec<_> = review
        .groups
        .iter()
        .map(
            |g| serde_json::json!({ "cause": g.cause, "title": g.cause.title(), "steps": g.steps, "go": screen.first_difference(g.first + 1) }),
        )
        .collect();
    let mut out = vec![serde_json::json!({ "rows": review.rows.len(), "differing": review.differing(), "groups": groups }).to_string()];
    let mut here = Cursor::START;
    loop {
        let (left, right) = screen.frames(here);
        let line = serde_json::json!({ "cursor": here, "effects": screen.effects(here.step), "left": left.facts, "right": right.facts });
        out.push(line.to_string());
        let next = screen.next_effect(here);
        if next == here {
            break;
        }
        here = next;
    }
    for line in out {
        println!("{line}");
    }
    ExitCode::SUCCESS
}

/// Every position's frame, one JSON line each.
fn member_frames(trace: Trace, emit: &mut dyn FnMut(String)) {
    let timeline = Timeline::from_trace(trace);
    for cursor in Cursor::all(&timeline) {
        // Serialising plain data with string keys cannot fail.
        emit(serde_json::to_string(&timeline.frame(cursor)).unwrap_or_default());
    }
}

/// Every question the quiz asks, one JSON line each, in step order.
fn member_quiz(trace: Trace, emit: &mut dyn FnMut(String)) {
    let timeline = Timeline::from_trace(trace);
    for step in kip848_core::teaching::quiz::quiz_steps(&timeline) {
        for question in kip848_core::teaching::quiz::questions(&timeline, step) {
            emit(serde_json::to_string(&question).unwrap_or_default());
        }
    }
}

/// Every step's group frame, one JSON line each.
fn group_frames(trace: GroupTrace, emit: &mut dyn FnMut(String)) {
    let timeline = GroupTimeline::from_trace(trace);
    for step in 0..=timeline.len() {
        emit(serde_json::to_string(&timeline.frame(step)).unwrap_or_default());
    }
}

/// The member trace in the file at `path`; a file that cannot be read or parsed is said on
/// standard error, and is exit status 2.
fn trace_at(path: &std::ffi::OsStr) -> Result<Trace, ExitCode> {
    match read(path).map(|text| Trace::parse(&text)) {
        Ok(Ok(trace)) => Ok(trace),
        Ok(Err(e)) => {
            eprintln!("kip848-replay: {}: {e}", path.to_string_lossy());
            Err(ExitCode::from(2))
        }
        Err(e) => {
            eprintln!("kip848-replay: cannot read {}: {e}", path.to_string_lossy());
            Err(ExitCode::from(2))
        }
    }
}

fn read(path: &std::ffi::OsStr) -> std::io::Result<String> {
    let mut text = String::new();
    if path == "-" {
        std::io::stdin().read_to_string(&mut text)?;
    } else {
        std::fs::File::open(path)?.read_to_string(&mut text)?;
    }
    Ok(text)
}
