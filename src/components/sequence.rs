//! The sequence diagram: coordinator, member and application lanes for the same history as the
//! log, over the last steps up to the cursor.

use crate::context::use_session;
use kip848_core::narration::purpose_name;
use kip848_core::{Effect, Input, Timeline};
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
            format!("completed {outcome:?}").to_lowercase(),
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

fn effect_message(step: usize, index: usize, effect: &Effect) -> Option<Message> {
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
        Effect::InvokeOnPartitionsRevoked { partitions } => (
            lane("Application"),
            format!("onPartitionsRevoked({partitions})"),
            "call",
        ),
        Effect::InvokeOnAssignment { partitions } => (
            lane("Application"),
            format!("onAssignment({partitions})"),
            "call",
        ),
        Effect::InvokeOnPartitionsAssigned { partitions } => (
            lane("Application"),
            format!("onPartitionsAssigned({partitions})"),
            "call",
        ),
        Effect::InvokeOnPartitionsLost { partitions } => (
            lane("Application"),
            format!("onPartitionsLost({partitions})"),
            "call",
        ),
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
                .filter_map(|(i, e)| effect_message(index + 1, i + 1, e)),
        );
    }
    out
}

/// The sequence diagram panel.
#[component]
pub fn Sequence() -> impl IntoView {
    let session = use_session();
    let list = Memo::new(move |_| {
        let shown = session.shown.get();
        session.timeline.with(|t| messages(t, shown))
    });
    let cursor = move || session.timeline.with(|t| t.cursor());
    let shown = move || session.shown.get();
    let height = move || 40 + ROW * (list.with(Vec::len) as i32 + 1);
    view! {
        <section class="panel sequence" aria-labelledby="sequence-title">
            <h2 id="sequence-title">"Sequence"</h2>
            <svg class="sequence-svg" viewBox=move || format!("0 0 600 {}", height()) role="img"
                aria-label="Sequence diagram of the last steps between the coordinator, the member and the application"
                data-testid="sequence">
                {LANES.iter().map(|(name, x)| view! {
                    <g class="lane">
                        <text x=*x y="16" text-anchor="middle">{*name}</text>
                        <line x1=*x y1="24" x2=*x y2=height></line>
                    </g>
                }).collect_view()}
                {move || list.get().into_iter().enumerate().map(|(i, m)| {
                    let y = 40 + ROW * i as i32;
                    let current = m.step == cursor();
                    // The effect on screen (the input, for a step without effects).
                    let on = current && m.effect == shown();
                    let mid = (m.from + m.to) / 2;
                    let note = m.from == m.to;
                    view! {
                        <g class=format!("msg {}", m.class) class:current=current class:current-effect=on
                            data-testid=if on { "sequence-current" } else { "sequence-message" }>
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
                }).collect_view()}
                <defs>
                    <marker id="seq-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
                        <path d="M0,0 L10,5 L0,10 z" class="arrowhead"></path>
                    </marker>
                </defs>
            </svg>
        </section>
    }
}
