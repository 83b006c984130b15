//! Static members: back in time, their partitions kept for them; back too late, a new member.

use crate::{after, chart, owners_at_end, play, seg, story};
use kip848_core::group::Segment;

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
