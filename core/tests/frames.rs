//! The screen's frames (`Timeline::frame`): one per (step, effects shown), for every built-in
//! scenario and for random sessions of both models.
//!
//! Over 300 lines: every frame property checked over the same walks of every scenario.
//!
//! - At the end of each step the frame is the member after the step (the replay's line), and the
//!   first position of a step starts from the end of the one before.
//! - Between two positions of a step only what the next effect changes changes (the model's own
//!   facts just after each effect, `Machine::handle_observed`); the input itself (its time, an
//!   answer's id, epoch and interval, the end of the heartbeat in flight) shows with the first.
//! - No lane span exists before the effect that invokes it; the request shown is the one in
//!   flight; the chips are the assigned set.

use kip848_core::machine::facts::Facts;
use kip848_core::session::trace::Trace;
use kip848_core::*;
use proptest::prelude::*;
use serde_json::Value;
use std::collections::BTreeSet;

#[path = "common/arb.rs"]
mod arb;

/// The fields of [`Facts`] that `effect` may change. `first`: the step's first effect, which
/// also shows what the input itself did.
fn may_change(effect: &Effect, first: bool) -> BTreeSet<&'static str> {
    let mut fields: BTreeSet<&str> = match effect {
        Effect::Transition { .. } => [
            "state",
            "member_epoch",
            "awaiting",
            "target",
            "newest_target",
            "failure",
            "in_flight",
            "remembered",
            "retry_owed",
            "next_deadline",
            "local.reconciled",
            "local.reconciled_epoch",
            "local.received",
            "local.received_epoch",
            "local.unresolved",
            "local.pending_revocation",
        ]
        .into(),
        Effect::SendHeartbeat(_) => [
            "in_flight",
            "remembered",
            "retry_owed",
            "next_deadline",
            "member_epoch",
        ]
        .into(),
        Effect::RemoveFromAssigned { .. }
        | Effect::AddToAssigned { .. }
        | Effect::ClearAssigned { .. } => [
            "assigned",
            "target",
            "newest_target",
            "local.pending_revocation",
            "local.reconciled",
            "local.reconciled_epoch",
            "local.received",
            "local.received_epoch",
            "local.unresolved",
        ]
        .into(),
        // The first step of a reconciliation shows its target: starting one is not an effect.
        Effect::CommitOffsets { .. }
        | Effect::InvokeOnPartitionsRevoked { .. }
        | Effect::InvokeOnAssignment { .. }
        | Effect::InvokeOnPartitionsAssigned { .. }
        | Effect::InvokeOnPartitionsLost { .. } => {
            // The shipped client updates its assignment (pending revocation ends) before it
            // runs onPartitionsAssigned, with nothing to add: that has no effect of its own.
            ["awaiting", "target", "local.pending_revocation"].into()
        }
        // A failed callback drops the running reconciliation of the shipped client as it reports.
        // A reported fatal error is the failure (librdkafka records it before anything else).
        Effect::ReportError { .. } => ["target", "awaiting", "failure", "next_deadline"].into(),
    };
    // A heartbeat asked for while one is in flight is remembered without an effect (seed model §5
    // "Sending"): it shows with the effect after which it happened. Likewise the shipped client
    // drops partitions pending revocation (already out of the assigned set) without an effect of
    // their own when a late release completes: the "revoking" chips go with the next effect.
    fields.insert("remembered");
    fields.insert("local.pending_revocation");
    if first {
        fields.extend([
            "now",
            "member_id",
            "member_epoch",
            "heartbeat_interval_ms",
            "in_flight",
            "remembered",
            "retry_owed",
            "next_deadline",
            "newest_target",
            "awaiting",
            // A failed callback makes the shipped client drop its reconciliation (`AbstractMembershipManager.maybeReconcile`
            // 7d): no effect of its own, it shows with the report that follows.
            "target",
            "local.received",
            "local.received_epoch",
            "local.unresolved",
            // A completion that lets the shipped client drop what it held without an effect
            // (partitions pending revocation are no longer in the assigned set).
            "local.pending_revocation",
            "local.reconciled",
            "local.reconciled_epoch",
        ]);
    }
    fields
}

