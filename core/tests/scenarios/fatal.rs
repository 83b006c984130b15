//! §5.8 fatal errors.

use crate::common::*;
use kip848_core::StateName::*;
use kip848_core::*;

#[test]
fn a_fatal_error_reports_clears_without_callbacks_and_terminates_keeping_the_code() {
    let o01 = set(&[("orders", &[0, 1])]);
    let mut h = Harness::joined(Config::default(), o01.clone());
    h.at(1010);
    h.tick();
    let code = ErrorCode::GroupAuthorizationFailed;
    assert_eq!(
        h.error(code.clone()),
        vec![
            report(code.clone()),
            cleared(o01),
            transition(Joined, Terminated)
        ]
    );
    assert_eq!(h.member.failure(), Some(&code));
    assert_eq!(h.member.in_flight(), None);
    assert_eq!(h.member.poll_timeout(), None);
}

#[test]
fn an_unknown_error_code_is_fatal() {
    let mut h = Harness::new(Config::default());
    h.subscribe(&["orders"]);
    let code = ErrorCode::from("SOMETHING_NEW");
    assert_eq!(code, ErrorCode::Other("SOMETHING_NEW".into()));
    assert_eq!(
        h.error(code.clone()),
        vec![report(code.clone()), transition(Joining, Terminated)]
    );
    assert_eq!(h.member.failure(), Some(&code));
}

#[test]
fn a_fatal_error_while_assigning_abandons_the_reconciliation() {
    let mut h = Harness::joined(manual(), set(&[("orders", &[0])]));
    h.at(1010);
    h.tick();
    h.respond(ID, 2, Some(set(&[("orders", &[0, 1])])));
    h.at(2010);
    h.tick();
    let code = ErrorCode::UnsupportedAssignor;
    assert_eq!(
        h.error(code.clone()),
        vec![
            report(code),
            cleared(set(&[("orders", &[0, 1])])),
            transition(Assigning, Terminated)
        ]
    );
    h.reject(
        Input::Completed {
            outcome: Outcome::Ok,
        },
        Rejected::Terminated,
    );
}
