//! `kip848-check [--model seed|kafka|librdkafka[,…]] [--members N] [--topics t:1,u:1]
//! [--perturbations N] [--depth N] [--out DIR]`: every schedule of a group within the bounds,
//! breadth-first (`kip848_core::check`). Progress on stderr; the result as JSON on stdout: for
//! each property, *holds within the bounds* (with the states and moves explored) or *violated*,
//! with the shortest schedule. With `--out`, each counterexample is written to DIR as a group
//! trace (`<property>.json`) that opens in the group view at the step where it shows. With
//! `--choices`, a group of seed members is checked once per combination of the seed design's open
//! choices, and the result is the table of combinations by properties (traces in DIR/<n>/);
//! `--combination N` checks row N (from 0) alone, as a row that never closes would hold up the
//! rest when run to the end. With
//! `--sample N`, N random schedules over the same moves, each shrunk, as a cross-check: each
//! property's row gains the shortest a sample found (`sampled_moves`), never below the check's.
//! `--seconds S` ends a check after S seconds, and `--memory MB` once the process holds MB of
//! memory (by default three quarters of the machine's): the result then says why it stopped
//! (`stopped`), the levels it explored in full (`depth`), and each property not found there is
//! `not found` within them rather than `holds`; convergence is `unjudged`. Bounds too large to
//! explore end with an answer instead of the system killing the process.

use kip848_core::check::{sample, Bounds, Combination, Explorer, Property, Report};
use kip848_core::Model;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

// Most of the check's time is cloning group states: mimalloc's malloc and free are quicker than
// the system's at that (measured in docs/performance.md, "The check to the end").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const USAGE: &str = "usage: kip848-check [--model seed|kafka|librdkafka[,…]] [--members N] [--topics t:1,u:1] [--perturbations N] [--depth N] [--out DIR] [--choices] [--combination N] [--sample N] [--seconds S] [--memory MB]";

/// When a check ends before its bounds: after so many seconds, or once the process holds so much
/// memory.
#[derive(Clone, Copy)]
struct Budget {
    seconds: Option<f64>,
    memory_mb: Option<u64>,
}

struct Args {
    bounds: Bounds,
    out: Option<PathBuf>,
    choices: bool,
    /// Only this row of the choices table.
    combination: Option<usize>,
    sample: Option<u64>,
    budget: Budget,
}

fn parse(args: &[String]) -> Option<Args> {
    let mut bounds = Bounds::anchor(Model::Seed, 30);
    let mut out = None;
    let mut choices = false;
    let mut combination = None;
    let mut sample = None;
    let mut budget = Budget {
        seconds: None,
        memory_mb: proc_mb("/proc/meminfo", "MemTotal:").map(|mb| mb / 4 * 3),
    };
    let mut i = 0;
    while i < args.len() {
        if args[i] == "--choices" {
            choices = true;
            i += 1;
            continue;
        }
        let v = args.get(i + 1)?;
        match args[i].as_str() {
            "--model" => {
                bounds.models = v.split(',').map(Model::parse).collect::<Option<_>>()?;
            }
            "--members" => bounds.members = v.parse().ok().filter(|n| (1..=4).contains(n))?,
            "--perturbations" => bounds.perturbations = v.parse().ok()?,
            "--depth" => bounds.depth = v.parse().ok()?,
            "--topics" => {
                bounds.topics = v
                    .split(',')
                    .map(|t| {
                        let (name, n) = t.split_once(':')?;
                        Some((
                            name.to_owned(),
                            n.parse().ok().filter(|n| (1..=8).contains(n))?,
                        ))
                    })
                    .collect::<Option<_>>()?;
            }
            "--out" => out = Some(PathBuf::from(v)),
            "--sample" => sample = Some(v.parse().ok()?),
            "--seconds" => {
                budget.seconds = Some(v.parse().ok().filter(|s: &f64| s.is_finite() && *s > 0.0)?);
            }
            "--memory" => budget.memory_mb = Some(v.parse().ok().filter(|mb| *mb > 0)?),
            "--combination" => {
                choices = true;
                combination = Some(v.parse().ok().filter(|n| *n < Combination::all().len())?);
            }
            _ => return None,
        }
        i += 2;
    }
    if choices {
        bounds.models = vec![Model::Seed];
    }
    (!bounds.models.is_empty() && !bounds.topics.is_empty()).then_some(Args {
        bounds,
        out,
        choices,
        combination,
        sample,
        budget,
    })
}

/// The wall clock, for the report's seconds and states per second only: the check itself never
/// reads it (its time is the group's, passed in).
#[allow(clippy::disallowed_methods)]
fn clock() -> Instant {
    Instant::now()
}

/// Moves explored between two looks at the time and memory spent.
const SLICE: u64 = 20_000;

