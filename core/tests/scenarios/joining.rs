//! §5.1 NEW, §5.2 JOINING, §5.3 JOINED.

use crate::common::*;
use kip848_core::StateName::*;
use kip848_core::*;

#[test]
fn subscribe_moves_to_joining_and_sends_a_full_heartbeat_with_epoch_zero() {
    let mut h = Harness::new(Config::default());
    let effects = h.subscribe(&["orders", "payments"]);
    assert_eq!(
        effects,
        vec![transition(New, Joining), h.full(Purpose::Join, 0, set(&[]))]
    );
    assert_eq!(h.member.member_id(), "");
    assert_eq!(h.member.in_flight(), Some(Purpose::Join));
    assert_eq!(h.member.subscription().len(), 2);
}

#[test]
fn close_before_subscribing_terminates_at_once() {
    let mut h = Harness::new(Config::default());
    assert_eq!(h.close(), vec![transition(New, Terminated)]);
    assert_eq!(h.member.failure(), None);
}

#[test]
fn first_success_adopts_member_id_epoch_and_interval_and_joins() {
    let mut h = Harness::new(Config::default());
    h.subscribe(&["orders"]);
    h.at(20);
    assert_eq!(h.respond("m-1", 3, None), vec![transition(Joining, Joined)]);
    assert_eq!(h.member.member_id(), "m-1");
    assert_eq!(h.member.member_epoch(), 3);
    assert_eq!(h.member.heartbeat_interval_ms(), 1000);
    assert_eq!(h.member.in_flight(), None);
    assert_eq!(h.member.poll_timeout(), Some(Millis(1000)));
}

#[test]
fn first_success_with_an_assignment_reconciles_at_once() {
    let mut h = Harness::new(Config::default());
    h.subscribe(&["orders"]);
    h.at(20);
    let o01 = set(&[("orders", &[0, 1])]);
    let effects = h.respond("m-1", 1, Some(o01.clone()));
    assert_eq!(
        effects,
        vec![
            transition(Joining, Joined),
            transition(Joined, Assigning),
            added(o01.clone()),
            assigned(o01.clone()),
            h.delta(Purpose::Acknowledge, 1, Some(o01.clone())),
            transition(Assigning, Joined),
        ]
    );
    assert_eq!(h.member.assigned(), &o01);
}

#[test]
fn success_without_an_assignment_only_adopts_the_epoch() {
    let mut h = Harness::joined(Config::default(), set(&[("orders", &[0])]));
    h.at(1010);
    assert_eq!(h.tick(), vec![h.delta(Purpose::Interval, 1, None)]);
    h.at(1020);
    assert_eq!(h.respond("", 2, None), vec![]);
    assert_eq!(h.member.member_epoch(), 2);
    assert_eq!(
        h.member.member_id(),
        ID,
        "an empty member id in a later answer keeps the id"
    );
    assert_eq!(h.member.state(), Joined);
}

#[test]
fn an_assignment_equal_to_the_assigned_set_returns_to_joined_without_acknowledging() {
    let o01 = set(&[("orders", &[0, 1])]);
    let mut h = Harness::joined(Config::default(), o01.clone());
    h.at(1010);
    h.tick();
    h.at(1020);
    let effects = h.respond(ID, 2, Some(o01));
    assert_eq!(
        effects,
        vec![transition(Joined, Assigning), transition(Assigning, Joined)]
    );
    assert_eq!(h.member.in_flight(), None);
}

#[test]
fn an_empty_first_assignment_passes_through_assigning() {
    let mut h = Harness::new(Config::default());
    h.subscribe(&["orders"]);
    let effects = h.respond("m-1", 1, Some(set(&[])));
    assert_eq!(
        effects,
        vec![
            transition(Joining, Joined),
            transition(Joined, Assigning),
            transition(Assigning, Joined)
        ]
    );
}
