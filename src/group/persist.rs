//! The group session survives a reload: saved a little after each change, one save per tab like
//! the member session (`crate::session::persist`), and read back as untrusted as an imported file.

use super::GroupSession;
use crate::session::address::unlink_if_changed;
use crate::session::address::Mode;
use crate::session::shelf::Shelf;
use kip848_core::group::{GroupTimeline, GroupTrace};
use kip848_core::session::link::{encode_group, SharedGroup};
use leptos::prelude::*;
use serde_json::{json, Value};

const GROUPS: Shelf = Shelf {
    prefix: "kip848:group:",
    recent: "kip848:group-recent",
};

/// The session as saved: `{"step": cursor, "trace": the group trace file}`.
fn saved(timeline: &GroupTimeline) -> String {
    json!({ "step": timeline.cursor(), "trace": timeline.trace().to_value() }).to_string()
}

/// The group session and the step on screen as a share-link fragment.
pub fn fragment(group: GroupSession) -> String {
    group.timeline.with_untracked(|t| {
        encode_group(&SharedGroup {
            trace: t.trace().clone(),
            step: t.cursor(),
        })
    })
}

/// Reads a save back, as strictly as a file.
fn read(text: &str) -> Result<GroupTimeline, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    let step = value.get("step").and_then(Value::as_u64).ok_or("no step")?;
    let trace = value.get("trace").ok_or("no trace")?.to_string();
    let trace = GroupTrace::parse(&trace).map_err(|e| e.to_string())?;
    let mut timeline = GroupTimeline::from_trace(trace);
    timeline.seek(usize::try_from(step).unwrap_or(usize::MAX));
    Ok(timeline)
}

/// Opens this tab's saved group session, else the most recent one: true if there was one. A save
/// that cannot be read is dropped, and the error says why.
pub fn restore(group: GroupSession) -> Result<bool, String> {
    let Some((key, text)) = GROUPS.newest() else {
        return Ok(false);
    };
    match read(&text) {
        Ok(timeline) => {
            group.scenario.set(timeline.trace().title.clone());
            group.timeline.set(timeline);
            Ok(true)
        }
        Err(e) => {
            GROUPS.discard(&key);
            Err(format!("Your saved group session could not be read ({e})"))
        }
    }
}

/// Saves the group session a little after each change; says once if the browser will not keep it.
pub fn autosave(group: GroupSession) {
    if group.readonly {
        return;
    }
    let save = move || {
        let value = group.timeline.with_untracked(saved);
        unlink_if_changed(Mode::Group, || fragment(group));
        GROUPS.put(&value)
    };
    group
        .of
        .autosave("Your group session", save, move || group.timeline.track());
}
