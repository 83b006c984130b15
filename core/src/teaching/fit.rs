//! Whether a scenario plays on a model: the scenarios are written once and narrated per model
//! (`notes`), but a script of completions written for one model's callbacks can leave another
//! refusing a step nobody explained, or waiting for a callback the script never completes. A page
//! loads a scenario on the model in view only when it plays there, and otherwise says why before
//! it loads and offers both.

use crate::machine::Machine;
use crate::protocol::effect::Effect;
use crate::session::timeline::Timeline;
use crate::session::trace::Trace;
use crate::Model;

/// How a trace plays on one model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fit {
    /// To its end: every step accepted, or its refusal narrated on this model, and nothing left
    /// waiting for the application.
    Plays,
    /// Step `step` (1-based) is refused, and the scenario says nothing about it on this model.
    Refuses { step: usize },
    /// The last step leaves the member waiting for `effect`, which the script never completes.
    Waits { effect: Effect },
}

/// How `trace` plays on `model` (its own `model` field ignored).
pub fn fit(trace: &Trace, model: Model) -> Fit {
    let mut on = trace.clone();
    on.model = model;
    let timeline = Timeline::from_trace(on);
    let unexplained = timeline
        .results()
        .iter()
        .zip(&trace.steps)
        .position(|(r, s)| {
            r.is_err() && !s.note_for(model).is_some_and(|n| n.starts_with("Rejected"))
        });
    if let Some(index) = unexplained {
        return Fit::Refuses { step: index + 1 };
    }
    match timeline.member().facts().awaiting {
        Some(effect) => Fit::Waits { effect },
        None => Fit::Plays,
    }
}

impl Fit {
    /// Why a scenario does not play on `model`, in a clause ("its step 4 is refused"); `None`
    /// when it plays.
    pub fn why_not(&self, model: Model) -> Option<String> {
        match self {
            Fit::Plays => None,
            Fit::Refuses { step } => {
                Some(format!("on {} its step {step} is refused", in_words(model)))
            }
            Fit::Waits { effect } => Some(format!(
                "on {} it ends waiting for {} forever",
                in_words(model),
                crate::screen::words::call_in(model, effect)
            )),
        }
    }
}

/// The model as a sentence names it ("on the Java client").
pub fn in_words(model: Model) -> &'static str {
    model.descriptor().in_a_sentence
}
