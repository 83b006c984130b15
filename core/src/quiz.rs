//! Predict, then reveal: questions about the next step of a session, generated from the step
//! itself — the state after it, the callbacks it runs, the heartbeat it sends — with wrong answers
//! a learner could believe (the classic protocol's eager rebalance, the other model, an epoch off
//! by one, a full heartbeat for a delta). Each names the rule that decides it. The right answer is
//! read from the replay, never written by hand.

use crate::assignment::PartitionSet;
use crate::effect::Effect;
use crate::machine::{AnyMember, Machine};
use crate::model::Model;
use crate::narration::{describe_input, headline};
use crate::state::StateName;
use crate::timeline::Timeline;
use crate::trace::Trace;
use serde::Serialize;

/// What a question asks about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Topic {
    NextState,
    Callbacks,
    Heartbeat,
    /// Group view: when a partition's new owner gets it.
    Handover,
}

/// One multiple-choice question about a step, asked before the step is shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Question {
    pub topic: Topic,
    /// The step (1-based) it is about.
    pub step: usize,
    pub prompt: String,
    pub choices: Vec<String>,
    /// Index of the right choice.
    pub answer: usize,
    /// The rule that decides it (a section of cgmsm.md, KIP-848 or the reference).
    pub rule: String,
    /// What the step does, in words (shown with the feedback).
    pub explanation: String,
}

/// The steps (1-based) that have questions: accepted steps with a transition or a callback.
pub fn quiz_steps(t: &Timeline) -> Vec<usize> {
    (1..=t.len())
        .filter(|&s| {
            t.effects_of(s - 1)
                .iter()
                .any(|e| matches!(e, Effect::Transition { .. }) || e.awaits_completion())
        })
        .collect()
}

/// The questions about step `step` (1-based), one to three.
pub fn questions(t: &Timeline, step: usize) -> Vec<Question> {
    let Some(index) = step.checked_sub(1) else {
        return Vec::new();
    };
    let (Some(s), Some(Ok(effects))) = (t.steps().get(index), t.results().get(index)) else {
        return Vec::new();
    };
    let before = t.member_at(index);
    let after = t.member_at(step);
    let explanation = format!(
        "Step {step}: {}",
        headline(&before, &after, &s.input, &Ok(effects.clone()))
    );
    let other = other_model(t, step);
    let mut out = Vec::new();
    let mut push = |topic, prompt: String, right: String, wrong: Vec<String>, rule: String| {
        if let Some((choices, answer)) = arrange(step, right, wrong) {
            out.push(Question {
                topic,
                step,
                prompt,
                choices,
                answer,
                rule,
                explanation: explanation.clone(),
            });
        }
    };
    let input = describe_input(&s.input);
    let (right, wrong) = state_choices(t.model(), &before, &after);
    let prompt = format!("Next: {input}. What state is the member in after it?");
    push(
        Topic::NextState,
        prompt,
        right,
        wrong,
        state_rule(t.model(), effects),
    );
    if asks_callbacks(effects, &s.input) {
        let right = callbacks(effects);
        let wrong = callback_distractors(&before, &s.input, effects, other.as_ref());
        let prompt = format!("Next: {input}. Which callbacks does the member run, in order?");
        push(
            Topic::Callbacks,
            prompt,
            right,
            wrong,
            callback_rule(t.model(), effects),
        );
    }
    if let Some(request) = effects.iter().find_map(|e| match e {
        Effect::SendHeartbeat(r) => Some(r),
        _ => None,
    }) {
        let right = heartbeat_words(
            request.member_epoch,
            request.is_full(),
            request.owned.as_ref(),
        );
        let mut wrong = vec![
            heartbeat_words(
                request.member_epoch + 1,
                request.is_full(),
                request.owned.as_ref(),
            ),
            heartbeat_words(
                request.member_epoch,
                !request.is_full(),
                swap_owned(request),
            ),
        ];
        if request.member_epoch > 0 {
            wrong.push(heartbeat_words(
                request.member_epoch - 1,
                request.is_full(),
                request.owned.as_ref(),
            ));
        }
        let prompt = format!("Next: {input}. The member sends a heartbeat: what does it carry?");
        let rule = match t.model() {
            Model::Seed => "cgmsm.md §4 and §5.6: a full heartbeat to join or retry; a delta carries the owned partitions only when they changed (always when acknowledging)",
            Model::Kafka => "reference §6: the shipped client sends full fields after joining or an error, otherwise only what changed",
        };
        push(Topic::Heartbeat, prompt, right, wrong, rule.to_owned());
    }
    out
}

/// The right choice and the wrong ones, deduplicated and in a fixed order that does not always put
/// the right one first. `None` when no wrong choice is left.
fn arrange(step: usize, right: String, wrong: Vec<String>) -> Option<(Vec<String>, usize)> {
    let mut choices: Vec<String> = Vec::new();
    for w in wrong {
        if w != right && !choices.contains(&w) && choices.len() < 3 {
            choices.push(w);
        }
    }
    if choices.is_empty() {
        return None;
    }
    let answer = step % (choices.len() + 1);
    choices.insert(answer, right);
    Some((choices, answer))
}

/// What step `step` does on the other model, if it accepts every input up to there.
fn other_model(t: &Timeline, step: usize) -> Option<Vec<Effect>> {
    let model = match t.model() {
        Model::Seed => Model::Kafka,
        Model::Kafka => Model::Seed,
    };
    let trace = Trace {
        model,
        steps: t.steps()[..step.min(t.len())].to_vec(),
        ..t.trace().clone()
    };
    let other = Timeline::from_trace(trace);
    if !other.results().iter().all(Result::is_ok) {
        return None;
    }
    Some(other.effects_of(step.checked_sub(1)?).to_vec())
}

