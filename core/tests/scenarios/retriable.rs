//! §5.7 retriable answers: a full retry owed after an exponential backoff.

use crate::common::*;
use kip848_core::StateName::*;
use kip848_core::*;

#[test]
fn a_retriable_error_owes_a_full_retry_after_the_backoff() {
    let o01 = set(&[("orders", &[0, 1])]);
    let mut h = Harness::joined(Config::default(), o01.clone());
    h.at(1010);
    h.tick();
    h.at(1020);
    assert_eq!(h.error(ErrorCode::CoordinatorNotAvailable), vec![]);
    assert_eq!(h.member.state(), Joined);
    assert_eq!(
        h.member.retry_owed(),
        Some(RetryOwed {
            due: Millis(1120),
            leave: false
        })
    );
    assert_eq!(h.member.poll_timeout(), Some(Millis(1120)));
    h.at(1119);
    assert_eq!(h.tick(), vec![]);
    h.at(1120);
    assert_eq!(h.tick(), vec![h.full(Purpose::Retry, 1, o01)]);
    assert_eq!(h.member.retry_owed(), None);
}

#[test]
fn the_backoff_doubles_up_to_its_ceiling_and_only_a_success_resets_it() {
    let mut h = Harness::new(Config::default());
    h.subscribe(&["orders"]);
    let mut dues = Vec::new();
    for _ in 0..6 {
        h.error(ErrorCode::NotCoordinator);
        let due = h.member.retry_owed().map(|r| r.due.0 - h.now.0);
        dues.push(due.unwrap_or_default());
        h.at(h.now.0 + 5000);
        assert_eq!(h.tick(), vec![h.full(Purpose::Retry, 0, set(&[]))]);
    }
    assert_eq!(dues, vec![100, 200, 400, 800, 1000, 1000]);
    let backoff = |h: &Harness| h.member.retry_owed().map(|r| r.due.0 - h.now.0);
    h.respond("m-1", 1, None);
    h.at(h.now.0 + 1000);
    h.tick();
    h.fail();
    assert_eq!(backoff(&h), Some(100), "a success resets n");
    h.at(h.now.0 + 100);
    h.tick();
    h.error(ErrorCode::FencedMemberEpoch);
    h.error(ErrorCode::CoordinatorLoadInProgress);
    assert_eq!(backoff(&h), Some(200), "a fence does not reset n");
}

#[test]
fn a_failed_join_is_retried_full_in_joining() {
    let mut h = Harness::new(Config::default());
    h.subscribe(&["orders"]);
    h.at(30);
    assert_eq!(h.fail(), vec![]);
    h.at(130);
    assert_eq!(h.tick(), vec![h.full(Purpose::Retry, 0, set(&[]))]);
    assert_eq!(h.member.state(), Joining);
}

#[test]
fn the_retry_takes_the_place_of_a_remembered_heartbeat() {
    let o01 = set(&[("orders", &[0, 1])]);
    let mut h = Harness::joined(manual(), set(&[("orders", &[0])]));
    h.at(1010);
    h.tick();
    h.respond(ID, 2, Some(o01.clone()));
    h.at(2010);
    h.tick();
    h.complete(Outcome::Ok);
    assert_eq!(h.member.remembered(), Some(Purpose::Acknowledge));
    h.at(2020);
    assert_eq!(h.error(ErrorCode::NotCoordinator), vec![]);
    assert_eq!(h.member.remembered(), None);
    h.at(2120);
    assert_eq!(h.tick(), vec![h.full(Purpose::Retry, 2, o01)]);
}

#[test]
fn an_acknowledgement_during_the_backoff_goes_out_full_at_once_and_settles_the_retry() {
    let o01 = set(&[("orders", &[0, 1])]);
    let mut h = Harness::joined(manual(), set(&[("orders", &[0])]));
    h.at(1010);
    h.tick();
    h.respond(ID, 2, Some(o01.clone()));
    h.at(2010);
    h.tick();
    h.at(2020);
    h.error(ErrorCode::CoordinatorNotAvailable);
    h.at(2030);
    let effects = h.complete(Outcome::Ok);
    assert_eq!(
        effects,
        vec![
            h.full(Purpose::Acknowledge, 2, o01),
            transition(Assigning, Joined)
        ]
    );
    assert_eq!(h.member.retry_owed(), None);
    h.at(5000);
    assert_eq!(h.tick(), vec![], "the ack is in flight");
}

#[test]
fn interval_ticks_send_nothing_while_a_retry_is_owed() {
    let mut h = Harness::joined(
        Config {
            retry_backoff_ms: 5000,
            retry_backoff_max_ms: 5000,
            ..Config::default()
        },
        set(&[]),
    );
    h.at(1010);
    h.tick();
    h.fail();
    h.at(3000);
    assert_eq!(
        h.tick(),
        vec![],
        "the interval has passed, but the retry is not due yet"
    );
    h.at(6010);
    assert_eq!(h.tick(), vec![h.full(Purpose::Retry, 1, set(&[]))]);
}
