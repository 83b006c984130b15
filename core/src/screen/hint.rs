//! The next thing a newcomer can do, read from the member: the first screen's "what next?" hint and
//! the console's word when there is nothing to answer. Every hint is an input the member accepts
//! (a test dry-runs each one), so following hints never leads to a rejection.

use crate::machine::Machine;
use crate::protocol::assignment::PartitionSet;
use crate::protocol::input::{HeartbeatResponse, Input};
use crate::protocol::state::StateName;
use crate::protocol::time::Millis;
use crate::screen::composer::{default_answer, DEFAULT_TOPIC};
use serde::Serialize;

/// What the hint proposes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Next {
    /// The application subscribes (the member then sends its join heartbeat).
    Subscribe,
    /// Answer the join heartbeat: a member id, epoch 1 and a first assignment.
    Welcome(HeartbeatResponse),
    /// Answer the heartbeat in flight: bump the epoch, keep the assignment.
    Answer,
    /// The application completes the commit or callback the member waits on.
    Complete,
    /// Let time pass to the member's next heartbeat.
    AdvanceTo(Millis),
    /// The application polls (the shipped client: a stale or newly subscribed member rejoins).
    Poll,
    /// Nothing can happen any more.
    Done,
}

/// A hint: what to do and why, in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Hint {
    pub next: Next,
    /// The button's label.
    pub action: String,
    /// Why this is next, in one sentence.
    pub why: String,
}

/// The first assignment a welcome proposes: partitions 0 and 1 of each topic subscribed to.
pub fn first_assignment(member: &impl Machine) -> PartitionSet {
    let member_facts = member.facts();
    let mut set = PartitionSet::new();
    let topics: Vec<&str> = member_facts
        .subscription
        .iter()
        .map(String::as_str)
        .collect();
    let topics = if topics.is_empty() {
        vec![DEFAULT_TOPIC]
    } else {
        topics
    };
    for topic in topics {
        set.insert(topic, 0);
        set.insert(topic, 1);
    }
    set
}

/// The next thing to do for `member`: the first of [`candidate`]'s proposals the member accepts
/// (a dry run on a copy), else `Done`.
pub fn next<M: Machine + Clone>(member: &M) -> Hint {
    let member_facts = member.facts();
    let hint = candidate(member);
    let accepted = match hint.next.input(member) {
        Some((at, input)) => {
            let at = at.unwrap_or(member_facts.now).max(member_facts.now);
            member.clone().handle(at, &input).is_ok()
        }
        None => true,
    };
    if accepted {
        hint
    } else {
        Hint {
            next: Next::Done,
            action: "Start a new session".to_owned(),
            why: "This member takes no more inputs that a hint could give: load a scenario or start a new session.".to_owned(),
        }
    }
}

/// What a newcomer would do next, read from the member's state.
fn candidate(member: &impl Machine) -> Hint {
    let member_facts = member.facts();
    let hint = |next, action: &str, why: String| Hint {
        next,
        action: action.to_owned(),
        why,
    };
    let state = member_facts.state;
    if state == StateName::Terminated || state == StateName::Fatal {
        return hint(
            Next::Done,
            "Start a new session",
            "The member has left the group for good: load a scenario or start a new session."
                .to_owned(),
        );
    }
    if member_facts.subscription.is_empty()
        && matches!(
            state,
            StateName::New | StateName::Unsubscribed | StateName::Init
        )
    {
        return hint(Next::Subscribe, "Subscribe to orders", "The member is not in a group yet: the application subscribes, and the member sends a full heartbeat with epoch 0 to join.".to_owned());
    }
    if let Some(call) = member_facts.awaiting {
        return hint(Next::Complete, "Complete the callback", format!("The member waits for the application: {} must return before the reconciliation goes on.", crate::screen::words::call_in(member.model(), &call)));
    }
    if let Some(purpose) = member_facts.in_flight {
        if purpose == crate::protocol::effect::Purpose::Join && member_facts.assigned.is_empty() {
            let mut answer = default_answer(member);
            answer.assignment = Some(first_assignment(member));
            let why = format!("You are the coordinator: the member's join heartbeat waits for your answer. Welcome it with member id {}, epoch {} and its first partitions.", answer.member_id, answer.member_epoch);
            return hint(
                Next::Welcome(answer),
                "Answer the join with partitions",
                why,
            );
        }
        return hint(Next::Answer, "Answer the heartbeat", "A heartbeat is in flight: answer it (the routine answer keeps the epoch and the assignment; a new assignment moves the epoch).".to_owned());
    }
    if matches!(state, StateName::Stale | StateName::Unsubscribed) {
        return hint(
            Next::Poll,
            "Poll",
            "The application must poll for the member to rejoin.".to_owned(),
        );
    }
    match member_facts.next_deadline {
        Some(due) => hint(
            Next::AdvanceTo(due),
            "Advance to the next heartbeat",
            format!(
                "The member sends its next heartbeat at {} ms: advance time to it.",
                due.0
            ),
        ),
        None => hint(
            Next::Done,
            "Start a new session",
            "Nothing is due: the member waits for an input no hint can give.".to_owned(),
        ),
    }
}

impl Next {
    /// The input this hint sends, given the time an action happens now (`None` for `Done`).
    pub fn input(&self, member: &impl Machine) -> Option<(Option<Millis>, Input)> {
        match self {
            Next::Subscribe => Some((
                None,
                Input::Subscribe {
                    topics: [DEFAULT_TOPIC.to_owned()].into(),
                },
            )),
            Next::Welcome(answer) => Some((None, Input::HeartbeatResponse(answer.clone()))),
            Next::Answer => Some((None, Input::HeartbeatResponse(default_answer(member)))),
            Next::Complete => Some((
                None,
                Input::Completed {
                    outcome: crate::protocol::input::Outcome::Ok,
                },
            )),
            Next::AdvanceTo(due) => Some((Some(*due), Input::Tick)),
            Next::Poll => Some((None, Input::Poll)),
            Next::Done => None,
        }
    }
}
