//! The sequence diagram: coordinator, member and application lanes for the same history as the
//! log, over the last steps up to the cursor.

use crate::context::use_session;
use kip848_core::screen::narration::purpose_name;
use kip848_core::screen::words::call_in;
use kip848_core::{Effect, Input, Model, Timeline};
use leptos::prelude::*;

/// Steps drawn.
const WINDOW: usize = 10;
const ROW: i32 = 22;
const LANES: [(&str, i32); 3] = [("Coordinator", 80), ("Member", 300), ("Application", 520)];

/// One arrow (or a note on a lane) of the diagram.
#[derive(Clone, PartialEq)]
struct Message {
    step: usize,
    /// The effect it draws (1-based in its step), or 0 for the input.
    effect: usize,
    from: i32,
    to: i32,
    text: String,
    class: &'static str,
}

fn lane(name: &str) -> i32 {
    LANES
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(0, |(_, x)| *x)
}

fn input_message(step: usize, input: &Input, rejected: bool) -> Message {
    let (from, text) = match input {
        Input::HeartbeatResponse(r) => (
            "Coordinator",
            format!(
                "response epoch {}{}",
                r.member_epoch,
                r.assignment
                    .as_ref()
                    .map_or(String::new(), |a| format!(", target {a}"))
            ),
        ),
        Input::HeartbeatError { code } => ("Coordinator", format!("error {code}")),
        Input::HeartbeatFailed => ("Coordinator", "✕ no answer".to_owned()),
        Input::Subscribe { .. } => ("Application", "subscribe".to_owned()),
        Input::Close => ("Application", "close".to_owned()),
        Input::Completed { outcome } => (
            "Application",
            format!("completed {outcome:?}").to_ascii_lowercase(),
        ),
        Input::Tick => ("Member", "⏱ tick".to_owned()),
        Input::Poll => ("Application", "poll".to_owned()),
        Input::PollTimerExpired => ("Application", "poll timer expired".to_owned()),
        Input::Unsubscribe => ("Application", "unsubscribe".to_owned()),
        Input::Metadata { .. } => ("Coordinator", "metadata".to_owned()),
    };
    let text = if rejected {
        format!("{text} (rejected)")
    } else {
        text
    };
    Message {
        step,
        effect: 0,
        from: lane(from),
        to: lane("Member"),
        text,
        class: if rejected { "rejected" } else { "input" },
    }
}

fn effect_message(model: Model, step: usize, index: usize, effect: &Effect) -> Option<Message> {
    let member = lane("Member");
    let (to, text, class) = match effect {
        Effect::SendHeartbeat(r) => (
            lane("Coordinator"),
            format!(
                "{} heartbeat, epoch {}",
                purpose_name(r.purpose),
                r.member_epoch
            ),
            "heartbeat",
        ),
        Effect::Transition { to, .. } => (member, format!("→ {to}"), "transition"),
        Effect::CommitOffsets { partitions } => {
            (lane("Application"), format!("commit {partitions}"), "call")
        }
        Effect::InvokeOnPartitionsRevoked { .. }
        | Effect::InvokeOnAssignment { .. }
        | Effect::InvokeOnPartitionsAssigned { .. }
        | Effect::InvokeOnPartitionsLost { .. } => {
            (lane("Application"), call_in(model, effect), "call")
        }
        Effect::ReportError { code } => (lane("Application"), format!("report {code}"), "call"),
        Effect::RemoveFromAssigned { .. }
        | Effect::AddToAssigned { .. }
        | Effect::ClearAssigned { .. } => return None,
    };
    Some(Message {
        step,
        effect: index,
        from: member,
        to,
        text,
        class,
    })
}

