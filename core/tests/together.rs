//! The group view of a log (`ParsedLog::together`) against what it is made of: each consumer
//! imported alone and replayed (`ParsedLog::import`, `Timeline`), and the coordinator's own
//! timeline (`ParsedLog::broker`). The chart is built by merging them on one clock; these tests
//! read each instant back out of the chart and compare it with the parts, for every log we have
//! and for logs concatenated the way a user drops a consumer's log and the broker's together.
//!
//! Over 300 lines: the log's group view checked against its parts over the same real logs.

use kip848_core::group::chart::{Row, Span};
use kip848_core::group::Segment;
use kip848_core::import::{BrokerChange, LaneSpan, ParsedLog, Removal, Together};
use kip848_core::session::timeline::Timeline;
use kip848_core::Machine;
use kip848_core::Millis;
use std::path::{Path, PathBuf};

fn logs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/logs")
}

fn text(name: &str) -> String {
    String::from_utf8_lossy(&std::fs::read(logs_dir().join(name)).expect("readable log"))
        .into_owned()
}

fn all_logs() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(logs_dir())
        .expect("tests/logs")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".log"))
        .collect();
    names.sort();
    names
}

/// The span of `spans` that covers `at` (the last one ends the chart and covers its end).
fn covering(spans: &[Span], at: Millis, end: Millis) -> Option<&Span> {
    spans
        .iter()
        .rfind(|s| s.from <= at && (at < s.to || (s.to == end && at == end)))
}

fn lane_at(lane: &[LaneSpan], at: Millis, end: Millis) -> Option<&LaneSpan> {
    lane.iter()
        .rfind(|s| s.from <= at && (at < s.to || (s.to == end && at == end)))
}

/// The names a span's label gives as holders (before any `→`), zombies without their mark.
fn holders(span: &Span) -> Vec<String> {
    let held = span.label.split('→').next().unwrap_or_default();
    held.split('+')
        .filter(|h| !h.is_empty())
        .map(|h| h.split('†').next().unwrap_or(h).to_owned())
        .collect()
}

fn row<'a>(rows: &'a [Row], topic: &str, partition: u32) -> Option<&'a Row> {
    rows.iter()
        .find(|r| r.topic == topic && r.partition == partition)
}

/// At every step of every consumer (the last step of its instant), the chart draws that consumer
/// as a holder of exactly the partitions its own replay holds, and its lane shows the replay's
/// state and epoch.
fn check_consumers(name: &str, parsed: &ParsedLog, together: &Together) {
    let end = together.end;
    for life in &together.consumers {
        let alone = parsed
            .import(Some(&life.client_id))
            .unwrap_or_else(|e| panic!("{name}/{}: {e}", life.client_id));
        let timeline = Timeline::from_trace(alone.trace.clone());
        let steps = alone.trace.steps.len();
        assert_eq!(life.points.len(), steps, "{name}/{}", life.client_id);
        timeline.fold(steps, |i, step, _, member| {
            let at = life.offset.plus(step.at.0);
            // Only the last step of an instant is what the chart shows.
            if alone
                .trace
                .steps
                .get(i + 1)
                .is_some_and(|n| n.at == step.at)
            {
                return;
            }
            let facts = member.facts();
            let mut held = facts.assigned;
            if let Some(local) = &facts.local {
                held.extend(&local.pending_revocation);
            }
            for r in &together.ownership {
                let drawn = covering(&r.spans, at, end)
                    .is_some_and(|s| holders(s).contains(&life.client_id));
                assert_eq!(
                    drawn,
                    held.contains(&r.topic, r.partition),
                    "{name}/{} step {i} at {} ms: {}-{} (replay holds {held})",
                    life.client_id,
                    at.0,
                    r.topic,
                    r.partition
                );
            }
            for (t, p) in held.iter() {
                assert!(
                    row(&together.ownership, t, p).is_some(),
                    "{name}/{}: {t}-{p} has no row",
                    life.client_id
                );
            }
            let lane = lane_at(&life.lane, at, end).expect("a lane span at every step");
            assert_eq!(
                lane.label,
                format!("{} · {}", member.facts().state, member.facts().member_epoch),
                "{name}/{} step {i}",
                life.client_id
            );
        });
    }
}