/// The fields whose values differ (the shipped client's local assignment field by field, as
/// `local.pending_revocation` and so on).
fn changed(a: &Facts, b: &Facts) -> BTreeSet<String> {
    fn diff(prefix: &str, a: &Value, b: &Value, out: &mut BTreeSet<String>) {
        match (a, b) {
            (Value::Object(a), Value::Object(b)) if prefix.is_empty() || prefix == "local." => {
                for (k, v) in a {
                    let inner = if k == "local" { "local." } else { "" };
                    match (inner, b.get(k)) {
                        ("local.", Some(w)) => diff(inner, v, w, out),
                        (_, w) if w != Some(v) => {
                            out.insert(format!("{prefix}{k}"));
                        }
                        _ => {}
                    }
                }
            }
            _ if a != b => {
                out.insert(format!("{prefix}(value)"));
            }
            _ => {}
        }
    }
    let mut out = BTreeSet::new();
    match (serde_json::to_value(a), serde_json::to_value(b)) {
        (Ok(a), Ok(b)) => diff("", &a, &b, &mut out),
        _ => {
            out.insert("(unserialisable)".to_owned());
        }
    }
    out
}

/// Every check of this file on one session.
fn check(timeline: &Timeline) -> Result<(), String> {
    for index in 0..timeline.len() {
        let step = &timeline.steps()[index];
        let before = timeline.member_at(index);
        let mut after = before.clone();
        let Ok((effects, observed)) = after.handle_observed(step.at, &step.input) else {
            continue;
        };
        if effects != timeline.effects_of(index) || observed.len() != effects.len() {
            return Err(format!("step {}: observing changed the effects", index + 1));
        }
        // Between k and k+1 (k = 0 is the step before; k + 1 = n is the member after).
        let mut previous = before.facts();
        for (k, effect) in effects.iter().enumerate() {
            let next = if k + 1 == effects.len() {
                after.facts()
            } else {
                observed[k].clone()
            };
            let allowed = may_change(effect, k == 0);
            let extra: Vec<String> = changed(&previous, &next)
                .into_iter()
                .filter(|f| !allowed.contains(f.as_str()))
                .collect();
            if !extra.is_empty() {
                return Err(format!(
                    "step {} ({:?}) effect {}/{} {}: also changed {extra:?}\n  before: {previous:?}\n  after: {next:?}",
                    index + 1,
                    step.input.kind(),
                    k + 1,
                    effects.len(),
                    effect.name()
                ));
            }
            previous = next;
        }
    }
    check_frames(timeline)
}

/// The frames at every position agree with the replay, and the lane with the effects shown.
fn check_frames(timeline: &Timeline) -> Result<(), String> {
    for cursor in Cursor::all(timeline) {
        let frame = timeline.frame(cursor);
        let at = format!("at {}/{}", cursor.step, cursor.shown);
        if frame.cursor != cursor {
            return Err(format!("{at}: the frame is for {:?}", frame.cursor));
        }
        if cursor.at_step_end(timeline) {
            let member = timeline.member_at(cursor.step);
            if frame.facts != member.facts() {
                return Err(format!(
                    "{at}: the end of a step is not the member after it"
                ));
            }
        }
        if cursor.shown == timeline.effect_count(cursor.step).min(1) && cursor.step > 0 {
            let start = timeline.frame(Cursor {
                step: cursor.step,
                shown: 0,
            });
            let end_before = timeline.frame(Cursor::end_of(timeline, cursor.step - 1));
            if timeline.effect_count(cursor.step) > 0 && start.facts != end_before.facts {
                return Err(format!("{at}: (s, 0) is not the end of step s - 1"));
            }
        }
        for span in &frame.lane {
            let shown_of_its_step = if span.started + 1 == cursor.step {
                cursor.shown
            } else {
                usize::MAX
            };
            if span.started >= cursor.step || span.effect >= shown_of_its_step {
                return Err(format!("{at}: span {} before its effect", span.label));
            }
            if span.status == "pending" && span.ended.is_some() {
                return Err(format!("{at}: a pending span has ended"));
            }
        }
        let chips: usize = frame
            .chips
            .iter()
            .filter(|c| frame.facts.assigned.contains(&c.topic, c.partition))
            .count();
        if chips != frame.facts.assigned.len() {
            return Err(format!("{at}: the chips are not the assigned set"));
        }
        if frame.request.as_ref().map(|r| r.purpose) != frame.facts.in_flight {
            return Err(format!("{at}: the request shown is not the one in flight"));
        }
        if frame.effect.as_ref().map_or(0, |e| e.index) != cursor.shown {
            return Err(format!("{at}: the current effect is not the last shown"));
        }
        check_changed(timeline, &frame).map_err(|e| format!("{at}: {e}"))?;
    }
    Ok(())
}

