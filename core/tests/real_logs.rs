//! Logs from the wild (`tests/logs/real/`, provenance in its README): each imports, and its replay
//! on the shipped model passes through what the log shows — the states logged, in order, the final
//! state, the member id, each reconciliation's assigned set and the heartbeat errors — or, for the
//! controls, the import is refused with the reason named.

use kip848_core::import::{ClientVersion, ParsedLog};
use kip848_core::session::timeline::Timeline;
use kip848_core::{Effect, Input, Machine, PartitionSet, StateName};
use serde::Deserialize;
use std::path::{Path, PathBuf};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Facts {
    client: Option<String>,
    version: Option<String>,
    member_id: Option<String>,
    #[serde(default)]
    states: Vec<String>,
    final_state: Option<String>,
    #[serde(default)]
    assigned: Vec<Vec<String>>,
    #[serde(default)]
    errors: Vec<String>,
    /// The import is refused with a message holding this.
    refused: Option<String>,
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/logs/real")
}

fn logs() -> Vec<PathBuf> {
    let mut logs: Vec<PathBuf> = std::fs::read_dir(dir())
        .expect("tests/logs/real")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "log"))
        .collect();
    logs.sort();
    logs
}

fn names(set: &PartitionSet) -> Vec<String> {
    set.iter()
        .map(|(topic, p)| format!("{topic}-{p}"))
        .collect()
}

/// `needles` appear in `haystack` in order (not necessarily next to each other).
fn in_order<T: PartialEq + std::fmt::Debug>(haystack: &[T], needles: &[T], what: &str, log: &str) {
    let mut rest = haystack.iter();
    for needle in needles {
        assert!(
            rest.any(|h| h == needle),
            "{log}: {what} {needle:?} not found in order in {haystack:?}"
        );
    }
}

#[test]
fn every_real_log_replays_through_what_it_shows() {
    let mut checked = 0;
    for path in logs() {
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_owned();
        let facts: Facts = serde_json::from_str(
            &std::fs::read_to_string(path.with_extension("facts.json"))
                .unwrap_or_else(|e| panic!("{name}: its facts: {e}")),
        )
        .unwrap_or_else(|e| panic!("{name}: its facts: {e}"));
        let text = std::fs::read_to_string(&path).expect("a log");
        let parsed = ParsedLog::parse(&text).expect("within limits");
        let imported = parsed.import(facts.client.as_deref());
        if let Some(reason) = &facts.refused {
            let error = imported.expect_err(&name).to_string();
            assert!(error.contains(reason), "{name}: refused with {error:?}");
            assert_eq!(error.lines().count(), 1, "{name}: one line");
            checked += 1;
            continue;
        }
        let imported = imported.unwrap_or_else(|e| panic!("{name}: {e}"));
        if let Some(v) = &facts.version {
            assert_eq!(
                imported.version.map(ClientVersion::as_str),
                Some(v.as_str()),
                "{name}"
            );
        }
        let timeline = Timeline::from_trace(imported.trace.clone());
        let end = timeline.member_at(timeline.len());
        if let Some(id) = &facts.member_id {
            assert_eq!(
                &imported.trace.config.member_id.clone().unwrap_or_default(),
                id,
                "{name}: the trace's member"
            );
            assert_eq!(
                end.facts().member_id,
                id.as_str(),
                "{name}: the replayed member"
            );
        }
        let transitions: Vec<String> = (0..timeline.len())
            .flat_map(|s| timeline.effects_of(s).to_vec())
            .filter_map(|e| match e {
                Effect::Transition { to, .. } => Some(to.as_str().to_owned()),
                _ => None,
            })
            .collect();
        in_order(&transitions, &facts.states, "state", &name);
        if let Some(state) = &facts.final_state {
            assert_eq!(end.facts().state.as_str(), state, "{name}: the final state");
        }
        // A reconciliation block prints the set being reconciled: the member's target while it
        // reconciles, and its assigned set once done (a reconciliation with nothing to wait for
        // finishes within its step).
        let done = |s: usize| {
            s > 0
                && timeline.effects_of(s - 1).iter().any(|e| {
                    matches!(
                        e,
                        Effect::Transition {
                            to: StateName::Acknowledging,
                            ..
                        }
                    )
                })
        };
        let received: Vec<Vec<String>> = (0..=timeline.len())
            .flat_map(|s| {
                let facts = timeline.member_at(s).facts();
                let target = facts.target.as_ref().map(names);
                let owned = done(s).then(|| names(&facts.assigned));
                target.into_iter().chain(owned)
            })
            .collect();
        in_order(&received, &facts.assigned, "reconciled set", &name);
        // Every reconciliation the log shows before its last one was finished: the member owned
        // that set (a member stuck reconciling owns nothing new for the rest of the log).
        let owned: Vec<Vec<String>> = (0..=timeline.len())
            .map(|s| names(&timeline.member_at(s).facts().assigned))
            .collect();
        let finished = facts.assigned.len().saturating_sub(1);
        in_order(&owned, &facts.assigned[..finished], "owned set", &name);
        if facts.final_state.as_deref() == Some("STABLE") {
            assert_eq!(
                Some(&names(&end.facts().assigned)),
                facts.assigned.last(),
                "{name}: a STABLE member owns what it reconciled last"
            );
        }
        let errors: Vec<String> = timeline
            .steps()
            .iter()
            .filter_map(|s| match &s.input {
                Input::HeartbeatError { code } => Some(code.to_string()),
                _ => None,
            })
            .collect();
        assert_eq!(errors, facts.errors, "{name}: the heartbeat errors");
        checked += 1;
    }
    assert!(checked >= 12, "only {checked} logs");
}
