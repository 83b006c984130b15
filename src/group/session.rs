//! The group session: `Copy` handles on the group timeline and what the screen adds to it.
//!

use crate::session::context::{provide_dialogs, Notice, SessionOf};
use crate::session::playback::Playback;
use kip848_core::group::{
    GroupConfig, GroupFrame, GroupInput, GroupSim, GroupTimeline, GroupTrace,
};
use kip848_core::screen::words::counted;
use kip848_core::session::link::SharedGroup;
use kip848_core::Model;
use leptos::prelude::*;

/// Time the "next event" button lets pass at most when nothing is due sooner.
pub const IDLE_STEP_MS: u64 = 1_000;

/// The group session: the session every view has ([`SessionOf`]: the timeline, its transport,
/// the fork, the learner's modes, the notices) and what only the group view adds to it.
#[derive(Clone, Copy)]
pub struct GroupSession {
    /// What the member's and the group's sessions share, written once.
    pub of: SessionOf<GroupSim>,
    /// Everything the group view shows at the cursor.
    pub frame: Memo<GroupFrame>,
    /// The session's handover questions (computed only while the quiz is on).
    pub questions: Memo<Vec<kip848_core::teaching::quiz::Question>>,
}

/// A group session is the shared session with the group's parts beside it: its fields read as the
/// shared session's (`group.timeline`), its own methods come first.
impl std::ops::Deref for GroupSession {
    type Target = SessionOf<GroupSim>;
    fn deref(&self) -> &SessionOf<GroupSim> {
        &self.of
    }
}

/// The narrated steps of a group session.
fn noted(t: &GroupTimeline) -> Vec<usize> {
    kip848_core::teaching::lesson::noted_steps(t.len(), |i| t.steps()[i].note.is_some())
}

/// Provides a group session to every component below.
pub fn provide_group_session(timeline: GroupTimeline, readonly: bool) -> GroupSession {
    let of = SessionOf::new(timeline, None, provide_dialogs(), readonly);
    let (timeline, quiz) = (of.timeline, of.teaching.quiz);
    // Whether the quiz is on: the questions are computed again only when this changes.
    let quizzing = Memo::new(move |_| quiz.with(Option::is_some));
    let session = GroupSession {
        of,
        frame: Memo::new(move |_| timeline.with(GroupTimeline::current_frame)),
        questions: Memo::new(move |_| {
            if !quizzing.get() {
                return Vec::new();
            }
            timeline.with(kip848_core::group::quiz::group_questions)
        }),
    };
    provide_context(session);
    provide_context(GroupWatched {
        timeline: session.timeline.read_only(),
        frame: session.frame,
    });
    provide_context(session.transport);
    provide_context(session.teaching);
    session
}

/// The group's timeline and the frame of its cursor, to read: for a chart that draws the group
/// and changes nothing.
#[derive(Clone, Copy)]
pub struct GroupWatched {
    pub timeline: ReadSignal<GroupTimeline>,
    pub frame: Memo<GroupFrame>,
}

/// The group to read ([`provide_group_session`] provides it).
pub fn use_group_watched() -> GroupWatched {
    use_context::<GroupWatched>().unwrap_or_else(|| {
        let session = use_group_session();
        GroupWatched {
            timeline: session.timeline.read_only(),
            frame: session.frame,
        }
    })
}

/// The session provided by [`provide_group_session`].
pub fn use_group_session() -> GroupSession {
    use_context::<GroupSession>()
        .unwrap_or_else(|| provide_group_session(Default::default(), false))
}

impl GroupSession {
    /// Applies `input` now; a refusal becomes the notice and changes nothing.
    pub fn act(self, input: GroupInput) {
        let at = self.timeline.with_untracked(|t| t.group_now());
        self.act_at(at, input);
    }

    /// Changes the group by `act` (unless read-only), paused; a refusal becomes the notice.
    fn acted(self, act: impl FnOnce(&mut GroupTimeline) -> Result<(), String>) {
        if self.readonly {
            return;
        }
        self.transport.pause();
        self.of.act_with(act);
    }

    fn act_at(self, at: kip848_core::Millis, input: GroupInput) {
        self.acted(|t| t.act(at, input, None));
    }

    /// Undoes the last action that dropped later steps.
    pub fn undo_fork(self) {
        self.of.undo_fork(|_| {});
    }

    /// The lesson at the cursor.
    pub fn lesson_position(self) -> kip848_core::teaching::lesson::Lesson {
        self.timeline
            .with(|t| kip848_core::teaching::lesson::lesson_at(&noted(t), t.cursor()))
    }

    /// Plays on (guided) to the end of the next narrated step.
    pub fn lesson_continue(self) {
        self.transport.guided.set(true);
        self.transport.playback.set(Playback::Play);
    }

