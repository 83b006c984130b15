//! The drafted answer and the quick actions that edit it.

use crate::common::*;
use kip848_core::screen::composer::*;
use kip848_core::*;

#[test]
fn the_routine_answer_keeps_the_epoch_and_the_assignment_and_the_new_one_moves_both() {
    let mut h = Harness::new(Config::default());
    assert_eq!(
        default_draft(&h.member),
        Draft::Success {
            member_id: DEFAULT_MEMBER_ID.into(),
            member_epoch: 1,
            heartbeat_interval_ms: DEFAULT_INTERVAL_MS,
            assignment: AssignmentDraft::Unchanged
        }
    );
    h.subscribe(&["orders"]);
    h.respond("m-9", 4, None);
    let Input::HeartbeatResponse(r) = default_draft(&h.member).to_input() else {
        panic!("a success")
    };
    assert_eq!(
        (
            r.member_id.as_str(),
            r.member_epoch,
            r.heartbeat_interval_ms,
            r.assignment
        ),
        ("m-9", 4, 1000, None)
    );
    // The other common answer: a new target, and the epoch moves with it.
    let r = kip848_core::screen::composer::new_assignment_answer(&h.member);
    assert_eq!(r.member_epoch, 5);
    assert_eq!(r.assignment.map(|a| a.len()), Some(1));
    assert_eq!(Draft::NoAnswer.to_input(), Input::HeartbeatFailed);
}

#[test]
fn quick_actions_edit_the_drafted_assignment() {
    let h = Harness::joined(Config::default(), set(&[("orders", &[0, 2])]));
    let now = same_as_now(&h.member);
    assert_eq!(now, set(&[("orders", &[0, 2])]));
    assert_eq!(
        add_next_partition(&h.member, &now),
        set(&[("orders", &[0, 1, 2])])
    );
    assert_eq!(revoke_one(&now), set(&[("orders", &[0])]));
    assert_eq!(revoke_one(&PartitionSet::new()), PartitionSet::new());
}
