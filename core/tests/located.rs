//! A trace file's errors say where: every value of every built-in scenario, member and group,
//! spoiled one at a time, is refused with its step and its place in the step (or in the
//! configuration), and a few shapes that need more than one probe are checked by name.

use kip848_core::group::GroupTrace;
use kip848_core::session::trace::{Trace, TraceError};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn files(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(dir);
    let mut found: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the scenarios' directory")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    found.sort();
    assert!(!found.is_empty(), "no scenarios in {}", dir.display());
    found
}

/// Each leaf of `value` (a value that is not an object or a non-empty list) and its place,
/// written as the errors write it: `coordinator.topics.t`, `assignment.t[0]`.
fn leaves(value: &Value, place: String, out: &mut Vec<String>) {
    match value {
        Value::Object(object) if !object.is_empty() => {
            for (key, inner) in object {
                let next = if place.is_empty() {
                    key.clone()
                } else {
                    format!("{place}.{key}")
                };
                leaves(inner, next, out);
            }
        }
        Value::Array(items) if !items.is_empty() => {
            for (i, inner) in items.iter().enumerate() {
                leaves(inner, format!("{place}[{i}]"), out);
            }
        }
        _ => out.push(place),
    }
}

/// The value at `place` (as [`leaves`] writes it), to spoil it.
fn at<'v>(value: &'v mut Value, place: &str) -> &'v mut Value {
    let mut here = value;
    for key in place.split('.') {
        let (key, indexes) = key.split_once('[').unwrap_or((key, ""));
        here = &mut here[key];
        for index in indexes.split('[').filter(|i| !i.is_empty()) {
            let i: usize = index.trim_end_matches(']').parse().expect("an index");
            here = &mut here[i];
        }
    }
    here
}

/// A value the field that held `old` does not take, with nothing inside it to blame instead: text
/// for a flag, a flag for anything else.
fn spoiled(old: &Value) -> Value {
    match old {
        Value::Bool(_) => Value::String("spoiled".into()),
        _ => Value::Bool(true),
    }
}

fn where_(e: &TraceError) -> (Option<usize>, Option<&str>) {
    (e.step, e.field.as_deref())
}

