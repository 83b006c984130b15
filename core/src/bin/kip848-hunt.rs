//! `kip848-hunt [--model seed|kafka|librdkafka] [--schedules N] [--seed S] [--out DIR]`: runs N
//! random group schedules (seed S) on members of one model and prints, for each hazard of the group, how many schedules showed it,
//! its shortest counterexample (members and steps, after shrinking) and whether the model's design
//! allows it. With `--out`, each counterexample is written to DIR as a group trace
//! (`<hazard>.json`) that opens in the group view at the step where the hazard shows.

use kip848_core::group::hazard::Allowed;
use kip848_core::hunt::Hunt;
use kip848_core::Model;
use std::process::ExitCode;

const USAGE: &str =
    "usage: kip848-hunt [--model seed|kafka|librdkafka] [--schedules N] [--seed S] [--out DIR]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut model, mut count, mut seed, mut out) = (Model::Seed, 1000u64, 1u64, None);
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1);
        let ok = match (args[i].as_str(), value) {
            ("--model", Some(v)) => Model::parse(v).map(|m| model = m).is_some(),
            ("--schedules", Some(v)) => v.parse().map(|n| count = n).is_ok(),
            ("--seed", Some(v)) => v.parse().map(|s| seed = s).is_ok(),
            ("--out", Some(v)) => {
                out = Some(std::path::PathBuf::from(v));
                true
            }
            _ => false,
        };
        if !ok {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
        i += 2;
    }
    let mut hunt = Hunt::new(seed, model);
    hunt.run(count);
    println!(
        "{count} random group schedules (seed {seed}), members: {}",
        model.title()
    );
    for tally in &hunt.tallies {
        let allowed = match tally.hazard.allowed(model) {
            Allowed::Yes => "allows it",
            Allowed::No => "does not allow it",
        };
        let Some(example) = hunt.counterexample(tally.hazard) else {
            println!(
                "- {}: not found (the design {allowed})",
                tally.hazard.title()
            );
            continue;
        };
        println!(
            "- {}: in {} schedule(s), first #{}; shortest: {} member(s), {} step(s), seen at step {} (the design {allowed})\n    {}",
            tally.hazard.title(),
            tally.schedules,
            example.index,
            example.schedule.members().len(),
            example.schedule.steps.len(),
            example.step + 1,
            example.sighting.words
        );
        if let Some(dir) = &out {
            let path = dir.join(format!("{}.json", example.hazard.as_str()));
            if let Err(e) = std::fs::create_dir_all(dir)
                .and_then(|()| std::fs::write(&path, example.trace().to_json()))
            {
                eprintln!("kip848-hunt: cannot write {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
