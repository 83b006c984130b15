//! The trace under construction: a live shipped-model member that every input goes through as it
//! is appended, so each inference is checked against the model at once (an inferred input the
//! model refuses is never kept; a logged one is kept and shows as refused).

use crate::import::outcome::source::StepSource;
use crate::import::outcome::view::MemberView;
use crate::import::read::names::TopicNames;
use crate::import::read::text::Record;
use crate::import::recognise::event::Block;
use crate::kafka::KafkaMember;
use crate::protocol::config::Config;
use crate::protocol::effect::Effect;
use crate::protocol::input::Input;
use crate::protocol::rejected::Rejected;
use crate::protocol::state::StateName;
use crate::protocol::time::Millis;
use crate::session::trace::Step;
use std::collections::BTreeSet;

/// States the model passed through that no log line has confirmed yet, most recent last.
const TRAIL: usize = 16;

/// A log line the model could not follow.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NotFollowed {
    pub(crate) line: usize,
    pub(crate) text: String,
    /// The step it belongs after (`None` before the first step).
    pub(crate) after_step: Option<usize>,
    pub(crate) why: String,
    pub(crate) refused: Option<Rejected>,
}

/// A callback the log shows started and not yet returned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Running {
    pub(crate) callback: crate::import::recognise::event::Callback,
    pub(crate) line: usize,
    pub(crate) partitions: crate::protocol::assignment::PartitionSet,
}

pub(crate) struct Builder {
    pub(crate) member: KafkaMember,
    pub(crate) steps: Vec<Step>,
    pub(crate) sources: Vec<StepSource>,
    /// The log's view after each step that ends a line's inputs (before the next line's), and the
    /// last line that shaped it; `None` for the steps on the way there (the model is compared once
    /// the line's inputs are in).
    pub(crate) views: Vec<Option<(MemberView, usize)>>,
    /// The log's view now.
    pub(crate) view: MemberView,
    trail: Vec<StateName>,
    /// The first timestamp read: the trace's time 0 (a log's own clock, in ms).
    pub(crate) origin: Option<i64>,
    pub(crate) now: Millis,
    /// The record being read: its line and first line's text.
    pub(crate) line: (usize, String),
    /// The heartbeat interval inferred answers carry.
    pub(crate) interval: u32,
    /// Set when an answer was due and the model had sent nothing, with the longest interval that
    /// would have let it send.
    pub(crate) needs_interval: Option<u32>,
    pub(crate) member_id: Option<String>,
    pub(crate) topics: Option<BTreeSet<String>>,
    /// The `Subscribed to topic(s)` line, when the log has one.
    pub(crate) subscribed_line: Option<(usize, String)>,
    pub(crate) block: Option<Block>,
    pub(crate) running: Option<Running>,
    /// An error the DEBUG wire already delivered, which its INFO line then repeats.
    pub(crate) wire_error: Option<crate::protocol::error_code::ErrorCode>,
    pub(crate) names: TopicNames,
    pub(crate) not_followed: Vec<NotFollowed>,
    /// Epochs a line shows for the member before a step, where the model had another:
    /// `(step, line, the log's, the model's)`.
    pub(crate) epoch_gaps: Vec<(usize, usize, i32, i32)>,
}

impl Builder {
    pub(crate) fn new(config: Config, interval: u32, names: TopicNames) -> Self {
        Builder {
            member: KafkaMember::new(config),
            steps: Vec::new(),
            sources: Vec::new(),
            views: Vec::new(),
            view: MemberView::default(),
            trail: Vec::new(),
            origin: None,
            now: Millis::ZERO,
            line: (0, String::new()),
            interval,
            needs_interval: None,
            member_id: None,
            topics: None,
            subscribed_line: None,
            block: None,
            running: None,
            wire_error: None,
            names,
            not_followed: Vec::new(),
            epoch_gaps: Vec::new(),
        }
    }

    /// Starts reading `record`: its time (relative to the first one read, never going back).
    pub(crate) fn enter(&mut self, record: &Record) {
        self.line = (record.line, record.text.clone());
        if let Some(ms) = record.at {
            let origin = *self.origin.get_or_insert(ms);
            let relative = u64::try_from(ms.saturating_sub(origin)).unwrap_or(0);
            self.now = self.now.max(Millis(relative));
        }
    }

    /// Done with the record: the last step's view is the log's view after it.
    pub(crate) fn leave(&mut self) {
        if let Some(last) = self.views.last_mut() {
            *last = Some((self.view.clone(), self.line.0));
        }
    }

    /// A source for an input this line shows.
    pub(crate) fn logged(&self, why: impl Into<String>) -> StepSource {
        StepSource::logged(self.line.0, &self.line.1, why)
    }

    /// A source for an input this line implies.
    pub(crate) fn implied(&self, why: impl Into<String>) -> StepSource {
        StepSource::implied(Some((self.line.0, &self.line.1)), why)
    }

    /// Appends `input` now. Accepted: kept. Refused: an inferred input is dropped, a logged one kept
    /// (the replay shows it refused) and reported.
    pub(crate) fn push(&mut self, input: Input, source: StepSource) -> bool {
        let result = self.member.handle(self.now, &input);
        let accepted = match &result {
            Ok(effects) => {
                self.follow(effects);
                true
            }
            Err(_) if source.inferred => return false,
            Err(reason) => {
                self.not_followed(
                    format!("the model refused it: {reason}"),
                    Some(reason.clone()),
                );
                false
            }
        };
        let mut step = Step::new(self.now, input);
        step.note = Some(source.note());
        self.steps.push(step);
        self.sources.push(source);
        self.views.push(None);
        accepted
    }

    fn follow(&mut self, effects: &[Effect]) {
        for effect in effects {
            if let Effect::Transition { to, .. } = effect {
                self.trail.push(*to);
            }
        }
        let excess = self.trail.len().saturating_sub(TRAIL);
        self.trail.drain(..excess);
    }

    /// Records that the model could not follow the current line.
    pub(crate) fn not_followed(&mut self, why: impl Into<String>, refused: Option<Rejected>) {
        self.not_followed.push(NotFollowed {
            line: self.line.0,
            text: self.line.1.clone(),
            after_step: self.steps.len().checked_sub(1),
            why: why.into(),
            refused,
        });
    }

    /// Whether the model is in `state` or passed through it since the last confirmed line; the
    /// trail up to it is then confirmed.
    pub(crate) fn reached(&mut self, state: StateName) -> bool {
        match self.trail.iter().position(|s| *s == state) {
            Some(at) => {
                self.trail.drain(..=at);
                true
            }
            None => self.member.state() == state,
        }
    }

    /// Whether the model is in `state` or passed through it lately (confirming nothing).
    pub(crate) fn was(&self, state: StateName) -> bool {
        self.member.state() == state || self.trail.contains(&state)
    }

    pub(crate) fn state(&self) -> StateName {
        self.member.state()
    }
}
