//! Design review: the same inputs through two of the three models — the seed design, the Java
//! client, librdkafka ([`Pair`]) — side by side, with every difference grouped by its root cause.
//!
//! ```text
//!   trace ──▶ align ──▶ (seed side, shipped side) per step ──▶ differences ──▶ causes ──▶ groups
//!             (completions keep one meaning)       (state, epoch,    (switches off one at a time,
//!                                                  assigned, callbacks) then rules for the rest)
//! ```
//!
//! - [`align`]: how a `completed` keeps one meaning in both models (the trace's own model runs as
//!   written; the other skips completions it has nothing for, and its own extra work completes by
//!   itself).
//! - [`Row`]: what each model did with a step, and the [`Aspect`]s in which they differ
//!   (equivalent states, JOINED and STABLE say, count as the same; heartbeats are compared through
//!   their consequences — an answer one model rejects — not field by field).
//! - [`Review`]: the rows and the differences grouped by [`Cause`], most important first, each with
//!   the step where it first shows, every step it explains, a one-line why and its [`Source`].
//! - [`Align`]: switches that each remove one cause from both runs, to see what remains.
//! - Beside librdkafka the causes are its own (`Cause::Librdkafka…`, named by the rules of
//!   `librdkafka.rs`), and only the commits switch applies: the others bring the Java client toward
//!   the seed.
//!
//! ```
//! use kip848_core::compare::{Align, Cause, Review, Switch};
//! use kip848_core::session::trace::Trace;
//!
//! let text = include_str!("../../../assets/scenarios/05-fenced-mid-revocation.json");
//! let trace = Trace::parse(text).unwrap();
//! let review = Review::new(&trace, Align::none());
//! assert_eq!(review.groups[0].cause, Cause::OnPartitionsLost);
//! assert_eq!(review.groups[0].steps, vec![8]);
//!
//! // Switch the auto-commit off and see what remains.
//! let rest = Review::new(&trace, Align::none().with(Switch::AutoCommit));
//! assert!(rest.group(Cause::AutoCommit).is_none());
//! ```

pub mod align;
mod cause;
pub(crate) mod classify;
pub mod html;
mod librdkafka;
pub(crate) mod pair;
mod review;
mod screen;
mod side;
mod source;
mod switch;

pub use crate::machine::work::Work;
pub use align::{align, Adjustment, Aligned};
pub use cause::Cause;
pub(crate) use librdkafka::rules as librdkafka_rules;
pub use pair::Pair;
pub use review::{Group, Review};
pub use screen::{ReviewCursor, ReviewScreen};
pub use side::Side;
pub use source::Source;
pub use switch::{Align, Switch};

use crate::protocol::state::StateName;
use crate::session::trace::Trace;
use serde::Serialize;

/// What can differ between the two sides of a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Aspect {
    Acceptance,
    State,
    Epoch,
    Assigned,
    Callbacks,
}

/// One input and what each model of the pair did with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Row {
    pub index: usize,
    /// The pair's left model's side (the seed design, unless the pair leaves it out).
    pub left: Side,
    /// The right model's side.
    pub right: Side,
    pub differences: Vec<Aspect>,
    /// Why they differ, in one line: the most important cause's (when they do).
    pub explanation: Option<String>,
}

/// Seed and shipped states that mean the same thing (the mapping in the book's chapter on the seed design and the shipped client).
pub fn equivalent(seed: StateName, kafka: StateName) -> bool {
    use StateName::*;
    matches!(
        (seed, kafka),
        (New, Unsubscribed)
            | (Joining, Joining)
            | (Joined, Stable | Acknowledging)
            | (Assigning, Reconciling | Acknowledging)
            | (Terminating, PrepareLeaving | Leaving)
            | (Terminated, Unsubscribed | Fatal)
    )
}

/// Runs `trace`'s inputs (and configuration) through the seed design and the Java client, aligned,
/// every difference explained by its most important cause. The same rows as [`Review::new`] with
/// no switch on.
pub fn compare(trace: &Trace) -> Vec<Row> {
    Review::new(trace, Align::none()).rows
}

/// The rows of an aligned run, compared under `align` (no explanation yet).
fn rows(aligned: Aligned, align: &Align) -> Vec<Row> {
    let pair = aligned.pair;
    aligned
        .pairs
        .into_iter()
        .enumerate()
        .map(|(index, (left, right))| Row {
            index,
            differences: differences(pair, &left, &right, align),
            left,
            right,
            explanation: None,
        })
        .collect()
}

fn differences(pair: Pair, s: &Side, k: &Side, align: &Align) -> Vec<Aspect> {
    let mut out = Vec::new();
    if s.rejected.is_some() != k.rejected.is_some() {
        out.push(Aspect::Acceptance);
    }
    if !pair.equivalent(s.state, k.state) {
        out.push(Aspect::State);
    }
    if s.member_epoch != k.member_epoch {
        out.push(Aspect::Epoch);
    }
    if s.assigned != k.assigned {
        out.push(Aspect::Assigned);
    }
    if !s.compared_callbacks(align).eq(k.compared_callbacks(align)) {
        out.push(Aspect::Callbacks);
    }
    out
}
