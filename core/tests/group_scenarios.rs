//! The built-in group scenarios (assets/group) tell the story their descriptions tell: who owns
//! what when, and whether the alarm sounds. (The browser test plays the same files.)

use kip848_core::group::chart::{rows, Row};
use kip848_core::group::{GroupTimeline, GroupTrace, Segment};

fn play(name: &str) -> GroupTimeline {
    let path = format!("{}/../assets/group/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the scenario file");
    let trace = GroupTrace::parse(&text).expect("a valid group trace");
    let timeline = GroupTimeline::from_trace(trace);
    for (i, refused) in timeline.results().iter().enumerate() {
        assert_eq!(refused, &Ok(()), "{name}: step {i} was refused");
    }
    timeline
}

fn chart(timeline: &GroupTimeline) -> Vec<Row> {
    let sim = timeline.sim();
    let rows = rows(sim.history(), sim.now());
    if std::env::var_os("SHOW_CHART").is_some() {
        for row in &rows {
            let spans: Vec<String> = row
                .spans
                .iter()
                .map(|s| format!("{}..{} {:?} {}", s.from.0, s.to.0, s.segment, s.label))
                .collect();
            eprintln!("{}-{}: {}", row.topic, row.partition, spans.join(" | "));
        }
    }
    rows
}

/// The segments a partition went through, in order, with their labels.
fn story(rows: &[Row], topic: &str, partition: u32) -> Vec<(Segment, String)> {
    rows.iter()
        .find(|r| r.topic == topic && r.partition == partition)
        .map(|r| {
            r.spans
                .iter()
                .map(|s| (s.segment, s.label.clone()))
                .collect()
        })
        .unwrap_or_default()
}

fn owners_at_end(timeline: &GroupTimeline) -> Vec<(String, usize)> {
    timeline
        .sim()
        .members()
        .iter()
        .filter(|m| m.alive)
        .map(|m| (m.name.clone(), m.member.assigned().len()))
        .collect()
}

#[test]
fn every_group_scenario_is_listed_and_valid() {
    let dir = format!("{}/../assets/group", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("assets/group")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".json").map(str::to_owned))
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "joins-during-revocation",
            "member-killed",
            "partitions-added",
            "safety-off",
            "slow-revoker",
            "static-member-restarts",
            "static-member-returns-late",
            "third-member-joins"
        ]
    );
    for name in &names {
        let timeline = play(name);
        let trace = timeline.trace();
        assert!(
            trace.title.is_some() && trace.description.is_some(),
            "{name}"
        );
        let again = GroupTrace::parse(&trace.to_json()).expect("its own file");
        assert_eq!(&again, trace, "{name} survives a save");
        assert!(GroupTrace::claims(&trace.to_json()));
    }
}

fn seg(segment: Segment, label: &str) -> (Segment, String) {
    (segment, label.to_owned())
}

#[test]
fn a_third_member_gets_each_partition_only_after_its_old_owner_let_go() {
    let timeline = play("third-member-joins");
    let rows = chart(&timeline);
    assert!(timeline.sim().double_owned().is_empty());
    let mut moved = 0;
    for row in &rows {
        let story = story(&rows, &row.topic, row.partition);
        let Some(given) = story.iter().position(|s| *s == seg(Segment::Owned, "C")) else {
            continue;
        };
        moved += 1;
        let before = &story[..given];
        let old = before
            .iter()
            .rev()
            .find(|(s, _)| *s == Segment::Owned)
            .map(|(_, l)| l.clone())
            .expect("an old owner");
        assert_eq!(
            &before[before.len() - 3..],
            [
                seg(Segment::OwnedAwaited, &format!("{old}→C")),
                seg(Segment::Revoking, &format!("{old}→C")),
                seg(Segment::Unreleased, "→C"),
            ],
            "{}-{}",
            row.topic,
            row.partition
        );
    }
    assert_eq!(moved, 3, "C gets a third of nine partitions");
    assert_eq!(
        owners_at_end(&timeline),
        [("A".into(), 3), ("B".into(), 3), ("C".into(), 3)]
    );
}

