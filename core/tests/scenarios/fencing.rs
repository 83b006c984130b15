//! §5.5 fencing: drop everything owned without callbacks, rejoin with epoch 0 and the same id.

use crate::common::*;
use kip848_core::StateName::*;
use kip848_core::*;

#[test]
fn fenced_member_clears_its_assigned_set_without_callbacks_and_rejoins_with_epoch_zero() {
    let o01 = set(&[("orders", &[0, 1])]);
    let mut h = Harness::joined(Config::default(), o01.clone());
    h.at(1010);
    h.tick();
    h.at(1020);
    let effects = h.error(ErrorCode::FencedMemberEpoch);
    assert_eq!(
        effects,
        vec![
            cleared(o01),
            transition(Joined, Joining),
            h.full(Purpose::Join, 0, set(&[]))
        ]
    );
    assert_eq!(h.member.member_id(), ID, "the member id is kept");
    assert_eq!(h.member.member_epoch(), 0);
    assert!(h.member.assigned().is_empty());
}

#[test]
fn fenced_in_the_middle_of_a_revocation_abandons_it_and_discards_the_owed_completion() {
    let mut h = Harness::joined(manual(), set(&[("orders", &[0, 1])]));
    h.at(1010);
    h.tick();
    h.at(1020);
    let o1 = set(&[("orders", &[1])]);
    h.respond(ID, 2, Some(o1.clone()));
    assert_eq!(h.member.awaiting(), Some(&commit(set(&[("orders", &[0])]))));
    h.at(2010);
    h.tick();
    h.at(2020);
    let effects = h.error(ErrorCode::UnknownMemberId);
    assert_eq!(
        effects,
        vec![
            cleared(o1),
            transition(Assigning, Joining),
            h.full(Purpose::Join, 0, set(&[]))
        ]
    );
    assert_eq!(h.member.owed_to_abandoned(), 1);
    assert_eq!(
        h.complete(Outcome::Failed),
        vec![],
        "a late completion is accepted and discarded"
    );
    h.reject(
        Input::Completed {
            outcome: Outcome::Ok,
        },
        Rejected::NothingAwaitingCompletion,
    );
}

#[test]
fn fenced_while_joining_rejoins_without_a_transition() {
    let mut h = Harness::new(Config::default());
    h.subscribe(&["orders"]);
    h.at(5);
    assert_eq!(
        h.error(ErrorCode::UnknownMemberId),
        vec![h.full(Purpose::Join, 0, set(&[]))]
    );
    assert_eq!(h.member.state(), Joining);
}

#[test]
fn a_fence_with_an_acknowledgement_remembered_sends_the_join_in_its_place() {
    let o0 = set(&[("orders", &[0])]);
    let o01 = set(&[("orders", &[0, 1])]);
    let mut h = Harness::joined(manual(), o0);
    h.at(1010);
    h.tick();
    h.respond(ID, 2, Some(o01.clone()));
    h.at(2010);
    h.tick();
    assert_eq!(h.complete(Outcome::Ok), vec![transition(Assigning, Joined)]);
    assert_eq!(h.member.remembered(), Some(Purpose::Acknowledge));
    let effects = h.error(ErrorCode::FencedMemberEpoch);
    assert_eq!(
        effects,
        vec![
            cleared(o01),
            transition(Joined, Joining),
            h.full(Purpose::Join, 0, set(&[]))
        ]
    );
    assert_eq!(h.member.remembered(), None);
}
