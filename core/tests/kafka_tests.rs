//! docs/kafka-tests.md against the names read from Kafka's test files (core/tests/kafka_tests/):
//! every test of every listed class and version has a row, each row says how it is covered, and
//! a trace named after a Kafka test is the one its row cites, and a test ported to Rust is one.

use std::collections::BTreeMap;
use std::path::Path;

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The table rows: test name → its `how` cell.
fn rows() -> BTreeMap<String, String> {
    let doc = std::fs::read_to_string(manifest_dir().join("../docs/kafka-tests.md"))
        .expect("docs/kafka-tests.md");
    doc.lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split(" | ").collect();
            let name = cells.first()?.strip_prefix("| `")?.strip_suffix('`')?;
            Some((
                name.to_owned(),
                cells.last()?.trim_end_matches(" |").to_owned(),
            ))
        })
        .collect()
}

/// Every `(file, names)` of core/tests/kafka_tests/.
fn name_lists() -> Vec<(String, Vec<String>)> {
    let dir = manifest_dir().join("tests/kafka_tests");
    let mut lists: Vec<(String, Vec<String>)> = std::fs::read_dir(&dir)
        .expect("the name lists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("readable");
            let names = text
                .lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
                .map(|l| l.trim().to_owned())
                .collect();
            (
                p.file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                names,
            )
        })
        .collect();
    lists.sort();
    lists
}

fn cited_traces(how: &str) -> Vec<&str> {
    how.split("trace `")
        .skip(1)
        .filter_map(|rest| rest.split('`').next())
        .collect()
}

/// The Rust tests a row names as ports of the Kafka test (`port `name``), each in
/// core/src/group/reconcile_kafka_tests.rs.
fn ported(how: &str) -> Vec<&str> {
    how.split("port `")
        .skip(1)
        .filter_map(|rest| rest.split('`').next())
        .collect()
}

#[test]
fn every_port_a_row_names_is_a_test_of_the_ported_file() {
    let file = std::fs::read_to_string(manifest_dir().join("src/group/reconcile_kafka_tests.rs"))
        .expect("the ported tests");
    let mut ports = 0;
    for how in rows().values() {
        for name in ported(how) {
            ports += 1;
            assert!(
                file.contains(&format!("#[test]\nfn {name}()")),
                "{name}: not a test of reconcile_kafka_tests.rs"
            );
        }
    }
    assert!(ports >= 13, "{ports} ports");
}

#[test]
fn every_kafka_test_of_every_listed_version_has_a_row_that_says_how() {
    let rows = rows();
    let lists = name_lists();
    assert!(lists.len() >= 12, "{} name lists", lists.len());
    let mut total = 0;
    for (file, names) in &lists {
        assert!(!names.is_empty(), "{file}");
        for name in names {
            total += 1;
            let how = rows
                .get(name)
                .unwrap_or_else(|| panic!("{name} ({file}) has no row in docs/kafka-tests.md"));
            // Every test is traced (or ported) or out of scope with a reason: none is left for later.
            assert!(
                !how.contains("untraced: "),
                "{name} ({file}) is untraced: trace it or say why it is out of scope"
            );
            let traced = !cited_traces(how).is_empty() || !ported(how).is_empty();
            let reasoned = how
                .split("out of scope: ")
                .nth(1)
                .is_some_and(|why| why.len() >= 20);
            assert!(traced || reasoned, "{name}: {how}");
        }
    }
    assert!(total >= 300, "{total} names");
}

#[test]
fn every_cited_trace_exists_and_every_trace_named_after_a_test_is_cited_by_its_row() {
    let rows = rows();
    let traces = manifest_dir().join("tests/traces/kafka");
    for how in rows.values() {
        for trace in cited_traces(how) {
            assert!(traces.join(format!("{trace}.json")).is_file(), "{trace}");
        }
    }
    for entry in std::fs::read_dir(&traces).expect("traces") {
        let path = entry.expect("entry").path();
        let Some(stem) = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.strip_suffix(".json"))
        else {
            continue;
        };
        if stem.starts_with("test") {
            let how = rows
                .get(stem)
                .unwrap_or_else(|| panic!("{stem} has no row"));
            assert!(
                cited_traces(how).contains(&stem),
                "{stem}'s row does not cite it: {how}"
            );
        }
    }
}

/// How a row covers the test at one version: a row may give each version its own status
/// (`3.7.0, 3.8.0: trace …; 3.9.0-rc3: out of scope: …`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Coverage {
    Traced,
    OutOfScope,
    Untraced,
}

fn coverage(how: &str, version: &str) -> Coverage {
    let for_version = how
        .split("; ")
        .filter_map(|segment| {
            let (versions, status) = segment.split_once(": ")?;
            let named: Vec<&str> = versions.split(", ").collect();
            let all_versions = named
                .iter()
                .all(|v| v.starts_with(|c: char| c.is_ascii_digit()) || v.starts_with("trunk-"));
            (all_versions && named.contains(&version)).then_some(status)
        })
        .next()
        .unwrap_or(how);
    if for_version.starts_with("untraced: ") {
        Coverage::Untraced
    } else if for_version.starts_with("out of scope: ") {
        Coverage::OutOfScope
    } else if !cited_traces(for_version).is_empty() || !ported(for_version).is_empty() {
        Coverage::Traced
    } else {
        Coverage::OutOfScope
    }
}

/// The counts at the end of docs/kafka-tests.md are the rows' own, per class and version.
#[test]
fn the_counts_table_counts_the_rows() {
    let rows = rows();
    let mut expected = Vec::new();
    for (file, names) in name_lists() {
        let Some((class, version)) = file.strip_suffix(".txt").and_then(|f| f.split_once('@'))
        else {
            panic!("{file}: not class@version.txt");
        };
        let mut counts = [0usize; 3];
        for name in &names {
            let how = rows.get(name).map(String::as_str).unwrap_or_default();
            counts[coverage(how, version) as usize] += 1;
        }
        expected.push(format!(
            "| `{class}` | {version} | {} | {} | {} | {} |",
            counts[0],
            counts[1],
            counts[2],
            names.len()
        ));
    }
    let doc = std::fs::read_to_string(manifest_dir().join("../docs/kafka-tests.md"))
        .expect("docs/kafka-tests.md");
    let mut table: Vec<String> = doc
        .lines()
        .skip_while(|l| !l.starts_with("| class | version |"))
        .skip(2)
        .take_while(|l| l.starts_with("| `"))
        .map(str::to_owned)
        .collect();
    table.sort();
    expected.sort();
    assert_eq!(table, expected, "expected:\n{}", expected.join("\n"));
}
