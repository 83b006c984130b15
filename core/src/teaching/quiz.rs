//! Predict, then reveal: questions about the next step of a session, generated from the step
//! itself — the state after it, the callbacks it runs, the heartbeat it sends — with wrong answers
//! a learner could believe (the classic protocol's eager rebalance, the other model, an epoch off
//! by one, a full heartbeat for a delta). Each names the rule that decides it. The right answer is
//! read from the replay, never written by hand.

use crate::machine::any::AnyMember;
use crate::machine::model::Model;
use crate::machine::Machine;
use crate::protocol::assignment::PartitionSet;
use crate::protocol::effect::Effect;
use crate::protocol::state::StateName;
use crate::screen::narration::{describe_input, headline};
use crate::session::timeline::Timeline;
use crate::session::trace::Trace;
use crate::teaching::sources::{cited, Cited};
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
        let rule = match t.model() {
            Model::Seed => cited("The seed sends a full heartbeat to join, to rejoin and to retry; a delta carries the owned partitions only when they changed, and always when it acknowledges", &["seed-4", "seed-5.6", "seed-5.7"]),
            Model::Kafka => cited("The Java client's heartbeat is full while it is JOINING and the first one after an error answer or a failed request; otherwise it carries only what changed, the owned partitions whenever its local assignment changed", &["client-heartbeat-fields", "client-heartbeat-reset"]),
            Model::Librdkafka => cited("librdkafka's heartbeat is full in the join state init and after the coordinator was lost; an acknowledgement carries the target it reconciled; every other heartbeat carries neither the subscription nor the owned partitions", &["rdk-heartbeat-fields", "rdk-serve"]),
        };
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
    let model = match t.model() {
        Model::Seed | Model::Librdkafka => Model::Kafka,
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
    use StateName::*;
    match (model, last) {
        (Model::Seed, Some((New, Joining))) => cited("Subscribing sends a full heartbeat with epoch 0", &["seed-5.1"]),
        (Model::Seed, Some((Joining, Joined))) => cited("The first successful answer makes the member JOINED", &["seed-5.2"]),
        (Model::Seed, Some((_, Assigning)) | Some((Assigning, Joined))) => cited("A new assignment starts a reconciliation; the member is JOINED again once it owns the newest one", &["seed-5.3", "seed-5.4"]),
        (Model::Seed, Some((_, Joining))) => cited("Fenced, the member clears what it owns and rejoins with epoch 0", &["seed-5.5"]),
        (Model::Seed, Some((_, Terminating))) => cited("Closing revokes everything, then sends the leave heartbeat", &["seed-5.9"]),
        (Model::Seed, Some((_, Terminated))) => cited("A fatal error, or the answer to the leave, terminates the member", &["seed-5.8", "seed-5.9", "seed-5.10"]),
        (Model::Seed, _) => cited("An answer without a new assignment changes no state", &["seed-5.3"]),
        (Model::Kafka, Some((Unsubscribed, Joining))) => cited("Subscribing makes the client join: a full heartbeat with epoch 0", &["client-transition", "client-heartbeat-fields"]),
        (Model::Kafka, Some((_, Reconciling))) => cited("An answer with an assignment different from what the member owns starts a reconciliation", &["client-target", "client-reconcile"]),
        (Model::Kafka, Some((_, Acknowledging))) => cited("Once reconciled, the client acknowledges with its next heartbeat, sent at once", &["client-ack"]),
        (Model::Kafka, Some((_, Stable))) => cited("The acknowledgement has been sent: nothing is left to reconcile", &["client-ack", "client-member-state"]),
        (Model::Kafka, Some((_, Fenced))) => cited("FENCED_MEMBER_EPOCH or UNKNOWN_MEMBER_ID: the client is fenced, runs onPartitionsLost, then rejoins", &["client-fenced", "client-lost"]),
        (Model::Kafka, Some((Stale, Joining))) => cited("The application polled again: once onPartitionsLost has returned, the stale client rejoins with epoch 0", &["client-stale"]),
        (Model::Kafka, Some((_, Joining))) => cited("After onPartitionsLost the fenced client rejoins with epoch 0", &["client-fenced"]),
        (Model::Kafka, Some((_, PrepareLeaving) | (_, Leaving))) => cited("Leaving runs the revocation callbacks first, then sends the leave heartbeat (−1, or −2 for a static member)", &["client-leave-epoch", "client-close-callbacks"]),
        (Model::Kafka, Some((_, Unsubscribed))) => cited("The client is out of the group once its leave heartbeat has been sent, without waiting for the answer", &["client-leave-generated"]),
        (Model::Kafka, Some((_, Stale))) => cited("The poll timer expired: the client leaves the group itself and waits for the next poll()", &["client-poll-timer", "client-stale"]),
        (Model::Kafka, Some((_, Fatal))) => cited("Any error the client cannot retry or rejoin from is fatal", &["client-heartbeat-errors"]),
        (Model::Kafka, _) => cited("An answer without a new assignment changes no state", &["client-member-state"]),
        (Model::Librdkafka, Some((_, WaitAssignCall))) => cited("Partitions to add go to the application's rebalance callback (on_assign); the join state waits for its incremental_assign — after a revocation even when the list is empty", &["rdk-cooperative", "rdk-rebalance-op", "rdk-incr-unassign-done"]),
        (Model::Librdkafka, Some((_, WaitUnassignCall))) => cited("Partitions taken away, a fence or leaving go to the rebalance callback first (on_revoke, or on_lost when fenced)", &["rdk-cooperative", "rdk-revoke-all"]),
        (Model::Librdkafka, Some((_, Steady))) => cited("The application's incremental_assign makes the member steady; the acknowledgement goes in a heartbeat of its own, at once", &["rdk-assign-op", "rdk-assignment-done"]),
        (Model::Librdkafka, Some((_, WaitIncrUnassignToComplete))) => cited("The application's incremental_unassign stops the revoked partitions", &["rdk-assign-op", "rdk-incr-unassign-done"]),
        (Model::Librdkafka, Some((_, WaitUnassignToComplete))) => cited("Closing turns the application's answer into a full unassign; the leave follows", &["rdk-assign-op", "rdk-leave"]),
        (Model::Librdkafka, Some((_, Init))) => cited("A lost assignment, an unsubscribe, a close or a fatal error resets the member to epoch 0 in init", &["rdk-rejoin", "rdk-leave"]),
        (Model::Librdkafka, Some((_, Term))) => cited("The leave answered (or none owed), the group handle terminates", &["rdk-leave", "rdk-terminate"]),
        (Model::Librdkafka, _) => cited("An answer without a new target changes no join state; a newer target waits until the last one is acknowledged", &["rdk-next-assignment"]),
    }
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
    match (model, cleared) {
        (Model::Seed, true) => cited("Fenced or failed, the seed clears the assigned set without any callback", &["seed-5.5", "seed-5.8"]),
        (Model::Seed, false) => cited("Revoke first, then assign, and only the difference: KIP-848 is incremental, there is no eager revoke-everything", &["seed-5.4", "kip-848-reconciliation"]),
        (Model::Kafka, true) => cited("The Java client runs onPartitionsLost before it clears what it held", &["client-lost"]),
        (Model::Kafka, false) => cited("Auto-commit (when enabled), onPartitionsRevoked for what is given up, then onPartitionsAssigned — always, even with nothing added", &["client-auto-commit-before-rebalance", "client-revoke-assign", "client-test-empty-assignment"]),
        (Model::Librdkafka, true) => cited("A fatal error unassigns everything without calling the application, and no leave is sent", &["rdk-rebalance-op", "rdk-heartbeat-response"]),
        (Model::Librdkafka, false) => cited("on_revoke with what is taken away, then on_assign with what is added — an empty list after every revocation; on_lost when fenced, then the rejoin", &["rdk-incr-unassign-done", "rdk-revoke-all", "cfk-rebalance-cb"]),
    }
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
