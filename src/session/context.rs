//! The one source of truth: the session's `Timeline` in a context signal, plus what the screen
//! adds to it (how much of the current step is shown, playback, the drafted answer). What the
//! panels draw is the core's [`Frame`] for the cursor, nothing else.
//!
//! Over 300 lines: the one Session and its actions: every panel's way into the timeline in one place.

pub use crate::session::of::{Forked, SessionOf, Teaching};
use crate::session::playback::{Playback, MAX_SPEED};
use crate::shell::embed::Embed;
use kip848_core::screen::composer::{default_draft, Draft};
use kip848_core::session::link::Shared;
use kip848_core::session::trace::Trace;
use kip848_core::{AnyMember, Config, Cursor, Frame, Input, Millis, Timeline};
use leptos::prelude::*;

/// Virtual time between two clicks: each answer or application action happens this much after
/// the previous step, so the log and the sequence diagram keep them apart.
pub const CLICK_GAP_MS: u64 = 10;

/// A message under the console: why an input was refused, or what a load did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    Rejected(String),
    Info(String),
    Error(String),
}

impl Notice {
    /// Its kind (the class it is drawn with) and its words, as the member view shows them.
    pub fn shown(&self) -> (&'static str, String) {
        self.shown_as("Rejected")
    }

    /// [`Notice::shown`] with a view's own word for a refused input (the group view "refuses" an
    /// action; the member "rejects" an input).
    pub fn shown_as(&self, refused: &str) -> (&'static str, String) {
        match self {
            Notice::Rejected(r) => ("rejected", format!("{refused}: {r}")),
            Notice::Info(i) => ("info", i.clone()),
            Notice::Error(e) => ("error", e.clone()),
        }
    }
}

/// The member session: the session every view has ([`SessionOf`]: the timeline, its transport,
/// the fork, the learner's modes, the notices) and what only the member view adds to it. `Copy`
/// handles, provided once by the page; each part is also provided on its own, so a panel that
/// only draws the frame takes the frame, not this.
#[derive(Clone, Copy)]
pub struct Session {
    /// What the member's and the group's sessions share, written once.
    pub of: SessionOf<AnyMember>,
    /// How many effects of the current step (the timeline's cursor) are shown: always a
    /// normal position (`Cursor::normal`).
    pub shown: RwSignal<usize>,
    pub draft: RwSignal<Draft>,
    /// Everything the screen shows at the cursor.
    pub frame: Memo<Frame>,
    /// Embed options from the URL (all off on a normal visit).
    pub embed: StoredValue<Embed>,
    pub imports: Imports,
}

/// A member session is the shared session with the member's parts beside it: its fields read as
/// the shared session's (`session.timeline`), its own methods come first.
impl std::ops::Deref for Session {
    type Target = SessionOf<AnyMember>;
    fn deref(&self) -> &SessionOf<AnyMember> {
        &self.of
    }
}

/// What the page says and the dialogs it opens: the shell's, one for the page whatever its view.
#[derive(Clone, Copy)]
pub struct Dialogs {
    /// A message under the console: why an input was refused, or what a load did.
    pub notice: RwSignal<Option<Notice>>,
    pub help_open: RwSignal<bool>,
    pub glossary_open: RwSignal<bool>,
    /// The "What is KIP-848" panel.
    pub about_open: RwSignal<bool>,
}

impl Dialogs {
    /// Whether a modal dialog (the shortcuts, the glossary) is open: the page's keys then wait,
    /// but for the dialog's own toggle (`?`, `l`) and Escape.
    pub fn modal_key(self, key: &str) -> bool {
        let open = self.help_open.get_untracked() || self.glossary_open.get_untracked();
        open && !matches!(key, "?" | "l" | "Escape")
    }
}

/// Provides the page's dialogs (the shell does, once), or the ones already provided.
pub fn provide_dialogs() -> Dialogs {
    if let Some(dialogs) = use_context::<Dialogs>() {
        return dialogs;
    }
    let dialogs = Dialogs {
        notice: RwSignal::new(None),
        help_open: RwSignal::new(false),
        glossary_open: RwSignal::new(false),
        about_open: RwSignal::new(false),
    };
    provide_context(dialogs);
    dialogs
}

