//! Lint before send: what the member would make of an answer, without applying it.

use crate::common::*;
use kip848_core::screen::lint::{lint, Verdict};
use kip848_core::*;

fn lint_of(h: &Harness, input: Input) -> (Verdict, String) {
    let l = lint(&h.member, h.now, &input);
    (l.verdict, l.message)
}

#[test]
fn lint_says_what_would_make_an_answer_possible_when_nothing_is_in_flight() {
    let h = Harness::new(Config::default());
    let (verdict, message) = lint_of(&h, response("m-1", 1, None));
    assert_eq!(verdict, Verdict::Waiting);
    assert_eq!(message, "Nothing to answer yet. The member is not in a group yet: the application subscribes, and the member sends a full heartbeat with epoch 0 to join.");
    let mut joined = Harness::joined(Config::default(), set(&[("orders", &[0])]));
    joined.at(20);
    let (verdict, message) = lint_of(&joined, response("m-1", 2, None));
    assert_eq!(verdict, Verdict::Waiting);
    assert!(
        message.starts_with("Nothing to answer yet. The member sends its next heartbeat at "),
        "{message}"
    );
}

#[test]
fn lint_flags_answers_no_coordinator_would_send() {
    let mut h = Harness::joined(Config::default(), set(&[("orders", &[0])]));
    h.at(1010);
    h.tick();
    let cases = [
        (
            response(ID, 0, None),
            Verdict::Rejected,
            "member_epoch >= 1",
        ),
        (
            response(ID, 1, Some(set(&[("orders", &[0])]))),
            Verdict::Normal,
            "Normal: JOINED → ASSIGNING, ASSIGNING → JOINED",
        ),
        (response(ID, 2, None), Verdict::Normal, "Normal: accepted"),
        (
            response(ID, 2, Some(set(&[("orders", &[0])]))),
            Verdict::Unusual,
            "same assignment with a new epoch",
        ),
        (
            response(ID, 2, Some(set(&[("payments", &[0])]))),
            Verdict::Unusual,
            "names payments",
        ),
        (
            response("m-2", 2, None),
            Verdict::Unusual,
            "different member id",
        ),
        (
            Input::HeartbeatError {
                code: ErrorCode::FencedInstanceId,
            },
            Verdict::Unusual,
            "static members",
        ),
        (
            Input::HeartbeatError {
                code: ErrorCode::from("WHAT"),
            },
            Verdict::Unusual,
            "not a code the coordinator sends; the member: JOINED → TERMINATED",
        ),
        (
            Input::HeartbeatError {
                code: ErrorCode::FencedMemberEpoch,
            },
            Verdict::Normal,
            "JOINED → JOINING",
        ),
    ];
    for (input, verdict, mentions) in cases {
        let (v, message) = lint_of(&h, input.clone());
        assert_eq!(v, verdict, "{input:?}: {message}");
        assert!(message.contains(mentions), "{input:?}: {message}");
    }
    h.respond(ID, 3, None);
    h.at(2020);
    h.tick();
    let (v, message) = lint_of(&h, response(ID, 2, None));
    assert_eq!(
        (v, message.as_str()),
        (
            Verdict::Unusual,
            "Unusual: the epoch goes down from 3 to 2; a coordinator never lowers it"
        )
    );
}

#[test]
fn lint_leaves_the_member_untouched() {
    let h = Harness::joined(Config::default(), set(&[("orders", &[0])]));
    let before = h.member.clone();
    lint(&h.member, Millis(5000), &Input::Close);
    assert_eq!(h.member, before);
}

/// The lint's word on a different member id is what each model then does with it.
#[test]
fn a_different_member_id_is_linted_as_each_model_treats_it() {
    use kip848_core::machine::any::AnyMember;
    use kip848_core::machine::model::Model;
    use kip848_core::machine::Machine;
    fn send(member: &mut AnyMember, now: u64, input: &Input) {
        if let Err(e) = member.handle(Millis(now), input) {
            panic!("{:?}: {input:?}: {e}", member.model());
        }
    }
    for model in Model::ALL {
        let mut member = AnyMember::new(model, Config::default());
        send(
            &mut member,
            10,
            &Input::Subscribe {
                topics: ["orders".to_owned()].into(),
            },
        );
        if member.facts().in_flight.is_none() {
            send(&mut member, 20, &Input::Poll);
        }
        send(&mut member, 30, &response("m-1", 1, None));
        send(&mut member, 10_000, &Input::Tick);
        let other = response("someone-else", 1, None);
        let l = lint(&member, Millis(10_010), &other);
        assert_eq!(l.verdict, Verdict::Unusual, "{model:?}: {}", l.message);
        send(&mut member, 10_010, &other);
        let took = member.facts().member_id == "someone-else";
        assert_eq!(
            took,
            l.message.ends_with("the member will take it"),
            "{model:?}: {}",
            l.message
        );
        assert_eq!(
            !took,
            l.message.ends_with("the Java client keeps its own"),
            "{model:?}: {}",
            l.message
        );
    }
}
