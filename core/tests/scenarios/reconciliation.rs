//! §5.4 reconciliation: revoke first, then assign; completions; newer targets; the open question.

use crate::common::*;
use kip848_core::StateName::*;
use kip848_core::*;

fn o(partitions: &[Partition]) -> PartitionSet {
    set(&[("orders", partitions)])
}

/// A joined member owning orders-0,1 with an interval heartbeat in flight at 1010.
fn joined_with_heartbeat_in_flight(config: Config) -> Harness {
    let mut h = Harness::joined(config, o(&[0, 1]));
    h.at(1010);
    h.tick();
    h.at(1020);
    h
}

#[test]
fn incremental_reassignment_revokes_before_it_assigns() {
    let mut h = joined_with_heartbeat_in_flight(Config::default());
    let effects = h.respond(ID, 2, Some(o(&[1, 2])));
    assert_eq!(
        effects,
        vec![
            transition(Joined, Assigning),
            removed(o(&[0])),
            commit(o(&[0])),
            revoked(o(&[0])),
            added(o(&[2])),
            assigned(o(&[2])),
            h.delta(Purpose::Acknowledge, 2, Some(o(&[1, 2]))),
            transition(Assigning, Joined),
        ]
    );
    assert_eq!(h.member.assigned(), &o(&[1, 2]));
}

#[test]
fn on_assignment_is_invoked_with_the_whole_target_when_an_assignor_is_set() {
    let config = Config {
        assignor_set: true,
        ..Config::default()
    };
    let mut h = joined_with_heartbeat_in_flight(config);
    let effects = h.respond(ID, 2, Some(o(&[0, 1, 2])));
    assert_eq!(
        effects,
        vec![
            transition(Joined, Assigning),
            added(o(&[2])),
            on_assignment(o(&[0, 1, 2])),
            assigned(o(&[2])),
            h.delta(Purpose::Acknowledge, 2, Some(o(&[0, 1, 2]))),
            transition(Assigning, Joined),
        ]
    );
}

#[test]
fn on_assignment_is_invoked_even_when_nothing_is_added() {
    let config = Config {
        assignor_set: true,
        ..Config::default()
    };
    let mut h = joined_with_heartbeat_in_flight(config);
    let effects = h.respond(ID, 2, Some(o(&[1])));
    assert_eq!(
        effects,
        vec![
            transition(Joined, Assigning),
            removed(o(&[0])),
            commit(o(&[0])),
            revoked(o(&[0])),
            on_assignment(o(&[1])),
            h.delta(Purpose::Acknowledge, 2, Some(o(&[1]))),
            transition(Assigning, Joined),
        ]
    );
}

#[test]
fn heartbeat_between_revoke_and_assign_carries_the_owned_set_and_the_ack_waits_behind_it() {
    let config = Config {
        heartbeat_between_revoke_and_assign: true,
        ..Config::default()
    };
    let mut h = joined_with_heartbeat_in_flight(config);
    let effects = h.respond(ID, 2, Some(o(&[1, 2])));
    assert_eq!(
        effects,
        vec![
            transition(Joined, Assigning),
            removed(o(&[0])),
            commit(o(&[0])),
            revoked(o(&[0])),
            h.delta(Purpose::BetweenRevokeAndAssign, 2, Some(o(&[1]))),
            added(o(&[2])),
            assigned(o(&[2])),
            transition(Assigning, Joined),
        ]
    );
    assert_eq!(h.member.remembered(), Some(Purpose::Acknowledge));
    h.at(1030);
    assert_eq!(
        h.respond(ID, 2, None),
        vec![h.delta(Purpose::Acknowledge, 2, Some(o(&[1, 2])))]
    );
}

#[test]
fn no_heartbeat_between_revoke_and_assign_when_nothing_is_revoked() {
    let config = Config {
        heartbeat_between_revoke_and_assign: true,
        ..Config::default()
    };
    let mut h = joined_with_heartbeat_in_flight(config);
    let effects = h.respond(ID, 2, Some(o(&[0, 1, 2])));
    assert_eq!(
        effects,
        vec![
            transition(Joined, Assigning),
            added(o(&[2])),
            assigned(o(&[2])),
            h.delta(Purpose::Acknowledge, 2, Some(o(&[0, 1, 2]))),
            transition(Assigning, Joined),
        ]
    );
}