/// The messages of the last steps up to the cursor; in its step only the effects shown so far.
fn messages(t: &Timeline, shown: usize) -> Vec<Message> {
    let cursor = t.cursor();
    let mut out = Vec::new();
    for index in cursor.saturating_sub(WINDOW)..cursor {
        let Some(step) = t.steps().get(index) else {
            continue;
        };
        let rejected = t.results().get(index).is_some_and(Result::is_err);
        out.push(input_message(index + 1, &step.input, rejected));
        let effects = t.effects_of(index);
        let upto = if index + 1 == cursor {
            shown.min(effects.len())
        } else {
            effects.len()
        };
        out.extend(
            effects[..upto]
                .iter()
                .enumerate()
                .filter_map(|(i, e)| effect_message(t.model(), index + 1, i + 1, e)),
        );
    }
    out
}

/// One arrow or note, at its place in the window (which moves as the window slides).
fn message_view(
    m: Message,
    list: Memo<Vec<Message>>,
    cursor: Memo<usize>,
    shown: impl Fn() -> usize + Send + Sync + Copy + 'static,
) -> impl IntoView {
    let (step, effect) = (m.step, m.effect);
    let place = Memo::new(move |_| {
        list.with(|l| l.iter().position(|x| x.step == step && x.effect == effect))
            .unwrap_or(0) as i32
    });
    let y = move || 40 + ROW * place.get();
    let current = move || cursor.get() == step;
    // The effect on screen (the input, for a step without effects).
    let on = move || current() && effect == shown();
    let mid = (m.from + m.to) / 2;
    let note = m.from == m.to;
    view! {
        <g class=format!("msg {}", m.class) class:current=current class:current-effect=on
            data-testid=move || if on() { "sequence-current" } else { "sequence-message" }>
            {if note {
                view! { <text x=m.from + 8 y=move || y() + 4 class="note-text">{m.text.clone()}</text> }.into_any()
            } else {
                view! {
                    <line x1=m.from y1=y x2=m.to y2=y marker-end="url(#seq-arrow)"></line>
                    <text x=mid y=move || y() - 4 text-anchor="middle">{m.text.clone()}</text>
                }.into_any()
            }}
        </g>
    }
}

/// The sequence diagram panel.
#[component]
pub fn Sequence() -> impl IntoView {
    let session = use_session();
    let list = Memo::new(move |_| {
        let shown = session.shown.get();
        session.timeline.with(|t| messages(t, shown))
    });
    let cursor = Memo::new(move |_| session.timeline.with(|t| t.cursor()));
    let shown = move || session.shown.get();
    let height = move || 40 + ROW * (list.with(Vec::len) as i32 + 1);
    view! {
        <section class="panel sequence" aria-labelledby="sequence-title">
            <h2 id="sequence-title">"Sequence"</h2>
            // Drawn at its own width, never shrunk to a phone's (its words would be 7 px): it scrolls
            // sideways there, and takes the focus so the keyboard can scroll it too.
            <div class="sequence-frame" tabindex="0" role="region" aria-label="Sequence diagram, scrolls sideways on a narrow screen">
            <svg class="sequence-svg" viewBox=move || format!("0 0 600 {}", height()) role="img"
                aria-label="Sequence diagram of the last steps between the coordinator, the member and the application"
                data-testid="sequence">
                {LANES.iter().map(|(name, x)| view! {
                    <g class="lane">
                        <text x=*x y="16" text-anchor="middle">{*name}</text>
                        <line x1=*x y1="24" x2=*x y2=height></line>
                    </g>
                }).collect_view()}
                // Keyed: a step adds its arrows and drops the oldest, and the rest only move up,
                // instead of every arrow of the window being drawn again (about 0.6 ms of input → DOM).
                <For each=move || list.get() key=|m| (m.step, m.effect, m.text.clone(), m.class) let:m>
                    {message_view(m, list, cursor, shown)}
                </For>
                <defs>
                    <marker id="seq-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
                        <path d="M0,0 L10,5 L0,10 z" class="arrowhead"></path>
                    </marker>
                </defs>
            </svg>
            </div>
        </section>
    }
}
