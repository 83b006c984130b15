//! `kip848-check [--model seed|kafka|librdkafka[,…]] [--members N] [--topics t:1,u:1]
//! [--perturbations N] [--depth N] [--out DIR]`: every schedule of a group within the bounds,
//! breadth-first (`kip848_core::check`). Progress on stderr; the result as JSON on stdout: for
//! each property, *holds within the bounds* (with the states and moves explored) or *violated*,
//! with the shortest schedule. With `--out`, each counterexample is written to DIR as a group
//! trace (`<property>.json`) that opens in the group view at the step where it shows.

use kip848_core::check::{Bounds, Explorer, Property};
use kip848_core::Model;
use serde_json::json;
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: kip848-check [--model seed|kafka|librdkafka[,…]] [--members N] [--topics t:1,u:1] [--perturbations N] [--depth N] [--out DIR]";

fn parse(args: &[String]) -> Option<(Bounds, Option<std::path::PathBuf>)> {
    let mut bounds = Bounds::anchor(Model::Seed, 30);
    let mut out = None;
    let mut i = 0;
    while i < args.len() {
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
            "--out" => out = Some(std::path::PathBuf::from(v)),
            _ => return None,
        }
        i += 2;
    }
    (!bounds.models.is_empty() && !bounds.topics.is_empty()).then_some((bounds, out))
}

/// The wall clock, for the report's seconds and states per second only: the check itself never
/// reads it (its time is the group's, passed in).
#[allow(clippy::disallowed_methods)]
fn clock() -> Instant {
    Instant::now()
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((bounds, out)) = parse(&args) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let started = clock();
    let mut explorer = Explorer::new(bounds.clone());
    let mut depth = 0;
    while !explorer.run(20_000) {
        let r = explorer.report();
        if r.depth != depth {
            depth = r.depth;
            eprintln!(
                "depth {}: {} states, {} moves, {:.1} s",
                r.depth,
                r.states,
                r.transitions,
                started.elapsed().as_secs_f64()
            );
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let report = explorer.report();
    if let Some(dir) = &out {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("cannot write to {}: {e}", dir.display());
            return ExitCode::FAILURE;
        }
    }
    let mut properties = Vec::new();
    for property in Property::all() {
        let found = report.found.iter().find(|f| f.property == property);
        let mut row = json!({
            "property": property.as_str(),
            "title": property.title(),
            "verdict": if found.is_some() { "violated" } else { "holds" },
        });
        if let Some(f) = found {
            row["moves"] = json!(f.moves);
            row["steps"] = json!(f.schedule.steps.len());
            row["words"] = json!(f.words);
            if let Some(dir) = &out {
                let path = dir.join(format!("{}.json", property.as_str()));
                let text = f.trace().to_json();
                if let Err(e) = std::fs::write(&path, text) {
                    eprintln!("cannot write {}: {e}", path.display());
                    return ExitCode::FAILURE;
                }
                row["trace"] = json!(path.display().to_string());
            }
        }
        properties.push(row);
    }
    let result = json!({
        "bounds": bounds,
        "states": report.states,
        "transitions": report.transitions,
        "depth": report.depth,
        "exhausted": report.exhausted,
        "seconds": (seconds * 1000.0).round() / 1000.0,
        "states_per_second": (report.states as f64 / seconds.max(1e-9)).round(),
        "properties": properties,
    });
    println!(
        "{}",
        serde_json::to_string_pretty(&result).unwrap_or_default()
    );
    ExitCode::SUCCESS
}