#[test]
fn each_commit_and_callback_waits_for_its_completion_when_auto_complete_is_off() {
    let mut h = joined_with_heartbeat_in_flight(manual());
    let effects = h.respond(ID, 2, Some(o(&[1, 2])));
    assert_eq!(
        effects,
        vec![
            transition(Joined, Assigning),
            removed(o(&[0])),
            commit(o(&[0]))
        ]
    );
    assert_eq!(h.member.awaiting(), Some(&commit(o(&[0]))));
    assert_eq!(h.complete(Outcome::Ok), vec![revoked(o(&[0]))]);
    assert_eq!(
        h.complete(Outcome::Ok),
        vec![added(o(&[2])), assigned(o(&[2]))]
    );
    let ack = h.delta(Purpose::Acknowledge, 2, Some(o(&[1, 2])));
    assert_eq!(
        h.complete(Outcome::Ok),
        vec![ack, transition(Assigning, Joined)]
    );
    assert_eq!(h.member.awaiting(), None);
}

#[test]
fn a_failed_commit_or_callback_is_reported_and_the_steps_go_on() {
    let mut h = joined_with_heartbeat_in_flight(manual());
    h.respond(ID, 2, Some(o(&[1, 2])));
    assert_eq!(
        h.complete(Outcome::Failed),
        vec![report(ErrorCode::CommitFailed), revoked(o(&[0]))]
    );
    assert_eq!(
        h.complete(Outcome::Failed),
        vec![
            report(ErrorCode::CallbackFailed),
            added(o(&[2])),
            assigned(o(&[2]))
        ]
    );
    let ack = h.delta(Purpose::Acknowledge, 2, Some(o(&[1, 2])));
    assert_eq!(
        h.complete(Outcome::Failed),
        vec![
            report(ErrorCode::CallbackFailed),
            ack,
            transition(Assigning, Joined)
        ]
    );
}

#[test]
fn a_newer_assignment_during_a_reconciliation_is_reconciled_right_after_it() {
    let mut h = joined_with_heartbeat_in_flight(manual());
    h.respond(ID, 2, Some(o(&[1, 2])));
    h.at(2010);
    assert_eq!(h.tick(), vec![h.delta(Purpose::Interval, 2, Some(o(&[1])))]);
    h.at(2020);
    assert_eq!(
        h.respond(ID, 3, Some(o(&[2, 3]))),
        vec![],
        "only the newest target changes"
    );
    assert_eq!(h.member.target(), Some(&o(&[1, 2])));
    assert_eq!(h.member.newest_target(), Some(&o(&[2, 3])));
    assert_eq!(h.complete(Outcome::Ok), vec![revoked(o(&[0]))]);
    assert_eq!(
        h.complete(Outcome::Ok),
        vec![added(o(&[2])), assigned(o(&[2]))]
    );
    let ack = h.delta(Purpose::Acknowledge, 3, Some(o(&[1, 2])));
    assert_eq!(
        h.complete(Outcome::Ok),
        vec![ack, removed(o(&[1])), commit(o(&[1]))]
    );
    assert_eq!(h.member.state(), Assigning);
    assert_eq!(h.complete(Outcome::Ok), vec![revoked(o(&[1]))]);
    assert_eq!(
        h.complete(Outcome::Ok),
        vec![added(o(&[3])), assigned(o(&[3]))]
    );
    assert_eq!(h.complete(Outcome::Ok), vec![transition(Assigning, Joined)]);
    assert_eq!(
        h.member.remembered(),
        Some(Purpose::Acknowledge),
        "the first ack is still in flight"
    );
    h.at(2030);
    assert_eq!(
        h.respond(ID, 3, None),
        vec![h.delta(Purpose::Acknowledge, 3, Some(o(&[2, 3])))]
    );
}

#[test]
fn a_newer_assignment_equal_to_the_result_ends_in_joined() {
    let mut h = joined_with_heartbeat_in_flight(manual());
    h.respond(ID, 2, Some(o(&[1])));
    h.at(2010);
    h.tick();
    h.respond(ID, 3, Some(o(&[1])));
    h.complete(Outcome::Ok);
    let ack = h.delta(Purpose::Acknowledge, 3, Some(o(&[1])));
    assert_eq!(
        h.complete(Outcome::Ok),
        vec![ack, transition(Assigning, Joined)]
    );
}
