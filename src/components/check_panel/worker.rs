//! The bounded check off the page's main thread: the review page starts a module worker
//! (`assets/check-worker.js`) with its own instance of the page's own wasm module (compiled once,
//! by `assets/boot.js`, and handed over), which runs [`run`] and posts what it found so far as
//! JSON. Stop ends the worker. Where no worker can start, the panel runs the same check in slices
//! between frames instead.

use kip848_core::check::{Bounds, Combination, Explorer, Property, Report};
use kip848_core::session::link::{encode_group, SharedGroup};
use kip848_core::Model;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// What one column checks: members of a model, or seed members under other design choices (by
/// their place in `Combination::all()`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Column {
    pub model: Model,
    pub choices: Option<usize>,
}

impl Column {
    pub fn combination(&self) -> Option<Combination> {
        self.choices
            .and_then(|i| Combination::all().get(i).copied())
    }

    pub fn title(&self) -> String {
        match self.combination() {
            None => format!("{} members", self.model.title()),
            Some(c) => format!("{} members, {}", self.model.title(), c.label()),
        }
    }

    pub fn explorer(&self, depth: usize) -> Explorer {
        let bounds = Bounds::anchor(self.model, depth);
        match self.combination() {
            None => Explorer::new(bounds),
            Some(c) => c.explorer(&bounds),
        }
    }
}

/// How far a check looks: schedules up to a number of moves, or every schedule whatever its
/// length (the anchor's bounds close: each model's group is explored to its end).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reach {
    Moves(usize),
    End,
}

impl Reach {
    /// The explorer's depth bound.
    pub fn depth(self) -> usize {
        match self {
            Reach::Moves(n) => n,
            Reach::End => usize::MAX,
        }
    }

    /// "up to 14 moves", "to the end".
    pub fn words(self) -> String {
        match self {
            Reach::Moves(n) => format!("up to {n} moves"),
            Reach::End => "to the end (every length)".to_owned(),
        }
    }
}

/// What the page asks the worker to check.
#[derive(Debug, Serialize, Deserialize)]
pub struct Request {
    pub reach: Reach,
    pub columns: Vec<Column>,
}

/// A column's report as the page shows it: the explorer's counts and, per violated property,
/// its shortest counterexample and the link that opens it in the group view.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Seen {
    pub states: u64,
    pub depth: usize,
    pub exhausted: bool,
    pub done: bool,
    pub found: Vec<Shown>,
}

/// One counterexample, ready to show.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Shown {
    /// [`Property::as_str`].
    pub property: String,
    pub moves: usize,
    pub steps: usize,
    pub words: String,
    /// The group view's link fragment.
    pub link: String,
}

impl Seen {
    /// `report` as shown; `links` keeps each counterexample's link, made once (a found
    /// counterexample never changes, and encoding each again at every report cost 100 ms tasks).
    pub fn of(report: &Report, links: &mut HashMap<&'static str, String>) -> Seen {
        Seen {
            states: report.states,
            depth: report.depth,
            exhausted: report.exhausted,
            done: report.done,
            found: report
                .found
                .iter()
                .map(|found| Shown {
                    property: found.property.as_str().to_owned(),
                    moves: found.moves,
                    steps: found.schedule.steps.len(),
                    words: found.words.clone(),
                    link: links
                        .entry(found.property.as_str())
                        .or_insert_with(|| {
                            encode_group(&SharedGroup {
                                trace: found.trace(),
                                step: found.step + 1,
                            })
                        })
                        .clone(),
                })
                .collect(),
        }
    }

    /// The counterexample of `property`, if one was found.
    pub fn violated(&self, property: Property) -> Option<&Shown> {
        self.found.iter().find(|f| f.property == property.as_str())
    }
}

/// What the worker posts.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Posted {
    /// Column `column` so far (or in all, when its report is done).
    Progress { column: usize, seen: Seen },
    /// Every column is done.
    Done,
    /// The request could not be read.
    Failed { reason: String },
}

/// Milliseconds between two reports from the worker: often enough for the progress to move,
/// seldom enough that the page's redraws stay small.
const REPORT_EVERY_MS: f64 = 150.0;
/// Moves explored between two looks at the clock.
const MOVES_PER_TURN: u64 = 2_000;

/// Runs `request` (JSON) to its end, posting each column's progress with `post` (JSON), then
/// `Done`. Called in the worker, where nothing waits on it.
pub fn run(request: &str, now_ms: impl Fn() -> f64, post: impl Fn(String)) {
    let send = |posted: &Posted| {
        if let Ok(json) = serde_json::to_string(posted) {
            post(json);
        }
    };
    let request: Request = match serde_json::from_str(request) {
        Ok(request) => request,
        Err(e) => {
            send(&Posted::Failed {
                reason: format!("the check's request could not be read: {e}"),
            });
            return;
        }
    };
    for (column, spec) in request.columns.iter().enumerate() {
        let mut explorer = spec.explorer(request.reach.depth());
        let mut links = HashMap::new();
        let mut reported = f64::MIN;
        loop {
            let done = explorer.run(MOVES_PER_TURN);
            if done || now_ms() - reported >= REPORT_EVERY_MS {
                reported = now_ms();
                let seen = Seen::of(&explorer.report(), &mut links);
                send(&Posted::Progress { column, seen });
            }
            if done {
                break;
            }
        }
    }
    send(&Posted::Done);
}
