//! Every action's keyboard shortcut, in one table: the key handler and the help dialog both read
//! it, so they cannot drift apart.

use crate::session::context::Session;
use crate::session::playback::Playback;
use kip848_core::screen::hint::{next, Next};
use kip848_core::{Cursor, Input, Outcome};
use leptos::prelude::*;

/// An action of the page reachable from the keyboard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    SendDraft,
    DefaultAnswer,
    NewAssignment,
    NoAnswer,
    Subscribe,
    Close,
    CompleteOk,
    CompleteFailed,
    AdvanceToDeadline,
    PlayPause,
    StepEffectForward,
    StepEffectBack,
    StepInputForward,
    StepInputBack,
    ToStart,
    ToEnd,
    Slower,
    Faster,
    Guided,
    Help,
    Poll,
    Welcome,
    Glossary,
}

/// (key, shift, action, what it does). Keys are `KeyboardEvent.key` values.
pub const SHORTCUTS: [(&str, bool, Action, &str); 23] = [
    ("Enter", true, Action::SendDraft, "Send the drafted answer"),
    (
        "a",
        false,
        Action::DefaultAnswer,
        "Routine answer: same epoch, nothing new",
    ),
    (
        "e",
        false,
        Action::NewAssignment,
        "Answer with a new assignment at the next epoch",
    ),
    (
        "n",
        false,
        Action::NoAnswer,
        "No answer (the heartbeat times out)",
    ),
    ("s", false, Action::Subscribe, "Application: subscribe"),
    ("c", false, Action::Close, "Application: close"),
    (
        "o",
        false,
        Action::CompleteOk,
        "Complete the oldest commit or callback",
    ),
    (
        "f",
        false,
        Action::CompleteFailed,
        "Fail the oldest commit or callback",
    ),
    (
        "t",
        false,
        Action::AdvanceToDeadline,
        "Advance time to the next deadline",
    ),
    (" ", false, Action::PlayPause, "Play or pause"),
    (
        "ArrowRight",
        false,
        Action::StepEffectForward,
        "One effect forward",
    ),
    (
        "ArrowLeft",
        false,
        Action::StepEffectBack,
        "One effect back",
    ),
    (
        "ArrowRight",
        true,
        Action::StepInputForward,
        "One step (input) forward",
    ),
    (
        "ArrowLeft",
        true,
        Action::StepInputBack,
        "One step (input) back",
    ),
    ("Home", false, Action::ToStart, "Go to the start"),
    ("End", false, Action::ToEnd, "Go to the end"),
    ("-", false, Action::Slower, "Slower"),
    ("+", false, Action::Faster, "Faster"),
    ("g", false, Action::Guided, "Guided mode on or off"),
    ("?", false, Action::Help, "Show these shortcuts"),
    (
        "p",
        false,
        Action::Poll,
        "Application polls (Java client, librdkafka)",
    ),
    (
        "w",
        false,
        Action::Welcome,
        "Answer the join heartbeat with a first assignment",
    ),
    ("l", false, Action::Glossary, "Open the glossary"),
];

/// How a key is shown in the help dialog.
pub fn key_label(key: &str, shift: bool) -> String {
    let name = match key {
        " " => "Space",
        "ArrowRight" => "→",
        "ArrowLeft" => "←",
        other => other,
    };
    if shift {
        format!("Shift+{name}")
    } else {
        name.to_owned()
    }
}

/// The shortcut of `action`, for `aria-keyshortcuts` and button titles.
pub fn shortcut_of(action: Action) -> String {
    SHORTCUTS
        .iter()
        .find(|(_, _, a, _)| *a == action)
        .map_or(String::new(), |(key, shift, _, _)| key_label(key, *shift))
}

/// The action bound to a key press, if any.
pub fn action_for(key: &str, shift: bool) -> Option<Action> {
    let key = if key.len() == 1 {
        key.to_ascii_lowercase()
    } else {
        key.to_owned()
    };
    SHORTCUTS
        .iter()
        .find(|(k, s, _, _)| *k == key && (*s == shift || matches!(key.as_str(), "?" | "+" | "-")))
        .map(|(_, _, action, _)| *action)
}

