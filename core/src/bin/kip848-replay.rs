//! `kip848-replay FILE` (or `-` for standard input): validates a trace file and prints one JSON
//! line per step (shared/spec/trace-format.md). A malformed file: one message on standard error,
//! nothing on standard output, exit status 2.

use kip848_core::group::GroupTrace;
use kip848_core::replay::replay_json;
use kip848_core::timeline::Timeline;
use kip848_core::trace::Trace;
use std::io::{BufWriter, Read, Write};
use std::process::ExitCode;

/// A replay that hands each line to its argument.
type Replay = Box<dyn FnOnce(&mut dyn FnMut(String))>;

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1);
    let (Some(path), None) = (args.next(), args.next()) else {
        eprintln!("usage: kip848-replay FILE   (FILE may be - for standard input)");
        return ExitCode::from(2);
    };
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
            Ok(trace) => Box::new(move |emit| trace.replay(emit)),
            Err(e) => {
                eprintln!("kip848-replay: {}: {e}", path.to_string_lossy());
                return ExitCode::from(2);
            }
        }
    } else {
        match Trace::parse(&text) {
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

fn read(path: &std::ffi::OsStr) -> std::io::Result<String> {
    let mut text = String::new();
    if path == "-" {
        std::io::stdin().read_to_string(&mut text)?;
    } else {
        std::fs::File::open(path)?.read_to_string(&mut text)?;
    }
    Ok(text)
}