/// The member's timeline and its cursor, to read: for a panel that draws the session and changes
/// nothing (the log, the sequence diagram). Its one move, [`Watched::seek`], is the session's.
#[derive(Clone, Copy)]
pub struct Watched {
    pub timeline: ReadSignal<Timeline>,
    /// How many effects of the cursor's step are shown.
    pub shown: ReadSignal<usize>,
    seek: Callback<usize>,
}

impl Watched {
    /// Moves to the end of step `step`, as the session's seek does.
    pub fn seek(self, step: usize) {
        self.seek.run(step);
    }
}

/// The timeline to read ([`provide_session`] provides it).
pub fn use_watched() -> Watched {
    expect_context::<Watched>()
}

/// Where the session came from ([`provide_session`] provides it).
pub fn use_imports() -> Imports {
    expect_context::<Imports>()
}

/// Where the session came from when it was imported from a consumer's log.
#[derive(Clone, Copy)]
pub struct Imports {
    /// Where the session's steps came from.
    pub imported: RwSignal<Option<crate::log_import::imported::ImportedLog>>,
    /// Every consumer and the coordinator of the last log imported, on one clock (import page).
    /// Not part of the session: loading another session keeps it, a new log replaces it.
    pub log_group: RwSignal<Option<std::sync::Arc<crate::log_import::imported::LogGroup>>>,
}

/// Provides a session around `timeline` to every component below.
pub fn provide_session(timeline: Timeline) -> Session {
    provide_session_with(timeline, Embed::default())
}

/// [`provide_session`] with embed options.
pub fn provide_session_with(timeline: Timeline, embed: Embed) -> Session {
    let draft = default_draft(timeline.member());
    let shown = RwSignal::new(timeline.effect_count(timeline.cursor()));
    let timeline = RwSignal::new(timeline);
    let frame = Memo::new(move |_| {
        let shown = shown.get();
        timeline.with(|t| {
            t.frame(Cursor {
                step: t.cursor(),
                shown,
            })
        })
    });
    let of = SessionOf {
        timeline,
        ..SessionOf::new(
            Timeline::default(),
            embed.range,
            provide_dialogs(),
            embed.readonly,
        )
    };
    let session = Session {
        of,
        shown,
        draft: RwSignal::new(draft),
        frame,
        embed: StoredValue::new(embed),
        imports: Imports {
            imported: RwSignal::new(None),
            log_group: RwSignal::new(None),
        },
    };
    provide_context(session);
    provide_context(Watched {
        timeline: session.timeline.read_only(),
        shown: session.shown.read_only(),
        seek: Callback::new(move |step| session.seek(step)),
    });
    provide_context(session.frame);
    provide_context(session.transport);
    provide_context(session.teaching);
    provide_context(session.imports);
    session
}

/// The session provided by [`provide_session`].
pub fn use_session() -> Session {
    expect_context::<Session>()
}

/// The frame for the cursor ([`provide_session`] provides it): for a panel that only draws it.
pub fn use_frame() -> Memo<Frame> {
    expect_context::<Memo<Frame>>()
}

/// The page's notices and dialogs (the shell's, [`provide_dialogs`]): for a panel that needs no
/// more than these.
pub fn use_dialogs() -> Dialogs {
    expect_context::<Dialogs>()
}

impl Session {
    /// The time an action taken now happens at.
    pub fn next_at(&self) -> Millis {
        self.timeline.with_untracked(|t| t.now().plus(CLICK_GAP_MS))
    }

    /// Applies `input` at `at` at the cursor (dropping any later steps); a refusal is shown and
    /// changes nothing. The new step's first effect is shown at once and the rest one by one
    /// (all at once at the fastest speed); pausing stops the reveal where it is.
    pub fn act(&self, at: Millis, input: Input) {
        let Some(effects) = self
            .of
            .act_with(|t| t.act(at, input).map_err(|r| r.to_string()))
        else {
            return;
        };
        let count = effects.len();
        if self.animates() && count > 1 {
            self.shown.set(1);
            self.transport.playback.set(Playback::Step);
        } else {
            self.shown.set(count);
            self.transport.pause();
        }
        self.reset_draft();
    }

