//! The house rules ARCHITECTURE.md states, checked: no source file over 400 lines and none over 300
//! without saying why (Rust, JavaScript, CSS, HTML, Python, and files with no extension such as the
//! Makefile); no import circle that spans two concerns (the core's top-level folders, the app's
//! top-level modules); a model's fields `pub(super)` at most; and only the registry matching
//! `AnyMember` by its model.
//! A circle inside one concern is allowed: a concern changes as one piece.
//!
//! Over 300 lines: the house rules and the small import-graph reader they share.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const MAX_LINES: usize = 400;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the core sits inside the repository")
        .to_path_buf()
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().to_string();
        if path.is_dir() {
            // Installed packages and build output are not ours.
            if !matches!(name.as_str(), "node_modules" | "target" | "dist") {
                walk(&path, out);
            }
        } else {
            out.push(path);
        }
    }
}

fn sources() -> Vec<PathBuf> {
    let root = repo();
    let mut files = Vec::new();
    for dir in [
        "src",
        "core/src",
        "core/tests",
        "core/benches",
        "tests",
        "build",
        "style",
        "assets",
    ] {
        walk(&root.join(dir), &mut files);
    }
    for file in ["index.html", "Makefile", "build.rs"] {
        files.push(root.join(file));
    }
    files.retain(|f| {
        f.is_file()
            && matches!(
                f.extension().and_then(|e| e.to_str()),
                Some("rs" | "mjs" | "js" | "css" | "html" | "py") | None
            )
            && f.file_name().is_some_and(|n| n != ".gitignore")
    });
    // Files the build or a test writes (exported traces are checked byte for byte elsewhere).
    files.retain(|f| {
        let s = f.to_string_lossy();
        !s.contains("/assets/book/theme/index.hbs") && !s.contains("/tests/exported/")
    });
    files
}

/// Past 300 lines a file says why at its top ("Over 300 lines: …"): the limit is met by a shape,
/// not by trimming to just under 400.
#[test]
fn a_source_file_over_300_lines_says_why_at_its_top() {
    let unexplained: Vec<String> = sources()
        .into_iter()
        .filter_map(|f| {
            let text = fs::read_to_string(&f).ok()?;
            let lines = text.lines().count();
            let explained = text
                .lines()
                .take(15)
                .any(|l| l.contains("Over 300 lines: "));
            (lines > 300 && !explained).then(|| format!("{} ({lines} lines)", f.display()))
        })
        .collect();
    assert!(unexplained.is_empty(), "{unexplained:#?}");
}

#[test]
fn no_source_file_is_over_400_lines() {
    let root = repo();
    let long: Vec<String> = sources()
        .into_iter()
        .filter_map(|f| {
            let lines = fs::read_to_string(&f).ok()?.lines().count();
            (lines > MAX_LINES).then(|| {
                format!(
                    "{} ({lines} lines)",
                    f.strip_prefix(&root).unwrap_or(&f).display()
                )
            })
        })
        .collect();
    assert!(long.is_empty(), "over {MAX_LINES} lines: {long:?}");
}

type Module = Vec<String>;

/// Every module of a crate (its path from the crate root) and its file.
fn modules(src: &Path) -> BTreeMap<Module, PathBuf> {
    let mut files = Vec::new();
    walk(src, &mut files);
    files
        .into_iter()
        .filter(|f| f.extension().is_some_and(|e| e == "rs"))
        .filter(|f| !f.strip_prefix(src).is_ok_and(|r| r.starts_with("bin")))
        .map(|f| {
            let rel = f.strip_prefix(src).unwrap_or(&f).with_extension("");
            let mut path: Module = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().to_string())
                .collect();
            if path
                .last()
                .is_some_and(|l| matches!(l.as_str(), "mod" | "lib" | "main"))
            {
                path.pop();
            }
            (path, f)
        })
        .collect()
}

