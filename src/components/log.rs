//! The log: every input with its effects; choosing a row moves the cursor there. In the current
//! step only the effects shown so far are listed, the current one highlighted (and scrolled to).

use crate::components::glossary::Term;
use crate::components::near_view::near_view;
use crate::session::context::{use_imports, use_watched, Watched};
use kip848_core::screen::narration::{describe_input, narrate_effects};
use kip848_core::screen::words::effect_label;
use kip848_core::session::timeline::StepResult;
use kip848_core::Timeline;
use leptos::prelude::*;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use wasm_bindgen::JsCast;

/// Rows shown around the cursor; a long session is browsed with the scrubber.
const WINDOW: usize = 60;

/// A row is drawn once: all of it is its key in the list, so a row that changes (a fork, another
/// scenario, the current step's next effect) is drawn again.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Row {
    index: usize,
    at: u64,
    input: String,
    note: Option<String>,
    rejected: Option<String>,
    effects: Vec<String>,
    /// For a session imported from a log: whether the input was inferred, and where the model
    /// parts ways with the log after this step.
    inferred: bool,
    divergence: Option<String>,
}

impl Row {
    /// The row's place and a digest of everything it draws: a changed row is drawn again, and the
    /// list compares 60 numbers per step instead of cloning 60 rows.
    fn key(&self) -> (usize, u64) {
        let mut hasher = std::hash::DefaultHasher::new();
        self.hash(&mut hasher);
        (self.index, hasher.finish())
    }
}

fn rows(
    t: &Timeline,
    shown: usize,
    imported: Option<&crate::log_import::ImportedLog>,
) -> (usize, Vec<Row>) {
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
                // Sentences for the current step; only the ones shown are listed.
                Ok(effects) if index + 1 == cursor => {
                    narrate_effects(&t.member_at(index), t.member(), &step.input, effects)
                        .into_iter()
                        .take(shown)
                        .collect()
                }
                Ok(effects) => effects.iter().map(effect_label).collect(),
                Err(_) => Vec::new(),
            };
            Some(Row {
                index,
                at: step.at.0,
                input: describe_input(&step.input),
                note: step.note_for(t.model()).map(str::to_owned),
                rejected: result.as_ref().err().map(ToString::to_string),
                effects,
                inferred: imported
                    .and_then(|l| l.steps.get(index))
                    .is_some_and(|s| s.inferred),
                divergence: imported
                    .and_then(|l| l.divergence(index))
                    .map(|d| d.summary.clone()),
            })
        })
        .collect();
    (first, rows)
}

/// Which rows the cursor marks. Selectors, not a closure per row on the timeline: a step then
/// wakes only the rows whose mark may change (the old and the new cursor's row; the rows at or
/// after the nearer cursor) instead of every row and effect of the window, about 500 closures at 60
/// rows, whose re-subscribing to the timeline was the bulk of input → DOM in `make bench`.
#[derive(Clone)]
struct Marks {
    /// The row of the cursor's step (row index + 1 = step).
    current: Selector<usize>,
    /// Rows the cursor has not reached (keyed by row index).
    future: Selector<usize>,
    /// Rows alive per index. A selector keeps every key it was asked about; a key leaves it with
    /// its last row (the keyed list may build a row's successor before it drops the row).
    alive: StoredValue<HashMap<usize, usize>>,
}

impl Marks {
    fn enter(&self, index: usize) {
        self.alive
            .update_value(|alive| *alive.entry(index).or_default() += 1);
    }

    fn leave(&self, index: usize) {
        let mut last = false;
        self.alive.update_value(|alive| {
            if let Some(count) = alive.get_mut(&index) {
                *count -= 1;
                if *count == 0 {
                    alive.remove(&index);
                    last = true;
                }
            }
        });
        if last {
            self.current.remove(&(index + 1));
            self.future.remove(&index);
        }
    }
}

