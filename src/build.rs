//! The scenario manifest: the built-in scenarios are whatever `assets/scenarios/` (member, in file
//! name order) and `assets/group/` (group, in the order its `ORDER` file lists) hold, compiled into
//! the app so that it works offline. The browser tests and the book read the same directories, so
//! no list of ids is kept by hand anywhere.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

fn traces(dir: &Path) -> Vec<(String, PathBuf)> {
    let mut found: Vec<(String, PathBuf)> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter_map(|p| Some((p.file_stem()?.to_str()?.to_owned(), p)))
        .collect();
    found.sort();
    found
}

/// The scenario's title, read here once instead of by parsing every scenario in the browser each
/// time a picker is drawn (its id when the file has none).
fn title(id: &str, path: &Path) -> String {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let json: serde_json::Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()));
    json.get("title")
        .and_then(serde_json::Value::as_str)
        .unwrap_or(id)
        .to_owned()
}

fn table(name: &str, doc: &str, entries: &[(String, PathBuf)]) -> String {
    let mut out = format!(
        "/// {doc}\npub const {name}: [(&str, &str, &str); {}] = [\n",
        entries.len()
    );
    for (id, path) in entries {
        let _ = writeln!(
            out,
            "    ({id:?}, {:?}, include_str!({:?})),",
            title(id, path),
            path.display().to_string()
        );
    }
    out.push_str("];\n");
    out
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let member = traces(&root.join("assets/scenarios"));
    let group_dir = root.join("assets/group");
    let group_files = traces(&group_dir);
    let order = fs::read_to_string(group_dir.join("ORDER")).expect("assets/group/ORDER");
    let group: Vec<(String, PathBuf)> = order
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|id| {
            group_files
                .iter()
                .find(|(i, _)| i == id)
                .cloned()
                .unwrap_or_else(|| panic!("assets/group/ORDER names {id}, which has no file"))
        })
        .collect();
    // A scenario file the picker would never list is a mistake, not a choice.
    for (id, _) in &group_files {
        assert!(
            group.iter().any(|(i, _)| i == id),
            "assets/group/{id}.json is not in assets/group/ORDER"
        );
    }
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it"));
    let member = table(
        "SCENARIOS",
        "(file name, title, trace text) of each member scenario, in the picker's order.",
        &member,
    );
    let group = table(
        "GROUP_SCENARIOS",
        "Id, title and file text of each group scenario, in the picker's order.",
        &group,
    );
    fs::write(out.join("scenarios.rs"), member).expect("OUT_DIR is writable");
    fs::write(out.join("group_scenarios.rs"), group).expect("OUT_DIR is writable");
    println!("cargo:rerun-if-changed=assets/scenarios");
    println!("cargo:rerun-if-changed=assets/group");
}