/// Spoils each leaf of each step and of the configuration of `file`, and checks the place
/// `parse` names.
fn each_leaf_is_named(file: &Path, parse: fn(&str) -> Result<(), TraceError>) {
    let text = std::fs::read_to_string(file).expect("a scenario");
    let original: Value = serde_json::from_str(&text).expect("JSON");
    parse(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let mut places: Vec<(Option<usize>, String)> = Vec::new();
    let mut config = Vec::new();
    leaves(&original["config"], String::new(), &mut config);
    places.extend(
        config
            .into_iter()
            .filter(|p| !p.is_empty())
            .map(|p| (None, format!("config.{p}"))),
    );
    for (i, step) in original["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .enumerate()
    {
        let mut inner = Vec::new();
        leaves(step, String::new(), &mut inner);
        places.extend(inner.into_iter().map(|p| (Some(i), p)));
    }
    assert!(places.len() > 5, "{}: too few values", file.display());
    for (step, place) in places {
        let mut value = original.clone();
        let target = match step {
            Some(i) => at(&mut value["steps"][i], &place),
            None => at(&mut value, &place),
        };
        *target = spoiled(target);
        let e = parse(&value.to_string()).expect_err("a spoiled value is refused");
        assert_eq!(
            where_(&e),
            (step, Some(place.as_str())),
            "{}: spoiling {place} of step {step:?} gave: {e}",
            file.display()
        );
    }
}

#[test]
fn every_value_of_every_member_scenario_is_named_when_it_is_wrong() {
    for file in files("assets/scenarios") {
        each_leaf_is_named(&file, |text| Trace::parse(text).map(drop));
    }
}

#[test]
fn every_value_of_every_group_scenario_is_named_when_it_is_wrong() {
    for file in files("assets/group") {
        each_leaf_is_named(&file, |text| GroupTrace::parse(text).map(drop));
    }
}

fn member(step: &str) -> TraceError {
    let text =
        format!(r#"{{"format":"kip848-trace/1","steps":[{{"at":0,"input":"tick"}},{step}]}}"#);
    Trace::parse(&text).expect_err("refused")
}

fn group(step: &str) -> TraceError {
    let text = format!(
        r#"{{"format":"kip848-trace/1","model":"group","steps":[{{"at":0,"input":"add_member","name":"A","topics":["t"]}},{step}]}}"#
    );
    GroupTrace::parse(&text).expect_err("refused")
}

#[test]
fn a_missing_field_belongs_to_its_step_not_to_the_fields_it_has() {
    let e = member(r#"{"at":5}"#);
    assert_eq!(where_(&e), (Some(1), None), "{e}");
    assert!(e.message.contains("missing field `input`"), "{e}");
    let e = group(r#"{"at":5,"input":"add_member","topics":["t"]}"#);
    assert_eq!(where_(&e), (Some(1), None), "{e}");
    assert!(e.message.contains("missing field `name`"), "{e}");
}

#[test]
fn an_unknown_kind_of_step_names_its_tag_and_an_unknown_field_its_name() {
    let e = group(r#"{"at":5,"input":"jump","name":"A"}"#);
    assert_eq!(where_(&e), (Some(1), Some("input")), "{e}");
    let e = group(r#"{"at":5,"input":"kill_member","name":"A","colour":"red"}"#);
    assert_eq!(where_(&e), (Some(1), Some("colour")), "{e}");
    let e = member(r#"{"at":5,"input":"jump"}"#);
    assert_eq!(where_(&e), (Some(1), Some("input")), "{e}");
}

#[test]
fn of_two_wrong_values_the_one_the_message_is_about_is_named() {
    let e = member(
        r#"{"at":5,"input":"heartbeat_response","member_id":"m","member_epoch":"one","heartbeat_interval_ms":"two"}"#,
    );
    let field = e.field.clone().expect("a field");
    let value = if field == "member_epoch" {
        "one"
    } else {
        "two"
    };
    assert!(e.message.contains(value), "{e}");
}

#[test]
fn a_wrong_value_deep_in_the_configuration_is_named_by_its_whole_place() {
    let text = r#"{"format":"kip848-trace/1","model":"group","config":{"coordinator":{"topics":{"t":"four"}}},"steps":[]}"#;
    let e = GroupTrace::parse(text).expect_err("refused");
    assert_eq!(
        where_(&e),
        (None, Some("config.coordinator.topics.t")),
        "{e}"
    );
    let text = r#"{"format":"kip848-trace/1","model":"group","config":{"coordinator":{"colour":1}},"steps":[]}"#;
    let e = GroupTrace::parse(text).expect_err("refused");
    assert_eq!(where_(&e), (None, Some("config.coordinator.colour")), "{e}");
}

#[test]
fn in_a_long_list_the_list_is_named_without_taking_each_item_out() {
    let mut partitions: Vec<String> = (0..5000).map(|p| p.to_string()).collect();
    partitions.push("\"last\"".into());
    let e = member(&format!(
        r#"{{"at":5,"input":"heartbeat_response","member_id":"m","member_epoch":1,"heartbeat_interval_ms":1,"assignment":{{"t":[{}]}}}}"#,
        partitions.join(",")
    ));
    assert_eq!(where_(&e), (Some(1), Some("assignment.t")), "{e}");
    let e = member(
        r#"{"at":5,"input":"heartbeat_response","member_id":"m","member_epoch":1,"heartbeat_interval_ms":1,"assignment":{"t":[0,"x"]}}"#,
    );
    assert_eq!(where_(&e), (Some(1), Some("assignment.t[1]")), "{e}");
}
