//! The sequence diagram: coordinator, member and application lanes for the same history as the
//! log, over the last steps up to the cursor.

use crate::components::near_view::near_view;
use crate::session::context::use_watched;
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
    /// Its row, counted from a step that stays put for `WINDOW` steps at a time: a row keeps its
    /// number while the window slides, so only the window's offset changes, not every arrow's place.
    row: i32,
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
        // ◷, not the stopwatch emoji: a plain Linux has no font with the emoji, and drew a box.
        Input::Tick => ("Member", "◷ tick".to_owned()),
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
        row: 0,
    }
}

/// Whose lane an effect's arrow goes to, or none: changes to the assigned set are not drawn.
/// Exhaustive, so that a new kind of effect is placed here before it can be drawn.
fn target(effect: &Effect) -> Option<&'static str> {
    match effect {
        Effect::SendHeartbeat(_) => Some("Coordinator"),
        Effect::Transition { .. } => Some("Member"),
        Effect::CommitOffsets { .. }
        | Effect::InvokeOnPartitionsRevoked { .. }
        | Effect::InvokeOnAssignment { .. }
        | Effect::InvokeOnPartitionsAssigned { .. }
        | Effect::InvokeOnPartitionsLost { .. }
        | Effect::ReportError { .. } => Some("Application"),
        Effect::RemoveFromAssigned { .. }
        | Effect::AddToAssigned { .. }
        | Effect::ClearAssigned { .. } => None,
    }
}

fn effect_message(model: Model, step: usize, index: usize, effect: &Effect) -> Option<Message> {
    let to = lane(target(effect)?);
    let (text, class) = match effect {
        Effect::SendHeartbeat(r) => (
            format!(
                "{} heartbeat, epoch {}",
                purpose_name(r.purpose),
                r.member_epoch
            ),
            "heartbeat",
        ),
        Effect::Transition { to, .. } => (format!("→ {to}"), "transition"),
        Effect::CommitOffsets { partitions } => (format!("commit {partitions}"), "call"),
        Effect::ReportError { code } => (format!("report {code}"), "call"),
        // The callbacks, named as the member's model calls them.
        _ => (call_in(model, effect), "call"),
    };
    Some(Message {
        step,
        effect: index,
        from: lane("Member"),
        to,
        text,
        class,
        row: 0,
    })
}

/// The messages of the last steps up to the cursor; in its step only the effects shown so far.
fn messages(t: &Timeline, shown: usize) -> Vec<Message> {
    let cursor = t.cursor();
    let start = cursor.saturating_sub(WINDOW);
    // Rows are counted from the last multiple of WINDOW at or before the window's start.
    let anchor = start / WINDOW * WINDOW;
    let mut row = (anchor..start)
        .map(|i| {
            1 + t
                .effects_of(i)
                .iter()
                .filter(|e| target(e).is_some())
                .count()
        })
        .sum::<usize>() as i32;
    let mut out: Vec<Message> = Vec::new();
    let mut push = |mut m: Message| {
        m.row = row;
        row += 1;
        out.push(m);
    };
    for index in start..cursor {
        let Some(step) = t.steps().get(index) else {
            continue;
        };
        let rejected = t.results().get(index).is_some_and(Result::is_err);
        push(input_message(index + 1, &step.input, rejected));
        let effects = t.effects_of(index);
        let upto = if index + 1 == cursor {
            shown.min(effects.len())
        } else {
            effects.len()
        };
        effects[..upto]
            .iter()
            .enumerate()
            .filter_map(|(i, e)| effect_message(t.model(), index + 1, i + 1, e))
            .for_each(&mut push);
    }
    out
}

/// One arrow or note, on its row (keyed by it: when the rows are counted from a new step, once
/// every `WINDOW` steps, the window's arrows are drawn again).
fn message_view(
    m: Message,
    cursor: Selector<usize>,
    shown: impl Fn() -> usize + Send + Sync + Copy + 'static,
) -> impl IntoView {
    let (step, effect) = (m.step, m.effect);
    let y = 40 + ROW * m.row;
    let current = Memo::new(move |_| cursor.selected(&step));
    let current = move || current.get();
    // The effect on screen (the input, for a step without effects).
    let on = move || current() && effect == shown();
    let mid = (m.from + m.to) / 2;
    let note = m.from == m.to;
    view! {
        <g class=format!("msg {}", m.class) class:current=current class:current-effect=on
            data-testid=move || if on() { "sequence-current" } else { "sequence-message" }>
            {if note {
                view! { <text x=m.from + 8 y=y + 4 class="note-text">{m.text.clone()}</text> }.into_any()
            } else {
                view! {
                    <line x1=m.from y1=y x2=m.to y2=y marker-end="url(#seq-arrow)"></line>
                    <text x=mid y=y - 4 text-anchor="middle">{m.text.clone()}</text>
                }.into_any()
            }}
        </g>
    }
}

/// The sequence diagram panel.
#[component]
pub fn Sequence() -> impl IntoView {
    let session = use_watched();
    let panel = NodeRef::<leptos::html::Section>::new();
    let near = near_view(panel);
    // Out of view the arrows stay as they were and are drawn anew as the panel comes near.
    let list = Memo::new(move |previous: Option<&Vec<Message>>| {
        if !near.get() {
            if let Some(previous) = previous {
                return previous.clone();
            }
        }
        let shown = session.shown.get();
        session.timeline.with(|t| messages(t, shown))
    });
    // Only the old and the new cursor's arrows hear of a move, not every arrow of the window.
    let cursor = Selector::new(move || session.timeline.with(|t| t.cursor()));
    let shown = move || session.shown.get();
    let height = move || 40 + ROW * (list.with(Vec::len) as i32 + 1);
    // The window slides by moving the arrows' group up, not each arrow.
    let offset = move || {
        let first = list.with(|l| l.first().map_or(0, |m| m.row));
        format!("translate(0 {})", -ROW * first)
    };
    view! {
        <section class="panel sequence" aria-labelledby="sequence-title" node_ref=panel data-near=move || near.get().to_string()>
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
                // Keyed: a step adds its arrows and drops the oldest, and the rest stay on their rows
                // while the group moves up, instead of every arrow being drawn again or moved (about
                // 0.6 ms of input → DOM, then 0.7 ms more with each arrow moved on its own).
                <g transform=offset>
                <For each=move || list.get() key=|m| (m.step, m.effect, m.row, m.text.clone(), m.class) let:m>
                    {message_view(m, cursor.clone(), shown)}
                </For>
                </g>
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