fn state_choices(model: Model, before: &AnyMember, after: &AnyMember) -> (String, Vec<String>) {
    let right = after.state();
    let mut wrong: Vec<StateName> = vec![before.state()];
    wrong.extend(
        model
            .transitions()
            .into_iter()
            .filter(|(from, to)| *from == before.state() && to != from)
            .map(|(_, to)| to),
    );
    let wrong = wrong
        .into_iter()
        .filter(|s| *s != right)
        .map(|s| s.as_str().to_owned())
        .collect();
    (right.as_str().to_owned(), wrong)
}

fn state_rule(model: Model, effects: &[Effect]) -> String {
    if model == Model::Kafka {
        return "reference §2.2: the shipped client's MemberState transitions".to_owned();
    }
    let last = effects.iter().rev().find_map(|e| match e {
        Effect::Transition { from, to } => Some((*from, *to)),
        _ => None,
    });
    use StateName::*;
    let rule = match last {
        Some((New, Joining)) => "cgmsm.md §5.1: subscribing sends a full heartbeat with epoch 0",
        Some((Joining, Joined)) => "cgmsm.md §5.2: the first success makes the member JOINED",
        Some((_, Assigning)) | Some((Assigning, Joined)) => "cgmsm.md §5.3–§5.4: a new target starts a reconciliation; JOINED again once the newest target is owned",
        Some((_, Joining)) => "cgmsm.md §5.5: fenced, the member rejoins with epoch 0",
        Some((_, Terminating)) => "cgmsm.md §5.9: closing revokes everything, then sends the leave",
        Some((_, Terminated)) => "cgmsm.md §5.8–§5.10: a fatal error, or the leave's answer, terminates",
        _ => "cgmsm.md §5.3: an answer without a new target changes no state",
    };
    rule.to_owned()
}

fn asks_callbacks(effects: &[Effect], input: &crate::input::Input) -> bool {
    effects.iter().any(Effect::awaits_completion)
        || effects
            .iter()
            .any(|e| matches!(e, Effect::ClearAssigned { .. }))
        || matches!(input, crate::input::Input::HeartbeatResponse(r) if r.assignment.is_some())
}

/// The callbacks of a step in order, as a learner would write them (commits left out).
fn callbacks(effects: &[Effect]) -> String {
    let calls: Vec<String> = effects
        .iter()
        .filter(|e| e.awaits_completion() && !matches!(e, Effect::CommitOffsets { .. }))
        .map(crate::words::call)
        .collect();
    if calls.is_empty() {
        "No callback".to_owned()
    } else {
        calls.join(" → ")
    }
}

fn callback_distractors(
    before: &AnyMember,
    input: &crate::input::Input,
    effects: &[Effect],
    other: Option<&Vec<Effect>>,
) -> Vec<String> {
    let owned = before.assigned().clone();
    let call = |name: &str, set: &PartitionSet| format!("{name}({set})");
    let mut wrong = Vec::new();
    // The classic protocol's eager rebalance: give everything back, then take the whole target.
    if let crate::input::Input::HeartbeatResponse(r) = input {
        if let Some(target) = &r.assignment {
            let mut eager = Vec::new();
            if !owned.is_empty() {
                eager.push(call("onPartitionsRevoked", &owned));
            }
            eager.push(call("onPartitionsAssigned", target));
            wrong.push(eager.join(" → "));
        }
    }
    let calls: Vec<&Effect> = effects
        .iter()
        .filter(|e| e.awaits_completion() && !matches!(e, Effect::CommitOffsets { .. }))
        .collect();
    if calls.len() >= 2 {
        wrong.push(
            calls
                .iter()
                .rev()
                .map(|e| crate::words::call(e))
                .collect::<Vec<_>>()
                .join(" → "),
        );
    }
    if calls.is_empty() && !owned.is_empty() {
        wrong.push(call("onPartitionsRevoked", &owned));
        wrong.push(call("onPartitionsLost", &owned));
    } else {
        wrong.push("No callback".to_owned());
    }
    // What the other model does with the same input (onPartitionsLost, say).
    if let Some(other) = other {
        wrong.push(callbacks(other));
    }
    wrong
}

fn callback_rule(model: Model, effects: &[Effect]) -> String {
    let cleared = effects
        .iter()
        .any(|e| matches!(e, Effect::ClearAssigned { .. }));
    let rule = match (model, cleared) {
        (Model::Seed, true) => "cgmsm.md §5.5, §5.8: fenced or failed, the seed clears the assigned set without any callback",
        (Model::Seed, false) => "cgmsm.md §5.4: revoke first, then assign, and only the difference (KIP-848 is incremental: no eager revoke-everything)",
        (Model::Kafka, true) => "reference §5: the shipped client runs onPartitionsLost before it clears what it held",
        (Model::Kafka, false) => "reference §3: auto-commit, onPartitionsRevoked for the difference, then onPartitionsAssigned (always, even with nothing added)",
    };
    rule.to_owned()
}

fn heartbeat_words(epoch: i32, full: bool, owned: Option<&PartitionSet>) -> String {
    let owned = owned.map_or("owned not sent".to_owned(), |o| format!("owned {o}"));
    format!(
        "{}, epoch {epoch}, {owned}",
        if full { "full" } else { "delta" }
    )
}

/// The owned field a heartbeat of the other kind would have carried (a full one always carries it).
fn swap_owned(request: &crate::effect::HeartbeatRequest) -> Option<&PartitionSet> {
    if request.is_full() {
        None
    } else {
        request.owned.as_ref()
    }
}
