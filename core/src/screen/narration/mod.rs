//! Words for what happens: the log's lines and the screen reader's narration. Names come from the
//! protocol (member epoch, assigned set, target, reconciliation, fenced). Each model's transitions
//! have their own sentences ([`transition`]): the shipped client is never told in the seed's words.

mod librdkafka;
mod transition;

use transition::narrate_transition;

use crate::machine::facts::Facts;
use crate::machine::Machine;
use crate::protocol::assignment::PartitionSet;
use crate::protocol::effect::{Effect, HeartbeatRequest, Purpose};
use crate::protocol::input::{Input, Outcome};
use crate::protocol::state::StateName;
use crate::session::timeline::StepResult;

/// One line for an input: what the coordinator, the application or the clock did.
pub fn describe_input(input: &Input) -> String {
    match input {
        Input::Subscribe { topics } => {
            let topics: Vec<&str> = topics.iter().map(String::as_str).collect();
            format!("Application subscribes to {}", list(&topics))
        }
        Input::HeartbeatResponse(r) => {
            let id = if r.member_id.is_empty() {
                "no member id".to_owned()
            } else {
                format!("member id {}", r.member_id)
            };
            let assignment = match &r.assignment {
                None => "assignment unchanged".to_owned(),
                Some(set) => format!("assignment {set}"),
            };
            format!(
                "Coordinator answers: {id}, epoch {}, interval {} ms, {assignment}",
                r.member_epoch, r.heartbeat_interval_ms
            )
        }
        Input::HeartbeatError { code } => format!("Coordinator answers with error {code}"),
        Input::HeartbeatFailed => "No answer: the heartbeat timed out".to_owned(),
        Input::Tick => "Time passes".to_owned(),
        Input::Completed {
            outcome: Outcome::Ok,
        } => "Application: the oldest commit or callback completes".to_owned(),
        Input::Completed {
            outcome: Outcome::Failed,
        } => "Application: the oldest commit or callback fails".to_owned(),
        Input::Close => "Application closes the consumer".to_owned(),
        Input::Poll => "Application polls".to_owned(),
        Input::PollTimerExpired => {
            "Application did not poll within max.poll.interval.ms".to_owned()
        }
        Input::Metadata { topics } => {
            let topics: Vec<&str> = topics.iter().map(String::as_str).collect();
            format!("Metadata now knows {}", list(&topics))
        }
        Input::Unsubscribe => "Application unsubscribes".to_owned(),
    }
}

fn list(items: &[&str]) -> String {
    match items {
        [] => "nothing".to_owned(),
        _ => items.join(", "),
    }
}

/// One sentence per effect, in order, with the member as the model reported it just after each.
pub fn narrate_effects<M: Machine + Clone>(
    before: &M,
    after: &M,
    input: &Input,
    effects: &[Effect],
) -> Vec<String> {
    let after_facts = after.facts();
    let observed = before
        .clone()
        .handle_observed(after_facts.now, input)
        .map(|(_, facts)| facts)
        .unwrap_or_default();
    let end = after_facts;
    effects
        .iter()
        .enumerate()
        .map(|(i, effect)| narrate(effect, input, observed.get(i).unwrap_or(&end)))
        .collect()
}

/// A sentence for one effect; `frame` is the member just after it.
pub fn narrate(effect: &Effect, input: &Input, frame: &Facts) -> String {
    // librdkafka hands partitions to the application's rebalance callback, in Python's names.
    let rdk = crate::librdkafka::STATES.contains(&frame.state);
    let rdk_call = |name: &str, partitions: &crate::protocol::assignment::PartitionSet| {
        let list = if partitions.is_empty() {
            "an empty list".to_owned()
        } else {
            partitions.to_string()
        };
        format!("Calling {name}({list}){}", waits(effect, frame))
    };
    match effect {
        Effect::InvokeOnPartitionsRevoked { partitions } if rdk => {
            rdk_call("on_revoke", partitions)
        }
        Effect::InvokeOnPartitionsAssigned { partitions } if rdk => {
            rdk_call("on_assign", partitions)
        }
        Effect::InvokeOnPartitionsLost { partitions } if rdk => rdk_call("on_lost", partitions),
        Effect::Transition { from, to } => narrate_transition(*from, *to, input, frame),
        Effect::SendHeartbeat(request) => narrate_heartbeat(request),
        Effect::RemoveFromAssigned { partitions } => {
            format!("Removed {partitions} from the assigned set")
        }
        Effect::CommitOffsets { partitions } => {
            format!(
                "Committing the offsets of {partitions}{}",
                waits(effect, frame)
            )
        }
        Effect::InvokeOnPartitionsRevoked { partitions } => format!(
            "Invoking onPartitionsRevoked({partitions}){}",
            waits(effect, frame)
        ),
        Effect::AddToAssigned { partitions } => format!("Added {partitions} to the assigned set"),
        Effect::InvokeOnAssignment { partitions } => {
            format!(
                "Invoking onAssignment({partitions}){}",
                waits(effect, frame)
            )
        }
        Effect::InvokeOnPartitionsAssigned { partitions } => format!(
            "Invoking onPartitionsAssigned({partitions}){}",
            waits(effect, frame)
        ),
        Effect::InvokeOnPartitionsLost { partitions } => format!(
            "Invoking onPartitionsLost({partitions}){}",
            waits(effect, frame)
        ),
        // The seed clears without any callback; the shipped client clears after onPartitionsLost
        // (or onPartitionsRevoked when leaving) has run, in the state it went to first.
        Effect::ClearAssigned { partitions } => match frame.state {
            StateName::Fenced
            | StateName::Stale
            | StateName::Fatal
            | StateName::PrepareLeaving
            | StateName::Leaving
            | StateName::Unsubscribed => format!("Cleared {partitions} from the assigned set"),
            _ => format!("Cleared {partitions} without callbacks"),
        },
        Effect::ReportError { code } => format!("Reported {code} to the application"),
    }
}

