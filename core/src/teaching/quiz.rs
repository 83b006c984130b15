//! Predict, then reveal: questions about the next step of a session, generated from the step
//! itself — the state after it, the callbacks it runs, the heartbeat it sends — with wrong answers
//! a learner could believe (the classic protocol's eager rebalance, the other model, an epoch off
//! by one, a full heartbeat for a delta). Each names the rule that decides it. The right answer is
//! read from the replay, never written by hand.
//!
//! Over 300 lines: each question kind is made from a step the same way; their rules are in quiz_rules.rs.

use crate::machine::any::AnyMember;
use crate::machine::model::Model;
use crate::machine::Machine;
use crate::protocol::assignment::PartitionSet;
use crate::protocol::effect::Effect;
use crate::protocol::state::StateName;
use crate::screen::narration::{describe_input, headline};
use crate::session::timeline::Timeline;
use crate::session::trace::Trace;
use crate::teaching::sources::Cited;
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
    /// The rule that decides it, with its sources (the seed model, Kafka's code, a KIP).
    pub rule: Cited,
    /// What the step does, in words (shown with the feedback).
    pub explanation: String,
}

/// The steps (1-based) that have questions: accepted steps with a transition, a callback, or an
/// error reported (librdkafka's fatal error in `init` changes no state, and is worth asking about).
pub fn quiz_steps(t: &Timeline) -> Vec<usize> {
    (1..=t.len())
        .filter(|&s| {
            t.effects_of(s - 1).iter().any(|e| {
                matches!(e, Effect::Transition { .. } | Effect::ReportError { .. })
                    || e.awaits_completion()
            })
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
    let mut push = |topic, prompt: String, right: String, wrong: Vec<String>, rule: Cited| {
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
        let right = callbacks(t.model(), effects);
        let wrong = callback_distractors(t.model(), &before, &s.input, effects, other.as_ref());
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
        let rule = (t.model().descriptor().quiz.heartbeat)();
        push(Topic::Heartbeat, prompt, right, wrong, rule);
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
    let model = t.model().descriptor().counterpart;
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
    let before_facts = before.facts();
    let after_facts = after.facts();
    let right = after_facts.state;
    let mut wrong: Vec<StateName> = vec![before_facts.state];
    wrong.extend(
        model
            .transitions()
            .into_iter()
            .filter(|(from, to)| *from == before_facts.state && to != from)
            .map(|(_, to)| to),
    );
    let wrong = wrong
        .into_iter()
        .filter(|s| *s != right)
        .map(|s| s.as_str().to_owned())
        .collect();
    (right.as_str().to_owned(), wrong)
}

fn state_rule(model: Model, effects: &[Effect]) -> Cited {
    let last = effects.iter().rev().find_map(|e| match e {
        Effect::Transition { from, to } => Some((*from, *to)),
        _ => None,
    });
    (model.descriptor().quiz.state)(last)
}

fn asks_callbacks(effects: &[Effect], input: &crate::protocol::input::Input) -> bool {
    effects.iter().any(Effect::awaits_completion)
        || effects
            .iter()
            .any(|e| matches!(e, Effect::ClearAssigned { .. }))
        || matches!(input, crate::protocol::input::Input::HeartbeatResponse(r) if r.assignment.is_some())
}

/// The callbacks of a step in order, as a learner would write them (commits left out).
fn callbacks(model: Model, effects: &[Effect]) -> String {
    let calls: Vec<String> = effects
        .iter()
        .filter(|e| e.awaits_completion() && !matches!(e, Effect::CommitOffsets { .. }))
        .map(|e| crate::screen::words::call_in(model, e))
        .collect();
    if calls.is_empty() {
        "No callback".to_owned()
    } else {
        calls.join(" → ")
    }
}

fn callback_distractors(
    model: Model,
    before: &AnyMember,
    input: &crate::protocol::input::Input,
    effects: &[Effect],
    other: Option<&Vec<Effect>>,
) -> Vec<String> {
    let before_facts = before.facts();
    let owned = before_facts.assigned;
    // Every choice in the question's model's words: the names must not give the answer away.
    let call = |effect: Effect| crate::screen::words::call_in(model, &effect);
    let revoked = |partitions: &PartitionSet| Effect::InvokeOnPartitionsRevoked {
        partitions: partitions.clone(),
    };
    let mut wrong = Vec::new();
    // The classic protocol's eager rebalance: give everything back, then take the whole target.
    if let crate::protocol::input::Input::HeartbeatResponse(r) = input {
        if let Some(target) = &r.assignment {
            let mut eager = Vec::new();
            if !owned.is_empty() {
                eager.push(call(revoked(&owned)));
            }
            eager.push(call(Effect::InvokeOnPartitionsAssigned {
                partitions: target.clone(),
            }));
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
                .map(|e| crate::screen::words::call_in(model, e))
                .collect::<Vec<_>>()
                .join(" → "),
        );
    }
    if calls.is_empty() && !owned.is_empty() {
        wrong.push(call(revoked(&owned)));
        wrong.push(call(Effect::InvokeOnPartitionsLost {
            partitions: owned.clone(),
        }));
    } else {
        wrong.push("No callback".to_owned());
    }
    // What the other model does with the same input (onPartitionsLost, say).
    if let Some(other) = other {
        wrong.push(callbacks(model, other));
    }
    wrong
}

fn callback_rule(model: Model, effects: &[Effect]) -> Cited {
    let cleared = effects
        .iter()
        .any(|e| matches!(e, Effect::ClearAssigned { .. }));
    (model.descriptor().quiz.callback)(cleared)
}

fn heartbeat_words(epoch: i32, full: bool, owned: Option<&PartitionSet>) -> String {
    let owned = owned.map_or("owned not sent".to_owned(), |o| format!("owned {o}"));
    format!(
        "{}, epoch {epoch}, {owned}",
        if full { "full" } else { "delta" }
    )
}

/// The owned field a heartbeat of the other kind would have carried (a full one always carries it).
fn swap_owned(request: &crate::protocol::effect::HeartbeatRequest) -> Option<&PartitionSet> {
    if request.is_full() {
        None
    } else {
        request.owned.as_ref()
    }
}