#[test]
fn a_killed_members_partitions_are_orphaned_until_its_session_times_out() {
    let timeline = play("member-killed");
    let rows = chart(&timeline);
    let session = timeline.trace().config.coordinator.session_timeout_ms;
    let interval = u64::from(timeline.trace().config.coordinator.heartbeat_interval_ms);
    let mut orphans = 0;
    for row in &rows {
        for span in row.spans.iter().filter(|s| s.segment == Segment::Orphaned) {
            orphans += 1;
            assert_eq!(span.label, "B✗");
            let lasted = span.to.0 - span.from.0;
            assert!(
                lasted + interval >= session && lasted <= session,
                "{lasted} ms"
            );
            let last = row.spans.last().expect("an owner at the end");
            assert_eq!(last.segment, Segment::Owned);
            assert_ne!(last.label, "B");
        }
    }
    assert_eq!(orphans, 2, "B owned two partitions");
    assert!(timeline.sim().double_owned().is_empty());
    assert_eq!(owners_at_end(&timeline), [("A".into(), 3), ("C".into(), 3)]);
}

#[test]
fn a_slow_revoker_holds_the_new_member_up_until_it_is_done() {
    let timeline = play("slow-revoker");
    let rows = chart(&timeline);
    let done = timeline
        .steps()
        .iter()
        .filter(|s| matches!(s.input, kip848_core::group::GroupInput::Complete { .. }))
        .map(|s| s.at)
        .max()
        .expect("A's callback completes");
    for p in [2, 3] {
        assert_eq!(
            story(&rows, "t", p),
            [
                seg(Segment::Owned, "A"),
                seg(Segment::OwnedAwaited, "A→B"),
                seg(Segment::Revoking, "A→B"),
                seg(Segment::Unreleased, "→B"),
                seg(Segment::Owned, "B"),
            ]
        );
        let row = rows.iter().find(|r| r.partition == p).expect("t-p");
        let revoking = &row.spans[2];
        assert!(revoking.to >= done, "B waits for A's callback to return");
    }
    assert!(timeline.sim().double_owned().is_empty());
}

#[test]
fn a_static_member_gets_its_partitions_back_without_a_rebalance() {
    let timeline = play("static-member-restarts");
    let rows = chart(&timeline);
    for p in 0..3 {
        assert_eq!(
            story(&rows, "t", p),
            [
                seg(Segment::Owned, "A"),
                seg(Segment::Reserved, "a-1 (away)"),
                seg(Segment::Owned, "A")
            ]
        );
    }
    for p in 3..6 {
        assert_eq!(story(&rows, "t", p).last(), Some(&seg(Segment::Owned, "B")));
        assert_eq!(rows[p as usize].spans.len(), 5, "B is never disturbed");
    }
    let coordinator = timeline.sim().coordinator();
    let close = timeline
        .steps()
        .iter()
        .position(|s| matches!(s.input, kip848_core::group::GroupInput::CloseMember { .. }))
        .expect("A closes");
    let mut before = timeline.clone();
    before.seek(close);
    assert_eq!(
        before.sim().coordinator().group_epoch(),
        coordinator.group_epoch(),
        "the group epoch never moved"
    );
}

#[test]
fn with_the_safety_switch_off_two_members_own_a_partition_at_once() {
    let timeline = play("safety-off");
    let rows = chart(&timeline);
    assert_eq!(timeline.sim().double_owned().to_string(), "t-2, t-3");
    for p in [2, 3] {
        assert!(story(&rows, "t", p).contains(&seg(Segment::Double, "A+B")));
    }
}

/// The group after every step at or before `at` ms.
fn after(timeline: &GroupTimeline, at: u64) -> GroupTimeline {
    let steps = timeline.steps().iter().filter(|s| s.at.0 <= at).count();
    let mut then = timeline.clone();
    then.seek(steps);
    then
}

