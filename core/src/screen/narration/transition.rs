//! A sentence for each transition, in the words of the model that took it: the seed's
//! (seed model §5) or the shipped client's (Kafka's `MemberState`, `AbstractMembershipManager`). A shipped client that is
//! fenced runs onPartitionsLost and does not "clear without callbacks"; it is never "JOINED" or
//! "TERMINATED".

use crate::machine::facts::Facts;
use crate::protocol::error_code::{ErrorClass, ErrorCode};
use crate::protocol::input::Input;
use crate::protocol::state::StateName;

/// The sentence for `from → to`, caused by `input`; `frame` is the member just after it.
pub(super) fn narrate_transition(
    from: StateName,
    to: StateName,
    input: &Input,
    frame: &Facts,
) -> String {
    let code = match input {
        Input::HeartbeatError { code } => Some(code),
        _ => None,
    };
    // Only the shipped client keeps a local assignment; librdkafka has states of its own.
    let sentence = if frame.local.is_some() {
        shipped(from, to, input, code, frame)
    } else if crate::librdkafka::STATES.contains(&to) {
        super::librdkafka::librdkafka(from, to, input, code, frame)
    } else {
        seed(from, to, input, code, frame)
    };
    sentence.unwrap_or_else(|| format!("{from} → {to}"))
}

fn seed(
    from: StateName,
    to: StateName,
    input: &Input,
    code: Option<&ErrorCode>,
    frame: &Facts,
) -> Option<String> {
    use StateName::*;
    let sentence = match (from, to) {
        (New, Joining) => "Subscribed: JOINING, sending a full heartbeat with epoch 0".to_owned(),
        (Joining, Joined) => format!(
            "Joined the group as {} with epoch {}",
            frame.member_id, frame.member_epoch
        ),
        (Joined, Assigning) => match input {
            Input::HeartbeatResponse(r) => match &r.assignment {
                Some(target) => format!("New target {target}: ASSIGNING, revocation first"),
                None => "New target: ASSIGNING".to_owned(),
            },
            _ => "ASSIGNING".to_owned(),
        },
        (Assigning, Joined) => format!("Reconciled: back to JOINED owning {}", frame.assigned),
        (_, Joining) => {
            let code = code.map_or(String::new(), |c| format!(" ({c})"));
            // `fenced` = `finish`: the join waits for the commit or callback still running.
            match &frame.awaiting {
                Some(running) => format!(
                    "Fenced{code}: assigned set cleared without callbacks; rejoins with epoch 0 once {} returns",
                    crate::screen::words::call(running)
                ),
                None => format!(
                    "Fenced{code}: assigned set cleared without callbacks, rejoining with epoch 0"
                ),
            }
        }
        (_, Terminating) => {
            "Closing: TERMINATING, revoking everything owned, then the leave heartbeat".to_owned()
        }
        (Terminating, Terminated) => {
            let leave_sent = frame.member_epoch < 0;
            let fenced = code.is_some_and(|c| c.class() == ErrorClass::Fencing);
            if frame.failure.is_some() {
                terminated_by(frame)
            } else if fenced && !leave_sent {
                "Fenced while leaving: TERMINATED without sending the leave".to_owned()
            } else {
                "Leave answered: left the group, TERMINATED".to_owned()
            }
        }
        (_, Terminated) => match &frame.failure {
            Some(_) => terminated_by(frame),
            None => "Closed before joining: TERMINATED".to_owned(),
        },
        _ => return None,
    };
    Some(sentence)
}

fn terminated_by(frame: &Facts) -> String {
    match &frame.failure {
        Some(code) => {
            format!("Fatal error {code}: assigned set dropped without callbacks, TERMINATED")
        }
        None => "TERMINATED".to_owned(),
    }
}

fn shipped(
    from: StateName,
    to: StateName,
    input: &Input,
    code: Option<&ErrorCode>,
    frame: &Facts,
) -> Option<String> {
    use StateName::*;
    let epoch = frame.member_epoch;
    let sentence = match (from, to) {
        (Unsubscribed, Joining) => {
            "Subscribed and polled: JOINING, sending a full heartbeat with epoch 0".to_owned()
        }
        (Fenced, Joining) => "Rejoining: JOINING with epoch 0 and the same member id".to_owned(),
        (Stale, Joining) => {
            "Polled again: rejoining, JOINING with epoch 0 and the same member id".to_owned()
        }
        (Joining, Reconciling) => format!("Joined with epoch {epoch}: RECONCILING its target"),
        (Joining, Stable) => format!("Joined with epoch {epoch}, owning its target: STABLE"),
        (Stable | Acknowledging, Reconciling) => match input {
            Input::HeartbeatResponse(r) => match &r.assignment {
                Some(target) => format!("New target {target}: RECONCILING"),
                None => "A newer target waits: RECONCILING".to_owned(),
            },
            _ => "Acknowledged; a newer target waits: RECONCILING".to_owned(),
        },
        (Reconciling, Acknowledging) => format!(
            "Reconciled, owning {}: ACKNOWLEDGING, the acknowledgement goes out as soon as nothing is in flight",
            frame.assigned
        ),
        (Acknowledging, Stable) => "Acknowledgement sent: STABLE".to_owned(),
        (Reconciling, Stable) => "The target is what is owned already: STABLE".to_owned(),
        (_, Fenced) => {
            let code = code.map_or(String::new(), |c| format!(" ({c})"));
            format!("Fenced{code}: FENCED with epoch 0; it releases its partitions (onPartitionsLost) before it rejoins")
        }
        (_, Fatal) => match &frame.failure {
            Some(code) => format!("Fatal error {code}: FATAL, no more heartbeats"),
            None => "FATAL, no more heartbeats".to_owned(),
        },
        (_, PrepareLeaving) => match input {
            Input::Close => "Closing: PREPARE_LEAVING, releasing the assignment".to_owned(),
            Input::Unsubscribe => {
                "Unsubscribing: PREPARE_LEAVING, onPartitionsRevoked before the leave".to_owned()
            }
            Input::PollTimerExpired => {
                "Not polled within max.poll.interval.ms: PREPARE_LEAVING, leaving as stale"
                    .to_owned()
            }
            _ => "PREPARE_LEAVING, releasing the assignment".to_owned(),
        },
        (PrepareLeaving, Leaving) if code.is_some_and(|c| c.class() == ErrorClass::Fencing) => {
            "Fenced while preparing to leave: no leave is sent".to_owned()
        }
        (PrepareLeaving, Leaving) => {
            format!("LEAVING with epoch {epoch}: the leave heartbeat goes out at once")
        }
        (Leaving, Unsubscribed) if code.is_some_and(|c| c.class() == ErrorClass::Fencing) => {
            "Fenced while leaving: UNSUBSCRIBED without sending the leave".to_owned()
        }
        (Leaving, Unsubscribed) => "Leave heartbeat sent: UNSUBSCRIBED".to_owned(),
        (Leaving, Stale) => {
            "Stale leave sent: STALE until the application polls; onPartitionsLost runs".to_owned()
        }
        (Fenced, Unsubscribed) => "Unsubscribed while fenced: UNSUBSCRIBED".to_owned(),
        _ => return None,
    };
    Some(sentence)
}
