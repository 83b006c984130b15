//! `kip848-diagram seed|kafka|librdkafka [--theme light|dark|auto] [--current STATE] [--fired FROM,TO]`
//! prints a model's state diagram as one self-contained SVG document: the layout the app draws,
//! for the README, an export, or a look at the layout outside the browser.

use kip848_core::screen::diagram::{layout, to_svg, Theme};
use kip848_core::{Model, StateName};
use std::process::ExitCode;

const USAGE: &str = "usage: kip848-diagram seed|kafka|librdkafka [--theme light|dark|auto] \
                     [--current STATE] [--fired FROM,TO]";

fn state(name: &str) -> Result<StateName, String> {
    // The Java client's and the seed's are upper case; librdkafka's are its own lower case.
    [name.to_ascii_uppercase(), name.to_owned()]
        .into_iter()
        .find_map(|n| serde_json::from_value(serde_json::Value::String(n)).ok())
        .ok_or_else(|| format!("no state {name}"))
}

fn run(args: &[String]) -> Result<String, String> {
    let (model, rest) = match args.split_first() {
        Some((m, rest)) => (Model::parse(m).ok_or(USAGE)?, rest),
        None => return Err(USAGE.to_owned()),
    };
    let (mut theme, mut current, mut fired) = (Theme::Auto, None, None);
    let mut rest = rest.iter();
    while let Some(flag) = rest.next() {
        let value = rest.next().ok_or(USAGE)?;
        match flag.as_str() {
            "--theme" => {
                theme = match value.as_str() {
                    "light" => Theme::Light,
                    "dark" => Theme::Dark,
                    "auto" => Theme::Auto,
                    _ => return Err(USAGE.to_owned()),
                }
            }
            "--current" => current = Some(state(value)?),
            "--fired" => {
                let (from, to) = value.split_once(',').ok_or(USAGE)?;
                let pair = (state(from)?, state(to)?);
                if !model.is_allowed(pair.0, pair.1) {
                    return Err(format!(
                        "{} does not allow {} → {}",
                        model.as_str(),
                        pair.0,
                        pair.1
                    ));
                }
                fired = Some(pair);
            }
            _ => return Err(USAGE.to_owned()),
        }
    }
    Ok(to_svg(&layout(model), current, fired, theme))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(svg) => {
            print!("{svg}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("kip848-diagram: {message}");
            ExitCode::from(2)
        }
    }
}