fn row_view(session: Watched, marks: Marks, row: Row) -> impl IntoView {
    let index = row.index;
    marks.enter(index);
    on_cleanup({
        let marks = marks.clone();
        move || marks.leave(index)
    });
    let current = {
        let marks = marks.clone();
        Memo::new(move |_| marks.current.selected(&(index + 1)))
    };
    let future = Memo::new(move |_| marks.future.selected(&index));
    let rejected = row.rejected.is_some();
    let count = row.effects.len();
    view! {
        <li class="log-row" class:current=current class:future=future class:rejected=rejected data-testid="log-row"
            aria-current=move || current.get().then_some("step")>
            <button class="log-seek" data-testid=format!("log-step-{}", index + 1) on:click=move |_| session.seek(index + 1)>
                <span class="step-no">{format!("{}", index + 1)}</span>
                <span class="at">{format!("{} ms", row.at)}</span>
                <span class="what">{row.input.clone()}</span>
            </button>
            {row.rejected.map(|r| view! { <p class="rejected-reason">"Rejected: " {r}</p> })}
            {row.inferred.then(|| view! { <span class="badge inferred" data-testid="log-inferred">"inferred"</span> })}
            {row.note.map(|n| view! { <p class="note">{n}</p> })}
            {row.divergence.map(|d| view! { <p class="divergence" data-testid="log-divergence">"⚠ " {d}</p> })}
            <ul class="effects">
                {row.effects.into_iter().enumerate().map(|(i, e)| {
                    // The last sentence listed in the current row is the effect on screen.
                    let on = move || current.get() && i + 1 == count;
                    view! {
                        <li class:current-effect=on data-testid=move || if on() { "log-effect-current" } else { "log-effect" }
                            aria-current=move || on().then_some("true")>{e}</li>
                    }
                }).collect_view()}
            </ul>
        </li>
    }
}

/// Scrolls `list` so that its current effect (or current row) is in the middle of it, but never
/// past the top of the effect's row when the row's heading and the effect fit in the list together:
/// the effect read without its step is a line without its cause (a narrow screen wraps each row).
fn scroll_to_current(list: &web_sys::HtmlOListElement) {
    let target = list
        .query_selector(".current-effect")
        .ok()
        .flatten()
        .or_else(|| list.query_selector(".log-row.current").ok().flatten())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    let Some(target) = target else { return };
    // The list is positioned (style/main.css), so offsets are measured from its top.
    let top = target.offset_top();
    let view = list.client_height();
    let middle = top - (view - target.offset_height()) / 2;
    let row_top = target
        .closest(".log-row")
        .ok()
        .flatten()
        .and_then(|r| r.dyn_into::<web_sys::HtmlElement>().ok())
        .map_or(top, |r| r.offset_top());
    let both_fit = top + target.offset_height() - row_top <= view;
    let scroll = if both_fit {
        middle.min(row_top)
    } else {
        middle
    };
    list.set_scroll_top(scroll.max(0));
}

/// The log panel.
#[component]
pub fn Log() -> impl IntoView {
    let (session, imports) = (use_watched(), use_imports());
    let panel = NodeRef::<leptos::html::Section>::new();
    let near = near_view(panel);
    // Out of view the rows stay as they were (nothing read, so a step wakes nothing here) and are
    // drawn anew when the log comes near the screen.
    let window = Memo::new(move |previous: Option<&(usize, Vec<Row>)>| {
        if !near.get() {
            if let Some(previous) = previous {
                return previous.clone();
            }
        }
        let shown = session.shown.get();
        imports
            .imported
            .with(|i| session.timeline.with(|t| rows(t, shown, i.as_ref())))
    });
    let earlier = move || window.with(|(first, _)| *first);
    let cursor = Memo::new(move |_| session.timeline.with(|t| t.cursor()));
    let marks = Marks {
        current: Selector::new(move || cursor.get()),
        future: Selector::new_with_fn(move || cursor.get(), |index, cursor| cursor <= index),
        alive: StoredValue::new(HashMap::new()),
    };
    let list = NodeRef::<leptos::html::Ol>::new();
    // Keep the effect on screen in view inside the log's own scroll box (never the page's).
    Effect::new(move |_| {
        window.track();
        let Some(list) = list.get() else { return };
        request_animation_frame(move || scroll_to_current(&list));
    });
    view! {
        <section class="panel log" aria-labelledby="log-title" node_ref=panel data-near=move || near.get().to_string()>
            <h2 id="log-title">"Log"</h2>
            <p class="muted small">"Each " <Term id="step">"step"</Term> " is one input to the member; under it, each " <Term id="effect">"effect"</Term> " is one thing the member does in reply."</p>
            <button class="log-seek start" data-testid="log-step-0" on:click=move |_| session.seek(0)
                class:current=move || session.timeline.with(|t| t.cursor() == 0)>{move || session.timeline.with(|t| format!("0 · start: the member is {}", t.model().initial()))}</button>
            <Show when=move || { earlier() > 0 }>
                <p class="muted">{move || format!("… {} earlier steps (use the scrubber)", earlier())}</p>
            </Show>
            <ol class="log-rows" node_ref=list>
                <For each=move || window.get().1 key=Row::key let:row>
                    {row_view(session, marks.clone(), row)}
                </For>
            </ol>
        </section>
    }
}
