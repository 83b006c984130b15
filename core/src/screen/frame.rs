//! What the screen shows at a cursor: one [`Frame`] for a (step, effects shown) position, with
//! everything any panel draws — the member's facts and their words, the chips, the application
//! lane, the request in flight, the edge just taken, the current effect and the caption. Panels
//! render only from it, so none can show the end of a step while another shows its middle.
//!
//! Over 300 lines: the Frame is one struct of everything a panel draws, built in one pass.
//!
//! Part-way through a step the member is the one the model itself reported just after the
//! effect (`Machine::handle_observed`), not a reconstruction. At the end of a step it is the
//! member after the step, i.e. the replay's line for that step.

use crate::machine::any::AnyMember;
use crate::machine::facts::Facts;
use crate::machine::model::Model;
use crate::machine::Machine;
use crate::protocol::effect::{Effect, HeartbeatRequest};
use crate::protocol::state::StateName;
use crate::screen::application::{spans_at, Span};
use crate::screen::changes::{changed_facts, changed_request};
use crate::screen::chips::{chips, Chip};
use crate::screen::narration::{describe_input, headline, narrate};
use crate::screen::stage::Stage;
use crate::screen::words::{effect_label, lane_label, span_class, span_words, FactWords};
use crate::session::cursor::Cursor;
use crate::session::timeline::Timeline;
use serde::Serialize;
use std::borrow::Cow;

/// The steps up to the cursor the application lane draws: a frame's lane holds the spans open at
/// the cursor or ended in these steps.
pub const LANE_STEPS: usize = 24;

/// One bar of the application lane.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LaneSpan {
    pub label: String,
    /// `ok`, `failed`, `pending`, `abandoned`, `discarded` or `dropped`.
    pub status: &'static str,
    pub words: String,
    /// The step (0-based) and its effect (0-based) that invoked it.
    pub started: usize,
    pub effect: usize,
    /// The step (0-based) that ended it.
    pub ended: Option<usize>,
}

impl LaneSpan {
    fn of(model: Model, span: &Span) -> Self {
        LaneSpan {
            label: lane_label(model, &span.call),
            status: span_class(span.status),
            words: span_words(span),
            started: span.started,
            effect: span.effect,
            ended: span.ended,
        }
    }
}

/// The effect the cursor is on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CurrentEffect {
    /// 1-based, of `of`.
    pub index: usize,
    pub of: usize,
    /// The replay's name (`commit_offsets`).
    pub name: &'static str,
    /// The log's label (`commit_offsets(orders-0)`).
    pub label: String,
    /// The narration's sentence.
    pub sentence: String,
    /// The part of the stage it changes.
    pub stage: Stage,
}

/// A transition, for the diagram's highlighted edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Edge {
    pub from: StateName,
    pub to: StateName,
}

/// Everything the screen shows at one cursor.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Frame {
    /// The model the member runs on.
    pub model: crate::machine::model::Model,
    pub cursor: Cursor,
    /// Effects of the cursor's step in all (0 at the start or for a rejected step).
    pub effects: usize,
    /// Steps in the session.
    pub steps: usize,
    pub facts: Facts,
    pub words: FactWords,
    pub chips: Vec<Chip>,
    pub lane: Vec<LaneSpan>,
    /// The heartbeat request in flight, field by field.
    pub request: Option<HeartbeatRequest>,
    /// The last accepted answer, in words ("Step 4: Coordinator answers …").
    pub last_answer: Option<String>,
    /// The last transition shown in this step.
    pub edge: Option<Edge>,
    pub effect: Option<CurrentEffect>,
    /// The step's input in words.
    pub input: Option<String>,
    /// Why the step was rejected, if it was.
    pub rejected: Option<String>,
    /// The step's narration.
    pub note: Option<String>,
    /// What the live region says: the effect on screen, in words.
    pub caption: String,
    /// The whole step's story ("Step 5: Fenced …"), whatever part of it is shown.
    pub summary: String,
    /// The transport's position line.
    pub position: String,
    /// What this step changed so far, for the page to mark.
    pub changed: Changed,
}

/// What the step on screen changed, up to the effect shown: the facts and request fields whose
/// words differ from the end of the step before ([`super::changes`]), and whether it brought a new
/// answer. Marked until the next step, so a change stays visible while its effects play.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Changed {
    /// `FactWords` field names (`member_epoch`, `local.reconciled`, …).
    pub facts: Vec<&'static str>,
    /// Request field names (`member_epoch`, `owned`, …).
    pub request: Vec<&'static str>,
    pub answer: bool,
}

/// The step's effects and the member's facts after each: the timeline's own for the cursor's step
/// (borrowed, not copied: this runs on every move), re-run from the member before it for another.
struct Observed<'a> {
    effects: Cow<'a, [Effect]>,
    after_each: Cow<'a, [Facts]>,
    after: Cow<'a, AnyMember>,
}

fn observe(before: &AnyMember, step: &crate::session::trace::Step) -> Observed<'static> {
    let mut after = before.clone();
    let (effects, after_each) = after
        .handle_observed(step.at, &step.input)
        .unwrap_or_default();
    Observed {
        effects: Cow::Owned(effects),
        after_each: Cow::Owned(after_each),
        after: Cow::Owned(after),
    }
}