#[test]
fn a_static_member_back_after_its_session_timeout_is_a_new_member() {
    let timeline = play("static-member-returns-late");
    let rows = chart(&timeline);
    let session = timeline.trace().config.coordinator.session_timeout_ms;
    let interval = u64::from(timeline.trace().config.coordinator.heartbeat_interval_ms);
    for p in 0..3 {
        assert_eq!(
            story(&rows, "t", p),
            [
                seg(Segment::Owned, "A"),
                seg(Segment::Reserved, "a-1 (away)"),
                seg(Segment::Owned, "B"),
            ],
            "t-{p}: kept for a-1, then B's after the session timeout"
        );
        let row = rows.iter().find(|r| r.partition == p).expect("t-p");
        let reserved = &row.spans[1];
        // The session timer runs from a-1's last heartbeat, before the leave.
        let lasted = reserved.to.0 - reserved.from.0;
        assert!(
            lasted + interval >= session && lasted <= session,
            "{lasted} ms"
        );
    }
    for p in 3..6 {
        let story = story(&rows, "t", p);
        assert_eq!(
            story[story.len() - 5..],
            [
                seg(Segment::Owned, "B"),
                seg(Segment::OwnedAwaited, "B→A"),
                seg(Segment::Revoking, "B→A"),
                seg(Segment::Unreleased, "→A"),
                seg(Segment::Owned, "A"),
            ],
            "t-{p}: the returning A gets it only after B revoked it"
        );
    }
    // The -2 leave moves no epoch and keeps a-1's record; the expiry and the new join each move it.
    let away = after(&timeline, 40_000);
    let coordinator = away.sim().coordinator();
    assert_eq!(coordinator.group_epoch(), 2);
    assert!(coordinator
        .members()
        .values()
        .any(|m| m.instance_id.as_deref() == Some("a-1") && m.is_away()));
    let expired = after(&timeline, 60_100);
    let coordinator = expired.sim().coordinator();
    assert_eq!(coordinator.group_epoch(), 3);
    assert!(coordinator
        .members()
        .values()
        .all(|m| m.instance_id.as_deref() != Some("a-1")));
    let end = timeline.sim().coordinator();
    assert_eq!(end.group_epoch(), 4);
    let a = end
        .members()
        .values()
        .find(|m| m.instance_id.as_deref() == Some("a-1"))
        .expect("a-1 is back");
    assert_eq!(a.id, "m3", "a new member, not a-1's old record");
    assert_eq!(a.epoch, 4);
    assert!(timeline.sim().double_owned().is_empty());
    assert_eq!(owners_at_end(&timeline), [("B".into(), 3), ("A".into(), 3)]);
}

#[test]
fn new_partitions_go_out_at_each_members_next_heartbeat_with_nothing_revoked() {
    let timeline = play("partitions-added");
    let rows = chart(&timeline);
    assert_eq!(rows.len(), 6);
    let added = timeline
        .steps()
        .iter()
        .find(|s| {
            matches!(
                s.input,
                kip848_core::group::GroupInput::SetPartitions { .. }
            )
        })
        .map(|s| s.at)
        .expect("partitions are added");
    let interval = u64::from(timeline.trace().config.coordinator.heartbeat_interval_ms);
    for (p, owner) in [(4, "A"), (5, "B")] {
        // Free until the target is computed, then its member's at that member's next heartbeat.
        assert_eq!(
            story(&rows, "t", p),
            [
                seg(Segment::Unreleased, &format!("→{owner}")),
                seg(Segment::Owned, owner)
            ],
            "t-{p}"
        );
        let row = rows.iter().find(|r| r.partition == p).expect("t-p");
        assert!(row.spans[0].from > added && row.spans[1].from.0 <= added.0 + interval);
    }
    // The partitions each member had are never revoked or moved.
    for (p, owner) in [(0, "A"), (1, "A"), (2, "B"), (3, "B")] {
        let story = story(&rows, "t", p);
        assert_eq!(story.last(), Some(&seg(Segment::Owned, owner)));
        let row = rows.iter().find(|r| r.partition == p).expect("t-p");
        assert!(
            row.spans.last().is_some_and(|s| s.from < added),
            "t-{p} is {owner}'s throughout"
        );
    }
    let mut before = timeline.clone();
    before.seek(
        timeline
            .steps()
            .iter()
            .position(|s| s.at == added)
            .expect("the step"),
    );
    assert_eq!(before.sim().coordinator().group_epoch(), 2);
    let coordinator = timeline.sim().coordinator();
    assert_eq!(coordinator.group_epoch(), 3);
    assert!(coordinator
        .members()
        .values()
        .all(|m| m.epoch == 3 && m.pending_revocation.is_empty()));
    assert!(timeline.sim().double_owned().is_empty());
    assert_eq!(owners_at_end(&timeline), [("A".into(), 3), ("B".into(), 3)]);
}