    /// Back to the previous note's step (or the start).
    pub fn lesson_back(self) {
        self.transport.pause();
        let step = self
            .timeline
            .with_untracked(|t| kip848_core::teaching::lesson::back_from(&noted(t), t.cursor()));
        self.seek(step);
    }

    /// Lets `ms` pass.
    pub fn wait(self, ms: u64) {
        let at = self.timeline.with_untracked(|t| t.group_now().plus(ms));
        self.act_at(at, GroupInput::Tick);
    }

    /// Lets time pass to the next message, timer or timeout.
    pub fn next_event(self) {
        self.acted(|t| t.next_event(IDLE_STEP_MS));
    }

    /// Moves the cursor to `cursor` (clamped). In a quiz, a forward move stops at a step whose
    /// question is not answered yet, and asks it.
    pub fn seek(self, cursor: usize) {
        let cursor = self.transport.clamp(cursor);
        let here = self.timeline.with_untracked(|t| t.cursor());
        let stop = (cursor > here)
            .then(|| {
                let done = self
                    .teaching
                    .quiz
                    .with_untracked(|q| q.as_ref().map(|q| q.done.clone()))?;
                self.questions.with_untracked(|qs| {
                    qs.iter()
                        .map(|q| q.step)
                        .find(|s| *s >= here && *s < cursor && !done.contains(s))
                })
            })
            .flatten();
        let cursor = match stop {
            Some(step) => {
                self.transport.pause();
                self.teaching.ask(step);
                step
            }
            None => cursor,
        };
        self.timeline.update(|t| t.seek(cursor));
    }

    /// The question on screen, if one is asked.
    pub fn asked(self) -> Option<(usize, Vec<kip848_core::teaching::quiz::Question>)> {
        let step = self
            .teaching
            .quiz
            .with(|q| q.as_ref().and_then(|q| q.asking))?;
        let questions = self
            .questions
            .with(|qs| qs.iter().filter(|q| q.step == step).cloned().collect());
        Some((step, questions))
    }

    /// Checks `choice` for the question on screen.
    pub fn check(self, choice: usize) {
        if let Some((_, asked)) = self.asked() {
            self.teaching.check(&asked, choice, |q| q.answer);
        }
    }

    /// After the feedback: the question is done; the group goes on from there.
    pub fn after_feedback(self) {
        self.teaching.quiz.update(|q| {
            if let Some(q) = q {
                if let Some(step) = q.asking.take() {
                    q.done.insert(step);
                }
            }
        });
    }

    /// Replaces the session by `trace`, at its start.
    pub fn load(self, trace: GroupTrace) {
        let title = trace.title.clone();
        let mut timeline = GroupTimeline::from_trace(trace);
        timeline.seek(0);
        self.of.replace(timeline, title);
    }

    /// Opens a group session from a link, at its step.
    pub fn open_shared(self, shared: SharedGroup) {
        self.load(shared.trace);
        self.seek(shared.step);
    }

    /// Replays this session's steps on a group with `config`, back at the same step: the same
    /// story with other timings. Refused (the session kept) if `config` is out of bounds.
    pub fn reconfigure(self, config: GroupConfig) {
        if self.readonly {
            return;
        }
        if let Err(e) = config.check() {
            let message = format!("These settings cannot be used: {e}. The group is unchanged.");
            self.say(Some(Notice::Error(message)));
            return;
        }
        self.replay_with(config, "the new settings");
    }

    /// Replays this session's steps with every member that names no model of its own running
    /// `model`, back at the same step: the same schedule on other clients. A read-only page may
    /// do it too (an address's `model=`): it changes what is shown, not what was done.
    pub fn set_model(self, model: Model) {
        let mut config = self.timeline.with_untracked(|t| t.trace().config.clone());
        if config.model == model {
            return;
        }
        config.model = model;
        self.replay_with(config, &format!("{} members", model.title()));
    }

    fn replay_with(self, config: GroupConfig, with: &str) {
        let replayed = self.of.replay(
            |trace| {
                trace.config = config;
                true
            },
            |_| {},
        );
        let Some((steps, refused)) = replayed else {
            return;
        };
        let message = match refused {
            0 => format!("Replayed {} with {with}.", counted(steps, "step")),
            n => format!(
                "Replayed {} with {with}; {n} of them are now refused (see the steps).",
                counted(steps, "step")
            ),
        };
        self.say(Some(Notice::Info(message)));
    }

    /// A new, empty group with the same configuration.
    pub fn restart(self) {
        let config = self.timeline.with_untracked(|t| t.trace().config.clone());
        self.of.replace(GroupTimeline::new(config), None);
    }
}