/// Whether the member now waits for `call` to complete: the application lane's pending bar.
fn waits(call: &Effect, frame: &Facts) -> &'static str {
    if frame.awaiting.as_ref() == Some(call) {
        "; the member waits for it to complete"
    } else {
        ""
    }
}

fn owned(set: &Option<PartitionSet>) -> String {
    match set {
        Some(set) => format!("owned {set}"),
        None => "owned not sent".to_owned(),
    }
}

fn narrate_heartbeat(request: &HeartbeatRequest) -> String {
    let kind = if request.is_full() { "full" } else { "delta" };
    match request.purpose {
        Purpose::Leave => format!("Leave heartbeat sent with epoch {}", request.member_epoch),
        Purpose::Join => format!(
            "Join heartbeat sent ({kind}, epoch {}, {})",
            request.member_epoch,
            owned(&request.owned)
        ),
        purpose => format!(
            "{} heartbeat sent ({kind}, epoch {}, {})",
            purpose_name(purpose),
            request.member_epoch,
            owned(&request.owned)
        ),
    }
}

/// A heartbeat's purpose in words, capitalised.
pub fn purpose_name(purpose: Purpose) -> &'static str {
    match purpose {
        Purpose::Join => "Join",
        Purpose::Interval => "Interval",
        Purpose::BetweenRevokeAndAssign => "Between-revoke-and-assign",
        Purpose::Acknowledge => "Acknowledging",
        Purpose::Retry => "Retry",
        Purpose::Leave => "Leave",
    }
}

/// What the live region says after an input: its transitions in words, or else what changed.
pub fn headline<M: Machine + Clone>(
    before: &M,
    after: &M,
    input: &Input,
    result: &StepResult,
) -> String {
    let before_facts = before.facts();
    let after_facts = after.facts();
    let effects = match result {
        Err(reason) => return format!("Rejected: {reason}"),
        Ok(effects) => effects,
    };
    let lines = narrate_effects(before, after, input, effects);
    // Transitions tell the story; a reported error is news the application must hear.
    let transitions: Vec<&str> = effects
        .iter()
        .zip(&lines)
        .filter(|(e, _)| matches!(e, Effect::Transition { .. } | Effect::ReportError { .. }))
        .map(|(_, line)| line.as_str())
        .collect();
    if !transitions.is_empty() {
        return transitions.join(". ");
    }
    if let (Some(retry), true) = (after_facts.retry_owed, before_facts.retry_owed.is_none()) {
        let kind = if retry.leave {
            "the leave"
        } else {
            "a full heartbeat"
        };
        return format!("Retriable: {kind} will be retried at {} ms", retry.due.0);
    }
    if !lines.is_empty() {
        return lines.join(". ");
    }
    match input {
        Input::HeartbeatResponse(r) => match &r.assignment {
            // Recorded as the newest target while a reconciliation runs.
            Some(target)
                if after_facts.newest_target.as_ref() == Some(target)
                    && after_facts.target.is_some() =>
            {
                format!(
                    "Answer taken: epoch {}; its target waits for the running reconciliation",
                    after_facts.member_epoch
                )
            }
            Some(_) if after_facts.state != StateName::Stable => format!(
                "Answer taken: epoch {}; its assignment is ignored",
                after_facts.member_epoch
            ),
            _ => format!(
                "Answer taken: epoch {}, nothing else changes",
                after_facts.member_epoch
            ),
        },
        Input::Tick => match after_facts.next_deadline {
            Some(due) => format!("Nothing due yet; next deadline at {} ms", due.0),
            None => "Nothing due".to_owned(),
        },
        Input::Completed { .. }
            if before_facts.owed_to_abandoned > after_facts.owed_to_abandoned =>
        {
            "A completion owed to an abandoned reconciliation arrives: discarded".to_owned()
        }
        Input::Completed { .. } if after_facts.in_flight.is_some() => {
            "Completed; the member waits for its heartbeat in flight".to_owned()
        }
        // The shipped client: a late callback whose work is over (a fence's onPartitionsLost
        // after the member left, say).
        Input::Completed { .. } => "Completed; nothing follows from it".to_owned(),
        Input::Close if after_facts.state == StateName::Unsubscribed => {
            "Closed: the member was not in the group".to_owned()
        }
        Input::Close => "Already leaving: nothing to do".to_owned(),
        _ => "No visible effect".to_owned(),
    }
}
