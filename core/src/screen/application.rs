//! The application lane: each commit and callback as a span from the step that invoked it to the
//! step that completed it, in the order completions arrive (oldest first, seed model §3).

use crate::machine::model::Model;
use crate::protocol::choice::Fenced;
use crate::protocol::effect::Effect;
use crate::protocol::input::{Input, Outcome};
use crate::protocol::state::StateName;
use crate::session::cursor::Cursor;
use crate::session::timeline::Timeline;
use serde::Serialize;
use std::collections::VecDeque;

/// What became of a commit or callback.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SpanStatus {
    /// Completed; the member went on.
    Completed(Outcome),
    /// The member waits on it to go on with its reconciliation or its leave.
    Pending,
    /// Still running, but its reconciliation was abandoned (fenced or closed): its completion
    /// will be accepted and discarded.
    Abandoned,
    /// Completed after its reconciliation was abandoned: discarded.
    Discarded(Outcome),
    /// The member terminated while it was outstanding: no completion is accepted any more.
    Dropped,
}

/// One commit or callback.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Span {
    /// The effect that invoked it (its partitions included).
    pub call: Effect,
    /// The step that invoked it (0-based), and the effect of that step that did (0-based).
    pub started: usize,
    pub effect: usize,
    /// The step that completed (or dropped) it, if any.
    pub ended: Option<usize>,
    pub status: SpanStatus,
    /// Who waits on it while pending: the state that cannot go on without it.
    pub waiting: Option<StateName>,
}

/// The spans of the first `upto` steps of `timeline`.
pub fn spans(timeline: &Timeline, upto: usize) -> Vec<Span> {
    spans_at(timeline, Cursor::end_of(timeline, upto))
}

/// The spans on screen at `cursor`: a span appears with the effect that invokes it, and is
/// completed only once the input that completes it is shown (with the step's first effect, or
/// whole when the step has none).
pub fn spans_at(timeline: &Timeline, cursor: Cursor) -> Vec<Span> {
    let auto_complete = timeline.config().auto_complete;
    // The seed with `fenced` = `finish`: a fence's JOINING lets the running call return.
    let fence_keeps_calls =
        timeline.model() == Model::Seed && timeline.config().fenced == Fenced::Finish;
    let mut spans: Vec<Span> = Vec::new();
    let mut outstanding: VecDeque<usize> = VecDeque::new();
    // Every state change is a transition effect, so following them gives the state at each effect.
    let mut state = timeline.model().initial();
    let steps = timeline.steps().iter().zip(timeline.results());
    for (index, (step, result)) in steps.take(cursor.step).enumerate() {
        let Ok(effects) = result else { continue };
        let last = index + 1 == cursor.step;
        let shown = if last && !effects.is_empty() {
            cursor.shown.min(effects.len())
        } else {
            effects.len()
        };
        if last && shown == 0 && !effects.is_empty() {
            break;
        }
        if let Input::Completed { outcome } = step.input {
            if let Some(span) = outstanding.pop_front().and_then(|i| spans.get_mut(i)) {
                span.ended = Some(index);
                span.waiting = None;
                span.status = match span.status {
                    SpanStatus::Abandoned => SpanStatus::Discarded(outcome),
                    _ => SpanStatus::Completed(outcome),
                };
            }
        }
        for (at, effect) in effects.iter().take(shown).enumerate() {
            if let Effect::Transition { to, .. } = effect {
                state = *to;
            }
            match effect {
                Effect::Transition {
                    to: StateName::Joining,
                    ..
                } if fence_keeps_calls => {}
                Effect::Transition {
                    to: StateName::Joining | StateName::Terminating,
                    ..
                } => {
                    for &i in &outstanding {
                        if let Some(span) = spans.get_mut(i) {
                            span.status = SpanStatus::Abandoned;
                            span.waiting = None;
                        }
                    }
                }
                Effect::Transition {
                    to: StateName::Terminated,
                    ..
                } => {
                    for i in outstanding.drain(..) {
                        if let Some(span) = spans.get_mut(i) {
                            span.status = SpanStatus::Dropped;
                            span.ended = Some(index);
                            span.waiting = None;
                        }
                    }
                }
                Effect::Transition { to, .. } => {
                    for &i in &outstanding {
                        if let Some(span) =
                            spans.get_mut(i).filter(|s| s.status == SpanStatus::Pending)
                        {
                            span.waiting = Some(*to);
                        }
                    }
                }
                e if e.awaits_completion() => {
                    let (status, ended) = if auto_complete {
                        (SpanStatus::Completed(Outcome::Ok), Some(index))
                    } else {
                        outstanding.push_back(spans.len());
                        (SpanStatus::Pending, None)
                    };
                    let waiting = (!auto_complete).then_some(state);
                    spans.push(Span {
                        call: e.clone(),
                        started: index,
                        effect: at,
                        ended,
                        status,
                        waiting,
                    });
                }
                _ => {}
            }
        }
    }
    spans
}
