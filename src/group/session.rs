//! The group session: `Copy` handles on the group timeline and what the screen adds to it.
//!
//! Over 300 lines: the group session's handles and actions, the same shape as the member's Session.

use crate::session::context::Notice;
use crate::session::playback::{Playback, Transport};
use kip848_core::group::{GroupConfig, GroupFrame, GroupInput, GroupTimeline, GroupTrace};
use kip848_core::screen::words::counted;
use kip848_core::session::link::SharedGroup;
use kip848_core::Model;
use leptos::prelude::*;

/// Time the "next event" button lets pass at most when nothing is due sooner.
pub const IDLE_STEP_MS: u64 = 1_000;

#[derive(Clone, Copy)]
pub struct GroupSession {
    pub timeline: RwSignal<GroupTimeline>,
    /// Everything the group view shows at the cursor.
    pub frame: Memo<GroupFrame>,
    /// Whether and how it plays, and an embed's step range.
    pub transport: Transport,
    /// Lesson mode: → and Space continue to the next note, ← goes back to the previous one.
    pub lesson: RwSignal<bool>,
    /// Predict, then reveal: the learner's progress, when the quiz is on.
    pub quiz: RwSignal<Option<crate::teaching::quiz::QuizState>>,
    /// The session's handover questions (computed only while the quiz is on).
    pub questions: Memo<Vec<kip848_core::teaching::quiz::Question>>,
    pub notice: RwSignal<Option<Notice>>,
    /// The title of the scenario loaded, if any.
    pub scenario: RwSignal<Option<String>>,
    /// Read-only embeds cannot act.
    pub readonly: bool,
    /// The session before the last action that dropped later steps, the step acted at and how
    /// many were dropped: what Undo brings back.
    pub forked: RwSignal<Option<(GroupTimeline, usize, usize)>>,
}

/// The narrated steps of a group session.
fn noted(t: &GroupTimeline) -> Vec<usize> {
    kip848_core::teaching::lesson::noted_steps(t.len(), |i| t.steps()[i].note.is_some())
}