/// At every coordinator line, the coordinator's chart draws each member as holding exactly what
/// that line's member records hold, and each member's lane its recorded state and epoch.
fn check_coordinator(name: &str, parsed: &ParsedLog, together: &Together) {
    let end = together.end;
    let Some(broker) = parsed.broker() else {
        assert!(together.coordinator.is_empty(), "{name}");
        return;
    };
    for (group, view) in broker.groups.iter().zip(&together.coordinator) {
        assert_eq!(group.group_id, view.group_id);
        for (k, point) in group.points.iter().enumerate() {
            if group.points.get(k + 1).is_some_and(|n| n.at == point.at) {
                continue;
            }
            let at = coordinator_offset(together, group).plus(point.at);
            for r in &view.ownership {
                let drawn: Vec<String> =
                    covering(&r.spans, at, end).map(holders).unwrap_or_default();
                for m in &view.members {
                    let holds = point.members.get(&m.member_id).is_some_and(|rec| {
                        rec.assigned.contains(&r.topic, r.partition)
                            || rec.revoking.contains(&r.topic, r.partition)
                    });
                    assert_eq!(
                        drawn.contains(&m.name),
                        holds,
                        "{name}: {} at line {}: {}-{}",
                        m.name,
                        point.line,
                        r.topic,
                        r.partition
                    );
                }
            }
            for m in &view.members {
                let lane = lane_at(&m.lane, at, end);
                match point.members.get(&m.member_id) {
                    Some(rec) => assert_eq!(
                        lane.map(|l| l.label.clone()),
                        Some(format!("{} · {}", rec.state.as_str(), rec.epoch)),
                        "{name}: {} at line {}",
                        m.name,
                        point.line
                    ),
                    None => assert!(lane.is_none(), "{name}: {} drawn while absent", m.name),
                }
            }
        }
    }
}

/// Where the coordinator's first line sits on the common clock: its group epoch lane starts at
/// the first point with an epoch.
fn coordinator_offset(together: &Together, group: &kip848_core::import::GroupHistory) -> Millis {
    let view = together
        .coordinator
        .iter()
        .find(|v| v.group_id == group.group_id)
        .expect("a view per group");
    let first = group
        .points
        .iter()
        .find(|p| p.group_epoch.is_some())
        .expect("an epoch");
    let lane = view.epochs.first().expect("an epoch span");
    Millis(lane.from.0 - first.at)
}

#[test]
fn every_log_drawn_together_agrees_with_each_consumer_and_the_coordinator_alone() {
    let mut drawn = 0;
    for name in all_logs() {
        let parsed = ParsedLog::parse(&text(&name)).expect("within limits");
        let Ok(together) = parsed.together() else {
            assert_eq!(parsed.importable().count(), 0, "{name}");
            continue;
        };
        assert_eq!(
            together.consumers.len(),
            parsed.importable().count(),
            "{name}: every importable consumer drawn"
        );
        check_consumers(&name, &parsed, &together);
        check_coordinator(&name, &parsed, &together);
        drawn += 1;
    }
    assert!(drawn >= 10, "{drawn}");
}

#[test]
fn a_consumer_log_and_the_broker_log_dropped_together_share_one_clock_and_names() {
    let both = text("v3.9-info.log") + &text("v3.9-broker.log");
    let parsed = ParsedLog::parse(&both).expect("within limits");
    let together = parsed.together().expect("drawable");
    check_consumers("v3.9 both", &parsed, &together);
    check_coordinator("v3.9 both", &parsed, &together);
    let billing = &together.consumers[0];
    assert_eq!(billing.member_id, "Gd0bW1mZRGqCtz7kYp2a4Q");
    let view = &together.coordinator[0];
    let names: Vec<&str> = view.members.iter().map(|m| m.name.as_str()).collect();
    assert_eq!(
        names,
        ["billing-7", "Hn4sQ8zk…"],
        "the known one by client id"
    );
    // Both files start within a second: the coordinator's first line (14:20:00,380) is 240 ms
    // after the consumer's first (14:20:00,140).
    assert_eq!(view.epochs[0].from, Millis(240));
    // The same order of files the other way round gives the same clock.
    let reversed = text("v3.9-broker.log") + &text("v3.9-info.log");
    let other = ParsedLog::parse(&reversed)
        .expect("within limits")
        .together()
        .expect("drawable");
    assert_eq!(other.coordinator[0].epochs, view.epochs);
    assert_eq!(other.ownership, together.ownership);
}

