//! §5.9 leaving: TERMINATING revokes everything, sends the leave, and any answer ends it.

use crate::common::*;
use kip848_core::StateName::*;
use kip848_core::*;

#[test]
fn close_while_joined_revokes_everything_then_sends_the_leave_with_epoch_minus_one() {
    let o01 = set(&[("orders", &[0, 1])]);
    let mut h = Harness::joined(Config::default(), o01.clone());
    h.at(500);
    let effects = h.close();
    assert_eq!(
        effects,
        vec![
            transition(Joined, Terminating),
            removed(o01.clone()),
            commit(o01.clone()),
            revoked(o01),
            h.leave(LEAVE_EPOCH),
        ]
    );
    assert_eq!(h.member.member_epoch(), -1);
    h.at(510);
    assert_eq!(
        h.respond("", -1, Some(set(&[("x", &[9])]))),
        vec![transition(Terminating, Terminated)]
    );
    assert_eq!(h.member.failure(), None);
    assert!(h.member.assigned().is_empty());
}

#[test]
fn a_static_member_leaves_with_epoch_minus_two() {
    let config = Config {
        instance_id: Some("i-1".into()),
        ..Config::default()
    };
    let mut h = Harness::joined(config, set(&[]));
    let effects = h.close();
    assert_eq!(
        effects,
        vec![transition(Joined, Terminating), h.leave(LEAVE_STATIC_EPOCH)]
    );
    assert_eq!(h.member.member_epoch(), -2);
}

#[test]
fn close_while_joining_without_a_member_id_terminates_at_once() {
    let mut h = Harness::new(Config::default());
    h.subscribe(&["orders"]);
    assert_eq!(h.close(), vec![transition(Joining, Terminated)]);
    assert_eq!(h.member.in_flight(), None);
    h.reject(Input::HeartbeatFailed, Rejected::Terminated);
}

#[test]
fn close_while_rejoining_waits_for_the_join_answer_and_ignores_its_assignment() {
    let mut h = Harness::joined(Config::default(), set(&[]));
    h.at(1010);
    h.tick();
    h.error(ErrorCode::FencedMemberEpoch);
    assert_eq!(h.close(), vec![transition(Joining, Terminating)]);
    assert_eq!(h.member.remembered(), Some(Purpose::Leave));
    assert_eq!(
        h.respond(ID, 5, Some(set(&[("orders", &[3])]))),
        vec![h.leave(-1)]
    );
    assert!(h.member.assigned().is_empty());
}

#[test]
fn close_while_assigning_abandons_the_reconciliation_and_its_owed_completion() {
    let mut h = Harness::joined(manual(), set(&[("orders", &[0, 1])]));
    h.at(1010);
    h.tick();
    h.respond(ID, 2, Some(set(&[("orders", &[1, 2])])));
    let o1 = set(&[("orders", &[1])]);
    assert_eq!(
        h.close(),
        vec![
            transition(Assigning, Terminating),
            removed(o1.clone()),
            commit(o1.clone())
        ]
    );
    assert_eq!(h.member.owed_to_abandoned(), 1);
    assert_eq!(
        h.complete(Outcome::Ok),
        vec![],
        "the abandoned commit of orders-0"
    );
    assert_eq!(
        h.complete(Outcome::Failed),
        vec![report(ErrorCode::CommitFailed), revoked(o1)]
    );
    assert_eq!(h.complete(Outcome::Ok), vec![h.leave(-1)]);
}

#[test]
fn any_answer_to_the_leave_terminates_without_a_failure() {
    let answers = [
        Input::HeartbeatFailed,
        Input::HeartbeatError {
            code: ErrorCode::GroupAuthorizationFailed,
        },
        Input::HeartbeatError {
            code: ErrorCode::CoordinatorNotAvailable,
        },
        Input::HeartbeatError {
            code: ErrorCode::FencedMemberEpoch,
        },
        response("", 0, None),
    ];
    for answer in answers {
        let mut h = Harness::joined(Config::default(), set(&[]));
        h.close();
        assert_eq!(
            h.input(answer.clone()),
            vec![transition(Terminating, Terminated)],
            "{answer:?}"
        );
        assert_eq!(h.member.failure(), None);
    }
}

/// A member leaving with its revocation callback pending and an interval heartbeat in flight.
fn leaving_before_the_leave_is_sent() -> Harness {
    let mut h = Harness::joined(manual(), set(&[("orders", &[0])]));
    h.at(1010);
    h.tick();
    h.close();
    h
}

#[test]
fn a_fence_before_the_leave_is_sent_terminates_without_sending_it() {
    let mut h = leaving_before_the_leave_is_sent();
    assert_eq!(
        h.error(ErrorCode::UnknownMemberId),
        vec![transition(Terminating, Terminated)]
    );
    assert_eq!(h.member.failure(), None);
}

#[test]
fn a_fatal_error_before_the_leave_is_sent_is_reported_and_kept() {
    let mut h = leaving_before_the_leave_is_sent();
    let code = ErrorCode::GroupMaxSizeReached;
    assert_eq!(
        h.error(code.clone()),
        vec![report(code.clone()), transition(Terminating, Terminated)]
    );
    assert_eq!(h.member.failure(), Some(&code));
}

#[test]
fn interval_heartbeats_go_on_while_leaving_until_the_leave_is_sent() {
    let mut h = leaving_before_the_leave_is_sent();
    h.respond(ID, 1, Some(set(&[("orders", &[7])])));
    assert!(
        h.member.assigned().is_empty(),
        "TERMINATING ignores assignments"
    );
    h.at(2010);
    assert_eq!(
        h.tick(),
        vec![h.delta(Purpose::Interval, 1, Some(set(&[])))]
    );
}

#[test]
fn a_remembered_leave_goes_out_as_the_retry_after_a_retriable_answer() {
    let mut h = leaving_before_the_leave_is_sent();
    h.complete(Outcome::Ok);
    h.complete(Outcome::Ok);
    assert_eq!(h.member.remembered(), Some(Purpose::Leave));
    h.at(1020);
    assert_eq!(h.error(ErrorCode::NotCoordinator), vec![]);
    assert_eq!(
        h.member.retry_owed(),
        Some(RetryOwed {
            due: Millis(1120),
            leave: true
        })
    );
    h.at(1120);
    assert_eq!(h.tick(), vec![h.leave(-1)]);
    assert_eq!(h.fail(), vec![transition(Terminating, Terminated)]);
}

#[test]
fn close_while_terminating_is_accepted_without_effect() {
    let mut h = leaving_before_the_leave_is_sent();
    let before = h.member.clone();
    assert_eq!(h.close(), vec![]);
    assert_eq!(h.member, before);
}
