//! The coordinator's lines of a broker log.

use crate::parsed;

#[test]
fn the_coordinator_lines_become_a_timeline_of_epochs_states_and_partitions() {
    let parsed = parsed("v3.9-broker.log");
    assert!(parsed.import(None).is_err(), "no consumer lines");
    let broker = parsed.broker().expect("coordinator lines");
    let group = &broker.groups[0];
    assert_eq!(group.group_id, "billing");
    let last = group.points.last().expect("points");
    assert_eq!((last.group_epoch, last.target_epoch), (Some(4), Some(4)));
    let a = &last.members["Gd0bW1mZRGqCtz7kYp2a4Q"];
    assert_eq!((a.epoch, a.previous_epoch), (4, 3));
    let unrevoked = group
        .points
        .iter()
        .filter_map(|p| p.members.get("Gd0bW1mZRGqCtz7kYp2a4Q"));
    assert!(unrevoked
        .into_iter()
        .any(|m| m.state == kip848_core::group::ServerState::UnrevokedPartitions));
    assert_eq!(last.target["Hn4sQ8zkT1qY5uWe2oPa7c"].len(), 2);
    assert_eq!(broker.malformed, [21]);
}
