//! What each consumer's log is there to show.

use crate::{imported, parsed};
use kip848_core::import::{Aspect, ClientVersion, Imported, Reason};
use kip848_core::session::timeline::Timeline;
use kip848_core::{ErrorCode, InputKind, Machine, StateName};

#[test]
fn an_info_log_shows_an_epoch_the_model_never_had_as_an_unlogged_heartbeat() {
    let imported = imported("v4.0-info.log", None);
    let d = imported
        .divergences
        .iter()
        .find(|d| d.aspects == [Aspect::Epoch])
        .expect("the epoch");
    assert_eq!(d.reason, Some(Reason::UnloggedHeartbeat));
    assert_eq!((d.log.epoch, d.model.epoch), (Some(2), Some(1)));
    assert_eq!(
        imported.trace.steps[d.step].input.kind(),
        InputKind::HeartbeatError
    );
}

#[test]
fn with_the_wire_every_answer_is_exact() {
    let imported = imported("v4.0-debug-wire.log", None);
    assert!(imported.interval_from_log);
    assert_eq!(imported.heartbeat_interval_ms, 3000);
    let answers = imported
        .steps
        .iter()
        .zip(&imported.trace.steps)
        .filter(|(_, step)| step.input.is_answer());
    for (source, step) in answers {
        assert!(!source.inferred, "{:?}", step);
    }
    // The topic id of the answers got its name from the reconciliation block.
    let json = imported.trace.to_json();
    assert!(json.contains("\"payments\"") && !json.contains("Qm9yZ2VkVG9waWNJZDAwMQ"));
    assert!(
        imported.divergences.is_empty(),
        "{:?}",
        imported.divergences
    );
}

#[test]
fn the_3_8_block_with_swapped_values_and_the_3_7_block_with_topic_ids_read_the_same() {
    let swapped = parsed("v3.8-info.log");
    assert!(swapped.records().iter().any(|r| r
        .message
        .starts_with("Reconciling assignment with local epoch 4xA2")));
    let imported = swapped.import(None).expect("importable");
    assert_eq!(imported.version, Some(ClientVersion::V3_8));
    let last = Timeline::from_trace(imported.trace.clone());
    assert_eq!(last.member().facts().assigned.to_string(), "parcels-1");
    let old = imported_v37();
    assert_eq!(old.version, Some(ClientVersion::V3_7));
    let timeline = Timeline::from_trace(old.trace.clone());
    assert_eq!(timeline.member().facts().state, StateName::Fatal);
    assert_eq!(
        timeline.member().facts().failure,
        Some(ErrorCode::GroupMaxSizeReached)
    );
}

fn imported_v37() -> Imported {
    let parsed = parsed("v3.7-info.log");
    let legacy = parsed
        .consumers()
        .iter()
        .find(|c| c.client_id == "audit-legacy")
        .expect("listed");
    assert!(legacy.classic && legacy.membership_lines == 0);
    let refused = parsed
        .import(Some("audit-legacy"))
        .expect_err("classic only");
    assert!(refused.to_string().contains("no KIP-848 membership line"));
    parsed.import(None).expect("audit-2")
}

#[test]
fn interleaved_consumers_are_listed_and_each_imports_its_own_lines() {
    let parsed = parsed("v4.1-interleaved.log");
    let names: Vec<&str> = parsed.importable().map(|c| c.client_id.as_str()).collect();
    assert_eq!(names, ["inventory-a", "inventory-b"]);
    assert_eq!(parsed.import(None).expect("first").client_id, "inventory-a");
    let a = parsed.import(Some("inventory-a")).expect("a");
    let b = parsed.import(Some("inventory-b")).expect("b");
    let lines_of = |i: &Imported| -> Vec<usize> { i.steps.iter().filter_map(|s| s.line).collect() };
    assert!(lines_of(&a)
        .iter()
        .all(|l| !lines_of(&b).contains(l) || *l == 0));
    // a's log starts mid-life: the model is brought into the group at time 0, without a line.
    assert!(a.steps[..4].iter().all(|s| s.inferred));
    assert_eq!(
        Timeline::from_trace(a.trace).member().facts().state,
        StateName::Stable
    );
    assert_eq!(
        Timeline::from_trace(b.trace).member().facts().state,
        StateName::Unsubscribed
    );
    let unknown = parsed
        .import(Some("inventory-z"))
        .expect_err("not in the log");
    assert!(unknown.to_string().contains("inventory-a, inventory-b"));
}

#[test]
fn a_slow_revocation_stays_pending_until_the_member_is_fenced_and_rejoins() {
    let imported = imported("v4.1-slow-revoker-fenced.log", None);
    let timeline = Timeline::from_trace(imported.trace.clone());
    let fenced = imported
        .trace
        .steps
        .iter()
        .position(|s| s.input.kind() == InputKind::HeartbeatError)
        .expect("fenced");
    // Just before the fence the model still waits on onPartitionsRevoked, a minute after it began.
    let before = timeline.member_at(fenced);
    assert_eq!(
        before.facts().awaiting.map(|e| e.name()),
        Some("invoke_on_partitions_revoked")
    );
    let after = timeline.member_at(fenced + 1);
    assert_eq!(after.facts().state, StateName::Fenced);
    assert_eq!(timeline.member().facts().state, StateName::Stable);
    assert!(
        imported.divergences.is_empty(),
        "{:?}",
        imported.divergences
    );
}

#[test]
fn an_unsupported_protocol_ends_fatal_on_the_first_heartbeat() {
    let imported = imported("v4.1-fatal-unsupported.log", None);
    let timeline = Timeline::from_trace(imported.trace);
    assert_eq!(timeline.member().facts().state, StateName::Fatal);
    assert_eq!(
        timeline.member().facts().failure,
        Some(ErrorCode::UnsupportedVersion)
    );
}

#[test]
fn lines_the_model_cannot_follow_are_flagged_with_both_sides_and_why() {
    let imported = imported("v4.0-divergences.log", None);
    let by_line = |line| {
        imported
            .divergences
            .iter()
            .find(|d| d.line == Some(line))
            .expect("flagged")
    };
    let callback = by_line(27);
    assert_eq!(callback.aspects, [Aspect::Input]);
    assert!(
        matches!(&callback.reason, Some(Reason::NotFollowed { why }) if why.contains("expected no callback"))
    );
    let state = by_line(28);
    assert!(state.aspects.contains(&Aspect::State));
    assert_eq!(
        (state.log.state, state.model.state),
        (Some(StateName::Reconciling), Some(StateName::Stable))
    );
    assert!(
        state.summary.starts_with("log: RECONCILING at epoch 3"),
        "{}",
        state.summary
    );
    let refused = by_line(31);
    assert!(refused.aspects.contains(&Aspect::Input));
    assert!(matches!(&refused.reason, Some(Reason::Refused { .. })));
}