#[test]
fn a_member_fenced_by_the_coordinator_while_its_callback_runs_is_drawn_a_zombie_beside_the_new_owner(
) {
    let parsed = ParsedLog::parse(&text("v4.1-group-zombie.log")).expect("within limits");
    let together = parsed.together().expect("drawable");
    let broker = parsed.broker().expect("coordinator lines");
    // The fence, as the coordinator logged it, on the common clock.
    let group = &broker.groups[0];
    let fence = group
        .points
        .iter()
        .find(|p| {
            matches!(&p.change, BrokerChange::Removed { cause, .. } if *cause == Removal::RebalanceTimeout)
        })
        .expect("a fence line");
    let fenced_at = coordinator_offset(&together, group).plus(fence.at);
    // reports-1 learns it at its next heartbeat; its partitions go when onPartitionsLost returns.
    let r1 = &together.consumers[0];
    let lost = r1
        .points
        .iter()
        .find(|p| p.at > fenced_at && p.assigned.is_empty() && p.revoking.is_empty())
        .expect("reports-1 lets go")
        .at;
    for p in 0..2 {
        let row = row(&together.ownership, "sales", p).expect("row");
        let zombie: Vec<&Span> = row
            .spans
            .iter()
            .filter(|s| s.segment == Segment::Zombie)
            .collect();
        assert_eq!(zombie.first().map(|s| s.from), Some(fenced_at), "sales-{p}");
        assert_eq!(zombie.last().map(|s| s.to), Some(lost), "sales-{p}");
        assert!(zombie
            .iter()
            .all(|s| s.label.contains("reports-1† (fenced)")));
        assert!(zombie.iter().any(|s| s.label.starts_with("reports-2+")));
        assert!(row.spans.iter().all(|s| s.segment != Segment::Double));
    }
    // Without the coordinator's lines, the same overlap is two owners by the consumers' logs.
    let consumers_only: String = text("v4.1-group-zombie.log")
        .lines()
        .filter(|l| !l.contains("GroupMetadataManager"))
        .map(|l| format!("{l}\n"))
        .collect();
    let alone = ParsedLog::parse(&consumers_only)
        .expect("within limits")
        .together()
        .expect("drawable");
    assert!(alone.coordinator.is_empty());
    assert_eq!(alone.overlaps().count(), 2, "{:?}", alone.ownership);
    // The coordinator never counts two owners: its chart has no overlap.
    let view = &together.coordinator[0];
    assert!(view
        .ownership
        .iter()
        .flat_map(|r| &r.spans)
        .all(|s| !matches!(s.segment, Segment::Double | Segment::Zombie)));
    // reports-1 has no span while it is out of the group.
    let out = fenced_at.plus(1);
    assert_eq!(view.members[0].name, "reports-1");
    assert!(lane_at(&view.members[0].lane, out, together.end).is_none());
    assert_eq!(
        view.members[0]
            .lane
            .iter()
            .find(|s| s.to == fenced_at)
            .map(|s| s.label.as_str()),
        Some("UNREVOKED_PARTITIONS · 1")
    );
}

#[test]
fn a_log_with_nothing_to_draw_says_why_and_one_consumer_is_still_a_group_of_one() {
    let err = ParsedLog::parse("hello\nworld\n")
        .expect("within limits")
        .together()
        .expect_err("nothing to draw");
    assert!(err.to_string().contains("no KIP-848"), "{err}");
    let one = ParsedLog::parse(&text("v4.0-info.log"))
        .expect("within limits")
        .together()
        .expect("drawable");
    assert_eq!(one.consumers.len(), 1);
    assert!(one.skipped.is_empty());
}