    /// Undoes the last action that dropped later steps: the session as it was, where it was.
    pub fn undo_fork(&self) {
        let mut undone = false;
        self.of.undo_fork(|t| {
            self.shown.set(t.effect_count(t.cursor()));
            undone = true;
        });
        if undone {
            self.reset_draft();
        }
    }

    /// Sends the drafted answer.
    pub fn send_draft(&self) {
        let input = self.draft.with_untracked(Draft::to_input);
        self.act(self.next_at(), input);
    }

    /// Whether effects are revealed one at a time (not at the fastest speed).
    pub fn animates(&self) -> bool {
        self.transport.animates()
    }

    /// The drafted answer goes back to "bump epoch, keep assignment" for the member at the cursor.
    pub fn reset_draft(&self) {
        let draft = self.timeline.with_untracked(|t| default_draft(t.member()));
        self.draft.set(draft);
    }

    /// `cursor` inside the embed's step range, if any.
    pub fn clamp(&self, cursor: usize) -> usize {
        self.transport.clamp(cursor)
    }

    /// Replaces the session by `trace` (a scenario or an import), at its start (or its end).
    pub fn load(&self, trace: Trace, at_start: bool) {
        let title = trace.title.clone();
        let mut timeline = Timeline::from_trace(trace);
        if at_start {
            timeline.seek(0);
        }
        // What is shown of the step first, so that no frame pairs it with the old timeline.
        self.shown.set(timeline.effect_count(timeline.cursor()));
        self.of.replace(timeline, title);
        self.imports.imported.set(None);
        self.reset_draft();
    }

    /// Opens a shared session (a link): its trace at its step, with its view options.
    pub fn open_shared(&self, shared: Shared) {
        self.load(shared.trace, true);
        self.transport
            .speed
            .set(shared.view.speed.clamp(-2, MAX_SPEED));
        self.transport.guided.set(shared.view.guided);
        self.scenario.set(shared.view.scenario);
        self.teaching.lesson.set(shared.view.lesson);
        if shared.view.quiz {
            self.teaching.quiz.set(Some(Default::default()));
        }
        self.seek(shared.step);
    }

    /// Replays the same inputs on `model`, keeping the position.
    pub fn set_model(&self, model: kip848_core::Model) {
        let words = model.descriptor().a_member_of_it;
        self.replay_changed(
            |trace| {
                let changed = trace.model != model;
                trace.model = model;
                changed
            },
            format!("The same inputs now run on {words}."),
        );
    }

    /// Replays the same inputs on the Java client model of another Kafka release, at the same
    /// step (what differs between releases is listed beside the choice).
    pub fn set_kafka_version(&self, release: kip848_core::ClientVersion) {
        self.replay_changed(
            |trace| {
                let changed = trace.config.kafka_version() != release;
                trace.config.kafka_version = Some(release);
                changed
            },
            format!(
                "The same inputs now run on the Java client of Kafka {}.",
                release.as_str()
            ),
        );
    }

    /// The session's trace changed by `change` (which says whether it changed anything), replayed
    /// at the same step, with `notice` said.
    fn replay_changed(&self, change: impl FnOnce(&mut Trace) -> bool, notice: String) {
        let replayed = self
            .of
            .replay(change, |t| self.shown.set(t.effect_count(t.cursor())));
        if replayed.is_none() {
            return;
        }
        self.reset_draft();
        self.say(Some(Notice::Info(notice)));
    }

    /// Starts over with `config`: a configuration is fixed for a session.
    pub fn restart(&self, config: Config) {
        let model = self.timeline.with_untracked(|t| t.model());
        self.load(
            Trace {
                config,
                model,
                ..Trace::default()
            },
            true,
        );
        self.scenario.set(None);
        self.dialogs.notice.set(Some(Notice::Info(
            "Configuration changed: the session restarted".to_owned(),
        )));
    }
}
