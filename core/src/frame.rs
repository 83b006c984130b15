//! What the screen shows of the member at a point of the timeline, including part-way through
//! the effects of one input (the playground reveals them one at a time).

use crate::assignment::PartitionSet;
use crate::effect::{Effect, Purpose};
use crate::error_code::ErrorCode;
use crate::heartbeat::RetryOwed;
use crate::input::Input;
use crate::machine::Machine;
use crate::state::StateName;
use crate::time::Millis;
use serde::Serialize;

/// The member's observables.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Frame {
    pub state: StateName,
    pub member_id: String,
    pub member_epoch: i32,
    pub heartbeat_interval_ms: u32,
    pub assigned: PartitionSet,
    pub in_flight: Option<Purpose>,
    pub remembered: Option<Purpose>,
    pub retry_owed: Option<RetryOwed>,
    pub awaiting: Option<Effect>,
    pub target: Option<PartitionSet>,
    pub newest_target: Option<PartitionSet>,
    pub failure: Option<ErrorCode>,
    pub next_deadline: Option<Millis>,
    pub now: Millis,
}

impl Frame {
    /// The member as it is.
    pub fn of(member: &impl Machine) -> Frame {
        Frame {
            state: member.state(),
            member_id: member.member_id().to_owned(),
            member_epoch: member.member_epoch(),
            heartbeat_interval_ms: member.heartbeat_interval_ms(),
            assigned: member.assigned().clone(),
            in_flight: member.in_flight(),
            remembered: member.remembered(),
            retry_owed: member.retry_owed(),
            awaiting: member.awaiting().cloned(),
            target: member.target().cloned(),
            newest_target: member.newest_target().cloned(),
            failure: member.failure().cloned(),
            next_deadline: member.poll_timeout(),
            now: member.now(),
        }
    }

    /// The member after `input`, with only the first `shown` of its `effects` carried out: the
    /// state, the assigned set and the heartbeat in flight follow the effects shown so far; the
    /// rest is as after the input (an answer's epoch and id are adopted before any effect).
    pub fn partway(
        before: &impl Machine,
        after: &impl Machine,
        input: &Input,
        effects: &[Effect],
        shown: usize,
    ) -> Frame {
        let mut frame = Frame::of(after);
        frame.state = before.state();
        frame.assigned = before.assigned().clone();
        frame.in_flight = if input.is_answer() {
            None
        } else {
            before.in_flight()
        };
        for effect in effects.iter().take(shown) {
            frame.apply(effect);
        }
        frame
    }

    fn apply(&mut self, effect: &Effect) {
        match effect {
            Effect::Transition { to, .. } => {
                self.state = *to;
                if *to == StateName::Terminated {
                    self.in_flight = None;
                }
            }
            Effect::SendHeartbeat(request) => self.in_flight = Some(request.purpose),
            Effect::RemoveFromAssigned { partitions } => self.assigned.subtract(partitions),
            Effect::AddToAssigned { partitions } => self.assigned.extend(partitions),
            Effect::ClearAssigned { .. } => self.assigned = PartitionSet::new(),
            _ => {}
        }
    }
}
