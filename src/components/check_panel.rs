//! "Check every schedule" in the review view, beside the hunt: the bounded check
//! ([`kip848_core::check`]) on each chosen model's members, run between frames in slices of
//! about 20 ms so that the page stays responsive, with progress and Stop; then, per property and
//! model, *holds within N states* or the shortest counterexample, opening in the group view. With
//! the seed design's choices asked for, seed members are checked again under each other
//! combination of them (`kip848_core::check::Combination`), one column each.
//! What is explored and checked is the core's; this panel only slices the work and shows it.

use kip848_core::check::{Bounds, Combination, Explorer, Property, Report};
use kip848_core::session::link::{encode_group, SharedGroup};
use kip848_core::Model;
use leptos::prelude::*;
use std::collections::HashMap;

/// The work between two yields to the browser is kept near this (a long task is 50 ms).
const SLICE_BUDGET_MS: f64 = 20.0;
/// The deepest check the page runs (`kip848-check` runs any).
const MAX_DEPTH: usize = 24;

fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

async fn next_frame() {
    gloo_timers::future::TimeoutFuture::new(0).await;
}

/// What one column checks: members of a model, or seed members under other design choices.
#[derive(Clone, Copy, PartialEq)]
struct Column {
    model: Model,
    choices: Option<Combination>,
}

impl Column {
    fn title(&self) -> String {
        match self.choices {
            None => format!("{} members", self.model.title()),
            Some(c) => format!("{} members, {}", self.model.title(), c.label()),
        }
    }

    fn explorer(&self, depth: usize) -> Explorer {
        let bounds = Bounds::anchor(self.model, depth);
        match self.choices {
            None => Explorer::new(bounds),
            Some(c) => c.explorer(&bounds),
        }
    }

    /// Which combination (its place in `Combination::all()`), for tests and styles.
    fn choices_index(&self) -> Option<usize> {
        self.choices
            .and_then(|c| Combination::all().iter().position(|a| *a == c))
    }
}

#[derive(Clone, Copy)]
struct CheckView {
    depth: RwSignal<usize>,
    models: RwSignal<Vec<Model>>,
    /// Also seed members under each other combination of the seed design's choices.
    choices: RwSignal<bool>,
    running: RwSignal<bool>,
    generation: RwSignal<u64>,
    /// Each column's report, so far or in all.
    reports: RwSignal<Vec<(Column, Report)>>,
    /// Each counterexample's group-view link, made once: a found counterexample never changes,
    /// and encoding every one again at each slice's redraw made tasks of about 100 ms.
    links: StoredValue<HashMap<(String, &'static str), String>>,
    status: RwSignal<String>,
}

impl CheckView {
    fn new() -> CheckView {
        CheckView {
            depth: RwSignal::new(14),
            models: RwSignal::new(Model::ALL.to_vec()),
            choices: RwSignal::new(false),
            running: RwSignal::new(false),
            generation: RwSignal::new(0),
            reports: RwSignal::new(Vec::new()),
            links: StoredValue::new(HashMap::new()),
            status: RwSignal::new(String::new()),
        }
    }

    fn start(self) {
        let (depth, models) = (self.depth.get_untracked(), self.models.get_untracked());
        let mut columns: Vec<Column> = models
            .iter()
            .map(|&model| Column {
                model,
                choices: None,
            })
            .collect();
        if self.choices.get_untracked() {
            columns.extend(
                Combination::all()
                    .into_iter()
                    .filter(|c| *c != Combination::SEED)
                    .map(|c| Column {
                        model: Model::Seed,
                        choices: Some(c),
                    }),
            );
        }
        if models.is_empty() {
            self.status
                .set("Choose at least one model whose members to check.".to_owned());
            return;
        }
        self.generation.update(|g| *g += 1);
        let generation = self.generation.get_untracked();
        let current = move || self.generation.get_untracked() == generation;
        self.running.set(true);
        self.reports.set(Vec::new());
        self.links.update_value(HashMap::clear);
        leptos::task::spawn_local(async move {
            for column in columns {
                let mut explorer = column.explorer(depth);
                // Moves per slice, sized by the last slice's pace.
                let mut budget = 200u64;
                loop {
                    let started = now_ms();
                    let done = explorer.run(budget);
                    let took = (now_ms() - started).max(0.1);
                    budget =
                        ((budget as f64) * SLICE_BUDGET_MS / took).clamp(20.0, 20_000.0) as u64;
                    let report = explorer.report();
                    self.status.set(format!(
                        "Checking {}: {} moves deep of {depth}, {} states…",
                        column.title(),
                        report.depth,
                        report.states
                    ));
                    self.reports.update(|all| {
                        all.retain(|(c, _)| *c != column);
                        all.push((column, report));
                    });
                    next_frame().await;
                    if !current() {
                        return;
                    }
                    if done {
                        break;
                    }
                }
            }
            self.status.set(format!(
                "Done: every schedule of 2 members on topics t and u (one partition each), with at most one disturbance, up to {depth} moves."
            ));
            self.running.set(false);
        });
    }

