//! Exported from a trace by `kip848-replay --rust-test` (seed): Fenced in the middle of a revocation.
//! Every step's whole effect list, on the seed model. Regenerate it rather than edit it.

use kip848_core::*;
use std::collections::BTreeSet;

#[rustfmt::skip]
#[test]
fn scenario_05() {
    let config = Config { auto_complete: false, ..Config::default() };
    let mut member = AnyMember::new(Model::Seed, config);
    // Step 0 at 0 ms: Application subscribes to orders.
    // Callbacks wait for the application in this walkthrough, so you can see one caught in the middle.
    assert_eq!(member.handle(Millis(0), &Input::Subscribe { topics: BTreeSet::from(["orders".to_owned()]) }), Ok(vec![
        Effect::Transition { from: StateName::New, to: StateName::Joining },
        Effect::SendHeartbeat(HeartbeatRequest { purpose: Purpose::Join, group_id: "demo-group".to_owned(), member_id: "".to_owned(), member_epoch: 0, instance_id: None, full: Some(FullFields { rebalance_timeout_ms: 300000, subscribed_topics: BTreeSet::from(["orders".to_owned()]), server_assignor: None }), owned: Some(PartitionSet::new()) }),
    ]), "step 0");
    // Step 1 at 20 ms: Coordinator answers: member id member-1, epoch 1, interval 2000 ms, assignment orders-0, orders-1.
    assert_eq!(member.handle(Millis(20), &Input::HeartbeatResponse(HeartbeatResponse { member_id: "member-1".to_owned(), member_epoch: 1, heartbeat_interval_ms: 2000, assignment: Some(PartitionSet::of([("orders", &[0, 1][..])])) })), Ok(vec![
        Effect::Transition { from: StateName::Joining, to: StateName::Joined },
        Effect::Transition { from: StateName::Joined, to: StateName::Assigning },
        Effect::AddToAssigned { partitions: PartitionSet::of([("orders", &[0, 1][..])]) },
        Effect::InvokeOnPartitionsAssigned { partitions: PartitionSet::of([("orders", &[0, 1][..])]) },
    ]), "step 1");
    // Step 2 at 30 ms: Application: the oldest commit or callback completes.
    assert_eq!(member.handle(Millis(30), &Input::Completed { outcome: Outcome::Ok }), Ok(vec![
        Effect::SendHeartbeat(HeartbeatRequest { purpose: Purpose::Acknowledge, group_id: "demo-group".to_owned(), member_id: "member-1".to_owned(), member_epoch: 1, instance_id: None, full: None, owned: Some(PartitionSet::of([("orders", &[0, 1][..])])) }),
        Effect::Transition { from: StateName::Assigning, to: StateName::Joined },
    ]), "step 2");
    // Step 3 at 50 ms: Coordinator answers: member id member-1, epoch 1, interval 2000 ms, assignment unchanged.
    // JOINED with orders-0 and orders-1.
    assert_eq!(member.handle(Millis(50), &Input::HeartbeatResponse(HeartbeatResponse { member_id: "member-1".to_owned(), member_epoch: 1, heartbeat_interval_ms: 2000, assignment: None })), Ok(vec![]), "step 3");
    // Step 4 at 2030 ms: Time passes.
    assert_eq!(member.handle(Millis(2030), &Input::Tick), Ok(vec![
        Effect::SendHeartbeat(HeartbeatRequest { purpose: Purpose::Interval, group_id: "demo-group".to_owned(), member_id: "member-1".to_owned(), member_epoch: 1, instance_id: None, full: None, owned: None }),
    ]), "step 4");
    // Step 5 at 2050 ms: Coordinator answers: member id member-1, epoch 2, interval 2000 ms, assignment orders-1.
    // The coordinator takes orders-0 away. The member removes it and commits its offsets.
    assert_eq!(member.handle(Millis(2050), &Input::HeartbeatResponse(HeartbeatResponse { member_id: "member-1".to_owned(), member_epoch: 2, heartbeat_interval_ms: 2000, assignment: Some(PartitionSet::of([("orders", &[1][..])])) })), Ok(vec![
        Effect::Transition { from: StateName::Joined, to: StateName::Assigning },
        Effect::RemoveFromAssigned { partitions: PartitionSet::of([("orders", &[0][..])]) },
        Effect::CommitOffsets { partitions: PartitionSet::of([("orders", &[0][..])]) },
    ]), "step 5");
    // Step 6 at 2070 ms: Application: the oldest commit or callback completes.
    // The commit is done and onPartitionsRevoked(orders-0) starts. It is slow.
    assert_eq!(member.handle(Millis(2070), &Input::Completed { outcome: Outcome::Ok }), Ok(vec![
        Effect::InvokeOnPartitionsRevoked { partitions: PartitionSet::of([("orders", &[0][..])]) },
    ]), "step 6");
    // Step 7 at 4030 ms: Time passes.
    // The reconciliation keeps heartbeating while it waits. The delta carries the owned set, which changed.
    assert_eq!(member.handle(Millis(4030), &Input::Tick), Ok(vec![
        Effect::SendHeartbeat(HeartbeatRequest { purpose: Purpose::Interval, group_id: "demo-group".to_owned(), member_id: "member-1".to_owned(), member_epoch: 2, instance_id: None, full: None, owned: Some(PartitionSet::of([("orders", &[1][..])])) }),
    ]), "step 7");
    // Step 8 at 4060 ms: Coordinator answers with error UNKNOWN_MEMBER_ID.
    // Fenced mid-revocation. The reconciliation is abandoned: orders-1 is cleared without a callback, and the member rejoins with epoch 0. The revocation callback is still running in the application.
    assert_eq!(member.handle(Millis(4060), &Input::HeartbeatError { code: ErrorCode::UnknownMemberId }), Ok(vec![
        Effect::ClearAssigned { partitions: PartitionSet::of([("orders", &[1][..])]) },
        Effect::Transition { from: StateName::Assigning, to: StateName::Joining },
        Effect::SendHeartbeat(HeartbeatRequest { purpose: Purpose::Join, group_id: "demo-group".to_owned(), member_id: "member-1".to_owned(), member_epoch: 0, instance_id: None, full: Some(FullFields { rebalance_timeout_ms: 300000, subscribed_topics: BTreeSet::from(["orders".to_owned()]), server_assignor: None }), owned: Some(PartitionSet::new()) }),
    ]), "step 8");
    // Step 9 at 4200 ms: Application: the oldest commit or callback fails.
    // The abandoned callback finally returns (with an error). Its completion is still owed, so it is accepted, and discarded: no report, no step.
    assert_eq!(member.handle(Millis(4200), &Input::Completed { outcome: Outcome::Failed }), Ok(vec![]), "step 9");
    // Step 10 at 4250 ms: Coordinator answers: member id member-1, epoch 3, interval 2000 ms, assignment orders-1.
    // Rejoined: orders-1 comes back with a fresh onPartitionsAssigned.
    assert_eq!(member.handle(Millis(4250), &Input::HeartbeatResponse(HeartbeatResponse { member_id: "member-1".to_owned(), member_epoch: 3, heartbeat_interval_ms: 2000, assignment: Some(PartitionSet::of([("orders", &[1][..])])) })), Ok(vec![
        Effect::Transition { from: StateName::Joining, to: StateName::Joined },
        Effect::Transition { from: StateName::Joined, to: StateName::Assigning },
        Effect::AddToAssigned { partitions: PartitionSet::of([("orders", &[1][..])]) },
        Effect::InvokeOnPartitionsAssigned { partitions: PartitionSet::of([("orders", &[1][..])]) },
    ]), "step 10");
    // Step 11 at 4270 ms: Application: the oldest commit or callback completes.
    assert_eq!(member.handle(Millis(4270), &Input::Completed { outcome: Outcome::Ok }), Ok(vec![
        Effect::SendHeartbeat(HeartbeatRequest { purpose: Purpose::Acknowledge, group_id: "demo-group".to_owned(), member_id: "member-1".to_owned(), member_epoch: 3, instance_id: None, full: None, owned: Some(PartitionSet::of([("orders", &[1][..])])) }),
        Effect::Transition { from: StateName::Assigning, to: StateName::Joined },
    ]), "step 11");
    assert_eq!(member.facts().state, StateName::Joined);
    assert_eq!(member.facts().assigned, PartitionSet::of([("orders", &[1][..])]));
}
