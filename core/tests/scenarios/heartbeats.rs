//! §5 "Sending" and §5.6: interval heartbeats, deltas, remembered heartbeats.

use crate::common::*;
use kip848_core::StateName::*;
use kip848_core::*;

#[test]
fn an_interval_heartbeat_is_sent_only_by_a_tick_once_the_interval_has_passed() {
    let mut h = Harness::joined(Config::default(), set(&[("orders", &[0])]));
    assert_eq!(h.member.poll_timeout(), Some(Millis(1010)));
    h.at(1009);
    assert_eq!(h.tick(), vec![]);
    h.at(1010);
    assert_eq!(h.tick(), vec![h.delta(Purpose::Interval, 1, None)]);
}

#[test]
fn a_tick_while_a_heartbeat_is_in_flight_sends_nothing() {
    let mut h = Harness::joined(Config::default(), set(&[("orders", &[0])]));
    h.at(1010);
    h.tick();
    h.at(9000);
    assert_eq!(h.tick(), vec![]);
    assert_eq!(h.member.poll_timeout(), None);
}

#[test]
fn no_interval_heartbeat_in_new_or_joining() {
    let mut h = Harness::new(Config::default());
    h.at(5000);
    assert_eq!(h.tick(), vec![]);
    h.subscribe(&["orders"]);
    h.error(ErrorCode::FencedMemberEpoch);
    assert_eq!(h.member.state(), Joining);
    h.at(90_000);
    assert_eq!(
        h.tick(),
        vec![],
        "the join is in flight and JOINING has no interval"
    );
}

#[test]
fn a_delta_carries_the_owned_set_only_when_it_changed_since_last_sent() {
    let mut h = Harness::joined(manual(), set(&[("orders", &[0, 1])]));
    h.at(1010);
    assert_eq!(h.tick(), vec![h.delta(Purpose::Interval, 1, None)]);
    h.respond(ID, 2, Some(set(&[("orders", &[1])])));
    h.at(2010);
    let owned_now = set(&[("orders", &[1])]);
    assert_eq!(
        h.tick(),
        vec![h.delta(Purpose::Interval, 2, Some(owned_now))]
    );
    h.respond(ID, 2, None);
    h.at(3010);
    assert_eq!(h.tick(), vec![h.delta(Purpose::Interval, 2, None)]);
}

#[test]
fn an_acknowledgement_waits_behind_the_heartbeat_in_flight() {
    let o01 = set(&[("orders", &[0, 1])]);
    let mut h = Harness::joined(manual(), set(&[("orders", &[0])]));
    h.at(1010);
    h.tick();
    h.respond(ID, 2, Some(o01.clone()));
    h.at(2010);
    assert_eq!(
        h.tick(),
        vec![h.delta(Purpose::Interval, 2, Some(o01.clone()))]
    );
    assert_eq!(h.complete(Outcome::Ok), vec![transition(Assigning, Joined)]);
    assert_eq!(h.member.remembered(), Some(Purpose::Acknowledge));
    h.at(2020);
    assert_eq!(
        h.respond(ID, 2, None),
        vec![h.delta(Purpose::Acknowledge, 2, Some(o01))]
    );
    assert_eq!(h.member.remembered(), None);
    assert_eq!(
        h.member.last_heartbeat_at(),
        Some(Millis(2020)),
        "any heartbeat restarts the interval"
    );
}

#[test]
fn a_leave_replaces_a_remembered_acknowledgement() {
    let o01 = set(&[("orders", &[0, 1])]);
    let mut h = Harness::joined(manual(), set(&[("orders", &[0])]));
    h.at(1010);
    h.tick();
    h.respond(ID, 2, Some(o01.clone()));
    h.at(2010);
    h.tick();
    h.complete(Outcome::Ok);
    assert_eq!(
        h.close(),
        vec![
            transition(Joined, Terminating),
            removed(o01.clone()),
            commit(o01.clone())
        ]
    );
    assert_eq!(h.complete(Outcome::Ok), vec![revoked(o01)]);
    assert_eq!(
        h.complete(Outcome::Ok),
        vec![],
        "the leave waits behind the interval heartbeat"
    );
    assert_eq!(h.member.remembered(), Some(Purpose::Leave));
    assert_eq!(h.respond(ID, 2, None), vec![h.leave(-1)]);
    assert_eq!(h.member.member_epoch(), -1);
}
