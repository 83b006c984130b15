//! A member gone without a leave, and the safety switch off: the orphan and the alarm.

use crate::{chart, owners_at_end, play, seg, story};
use kip848_core::group::Segment;

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
fn with_the_safety_switch_off_two_members_own_a_partition_at_once() {
    let timeline = play("safety-off");
    let rows = chart(&timeline);
    assert_eq!(timeline.sim().double_owned().to_string(), "t-2, t-3");
    for p in [2, 3] {
        assert!(story(&rows, "t", p).contains(&seg(Segment::Double, "A+B")));
    }
}
