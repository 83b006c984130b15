//! Kafka's own `CurrentAssignmentBuilderTest` (3.8.0, the same 14 tests at 3.9.0-rc3 and trunk
//! 1eb7644), each ported to [`reconcile`] under its Kafka name: the same member, target, partition
//! epochs and owned partitions in, the same state, epochs and partitions out. Kafka's partition
//! epoch function is the set of partitions whose epoch is not -1 (`held_by_others`): the builder
//! only asks it about partitions the member does not keep. docs/kafka-tests.md cites each test.
#![allow(non_snake_case)]

use super::{reconcile, Goal};
use crate::group::records::{ServerMember, ServerState};
use crate::protocol::assignment::{Partition, PartitionSet};
use crate::protocol::time::Millis;

fn set(t1: &[Partition], t2: &[Partition]) -> PartitionSet {
    PartitionSet::of([("t1", t1), ("t2", t2)])
}

fn member(
    state: ServerState,
    epoch: i32,
    previous: i32,
    assigned: PartitionSet,
    pending: PartitionSet,
) -> ServerMember {
    ServerMember {
        id: "member".to_owned(),
        instance_id: None,
        epoch,
        previous_epoch: previous,
        state,
        assigned,
        pending_revocation: pending,
        subscription: ["t1".to_owned(), "t2".to_owned()].into(),
        rebalance_timeout_ms: 300_000,
        session_deadline: Millis(0),
        rebalance_deadline: None,
    }
}

/// What the tests compare: state, epoch, previous epoch, assigned, pending revocation.
fn seen(m: &ServerMember) -> (ServerState, i32, i32, PartitionSet, PartitionSet) {
    (
        m.state,
        m.epoch,
        m.previous_epoch,
        m.assigned.clone(),
        m.pending_revocation.clone(),
    )
}

/// Runs the builder: `held` are the partitions with an epoch other than -1.
fn build(
    mut m: ServerMember,
    epoch: i32,
    target: PartitionSet,
    held: PartitionSet,
    owned: Option<PartitionSet>,
) -> ServerMember {
    let goal = Goal {
        epoch,
        target: &target,
        held_by_others: &held,
        owned: owned.as_ref(),
        wait_for_revocation: true,
    };
    reconcile(&mut m, &goal);
    m
}

/// Every partition of both topics that a test names: `(topicId, partitionId) -> 10`.
fn all() -> PartitionSet {
    set(&[1, 2, 3, 4, 5, 6, 7], &[1, 2, 3, 4, 5, 6, 7])
}

fn none() -> PartitionSet {
    PartitionSet::new()
}

use ServerState::{Stable, UnreleasedPartitions as Unreleased, UnrevokedPartitions as Unrevoked};

#[test]
fn testStableToStable() {
    let m = member(Stable, 10, 10, set(&[1, 2, 3], &[4, 5, 6]), none());
    let out = build(m, 11, set(&[1, 2, 3], &[4, 5, 6]), all(), None);
    assert_eq!(
        seen(&out),
        (Stable, 11, 10, set(&[1, 2, 3], &[4, 5, 6]), none())
    );
}

#[test]
fn testStableToStableWithNewPartitions() {
    let m = member(Stable, 10, 10, set(&[1, 2, 3], &[4, 5, 6]), none());
    let out = build(m, 11, set(&[1, 2, 3, 4], &[4, 5, 6, 7]), none(), None);
    assert_eq!(
        seen(&out),
        (Stable, 11, 10, set(&[1, 2, 3, 4], &[4, 5, 6, 7]), none())
    );
}

#[test]
fn testStableToUnrevokedPartitions() {
    let m = member(Stable, 10, 10, set(&[1, 2, 3], &[4, 5, 6]), none());
    let out = build(m, 11, set(&[2, 3, 4], &[5, 6, 7]), none(), None);
    assert_eq!(
        seen(&out),
        (Unrevoked, 10, 10, set(&[2, 3], &[5, 6]), set(&[1], &[4]))
    );
}

#[test]
fn testStableToUnreleasedPartitions() {
    let m = member(Stable, 10, 10, set(&[1, 2, 3], &[4, 5, 6]), none());
    let out = build(m, 11, set(&[1, 2, 3, 4], &[4, 5, 6, 7]), all(), None);
    assert_eq!(
        seen(&out),
        (Unreleased, 11, 10, set(&[1, 2, 3], &[4, 5, 6]), none())
    );
}