/// What the frame marks changed is what differs from the frame at the end of the step before
/// (read from that frame's words and request, not from the frame's own list).
fn check_changed(timeline: &Timeline, frame: &Frame) -> Result<(), String> {
    let Some(before) = frame.cursor.step.checked_sub(1) else {
        return match frame.changed == Default::default() {
            true => Ok(()),
            false => Err("the start marks changes".to_owned()),
        };
    };
    let before = timeline.frame(Cursor::end_of(timeline, before));
    let words = |f: &Frame| -> Vec<(String, String)> {
        let Value::Object(map) = serde_json::to_value(&f.words).expect("words") else {
            return Vec::new();
        };
        let mut flat = Vec::new();
        for (k, v) in map {
            match v {
                Value::Object(local) => flat.extend(
                    local
                        .into_iter()
                        .map(|(l, v)| (format!("{k}.{l}"), v.to_string())),
                ),
                other => flat.push((k, other.to_string())),
            }
        }
        flat
    };
    let (old, new) = (words(&before), words(frame));
    let differ: BTreeSet<String> = new
        .iter()
        .filter(|(k, v)| old.iter().any(|(ok, ov)| ok == k && ov != v))
        .map(|(k, _)| k.clone())
        .collect();
    let marked: BTreeSet<String> = frame.changed.facts.iter().map(|s| s.to_string()).collect();
    if differ != marked {
        return Err(format!("changed facts {marked:?}, but {differ:?} differ"));
    }
    let fields = |f: &Frame| serde_json::to_value(&f.request).expect("request");
    let (old, new) = (fields(&before), fields(frame));
    let epoch_moved = old.get("member_epoch") != new.get("member_epoch") && !new.is_null();
    if epoch_moved != frame.changed.request.contains(&"member_epoch") {
        return Err(format!(
            "request epoch {old} → {new}, marked {:?}",
            frame.changed.request
        ));
    }
    Ok(())
}

fn scenario(path: &std::path::Path) -> Trace {
    let text = std::fs::read_to_string(path).expect("a scenario file");
    Trace::parse(&text).expect("a valid scenario")
}

#[test]
fn every_position_of_every_built_in_scenario_on_both_models() {
    let dir = format!("{}/../assets/scenarios", env!("CARGO_MANIFEST_DIR"));
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("the scenarios")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    paths.sort();
    assert!(paths.len() >= 12);
    for path in paths {
        for model in Model::ALL {
            let mut trace = scenario(&path);
            trace.model = model;
            let timeline = Timeline::from_trace(trace);
            if let Err(e) = check(&timeline) {
                panic!("{} on {}: {e}", path.display(), model.as_str());
            }
        }
    }
}

/// Sessions the random walk once found wrong, kept: each shown one effect at a time.
#[test]
fn sessions_the_property_test_found_show_one_effect_at_a_time() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/traces/frames");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).expect("tests/traces/frames") {
        let path = entry.expect("entry").path();
        let timeline = Timeline::from_trace(scenario(&path));
        check(&timeline).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        checked += 1;
    }
    assert!(checked >= 1);
}

fn session(model: Model, config: Config, steps: Vec<(u64, Input)>) -> Timeline {
    let steps = steps
        .into_iter()
        .map(|(at, input)| Step::new(Millis(at), input))
        .collect();
    Timeline::from_trace(Trace {
        config,
        model,
        steps,
        ..Trace::default()
    })
}

proptest! {
    #![proptest_config(arb::cases())]

    #[test]
    fn seed_sessions_show_one_effect_at_a_time(
        config in arb::seed::arb_config(), steps in arb::seed::arb_steps()
    ) {
        let timeline = session(Model::Seed, config, steps);
        check(&timeline).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn shipped_client_sessions_show_one_effect_at_a_time(
        config in arb::kafka::arb_config(), steps in arb::kafka::arb_steps()
    ) {
        let timeline = session(Model::Kafka, config, steps);
        check(&timeline).map_err(TestCaseError::fail)?;
    }
}