/// The module paths written after `prefix::` in `text` (`crate::a::b::Name` gives a, b, Name).
fn paths_after(text: &str, prefix: &str) -> Vec<Module> {
    let needle = format!("{prefix}::");
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(&needle) {
        let before = rest[..at].chars().next_back();
        rest = &rest[at + needle.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(rest.len());
        let path: Module = rest[..end]
            .split("::")
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
        if !path.is_empty() {
            found.push(path);
        }
    }
    found
}

/// What a file imports, with its unit tests and comments left out.
fn code(file: &Path) -> String {
    let text = fs::read_to_string(file).unwrap_or_default();
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => &text,
    };
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

fn resolve(mods: &BTreeMap<Module, PathBuf>, path: &[String]) -> Option<Module> {
    (1..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|p| mods.contains_key(p))
}

/// The circles (strongly connected components of more than one module) of a crate's imports.
fn circles(src: &Path) -> Vec<BTreeSet<Module>> {
    let mods = modules(src);
    let mut graph: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (module, file) in &mods {
        let text = code(file);
        let mut targets = BTreeSet::new();
        for path in paths_after(&text, "crate") {
            targets.extend(resolve(&mods, &path));
        }
        let parent = &module[..module.len().saturating_sub(1)];
        for path in paths_after(&text, "super") {
            let full: Module = parent.iter().cloned().chain(path).collect();
            targets.extend(resolve(&mods, &full));
        }
        targets.remove(module);
        graph.insert(module.clone(), targets);
    }
    strongly_connected(&graph)
        .into_iter()
        .filter(|c| c.len() > 1)
        .collect()
}

/// Tarjan's algorithm, iterative over a small graph.
fn strongly_connected(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<BTreeSet<Module>> {
    struct State<'a> {
        graph: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        on_stack: BTreeSet<&'a Module>,
        found: Vec<BTreeSet<Module>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a Module) {
        let i = s.index.len();
        s.index.insert(v, i);
        s.low.insert(v, i);
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in s.graph.get(v).into_iter().flatten() {
            if !s.index.contains_key(w) {
                visit(s, w);
                let low = s.low[v].min(s.low[w]);
                s.low.insert(v, low);
            } else if s.on_stack.contains(w) {
                let low = s.low[v].min(s.index[w]);
                s.low.insert(v, low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = BTreeSet::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                component.insert(w.clone());
                if w == v {
                    break;
                }
            }
            s.found.push(component);
        }
    }
    let mut s = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !s.index.contains_key(v) {
            visit(&mut s, v);
        }
    }
    s.found
}

fn spanning(src: &Path) -> Vec<String> {
    circles(src)
        .into_iter()
        .filter(|c| c.iter().map(|m| &m[0]).collect::<BTreeSet<_>>().len() > 1)
        .map(|c| {
            c.iter()
                .map(|m| m.join("::"))
                .collect::<Vec<_>>()
                .join(" ↔ ")
        })
        .collect()
}

#[test]
fn no_import_circle_spans_two_concerns_of_the_core() {
    let circles = spanning(&repo().join("core/src"));
    assert!(circles.is_empty(), "{circles:#?}");
}

#[test]
fn no_import_circle_spans_two_modules_of_the_app() {
    let circles = spanning(&repo().join("src"));
    assert!(circles.is_empty(), "{circles:#?}");
}

/// The checker itself finds a circle when there is one (else the two tests above prove nothing).
#[test]
fn the_circle_finder_finds_a_circle() {
    let dir = std::env::temp_dir().join(format!("kip848-arch-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("a")).expect("a scratch directory");
    fs::create_dir_all(dir.join("b")).expect("a scratch directory");
    fs::write(dir.join("a/mod.rs"), "pub mod x;").expect("write");
    fs::write(dir.join("a/x.rs"), "use crate::b::y::Y;\npub struct X;").expect("write");
    fs::write(dir.join("b/mod.rs"), "pub mod y;").expect("write");
    fs::write(
        dir.join("b/y.rs"),
        "use crate::a::x::X; // crate::c\npub struct Y;",
    )
    .expect("write");
    fs::write(dir.join("c.rs"), "use super::a::x::X;").expect("write");
    let found = spanning(&dir);
    let _ = fs::remove_dir_all(&dir);
    assert_eq!(found, vec!["a::x ↔ b::y".to_string()]);
}

/// The model folders, as the registry in `lib.rs` names them (`Variant => folder::Member,`).
fn model_folders() -> Vec<String> {
    let lib = fs::read_to_string(repo().join("core/src/lib.rs")).unwrap_or_default();
    let registry = lib
        .split("models! {")
        .nth(1)
        .and_then(|r| r.split("\n}").next())
        .unwrap_or_default();
    registry
        .lines()
        .filter_map(|l| l.split_once("=>"))
        .filter_map(|(_, member)| member.trim().split("::").next())
        .map(str::to_owned)
        .collect()
}

/// A model's internals are its folder's: no field of a model folder's types is visible to the rest
/// of the crate (`pub(super)` at most), so the compiler keeps every other folder to the
/// descriptor and the `Machine` trait. `LocalAssignment` is a value the Java model hands out (the
/// importer reads a log's), not a member's state.
#[test]
fn a_models_fields_are_private_to_its_folder() {
    let folders = model_folders();
    assert!(folders.len() >= 3, "the registry names {folders:?}");
    let mut open = Vec::new();
    for folder in &folders {
        let mut files = Vec::new();
        walk(&repo().join("core/src").join(folder), &mut files);
        for file in files {
            let text = fs::read_to_string(&file).unwrap_or_default();
            for (n, line) in text.lines().enumerate() {
                let field = line.trim_start();
                let visible = ["pub(crate) ", "pub "].iter().any(|p| {
                    field.strip_prefix(p).is_some_and(|rest| {
                        let name: String = rest
                            .chars()
                            .take_while(|c| c.is_alphanumeric() || *c == '_')
                            .collect();
                        !name.is_empty() && rest[name.len()..].starts_with(": ")
                    })
                });
                let value_type = file.ends_with("kafka/local.rs");
                if visible && !value_type && line.starts_with("    ") {
                    open.push(format!("{}:{}: {field}", file.display(), n + 1));
                }
            }
        }
    }
    assert!(open.is_empty(), "{open:#?}");
}

/// Only the registry matches on a member's model: everything else asks the `Machine` trait or the
/// model's descriptor, so a new model needs no other file.
#[test]
fn only_the_registry_matches_a_member_by_its_model() {
    let variants: Vec<String> = fs::read_to_string(repo().join("core/src/lib.rs"))
        .unwrap_or_default()
        .split("models! {")
        .nth(1)
        .and_then(|r| r.split("\n}").next())
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.split_once("=>"))
        .map(|(v, _)| v.trim().to_owned())
        .collect();
    assert!(variants.len() >= 3, "{variants:?}");
    let mut found = Vec::new();
    for file in sources() {
        if file.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap_or_default();
        for v in &variants {
            if text.contains(&format!("AnyMember::{v}(")) {
                found.push(format!("{}: AnyMember::{v}(", file.display()));
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}
