//! Kafka's own `CurrentAssignmentBuilderTest` (3.8.0, the same 14 tests at 3.9.0-rc3 and trunk
//! 1eb7644, and the two cases a later commit, 8d293a5a5999, adds), each ported to [`reconcile`]
//! under its Kafka name: the same member, target, partition epochs and owned partitions in, the
//! same state, epochs and partitions out. Kafka's partition epoch function is the set of
//! partitions whose epoch is not -1 (`held_by_others`): the builder only asks it about partitions
//! the member does not keep. docs/kafka-tests.md cites each test.
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
        subscription: std::sync::Arc::new(["t1".to_owned(), "t2".to_owned()].into()),
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

/// At 8d293a5a5999 the test is parameterised `(member epoch, target epoch, expected epoch)`:
/// `(10, 12, 11)`, the 3.8.0 test, and `(10, 10, 10)`: never past the target's epoch.
#[test]
fn testUnrevokedPartitionsToUnrevokedPartitions() {
    for (epoch, target_epoch, expected) in [(10, 12, 11), (10, 10, 10)] {
        let m = member(
            Unrevoked,
            epoch,
            epoch,
            set(&[2, 3], &[5, 6]),
            set(&[1], &[4]),
        );
        let out = build(
            m,
            target_epoch,
            set(&[3], &[6]),
            none(),
            Some(set(&[2, 3], &[5, 6])),
        );
        assert_eq!(
            seen(&out),
            (Unrevoked, expected, epoch, set(&[3], &[6]), set(&[2], &[5])),
            "{epoch}, {target_epoch}"
        );
    }
}

/// At 8d293a5a5999: t1-4, pending revocation by this member and no longer reported, is back in
/// the target. Kafka's epoch function still says 10 for it (and for the member's own t1-2, 3,
/// t2-5, 6), and the builder there no longer counts a partition the member itself is revoking as
/// unreleased; the group model never held a member's own partitions against it (`held_by_others`
/// is none of them), so t1-4 and the free t2-7 are assigned at once: STABLE at 12.
#[test]
fn testUnrevokedPartitionsToStableWithReturnedPartitionsPendingRevocation() {
    let m = member(Unrevoked, 10, 10, set(&[2, 3], &[5, 6]), set(&[4], &[]));
    let out = build(
        m,
        12,
        set(&[2, 3, 4], &[5, 6, 7]),
        none(),
        Some(set(&[2, 3], &[5, 6])),
    );
    assert_eq!(
        seen(&out),
        (Stable, 12, 10, set(&[2, 3, 4], &[5, 6, 7]), none())
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