/// Runs a check to its end, or until `budget` is spent, progress on stderr; the report, the
/// seconds it took, and why it stopped early if it did.
fn run(mut explorer: Explorer, budget: Budget) -> (Report, f64, Option<String>) {
    let started = clock();
    let mut depth = 0;
    let mut stopped = None;
    let mut before = proc_mb("/proc/self/status", "VmRSS:").unwrap_or_default();
    while !explorer.run(SLICE) {
        let seconds = started.elapsed().as_secs_f64();
        let memory = proc_mb("/proc/self/status", "VmRSS:");
        if budget.seconds.is_some_and(|limit| seconds >= limit) {
            stopped = Some(format!("time: {seconds:.1} s"));
        } else if let (Some(limit), Some(held)) = (budget.memory_mb, memory) {
            // What the next slice may take, looked at before it runs: its tables' next move to
            // more room (gigabytes at a time for three members), and as much as the last slice.
            let tables = explorer.growth_within(SLICE as usize) >> 20;
            let next = (tables as u64).saturating_add(held.saturating_sub(before));
            if held.saturating_add(next) >= limit {
                stopped = Some(format!(
                    "memory: {held} MB held and {next} MB more for the next slice, the limit {limit} MB"
                ));
            }
        }
        before = memory.unwrap_or(before);
        if let Some(why) = &stopped {
            eprintln!("stopped ({why})");
            explorer.stop();
            break;
        }
        let r = explorer.report();
        if r.depth != depth {
            depth = r.depth;
            eprintln!(
                "depth {}: {} states, {} moves, {seconds:.1} s, {} MB",
                r.depth,
                r.states,
                r.transitions,
                memory.unwrap_or_default()
            );
        }
    }
    (explorer.report(), started.elapsed().as_secs_f64(), stopped)
}

/// The result of one check as JSON, each counterexample written to `out` when given.
fn result(
    (report, seconds, stopped): &(Report, f64, Option<String>),
    out: Option<&Path>,
) -> Result<Value, String> {
    let seconds = *seconds;
    if let Some(dir) = out {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot write to {}: {e}", dir.display()))?;
    }
    let mut properties = Vec::new();
    for property in Property::all() {
        let found = report.found.iter().find(|f| f.property == property);
        let mut row = json!({
            "property": property.as_str(),
            "title": property.title(),
            "verdict": match (found, report.stopped) {
                (Some(_), _) => "violated",
                (None, false) => "holds",
                (None, true) if property == Property::Converges => "unjudged",
                (None, true) => "not found",
            },
        });
        if let Some(f) = found {
            row["moves"] = json!(f.moves);
            row["steps"] = json!(f.schedule.steps.len());
            row["words"] = json!(f.words);
            if let Some(dir) = out {
                let path = dir.join(format!("{}.json", property.as_str()));
                std::fs::write(&path, f.trace().to_json())
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                row["trace"] = json!(path.display().to_string());
            }
        }
        properties.push(row);
    }
    Ok(json!({
        "states": report.states,
        "transitions": report.transitions,
        "depth": report.depth,
        "exhausted": report.exhausted,
        "stopped": stopped,
        "seconds": (seconds * 1000.0).round() / 1000.0,
        "states_per_second": (report.states as f64 / seconds.max(1e-9)).round(),
        "peak_memory_mb": proc_mb("/proc/self/status", "VmHWM:"),
        "properties": properties,
    }))
}

/// A line `<key> <n> kB` of a file of Linux's `/proc`, in MB; `None` elsewhere. Read for the
/// process's peak (`VmHWM`) and present (`VmRSS`) resident memory, and the machine's (`MemTotal`).
fn proc_mb(file: &str, key: &str) -> Option<u64> {
    let text = std::fs::read_to_string(file).ok()?;
    let line = text.lines().find(|l| l.starts_with(key))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(Args {
        bounds,
        out,
        choices,
        combination: only,
        sample: walks,
        budget,
    }) = parse(&args)
    else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let outcome = if choices {
        let mut rows = Vec::new();
        let mut failed = None;
        for (n, combination) in Combination::all().into_iter().enumerate() {
            if only.is_some_and(|only| only != n) {
                continue;
            }
            eprintln!("choices {}: {}", n, combination.answers().join("; "));
            let ran = run(combination.explorer(&bounds), budget);
            let dir = out.as_ref().map(|d| d.join(n.to_string()));
            match result(&ran, dir.as_deref()) {
                Ok(mut row) => {
                    row["choices"] = json!(combination);
                    row["answers"] = json!(combination.answers());
                    row["flips"] = json!(combination.flips());
                    rows.push(row);
                }
                Err(e) => failed = Some(e),
            }
        }
        match failed {
            Some(e) => Err(e),
            None => Ok(json!({ "bounds": bounds, "combinations": rows })),
        }
    } else {
        let ran = run(Explorer::new(bounds.clone()), budget);
        result(&ran, out.as_deref()).map(|mut r| {
            r["bounds"] = json!(bounds);
            if let Some(walks) = walks {
                eprintln!("sampling {walks} random schedules");
                let sampled = sample(&bounds, 848, walks);
                r["sample_walks"] = json!(walks);
                if let Some(rows) = r["properties"].as_array_mut() {
                    for row in rows {
                        let name = row["property"].as_str().unwrap_or_default();
                        row["sampled_moves"] = json!(sampled.get(name));
                    }
                }
            }
            r
        })
    };
    match outcome {
        Ok(value) => {
            println!(
                "{}",
                serde_json::to_string_pretty(&value).unwrap_or_default()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