impl Timeline {
    /// The screen at `cursor` (clamped and normalised first, see [`Cursor::normal`]).
    pub fn frame(&self, cursor: Cursor) -> Frame {
        let cursor = cursor.normal(self);
        let Some(index) = cursor.step.checked_sub(1) else {
            return self.start_frame();
        };
        let (step, result) = match (self.steps().get(index), self.results().get(index)) {
            (Some(step), Some(result)) => (step, result),
            _ => return self.start_frame(),
        };
        // The cursor's own step was observed when it was applied; another is re-run from the
        // member before it.
        let (observed, before) = match (result, self.before()) {
            (Ok(effects), Some(before)) if cursor.step == self.cursor() => (
                Observed {
                    effects: Cow::Borrowed(effects),
                    after_each: Cow::Borrowed(self.observed()),
                    after: Cow::Borrowed(self.member()),
                },
                Cow::Borrowed(before),
            ),
            _ => {
                let before = self.member_at(index);
                (observe(&before, step), Cow::Owned(before))
            }
        };
        let count = observed.effects.len();
        let shown = cursor.shown.min(count);
        let facts = match observed.after_each.get(shown.wrapping_sub(1)) {
            Some(facts) if shown < count => facts.clone(),
            _ => observed.after.facts(),
        };
        let revealed = &observed.effects[..shown];
        let effect = shown.checked_sub(1).map(|i| {
            let effect = &observed.effects[i];
            CurrentEffect {
                index: shown,
                of: count,
                name: effect.name(),
                label: effect_label(effect),
                sentence: narrate(effect, &step.input, &facts),
                stage: Stage::of(effect),
            }
        });
        let edge = revealed.iter().rev().find_map(|e| match e {
            Effect::Transition { from, to } => Some(Edge {
                from: *from,
                to: *to,
            }),
            _ => None,
        });
        let summary = format!(
            "Step {}: {}",
            cursor.step,
            headline(&*before, &*observed.after, &step.input, result)
        );
        // Words on screen, identifiers in the log: "2 of 3 things the member does: …".
        let caption = match &effect {
            Some(e) => format!(
                "Step {}, {} of {} {} the member does: {}",
                cursor.step,
                e.index,
                e.of,
                if e.of == 1 { "thing" } else { "things" },
                e.sentence
            ),
            None => summary.clone(),
        };
        let position = match &effect {
            Some(e) => format!(
                "Step {} of {} · effect {} of {} · {} ms",
                cursor.step,
                self.len(),
                e.index,
                e.of,
                facts.now.0
            ),
            None => format!(
                "Step {} of {} · {} ms",
                cursor.step,
                self.len(),
                facts.now.0
            ),
        };
        let words = FactWords::of(&facts);
        let request = self.request_in_flight(cursor, &facts, revealed);
        // The end of the step before: its facts, and the request then in flight.
        let (before_facts, before_effects) = (
            before.facts(),
            index.checked_sub(1).map_or(&[][..], |i| self.effects_of(i)),
        );
        let end_before = Cursor {
            step: index,
            shown: before_effects.len(),
        };
        let changed = Changed {
            facts: changed_facts(&FactWords::of(&before_facts), &words),
            request: changed_request(
                self.request_in_flight(end_before, &before_facts, before_effects)
                    .as_ref(),
                request.as_ref(),
            ),
            answer: step.input.is_answer() && result.is_ok(),
        };
        Frame {
            model: self.model(),
            cursor,
            effects: count,
            steps: self.len(),
            words,
            chips: chips(&facts, revealed),
            // The spans the lane can show: open ones, and those ended in its last LANE_STEPS steps
            // (words for every span of a long session would cost each frame milliseconds).
            lane: spans_at(self, cursor)
                .iter()
                .filter(|s| s.ended.is_none_or(|e| e + LANE_STEPS >= cursor.step))
                .map(|span| LaneSpan::of(self.model(), span))
                .collect(),
            request,
            last_answer: self.last_answer(cursor.step),
            edge,
            effect,
            input: Some(describe_input(&step.input)),
            rejected: result.as_ref().err().map(ToString::to_string),
            // The step's note tells the whole step: it waits until every effect is on screen.
            note: (shown == count)
                .then(|| step.note_for(self.model()).map(str::to_owned))
                .flatten(),
            caption,
            summary,
            position,
            changed,
            facts,
        }
    }

    fn start_frame(&self) -> Frame {
        let facts = self.member_at(0).facts();
        Frame {
            model: self.model(),
            cursor: Cursor::START,
            effects: 0,
            steps: self.len(),
            words: FactWords::of(&facts),
            chips: chips(&facts, &[]),
            lane: Vec::new(),
            request: None,
            last_answer: None,
            edge: None,
            effect: None,
            input: None,
            rejected: None,
            note: None,
            caption: format!("At the start: the member is {}", facts.state),
            summary: String::new(),
            position: format!("Step 0 of {} · {} ms", self.len(), facts.now.0),
            changed: Changed::default(),
            facts,
        }
    }

    /// The request the heartbeat in flight carried: the last one sent for that purpose up to the
    /// cursor (`revealed` are the current step's effects shown).
    fn request_in_flight(
        &self,
        cursor: Cursor,
        facts: &Facts,
        revealed: &[Effect],
    ) -> Option<HeartbeatRequest> {
        let purpose = facts.in_flight?;
        let sent = |effects: &[Effect]| {
            effects.iter().rev().find_map(|e| match e {
                Effect::SendHeartbeat(r) if r.purpose == purpose => Some(r.clone()),
                _ => None,
            })
        };
        sent(revealed).or_else(|| {
            (0..cursor.step.saturating_sub(1))
                .rev()
                .find_map(|i| sent(self.effects_of(i)))
        })
    }

    /// The last accepted answer up to step `step` (1-based), in words.
    fn last_answer(&self, step: usize) -> Option<String> {
        (0..step).rev().find_map(|i| {
            let s = self.steps().get(i)?;
            (s.input.is_answer() && self.results().get(i).is_some_and(Result::is_ok))
                .then(|| format!("Step {}: {}", i + 1, describe_input(&s.input)))
        })
    }
}
