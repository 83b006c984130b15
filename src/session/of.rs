//! What the member's session and the group's have alike, written once over the core's
//! `TimelineOf<M>`: the timeline in a signal, its transport, the fork that Undo brings back, the
//! scenario's title, the learner's modes, and the page's notices (the shell's [`Dialogs`]).
//! Acting, undoing a fork, loading and replaying a changed trace are here; what only one view has
//! (the member's effects revealed one by one and its drafted answer; the group's questions) is in
//! `context.rs` and `crate::group::session`.
//! Over 300 lines: what both sessions share is one set of signals every action below keeps in step.

use crate::session::context::{Dialogs, Notice};
use crate::session::playback::Transport;
use gloo_timers::callback::Timeout;
use kip848_core::session::timeline::{Replay, TimelineOf};
use leptos::prelude::*;

/// The learner's modes, the same in both views.
#[derive(Clone, Copy)]
pub struct Teaching {
    /// Lesson mode: the scenario read note by note, with Continue and Back.
    pub lesson: RwSignal<bool>,
    /// Predict, then reveal: the quiz's progress, when the quiz is on.
    pub quiz: RwSignal<Option<crate::teaching::quiz::state::QuizState>>,
}

impl Teaching {
    pub fn new() -> Teaching {
        Teaching {
            lesson: RwSignal::new(false),
            quiz: RwSignal::new(None),
        }
    }

    /// Whether a question is on screen.
    pub fn asking(self) -> bool {
        self.quiz
            .with_untracked(|q| q.as_ref().is_some_and(|q| q.asking.is_some()))
    }

    /// Puts the questions of `step` on screen, from the first.
    pub fn ask(self, step: usize) {
        self.quiz.update(|q| {
            if let Some(q) = q {
                q.asking = Some(step);
                q.question = 0;
                q.checked = None;
            }
        });
    }

    /// Records `choice` as the answer to the question on screen (`asked`: the questions of the step
    /// being asked), once.
    pub fn check<Q>(self, asked: &[Q], choice: usize, right: impl Fn(&Q) -> usize) {
        self.quiz.update(|q| {
            let Some(q) = q else { return };
            let (Some(step), None) = (q.asking, q.checked) else {
                return;
            };
            if let Some(question) = asked.get(q.question) {
                q.checked = Some(choice);
                q.answers
                    .push((step, q.question, right(question) == choice));
            }
        });
    }
}

impl Default for Teaching {
    fn default() -> Self {
        Teaching::new()
    }
}

/// What acting in the past dropped, and the session before it.
#[derive(Clone)]
pub struct Forked<M: Replay> {
    pub before: TimelineOf<M>,
    /// The step acted at, and how many later steps were dropped.
    pub at: usize,
    pub dropped: usize,
}

/// A session of the core's `TimelineOf<M>`: `Copy` handles, provided once by the page.
pub struct SessionOf<M: Held> {
    pub timeline: RwSignal<TimelineOf<M>>,
    /// Whether and how it plays, and an embed's step range.
    pub transport: Transport,
    /// The session as it was before the last action dropped later steps: what Undo brings back.
    pub forked: RwSignal<Option<Forked<M>>>,
    /// The title of the scenario loaded, if any.
    pub scenario: RwSignal<Option<String>>,
    pub teaching: Teaching,
    /// The page's notice and dialogs: the shell's, shared by every view of the page.
    pub dialogs: Dialogs,
    /// A read-only embed: nothing it shows can be changed.
    pub readonly: bool,
}

/// Whatever a timeline replays, as long as a signal may hold it: a member of any model, a group.
pub trait Held:
    Replay<
        Trace: Send + Sync,
        Step: Send + Sync,
        Done: Send + Sync,
        Refusal: Send + Sync,
        Observation: Send + Sync,
    > + Send
    + Sync
    + 'static
{
}

impl<M> Held for M where
    M: Replay<
            Trace: Send + Sync,
            Step: Send + Sync,
            Done: Send + Sync,
            Refusal: Send + Sync,
            Observation: Send + Sync,
        > + Send
        + Sync
        + 'static
{
}

impl<M: Held> Clone for SessionOf<M> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<M: Held> Copy for SessionOf<M> {}

impl<M: Held> SessionOf<M> {
    /// Whether the session may be changed: not in a read-only embed, and never in a live step's
    /// build (`crate::LIVE`, a constant, so that what changes a session is not in its module).
    pub fn writable(&self) -> bool {
        !crate::LIVE && !self.readonly
    }

    /// A session around `timeline`, paused, inside an embed's step `range`.
    pub fn new(
        timeline: TimelineOf<M>,
        range: Option<(usize, usize)>,
        dialogs: Dialogs,
        readonly: bool,
    ) -> Self {
        SessionOf {
            timeline: RwSignal::new(timeline),
            transport: Transport::new(range),
            forked: RwSignal::new(None),
            scenario: RwSignal::new(None),
            teaching: Teaching::new(),
            dialogs,
            readonly,
        }
    }

    /// Says `notice` (or clears it).
    pub fn say(self, notice: Option<Notice>) {
        self.dialogs.notice.set(notice);
    }