#[test]
fn a_member_joining_mid_revocation_waits_for_it_and_restarts_nothing() {
    use kip848_core::group::ServerState;
    let timeline = play("joins-during-revocation");
    let rows = chart(&timeline);
    let revoking = |to: &str| seg(Segment::Revoking, &format!("A→{to}"));
    for p in [3, 4] {
        assert_eq!(
            story(&rows, "t", p),
            [
                seg(Segment::Owned, "A"),
                seg(Segment::OwnedAwaited, "A→B"),
                revoking("B"),
                seg(Segment::Unreleased, "→B"),
                seg(Segment::Owned, "B"),
            ],
            "t-{p}"
        );
    }
    // t-5 was being revoked for B when C joined: the revocation goes on, for C now.
    assert_eq!(
        story(&rows, "t", 5),
        [
            seg(Segment::Owned, "A"),
            seg(Segment::OwnedAwaited, "A→B"),
            revoking("B"),
            revoking("C"),
            seg(Segment::Unreleased, "→C"),
            seg(Segment::Owned, "C"),
        ]
    );
    // t-2 is revoked in a second round, after the first one is done.
    assert_eq!(
        story(&rows, "t", 2),
        [
            seg(Segment::Owned, "A"),
            seg(Segment::OwnedAwaited, "A→C"),
            revoking("C"),
            seg(Segment::Unreleased, "→C"),
            seg(Segment::Owned, "C"),
        ]
    );
    let first_done = rows[3].spans[2].to;
    assert!(
        rows[2].spans[2].from >= first_done,
        "one revocation at a time"
    );
    // C joins while A revokes; A's record is not changed by it.
    let a = |t: &GroupTimeline| {
        let c = t.sim().coordinator();
        let m = c.members().get("m1").expect("A's record").clone();
        (m.epoch, m.state, m.pending_revocation.to_string())
    };
    let joined = after(&timeline, 11_000);
    assert_eq!(
        a(&after(&timeline, 10_100)),
        (1, ServerState::UnrevokedPartitions, "t-3, t-4, t-5".into())
    );
    assert_eq!(a(&joined), a(&after(&timeline, 10_100)));
    assert_eq!(
        joined.sim().members()[0].member.state(),
        kip848_core::StateName::Assigning,
        "A is still reconciling when C joins"
    );
    let c_in = after(&timeline, 11_100);
    assert_eq!(c_in.sim().coordinator().group_epoch(), 3);
    assert_eq!(
        a(&c_in),
        (1, ServerState::UnrevokedPartitions, "t-3, t-4, t-5".into())
    );
    assert_eq!(
        a(&after(&timeline, 14_050)),
        (2, ServerState::UnrevokedPartitions, "t-2".into())
    );
    assert_eq!(a(&timeline), (3, ServerState::Stable, "{}".into()));
    assert!(timeline.sim().double_owned().is_empty());
    assert_eq!(
        owners_at_end(&timeline),
        [("A".into(), 2), ("B".into(), 2), ("C".into(), 2)]
    );
}
