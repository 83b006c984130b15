//! Predict, then reveal, in the group view: at a step where a new target moves a partition from one
//! member to another while the first still owns it, ask when the new owner gets it. The right
//! answer is read from what the group then does (the rest of the session), not from the switch.

use super::timeline::GroupTimeline;
use super::Snapshot;
use crate::teaching::quiz::{Question, Topic};
use crate::teaching::sources::cited;

/// A partition a new target moves from a member that still owns it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Handover {
    topic: String,
    partition: u32,
    from: String,
    to: String,
}

/// The handovers that start at step `step` (1-based): in the snapshot after it, `to` waits for a
/// partition `from` owns, and it did not wait for it before.
fn handovers(before: &Snapshot, after: &Snapshot) -> Vec<Handover> {
    let mut out = Vec::new();
    for ((topic, partition), holding) in after {
        let earlier = before.get(&(topic.clone(), *partition));
        for to in &holding.waiting {
            let new = earlier.is_none_or(|h| !h.waiting.contains(to));
            if let (true, Some(from)) = (new, holding.owners.iter().find(|o| *o != to)) {
                out.push(Handover {
                    topic: topic.clone(),
                    partition: *partition,
                    from: from.clone(),
                    to: to.clone(),
                });
            }
        }
    }
    out
}

/// The group at every step, from the start (index = steps applied).
fn snapshots(t: &GroupTimeline) -> Vec<Snapshot> {
    let mut at = t.clone();
    (0..=t.len())
        .map(|step| {
            at.seek(step);
            at.sim().ownership()
        })
        .collect()
}

/// Whether `h.to` got the partition while `h.from` still owned it, looking from step `step` on;
/// `None` if it never got it in this session.
fn given_at_once(snapshots: &[Snapshot], step: usize, h: &Handover) -> Option<bool> {
    snapshots.iter().skip(step).find_map(|s| {
        let holding = s.get(&(h.topic.clone(), h.partition))?;
        holding
            .owners
            .contains(&h.to)
            .then(|| holding.owners.contains(&h.from))
    })
}

// Three choices of about one length (the right one was once the longest by far: a guess's tell).
// The rule shown after the answer names UNRELEASED_PARTITIONS, where the new owner waits.
const WAITS: &str = "Only once the old owner has revoked it and said so; until then it waits";
const AT_ONCE: &str = "At once, in its next heartbeat answer, while the old owner still has it";
const SESSION: &str = "Only once the old owner's session times out and the coordinator drops it";

/// The steps (1-based) with a handover question, and the questions, in step order.
pub fn group_questions(t: &GroupTimeline) -> Vec<Question> {
    let snaps = snapshots(t);
    let mut out = Vec::new();
    for step in 1..=t.len() {
        let Some(h) = handovers(&snaps[step - 1], &snaps[step]).into_iter().next() else {
            continue;
        };
        let Some(at_once) = given_at_once(&snaps, step, &h) else {
            continue;
        };
        // The right one is not always in the same place: the order turns with the step.
        let mut choices: Vec<String> = [WAITS, AT_ONCE, SESSION].map(str::to_owned).into();
        let turn = step % choices.len();
        choices.rotate_left(turn);
        let right = if at_once { AT_ONCE } else { WAITS };
        let answer = choices.iter().position(|c| c == right).unwrap_or(0);
        let rule = if at_once {
            cited("The safety rule is off here: without it the coordinator hands a partition over before its owner has revoked it, and two members consume it. Kafka's coordinator always waits", &["cab", "kip-848-reconciliation"])
        } else {
            cited("A partition goes to its new owner only once no other member holds it; the new owner waits in UNRELEASED_PARTITIONS", &["cab", "server-member-state", "kip-848-reconciliation"])
        };
        out.push(Question {
            topic: Topic::Handover,
            step,
            prompt: format!(
                "After step {step}, the new target moves {}-{} from {} to {}, but {} still owns it. When does {} get it?",
                h.topic, h.partition, h.from, h.to, h.from, h.to
            ),
            choices,
            answer,
            rule,
            explanation: format!(
                "Step {step}: {}",
                t.steps()[step - 1].input.summary()
            ),
        });
    }
    out
}