/// Provides a group session to every component below.
pub fn provide_group_session(timeline: GroupTimeline, readonly: bool) -> GroupSession {
    let timeline = RwSignal::new(timeline);
    let quiz = RwSignal::new(None);
    // Whether the quiz is on: the questions are computed again only when this changes.
    let quizzing = Memo::new(move |_| quiz.with(Option::is_some));
    let session = GroupSession {
        timeline,
        frame: Memo::new(move |_| timeline.with(GroupTimeline::current_frame)),
        transport: Transport::new(None),
        lesson: RwSignal::new(false),
        quiz,
        questions: Memo::new(move |_| {
            if !quizzing.get() {
                return Vec::new();
            }
            timeline.with(kip848_core::group::quiz::group_questions)
        }),
        notice: RwSignal::new(None),
        scenario: RwSignal::new(None),
        readonly,
        forked: RwSignal::new(None),
    };
    provide_context(session);
    session
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

    fn act_at(self, at: kip848_core::Millis, input: GroupInput) {
        if self.readonly {
            return;
        }
        self.transport.pause();
        let before = self.before_fork();
        let mut result = Ok(());
        self.timeline.update(|t| result = t.act(at, input, None));
        self.after_fork(before, result.is_ok());
        self.notice.set(result.err().map(Notice::Rejected));
    }

    /// The session, when acting now drops later steps.
    fn before_fork(self) -> Option<(GroupTimeline, usize, usize)> {
        self.timeline.with_untracked(|t| {
            let later = t.len() - t.cursor().min(t.len());
            (later > 0).then(|| (t.clone(), t.cursor(), later))
        })
    }

    fn after_fork(self, before: Option<(GroupTimeline, usize, usize)>, acted: bool) {
        if acted {
            self.forked.set(before);
        }
    }

    /// Undoes the last action that dropped later steps.
    pub fn undo_fork(self) {
        if let Some((mut timeline, at, _)) = self.forked.get_untracked() {
            self.transport.pause();
            timeline.seek(at);
            self.timeline.set(timeline);
            self.forked.set(None);
            self.notice.set(None);
        }
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
        if self.readonly {
            return;
        }
        self.transport.pause();
        let before = self.before_fork();
        let mut result = Ok(());
        self.timeline
            .update(|t| result = t.next_event(IDLE_STEP_MS));
        self.after_fork(before, result.is_ok());
        self.notice.set(result.err().map(Notice::Rejected));
    }

    /// Moves the cursor to `cursor` (clamped). In a quiz, a forward move stops at a step whose
    /// question is not answered yet, and asks it.
    pub fn seek(self, cursor: usize) {
        let cursor = self.transport.clamp(cursor);
        let here = self.timeline.with_untracked(|t| t.cursor());
        let stop = (cursor > here)
            .then(|| {
                let done = self
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
                self.quiz.update(|q| {
                    if let Some(q) = q {
                        q.asking = Some(step);
                        q.question = 0;
                        q.checked = None;
                    }
                });
                step
            }
            None => cursor,
        };
        self.timeline.update(|t| t.seek(cursor));
    }

    /// The question on screen, if one is asked.
    pub fn asked(self) -> Option<(usize, Vec<kip848_core::teaching::quiz::Question>)> {
        let step = self.quiz.with(|q| q.as_ref().and_then(|q| q.asking))?;
        let questions = self
            .questions
            .with(|qs| qs.iter().filter(|q| q.step == step).cloned().collect());
        Some((step, questions))
    }

    /// Checks `choice` for the question on screen.
    pub fn check(self, choice: usize) {
        let Some((step, asked)) = self.asked() else {
            return;
        };
        self.quiz.update(|q| {
            let Some(q) = q else { return };
            if let (None, Some(question)) = (q.checked, asked.get(q.question)) {
                q.checked = Some(choice);
                q.answers
                    .push((step, q.question, question.answer == choice));
            }
        });
    }

    /// After the feedback: the question is done; the group goes on from there.
    pub fn after_feedback(self) {
        self.quiz.update(|q| {
            if let Some(q) = q {
                if let Some(step) = q.asking.take() {
                    q.done.insert(step);
                }
            }
        });
    }

    pub fn position(self) -> (usize, usize) {
        self.timeline.with_untracked(|t| (t.cursor(), t.len()))
    }

    /// Replaces the session by `trace`, at its start.
    pub fn load(self, trace: GroupTrace) {
        self.forked.set(None);
        let title = trace.title.clone();
        let mut timeline = GroupTimeline::from_trace(trace);
        timeline.seek(0);
        self.transport.pause();
        self.timeline.set(timeline);
        self.scenario.set(title);
        self.notice.set(None);
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
            self.notice.set(Some(Notice::Error(message)));
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
        let (mut trace, cursor) = self
            .timeline
            .with_untracked(|t| (t.trace().clone(), t.cursor()));
        trace.config = config;
        let mut timeline = GroupTimeline::from_trace(trace);
        timeline.seek(cursor);
        let refused = timeline.results().iter().filter(|r| r.is_err()).count();
        let steps = timeline.len();
        self.transport.pause();
        self.timeline.set(timeline);
        let message = match refused {
            0 => format!("Replayed {} with {with}.", counted(steps, "step")),
            n => format!(
                "Replayed {} with {with}; {n} of them are now refused (see the steps).",
                counted(steps, "step")
            ),
        };
        self.notice.set(Some(Notice::Info(message)));
    }

    /// A new, empty group with the same configuration.
    pub fn restart(self) {
        self.forked.set(None);
        let config = self.timeline.with_untracked(|t| t.trace().config.clone());
        self.transport.pause();
        self.timeline.set(GroupTimeline::new(config));
        self.scenario.set(None);
        self.notice.set(None);
    }
}