#[test]
fn testStableToUnreleasedPartitionsWithOwnedPartitionsNotHavingRevokedPartitions() {
    let m = member(Stable, 10, 10, set(&[1, 2, 3], &[4, 5, 6]), none());
    // Only topic 2's partitions have an epoch; the member reports owning nothing.
    let held = set(&[], &[1, 2, 3, 4, 5, 6, 7]);
    let out = build(m, 11, set(&[1, 2, 3], &[4, 5, 7]), held, Some(none()));
    assert_eq!(
        seen(&out),
        (Unreleased, 11, 10, set(&[1, 2, 3], &[4, 5]), none())
    );
}

#[test]
fn testUnrevokedPartitionsToStable() {
    let m = member(Unrevoked, 10, 10, set(&[2, 3], &[5, 6]), set(&[1], &[4]));
    let out = build(
        m,
        11,
        set(&[2, 3], &[5, 6]),
        none(),
        Some(set(&[2, 3], &[5, 6])),
    );
    assert_eq!(seen(&out), (Stable, 11, 10, set(&[2, 3], &[5, 6]), none()));
}

#[test]
fn testRemainsInUnrevokedPartitions() {
    let m = member(Unrevoked, 10, 10, set(&[2, 3], &[5, 6]), set(&[1], &[4]));
    for owned in [
        None,
        Some(set(&[1, 2, 3], &[5, 6])),
        Some(set(&[2, 3], &[4, 5, 6])),
    ] {
        let out = build(m.clone(), 12, set(&[3], &[6]), none(), owned.clone());
        assert_eq!(seen(&out), seen(&m), "owned {owned:?}");
    }
}

#[test]
fn testUnrevokedPartitionsToUnrevokedPartitions() {
    let m = member(Unrevoked, 10, 10, set(&[2, 3], &[5, 6]), set(&[1], &[4]));
    let out = build(m, 12, set(&[3], &[6]), none(), Some(set(&[2, 3], &[5, 6])));
    assert_eq!(
        seen(&out),
        (Unrevoked, 11, 10, set(&[3], &[6]), set(&[2], &[5]))
    );
}

#[test]
fn testUnrevokedPartitionsToUnreleasedPartitions() {
    let m = member(Unrevoked, 11, 10, set(&[2, 3], &[5, 6]), none());
    let out = build(
        m,
        11,
        set(&[2, 3, 4], &[5, 6, 7]),
        all(),
        Some(set(&[2, 3], &[5, 6])),
    );
    assert_eq!(
        seen(&out),
        (Unreleased, 11, 11, set(&[2, 3], &[5, 6]), none())
    );
}

#[test]
fn testUnreleasedPartitionsToStable() {
    let m = member(Unreleased, 11, 11, set(&[2, 3], &[5, 6]), none());
    let out = build(m, 12, set(&[2, 3], &[5, 6]), all(), None);
    assert_eq!(seen(&out), (Stable, 12, 11, set(&[2, 3], &[5, 6]), none()));
}

#[test]
fn testUnreleasedPartitionsToStableWithNewPartitions() {
    let m = member(Unreleased, 11, 11, set(&[2, 3], &[5, 6]), none());
    let out = build(m, 11, set(&[2, 3, 4], &[5, 6, 7]), none(), None);
    assert_eq!(
        seen(&out),
        (Stable, 11, 11, set(&[2, 3, 4], &[5, 6, 7]), none())
    );
}

#[test]
fn testUnreleasedPartitionsToUnreleasedPartitions() {
    let m = member(Unreleased, 11, 11, set(&[2, 3], &[5, 6]), none());
    let out = build(m.clone(), 11, set(&[2, 3, 4], &[5, 6, 7]), all(), None);
    assert_eq!(seen(&out), seen(&m));
}

#[test]
fn testUnreleasedPartitionsToUnrevokedPartitions() {
    let m = member(Unreleased, 11, 11, set(&[2, 3], &[5, 6]), none());
    let out = build(m, 12, set(&[3], &[6]), all(), None);
    assert_eq!(
        seen(&out),
        (Unrevoked, 11, 11, set(&[3], &[6]), set(&[2], &[5]))
    );
}
