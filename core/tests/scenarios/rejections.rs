//! §3 rejections and §5.10: a rejected input changes nothing; TERMINATED accepts nothing.

use crate::common::*;
use kip848_core::StateName::*;
use kip848_core::*;

#[test]
fn a_terminated_member_rejects_every_input() {
    let mut h = Harness::new(Config::default());
    h.close();
    let inputs = [
        Input::Subscribe {
            topics: ["orders".to_string()].into(),
        },
        response(ID, 1, None),
        Input::HeartbeatError {
            code: ErrorCode::FencedMemberEpoch,
        },
        Input::HeartbeatFailed,
        Input::Tick,
        Input::Completed {
            outcome: Outcome::Ok,
        },
        Input::Close,
    ];
    for input in inputs {
        h.reject(input, Rejected::Terminated);
    }
}

#[test]
fn an_answer_while_no_heartbeat_is_in_flight_is_rejected() {
    let mut h = Harness::joined(Config::default(), set(&[]));
    h.reject(response(ID, 2, None), Rejected::NoHeartbeatInFlight);
    h.reject(
        Input::HeartbeatError {
            code: ErrorCode::FencedMemberEpoch,
        },
        Rejected::NoHeartbeatInFlight,
    );
    h.reject(Input::HeartbeatFailed, Rejected::NoHeartbeatInFlight);
}

#[test]
fn a_success_with_epoch_below_one_is_rejected() {
    let mut h = Harness::new(Config::default());
    h.subscribe(&["orders"]);
    h.reject(
        response("m-1", 0, None),
        Rejected::EpochBelowOne { member_epoch: 0 },
    );
    h.reject(
        response("m-1", -1, None),
        Rejected::EpochBelowOne { member_epoch: -1 },
    );
}

#[test]
fn a_success_without_a_member_id_is_rejected_while_the_member_has_none() {
    let mut h = Harness::new(Config::default());
    h.subscribe(&["orders"]);
    h.reject(response("", 1, None), Rejected::MissingMemberId);
}

#[test]
fn a_completion_while_nothing_awaits_one_is_rejected() {
    let mut h = Harness::joined(Config::default(), set(&[("orders", &[0])]));
    h.reject(
        Input::Completed {
            outcome: Outcome::Ok,
        },
        Rejected::NothingAwaitingCompletion,
    );
}

#[test]
fn subscribe_outside_new_is_rejected() {
    let mut h = Harness::new(Config::default());
    h.subscribe(&["orders"]);
    h.reject(
        Input::Subscribe {
            topics: ["other".to_string()].into(),
        },
        Rejected::AlreadySubscribed { state: Joining },
    );
}

#[test]
fn time_never_goes_backwards() {
    let mut h = Harness::new(Config::default());
    h.at(100);
    h.subscribe(&["orders"]);
    h.at(99);
    h.reject(
        Input::Tick,
        Rejected::TimeWentBackwards {
            now: Millis(99),
            last: Millis(100),
        },
    );
}