    fn stop(self) {
        self.generation.update(|g| *g += 1);
        self.running.set(false);
        self.status.set("Stopped.".to_owned());
    }
}

/// One column's cell of a property's row.
fn cell(view: CheckView, column: &Column, report: &Report, property: Property) -> AnyView {
    match report.found.iter().find(|f| f.property == property) {
        Some(found) => {
            let key = (column.title(), property.as_str());
            let cached = view.links.with_value(|l| l.get(&key).cloned());
            let link = cached.unwrap_or_else(|| {
                let link = encode_group(&SharedGroup {
                    trace: found.trace(),
                    step: found.step + 1,
                });
                view.links
                    .update_value(|l| drop(l.insert(key, link.clone())));
                link
            });
            view! {
                <span data-testid="check-verdict" data-verdict="violated">{format!("violated: shortest {} moves ({} steps). {}. ", found.moves, found.schedule.steps.len(), found.words)}</span>
                <a href=format!("group.html#{link}") target="_blank" rel="noopener" data-testid="check-open">"Open in the group view (new tab)"</a>
            }
            .into_any()
        }
        None => view! {
            <span data-testid="check-verdict" data-verdict="holds">{format!(
                "{} within {} states ({} moves deep{})",
                if report.done { "holds" } else { "not found so far" },
                report.states,
                report.depth,
                if report.exhausted { ", nothing left" } else { "" }
            )}</span>
        }
        .into_any(),
    }
}

/// A depth typed in, within what the page runs; `None` for anything else (the field keeps its value).
fn depth_of(text: &str) -> Option<usize> {
    text.trim()
        .parse()
        .ok()
        .map(|n: usize| n.clamp(1, MAX_DEPTH))
}

/// The panel.
#[component]
pub fn CheckPanel() -> impl IntoView {
    let view = CheckView::new();
    on_cleanup(move || view.generation.update(|g| *g += 1));
    let checked = move || {
        view.reports
            .with(|r| r.iter().map(|(c, _)| *c).collect::<Vec<_>>())
    };
    view! {
        <section class="panel check" aria-labelledby="check-title" data-testid="check">
            <h2 id="check-title">"Check every schedule"</h2>
            <p class="muted">"Not a sample: every schedule of two members on two topics of one partition, with at most one disturbance (a member closing, killed, its messages lost, or fenced), every callback completing at any point, up to the depth chosen — breadth-first, each distinct group state once. A property either holds within the bounds or comes with its shortest counterexample."</p>
            <div class="row">
                <label>"Moves deep "
                    <input type="number" min="1" max=MAX_DEPTH data-testid="check-depth" prop:value=move || view.depth.get().to_string()
                        on:change=move |ev| if let Some(n) = depth_of(&event_target_value(&ev)) { view.depth.set(n); } />
                </label>
                <crate::components::models_choice::ModelsChoice models=view.models testid="check-model"/>
                <label class="choice" title="The seed design's open choices (the member view's configuration names each with the design page's words): seed members are checked again under every other combination">
                    <input type="checkbox" data-testid="check-choices" prop:checked=move || view.choices.get()
                        on:change=move |ev| view.choices.set(event_target_checked(&ev)) />
                    "and the seed under each combination of its design choices"
                </label>
                <button class="primary" data-testid="check-start" disabled=move || view.running.get() on:click=move |_| view.start()>"Check"</button>
                <button data-testid="check-stop" disabled=move || !view.running.get() on:click=move |_| view.stop()>"Stop"</button>
            </div>
            <p role="status" data-testid="check-status">{move || view.status.get()}</p>
            <div class="table-wrap">
                <table data-testid="check-table">
                    <thead><tr>
                        <th scope="col">"property"</th>
                        {move || checked().into_iter().map(|c| view! { <th scope="col">{c.title()}</th> }).collect_view()}
                    </tr></thead>
                    <tbody>
                        {move || view.reports.with(|reports| Property::all().into_iter().map(|property| view! {
                            <tr data-testid="check-row" data-property=property.as_str()>
                                <th scope="row">{property.title()}</th>
                                {reports.iter().map(|(c, r)| view! { <td class="small" data-model=c.model.as_str() data-choices=c.choices_index().map(|i| i.to_string())>{cell(view, c, r, property)}</td> }).collect_view()}
                            </tr>
                        }).collect_view())}
                    </tbody>
                </table>
            </div>
        </section>
    }
}