    /// Changes the timeline by `act` at the cursor, dropping any later steps. A refusal
    /// is said (with the view's word for it, in `Notice::Rejected`) and changes nothing; when an
    /// accepted act dropped later steps, Undo can bring them back.
    pub fn act_with<R>(
        self,
        act: impl FnOnce(&mut TimelineOf<M>) -> Result<R, String>,
    ) -> Option<R> {
        // Acting before the end drops the later steps: kept, so that Undo can bring them back.
        let before = self.timeline.with_untracked(|t| {
            let later = t.len() - t.cursor().min(t.len());
            (later > 0).then(|| Forked {
                before: t.clone(),
                at: t.cursor(),
                dropped: later,
            })
        });
        let mut outcome = None;
        self.timeline.update(|t| outcome = Some(act(t)));
        match outcome {
            Some(Ok(done)) => {
                self.forked.set(before);
                self.say(None);
                Some(done)
            }
            Some(Err(reason)) => {
                self.say(Some(Notice::Rejected(reason)));
                None
            }
            None => None,
        }
    }

    /// Undoes the last action that dropped later steps: the session as it was, at the step acted
    /// at. `prepare` sees the timeline before the page does (what the page shows of it is set
    /// first, so that no frame pairs the old with the new).
    pub fn undo_fork(self, prepare: impl FnOnce(&TimelineOf<M>)) {
        let Some(forked) = self.forked.get_untracked() else {
            return;
        };
        let mut timeline = forked.before;
        timeline.seek(forked.at);
        prepare(&timeline);
        self.transport.pause();
        self.timeline.set(timeline);
        self.forked.set(None);
        self.say(None);
    }

    /// The step acted at and how many later steps were dropped, while Undo can bring them back.
    pub fn fork_shown(self) -> Option<(usize, usize)> {
        self.forked.with(|f| f.as_ref().map(|f| (f.at, f.dropped)))
    }

    /// Replaces the session by `timeline` (a scenario, a load, a link): no fork to undo, no
    /// notice, paused.
    pub fn replace(self, timeline: TimelineOf<M>, title: Option<String>) {
        self.forked.set(None);
        self.transport.pause();
        self.timeline.set(timeline);
        self.scenario.set(title);
        self.say(None);
    }

    /// The session's trace changed by `change` (which says whether it changed anything), replayed
    /// back at the same step and paused (`prepare` sees it first, as in [`SessionOf::undo_fork`]);
    /// the replayed timeline's length and refused steps, when it changed.
    pub fn replay(
        self,
        change: impl FnOnce(&mut M::Trace) -> bool,
        prepare: impl FnOnce(&TimelineOf<M>),
    ) -> Option<(usize, usize)> {
        let (mut trace, cursor) = self
            .timeline
            .with_untracked(|t| (t.trace().clone(), t.cursor()));
        if !change(&mut trace) {
            return None;
        }
        let mut timeline = TimelineOf::from_trace(trace);
        timeline.seek(cursor);
        let refused = timeline.results().iter().filter(|r| r.is_err()).count();
        let steps = timeline.len();
        prepare(&timeline);
        self.transport.pause();
        self.timeline.set(timeline);
        Some((steps, refused))
    }

    /// (steps applied, length) without tracking.
    pub fn position(self) -> (usize, usize) {
        self.timeline.with_untracked(|t| (t.cursor(), t.len()))
    }

    /// Saves the session (`save`) a little after each change `changed` reads, never on the first
    /// run; says once, naming `what` ("Your session"), if the browser will not keep it.
    pub fn autosave(
        self,
        what: &'static str,
        save: impl Fn() -> Result<(), String> + Copy + 'static,
        changed: impl Fn() + 'static,
    ) {
        let warned = StoredValue::new(false);
        let schedule = debounced(move || {
            if let Err(reason) = save() {
                if !warned.get_value() {
                    warned.set_value(true);
                    let message =
                        format!("{what} is not being saved: {reason}. Export it to keep it.");
                    self.say(Some(Notice::Error(message)));
                }
            }
        });
        Effect::new(move |previous: Option<()>| {
            changed();
            if previous.is_some() {
                schedule();
            }
        });
    }
}

/// Quiet time before a change is saved.
const SAVE_DELAY_MS: u32 = 400;

/// Runs `save` a little after the last call of the returned scheduler, and at once if the page is
/// left with a save pending: a view tab is a link to another page, and nothing done just before
/// following it may be lost.
fn debounced<F: Fn() + Copy + 'static>(save: F) -> impl Fn() + Copy + 'static {
    let timer = StoredValue::new_local(None::<Timeout>);
    let pending = StoredValue::new(false);
    let flush = window_event_listener(leptos::ev::pagehide, move |_| {
        if pending.get_value() {
            pending.set_value(false);
            timer.set_value(None);
            save();
        }
    });
    on_cleanup(move || flush.remove());
    move || {
        pending.set_value(true);
        timer.set_value(Some(Timeout::new(SAVE_DELAY_MS, move || {
            pending.set_value(false);
            save();
        })));
    }
}
