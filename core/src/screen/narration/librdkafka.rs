//! librdkafka's transitions in its own words: join states name what the application was handed
//! (`rdkafka_cgrp.c`), the callbacks are Python's `on_assign`, `on_revoke` and `on_lost`.

use crate::machine::facts::Facts;
use crate::protocol::error_code::ErrorCode;
use crate::protocol::input::Input;
use crate::protocol::state::StateName;

pub(super) fn librdkafka(
    from: StateName,
    to: StateName,
    input: &Input,
    code: Option<&ErrorCode>,
    frame: &Facts,
) -> Option<String> {
    use StateName::*;
    let epoch = frame.member_epoch;
    let sentence = match (from, to) {
        (Init, WaitAssignCall) => format!(
            "Joined with epoch {epoch}: wait-assign-call, the new partitions handed to on_assign"
        ),
        (Steady, WaitAssignCall) => {
            "A target that adds partitions: wait-assign-call, on_assign with the added ones"
                .to_owned()
        }
        (WaitIncrUnassignToComplete, WaitAssignCall) => {
            "Revoked partitions stopped: wait-assign-call, on_assign with what the target adds (an empty list when nothing)".to_owned()
        }
        (WaitAssignCall, Steady) => {
            "The application called incremental_assign(): steady; the acknowledgement goes at once"
                .to_owned()
        }
        (Steady, WaitUnassignCall) => match (input, code) {
            (_, Some(c)) => format!(
                "Fenced ({c}): wait-unassign-call, everything handed to on_lost before the rejoin"
            ),
            (Input::Close, _) => {
                "Closing: wait-unassign-call, everything handed to on_revoke".to_owned()
            }
            (Input::Unsubscribe, _) => {
                "Unsubscribing: wait-unassign-call, everything handed to on_revoke".to_owned()
            }
            (Input::PollTimerExpired | Input::Completed { .. } | Input::Tick, _)
                if frame.awaiting.as_ref().is_some_and(|e| {
                    matches!(e, crate::protocol::effect::Effect::InvokeOnPartitionsLost { .. })
                }) =>
            {
                "The assignment is lost: wait-unassign-call, on_lost before the rejoin".to_owned()
            }
            _ => "A target that takes partitions away: wait-unassign-call, on_revoke first"
                .to_owned(),
        },
        (WaitUnassignCall, WaitIncrUnassignToComplete) => {
            "The application called incremental_unassign(): the revoked partitions stop".to_owned()
        }
        (WaitIncrUnassignToComplete, Init) => {
            "Revocation done: rejoining from init with epoch 0 and the same member id".to_owned()
        }
        (WaitAssignCall, WaitUnassignCall) => {
            "Closing while on_assign ran: its answer is taken as an unassign".to_owned()
        }
        (WaitUnassignCall, WaitUnassignToComplete) => {
            "Closing: the answer becomes a full unassign; the leave follows".to_owned()
        }
        (WaitUnassignToComplete, Init) => "Everything unassigned: init".to_owned(),
        (WaitUnassignCall, Init) => {
            "Unsubscribed while on_revoke of everything held waits: nothing else to revoke, the leave goes at once; init".to_owned()
        }
        (Steady, Init) => match &frame.failure {
            Some(code) => format!(
                "Fatal error {code}: everything unassigned without a callback, no leave, no more heartbeats"
            ),
            None => "Nothing held: straight back to init with epoch 0".to_owned(),
        },
        (Init, Term) => "The consumer group handle terminated: term".to_owned(),
        _ => return None,
    };
    Some(sentence)
}
