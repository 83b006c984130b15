//! Partitions moving between live members: a joiner, a slow revoker, new partitions, a join in the
//! middle of a revocation. None is ever owned twice.

use crate::{after, chart, owners_at_end, play, seg, story};
use kip848_core::group::{GroupTimeline, Segment};

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
        joined.sim().members()[0].facts.state,
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