/// Whether `action` changes the session (refused in a read-only embed).
pub fn writes(action: Action) -> bool {
    matches!(
        action,
        Action::SendDraft
            | Action::DefaultAnswer
            | Action::NewAssignment
            | Action::Welcome
            | Action::NoAnswer
            | Action::Subscribe
            | Action::Close
            | Action::CompleteOk
            | Action::CompleteFailed
            | Action::AdvanceToDeadline
            | Action::Poll
    )
}

/// Carries out `action` on `session`.
pub fn run(session: Session, action: Action) {
    if writes(action) {
        // Refused in a read-only embed; never linked into a live step's build (`crate::LIVE`).
        if !crate::LIVE && session.writable() {
            write(session, action);
        }
        return;
    }
    match action {
        Action::PlayPause => toggle_play(session),
        Action::StepEffectForward => session.step_effect_forward(),
        Action::StepEffectBack => session.step_effect_back(),
        Action::StepInputForward => session.step_input_forward(),
        Action::StepInputBack => session.step_input_back(),
        Action::ToStart => session.seek(0),
        Action::ToEnd => session.seek(usize::MAX),
        Action::Slower => session.transport.speed.update(|s| *s = (*s - 1).max(-2)),
        Action::Faster => session
            .transport
            .speed
            .update(|s| *s = (*s + 1).min(crate::session::playback::MAX_SPEED)),
        Action::Guided => session.transport.guided.update(|g| *g = !*g),
        Action::Help => session.dialogs.help_open.update(|h| *h = !*h),
        Action::Glossary if !crate::LIVE => session.dialogs.glossary_open.update(|g| *g = !*g),
        _ => {}
    }
}

/// Carries out an `action` that [`writes`].
fn write(session: Session, action: Action) {
    match action {
        Action::SendDraft => session.send_draft(),
        Action::DefaultAnswer => {
            session.reset_draft();
            session.send_draft();
        }
        Action::NewAssignment => {
            let answer = session.timeline.with_untracked(|t| {
                kip848_core::screen::composer::new_assignment_answer(t.member())
            });
            session.act(session.next_at(), Input::HeartbeatResponse(answer));
        }
        Action::NoAnswer => session.act(session.next_at(), Input::HeartbeatFailed),
        Action::Subscribe => crate::session::actions::subscribe(session),
        Action::Close => session.act(session.next_at(), Input::Close),
        Action::CompleteOk => session.act(
            session.next_at(),
            Input::Completed {
                outcome: Outcome::Ok,
            },
        ),
        Action::CompleteFailed => session.act(
            session.next_at(),
            Input::Completed {
                outcome: Outcome::Failed,
            },
        ),
        Action::AdvanceToDeadline => crate::session::actions::advance_to_deadline(session),
        Action::Poll => session.act(session.next_at(), Input::Poll),
        Action::Welcome => {
            let hint = session.timeline.with_untracked(|t| next(t.member()));
            match hint.next {
                Next::Welcome(answer) => {
                    session.act(session.next_at(), Input::HeartbeatResponse(answer))
                }
                _ => session
                    .dialogs
                    .notice
                    .set(Some(crate::session::context::Notice::Info(
                        "Nothing to welcome: w answers a join heartbeat in flight.".to_owned(),
                    ))),
            }
        }
        _ => {}
    }
}

/// Play from the cursor (from the start if at the end), or pause where it is.
pub fn toggle_play(session: Session) {
    if session.transport.playback.get_untracked() != Playback::Paused {
        session.transport.pause();
        return;
    }
    let (_, len, _) = session.position();
    let at_end = session
        .timeline
        .with_untracked(|t| session.cursor() >= Cursor::end_of(t, session.clamp(len)));
    if at_end && len > 0 {
        session.seek(session.clamp(0));
    }
    session.transport.playback.set(Playback::Play);
}
