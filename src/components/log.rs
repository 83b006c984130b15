//! The log: every input with its effects; choosing a row moves the cursor there.

use crate::context::{use_session, Session};
use kip848_core::narration::{describe_input, narrate_effects};
use kip848_core::timeline::StepResult;
use kip848_core::{Effect, Timeline};
use leptos::prelude::*;

/// Rows shown around the cursor; a long session is browsed with the scrubber.
const WINDOW: usize = 60;

/// A compact line for an effect in rows other than the current one.
pub fn effect_label(effect: &Effect) -> String {
    match effect {
        Effect::Transition { from, to } => format!("{from} → {to}"),
        Effect::SendHeartbeat(r) => format!(
            "send_heartbeat({}, epoch {}, owned {})",
            if r.is_full() { "full" } else { "delta" },
            r.member_epoch,
            r.owned
                .as_ref()
                .map_or("not sent".to_owned(), |o| o.to_string())
        ),
        Effect::ReportError { code } => format!("report_error({code})"),
        Effect::RemoveFromAssigned { partitions }
        | Effect::CommitOffsets { partitions }
        | Effect::InvokeOnPartitionsRevoked { partitions }
        | Effect::AddToAssigned { partitions }
        | Effect::InvokeOnAssignment { partitions }
        | Effect::InvokeOnPartitionsAssigned { partitions }
        | Effect::InvokeOnPartitionsLost { partitions }
        | Effect::ClearAssigned { partitions } => format!("{}({partitions})", effect.name()),
    }
}

#[derive(Clone, PartialEq)]
struct Row {
    index: usize,
    at: u64,
    input: String,
    note: Option<String>,
    rejected: Option<String>,
    effects: Vec<String>,
}

fn rows(t: &Timeline) -> (usize, Vec<Row>) {
    let cursor = t.cursor();
    let first = cursor
        .saturating_sub(WINDOW / 2)
        .min(t.len().saturating_sub(WINDOW));
    let last = (first + WINDOW).min(t.len());
    let rows = (first..last)
        .filter_map(|index| {
            let step = t.steps().get(index)?;
            let result: &StepResult = t.results().get(index)?;
            let effects = match result {
                Ok(effects) if index + 1 == cursor => {
                    narrate_effects(&t.member_at(index), t.member(), &step.input, effects)
                }
                Ok(effects) => effects.iter().map(effect_label).collect(),
                Err(_) => Vec::new(),
            };
            Some(Row {
                index,
                at: step.at.0,
                input: describe_input(&step.input),
                note: step.note.clone(),
                rejected: result.as_ref().err().map(ToString::to_string),
                effects,
            })
        })
        .collect();
    (first, rows)
}

fn row_view(session: Session, row: Row) -> impl IntoView {
    let index = row.index;
    let current = move || session.timeline.with(|t| t.cursor() == index + 1);
    let rejected = row.rejected.is_some();
    view! {
        <li class="log-row" class:current=current class:rejected=rejected data-testid="log-row"
            aria-current=move || current().then_some("step")>
            <button class="log-seek" data-testid=format!("log-step-{}", index + 1) on:click=move |_| session.seek(index + 1)>
                <span class="step-no">{format!("{}", index + 1)}</span>
                <span class="at">{format!("{} ms", row.at)}</span>
                <span class="what">{row.input.clone()}</span>
            </button>
            {row.rejected.map(|r| view! { <p class="rejected-reason">"Rejected: " {r}</p> })}
            {row.note.map(|n| view! { <p class="note">{n}</p> })}
            <ul class="effects">
                {row.effects.into_iter().map(|e| view! { <li>{e}</li> }).collect_view()}
            </ul>
        </li>
    }
}

/// The log panel.
#[component]
pub fn Log() -> impl IntoView {
    let session = use_session();
    let window = Memo::new(move |_| session.timeline.with(rows));
    let earlier = move || window.with(|(first, _)| *first);
    view! {
        <section class="panel log" aria-labelledby="log-title">
            <h2 id="log-title">"Log"</h2>
            <button class="log-seek start" data-testid="log-step-0" on:click=move |_| session.seek(0)
                class:current=move || session.timeline.with(|t| t.cursor() == 0)>"0 · start: a NEW member"</button>
            <Show when=move || { earlier() > 0 }>
                <p class="muted">{move || format!("… {} earlier steps (use the scrubber)", earlier())}</p>
            </Show>
            <ol class="log-rows">
                <For each=move || window.get().1 key=|row| (row.index, row.effects.clone()) let:row>
                    {row_view(session, row)}
                </For>
            </ol>
        </section>
    }
}
