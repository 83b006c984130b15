//! Lint before send: the console classifies a drafted input before it is sent, by a dry run on a
//! clone of the member and a few checks of what a real coordinator would not do.

use crate::machine::Machine;
use crate::protocol::effect::{Effect, Purpose};
use crate::protocol::error_code::ErrorCode;
use crate::protocol::input::Input;
use crate::protocol::state::StateName;
use crate::protocol::time::Millis;
use serde::Serialize;

/// How the drafted input looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// What a coordinator or an application would do.
    Normal,
    /// Accepted by the member, but no real coordinator would send it (or it does nothing).
    Unusual,
    /// The member would reject it.
    Rejected,
    /// An answer while nothing is in flight: not a mistake yet, just nothing to answer. The message
    /// says what would make an answer possible.
    Waiting,
}

/// A verdict and why, in one line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Lint {
    pub verdict: Verdict,
    pub message: String,
}

impl Lint {
    fn normal(message: impl Into<String>) -> Lint {
        Lint {
            verdict: Verdict::Normal,
            message: message.into(),
        }
    }
    fn unusual(message: impl Into<String>) -> Lint {
        Lint {
            verdict: Verdict::Unusual,
            message: message.into(),
        }
    }
}

/// Classifies `input` at `at` for `member`, without changing it.
pub fn lint<M: Machine + Clone>(member: &M, at: Millis, input: &Input) -> Lint {
    let member_facts = member.facts();
    if input.is_answer() && member_facts.in_flight.is_none() {
        let hint = crate::screen::hint::next(member);
        return Lint {
            verdict: Verdict::Waiting,
            message: format!("Nothing to answer yet. {}", hint.why),
        };
    }
    let effects = match member.clone().handle(at, input) {
        Err(reason) => {
            return Lint {
                verdict: Verdict::Rejected,
                message: format!("Rejected: {reason}"),
            }
        }
        Ok(effects) => effects,
    };
    if let Some(unusual) = unusual(member, input, &effects) {
        return Lint::unusual(unusual);
    }
    Lint::normal(format!("Normal: {}", summary(&effects)))
}

/// What a real coordinator would not send, in one sentence.
fn unusual(member: &impl Machine, input: &Input, effects: &[Effect]) -> Option<String> {
    let member_facts = member.facts();
    let answering_leave = member_facts.in_flight == Some(Purpose::Leave);
    match input {
        Input::HeartbeatResponse(r) if !answering_leave => {
            if member_facts.member_epoch >= 1 && r.member_epoch < member_facts.member_epoch {
                return Some(format!(
                    "Unusual: the epoch goes down from {} to {}; a coordinator never lowers it",
                    member_facts.member_epoch,
                    r.member_epoch
                ));
            }
            if !member_facts.member_id.is_empty() && !r.member_id.is_empty() && r.member_id != member_facts.member_id {
                // Since KIP-1082 the Java client makes its own id and never takes another.
                let then = member.model().descriptor().on_other_member_id;
                return Some(format!("Unusual: a different member id ({}); {then}", r.member_id));
            }
            if r.heartbeat_interval_ms == 0 {
                return Some("Unusual: interval 0 makes the member heartbeat on every tick".to_owned());
            }
            let target = r.assignment.as_ref()?;
            if member_facts.state == StateName::Terminating {
                return Some("Unusual: an assignment while leaving is ignored".to_owned());
            }
            if let Some((topic, _)) = target.topics().find(|(t, _)| !member_facts.subscription.contains(*t)) {
                return Some(format!("Unusual: the assignment names {topic}, a topic the member did not subscribe to"));
            }
            let current = member_facts.newest_target.as_ref().unwrap_or(&member_facts.assigned);
            if target == current && r.member_epoch != member_facts.member_epoch {
                return Some("Unusual: the same assignment with a new epoch; epochs move with new targets".to_owned());
            }
            None
        }
        Input::HeartbeatError { code } if !answering_leave => match code {
            ErrorCode::UnreleasedInstanceId | ErrorCode::FencedInstanceId if member.config().instance_id.is_none() => {
                Some(format!("Unusual: {code} concerns static members, and this member has no instance id"))
            }
            ErrorCode::UnsupportedAssignor if member.config().server_assignor.is_none() => {
                Some("Unusual: UNSUPPORTED_ASSIGNOR, but the member names no server assignor".to_owned())
            }
            // What the member makes of it differs by model (librdkafka retries a few such codes).
            ErrorCode::Other(name) => Some(format!("Unusual: {name} is not a code the coordinator sends; the member: {}", summary(effects))),
            ErrorCode::CommitFailed | ErrorCode::CallbackFailed => {
                Some(format!("Unusual: {code} is the member's own report, not a coordinator answer; treated as fatal"))
            }
            _ => None,
        },
        _ => None,
    }
}

/// What the input will do, in one line.
fn summary(effects: &[Effect]) -> String {
    let transitions: Vec<String> = effects
        .iter()
        .filter_map(|e| match e {
            Effect::Transition { from, to } => Some(format!("{from} → {to}")),
            _ => None,
        })
        .collect();
    let sends = effects
        .iter()
        .filter(|e| matches!(e, Effect::SendHeartbeat(_)))
        .count();
    let callbacks = effects.iter().filter(|e| e.awaits_completion()).count();
    let mut parts = Vec::new();
    if !transitions.is_empty() {
        parts.push(transitions.join(", "));
    }
    if callbacks > 0 {
        parts.push(format!(
            "{callbacks} commit/callback step{}",
            if callbacks == 1 { "" } else { "s" }
        ));
    }
    if sends > 0 {
        parts.push(format!(
            "{sends} heartbeat{} sent",
            if sends == 1 { "" } else { "s" }
        ));
    }
    if parts.is_empty() {
        "accepted, no visible effect".to_owned()
    } else {
        parts.join("; ")
    }
}
