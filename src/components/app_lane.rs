//! The application lane: commits and callbacks as bars from invoke to completion (Jepsen timeline
//! style), with their partitions; pending ones say who waits on them.

use super::member_facts::waiting_on;
use crate::context::use_session;
use kip848_core::application::{spans, Span, SpanStatus};
use kip848_core::{Effect, Outcome};
use leptos::prelude::*;

/// Steps shown on the lane's axis.
const WINDOW: usize = 24;

/// A bar's label: the call as the member view names what it waits on, commits by their effect.
fn label(effect: &Effect) -> String {
    match effect {
        Effect::CommitOffsets { partitions } => format!("commit_offsets({partitions})"),
        other => waiting_on(other),
    }
}

fn status_words(span: &Span) -> String {
    match span.status {
        SpanStatus::Completed(Outcome::Ok) => "completed".to_owned(),
        SpanStatus::Completed(Outcome::Failed) => "failed (reported)".to_owned(),
        SpanStatus::Pending => match span.waiting {
            Some(state) => format!("pending: {state} waits on it"),
            None => "pending".to_owned(),
        },
        SpanStatus::Abandoned => "abandoned: its completion will be discarded".to_owned(),
        SpanStatus::Discarded(_) => "completed late: discarded".to_owned(),
        SpanStatus::Dropped => "dropped: the member terminated".to_owned(),
    }
}

fn status_class(status: SpanStatus) -> &'static str {
    match status {
        SpanStatus::Completed(Outcome::Ok) => "ok",
        SpanStatus::Completed(Outcome::Failed) => "failed",
        SpanStatus::Pending => "pending",
        SpanStatus::Abandoned => "abandoned",
        SpanStatus::Discarded(_) => "discarded",
        SpanStatus::Dropped => "dropped",
    }
}

/// The lane, over the last steps up to the cursor.
#[component]
pub fn AppLane() -> impl IntoView {
    let session = use_session();
    let rows = Memo::new(move |_| {
        session.timeline.with(|t| {
            let cursor = t.cursor();
            let first = cursor.saturating_sub(WINDOW);
            let lane = spans(t, cursor);
            // Positions in permille: integers keep float formatting out of the bundle.
            let width = (cursor - first).max(1);
            lane.into_iter()
                .filter(|s| s.ended.is_none_or(|e| e >= first))
                .map(|s| {
                    let start = s.started.max(first);
                    let end = s.ended.map_or(cursor, |e| e + 1).max(start + 1);
                    let left = (start - first) * 1000 / width;
                    let span_width = ((end - start) * 1000 / width).min(1000 - left);
                    (
                        s.started,
                        label(&s.call),
                        status_words(&s),
                        status_class(s.status),
                        left,
                        span_width,
                    )
                })
                .collect::<Vec<_>>()
        })
    });
    view! {
        <section class="panel lane" aria-labelledby="lane-title">
            <h2 id="lane-title">"Application lane"</h2>
            <Show when=move || rows.with(Vec::is_empty)>
                <p class="muted">"No commit or callback yet."</p>
            </Show>
            <ol class="spans" data-testid="app-lane">
                <For each=move || rows.get() key=|row| (row.0, row.1.clone(), row.3) let:row>
                    <li class=format!("span {}", row.3) data-status=row.3 data-testid="span">
                        <span class="span-label">{row.1.clone()}</span>
                        <span class="span-track">
                            <span class="span-bar" style=format!("left:{}.{}%;width:{}.{}%", row.4 / 10, row.4 % 10, row.5 / 10, row.5 % 10)></span>
                        </span>
                        <span class="span-status muted">{row.2.clone()}</span>
                    </li>
                </For>
            </ol>
        </section>
    }
}
