//! "Check every schedule" in the review view, beside the hunt: the bounded check
//! ([`kip848_core::check`]) on each chosen model's members, run in a Web Worker with its own
//! instance of the page's module ([`worker`]) so that the page's main thread only draws, with
//! progress and Stop (where no worker starts, between frames in slices of about 20 ms); then, per
//! property and model, *holds within N states* or the shortest counterexample, opening in the
//! group view. With
//! the seed design's choices asked for, seed members are checked again under each other
//! combination of them (`kip848_core::check::Combination`), one column each.
//! What is explored and checked is the core's; this panel only hands the work out and shows it.

pub mod worker;

use kip848_core::check::{Combination, Property};
use kip848_core::Model;
use leptos::prelude::*;
use std::collections::HashMap;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use worker::{Column, Posted, Request, Seen};

/// Without a worker, the work between two yields to the browser is kept near this (a long task is
/// 50 ms).
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

/// A worker running the check, and its message handler (dropped with it).
struct Running {
    worker: web_sys::Worker,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
}

impl Drop for Running {
    fn drop(&mut self) {
        self.worker.terminate();
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
    reports: RwSignal<Vec<(Column, Seen)>>,
    status: RwSignal<String>,
    /// The worker of the check under way, if it runs in one.
    worker: StoredValue<Option<Running>, LocalStorage>,
    /// Where the last check ran: `worker` or `page` (for the tests and `make bench`).
    ran_in: RwSignal<&'static str>,
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
            status: RwSignal::new(String::new()),
            worker: StoredValue::new_local(None),
            ran_in: RwSignal::new(""),
        }
    }

    fn start(self) {
        let (depth, models) = (self.depth.get_untracked(), self.models.get_untracked());
        if models.is_empty() {
            self.status
                .set("Choose at least one model whose members to check.".to_owned());
            return;
        }
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
                    .enumerate()
                    .filter(|(_, c)| *c != Combination::SEED)
                    .map(|(i, _)| Column {
                        model: Model::Seed,
                        choices: Some(i),
                    }),
            );
        }
        self.halt();
        self.generation.update(|g| *g += 1);
        self.running.set(true);
        self.reports.set(Vec::new());
        let request = Request { depth, columns };
        match self.in_worker(&request) {
            Ok(running) => {
                self.worker.set_value(Some(running));
                self.ran_in.set("worker");
                self.status.set(format!(
                    "Checking {} (off the page's main thread)…",
                    request
                        .columns
                        .first()
                        .map(Column::title)
                        .unwrap_or_default()
                ));
            }
            Err(why) => {
                leptos::logging::warn!("the check runs on the page: {why}");
                self.ran_in.set("page");
                self.in_slices(request);
            }
        }
    }

    /// Starts a worker on `request`, if the page can (its module compiled by boot.js).
    fn in_worker(self, request: &Request) -> Result<Running, String> {
        let window = web_sys::window().ok_or("no window")?;
        let boot = js_sys::Reflect::get(&window, &"kip848Boot".into())
            .ok()
            .filter(|b| b.is_object())
            .ok_or("boot.js left no module")?;
        let glue = js_sys::Reflect::get(&boot, &"glue".into()).map_err(|_| "no glue")?;
        let module = js_sys::Reflect::get(&boot, &"module".into()).map_err(|_| "no module")?;
        let json = serde_json::to_string(request).map_err(|e| e.to_string())?;
        let options = web_sys::WorkerOptions::new();
        options.set_type(web_sys::WorkerType::Module);
        let worker = web_sys::Worker::new_with_options("check-worker.js", &options)
            .map_err(|e| format!("{e:?}"))?;
        let generation = self.generation.get_untracked();
        let columns = request.columns.clone();
        let depth = request.depth;
        let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(
            move |event: web_sys::MessageEvent| {
                if self.generation.get_untracked() != generation {
                    return;
                }
                let text = event.data().as_string().unwrap_or_default();
                match serde_json::from_str::<Posted>(&text) {
                    Ok(Posted::Progress { column, seen }) => {
                        if let Some(&spec) = columns.get(column) {
                            self.progress(spec, seen, depth);
                        }
                    }
                    Ok(Posted::Done) => self.finish(depth),
                    Ok(Posted::Failed { reason }) => self.fail(&reason),
                    Err(e) => self.fail(&format!("the check sent what the page cannot read ({e})")),
                }
            },
        );
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        let message = js_sys::Object::new();
        for (key, value) in [
            ("glue", glue),
            ("module", module),
            ("request", JsValue::from_str(&json)),
        ] {
            js_sys::Reflect::set(&message, &key.into(), &value).map_err(|e| format!("{e:?}"))?;
        }
        worker
            .post_message(&message)
            .map_err(|e| format!("{e:?}"))?;
        Ok(Running {
            worker,
            _on_message: on_message,
        })
    }

    /// The same check on the page, between frames, where no worker starts.
    fn in_slices(self, request: Request) {
        let generation = self.generation.get_untracked();
        let current = move || self.generation.get_untracked() == generation;
        let depth = request.depth;
        leptos::task::spawn_local(async move {
            for column in request.columns {
                let mut explorer = column.explorer(depth);
                let mut links = HashMap::new();
                // Moves per slice, sized by the last slice's pace.
                let mut budget = 200u64;
                loop {
                    let started = now_ms();
                    let done = explorer.run(budget);
                    let took = (now_ms() - started).max(0.1);
                    budget =
                        ((budget as f64) * SLICE_BUDGET_MS / took).clamp(20.0, 20_000.0) as u64;
                    self.progress(column, Seen::of(&explorer.report(), &mut links), depth);
                    next_frame().await;
                    if !current() {
                        return;
                    }
                    if done {
                        break;
                    }
                }
            }
            self.finish(depth);
        });
    }

    /// Column `column`'s report so far.
    fn progress(self, column: Column, seen: Seen, depth: usize) {
        self.status.set(format!(
            "Checking {}: {} moves deep of {depth}, {} states…",
            column.title(),
            seen.depth,
            seen.states
        ));
        self.reports
            .update(|all| match all.iter_mut().find(|(c, _)| *c == column) {
                Some((_, old)) => *old = seen,
                None => all.push((column, seen)),
            });
    }

    fn finish(self, depth: usize) {
        self.halt();
        self.status.set(format!(
            "Done: every schedule of 2 members on topics t and u (one partition each), with at most one disturbance, up to {depth} moves."
        ));
        self.running.set(false);
    }

    fn fail(self, reason: &str) {
        self.halt();
        self.status.set(format!("The check stopped: {reason}."));
        self.running.set(false);
    }

    /// Ends the worker, if one runs (dropping it terminates it).
    fn halt(self) {
        self.worker.set_value(None);
    }

    fn stop(self) {
        self.generation.update(|g| *g += 1);
        self.halt();
        self.running.set(false);
        self.status.set("Stopped.".to_owned());
    }
}

/// One column's cell of a property's row.
fn cell(seen: &Seen, property: Property) -> AnyView {
    match seen.violated(property) {
        Some(found) => view! {
            <span data-testid="check-verdict" data-verdict="violated">{format!("violated: shortest {} moves ({} steps). {}. ", found.moves, found.steps, found.words)}</span>
            <a href=format!("group.html#{}", found.link) target="_blank" rel="noopener" data-testid="check-open">"Open in the group view (new tab)"</a>
        }
        .into_any(),
        None => view! {
            <span data-testid="check-verdict" data-verdict="holds">{format!(
                "{} within {} states ({} moves deep{})",
                if seen.done { "holds" } else { "not found so far" },
                seen.states,
                seen.depth,
                if seen.exhausted { ", nothing left" } else { "" }
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
    on_cleanup(move || {
        view.generation.update(|g| *g += 1);
        view.halt();
    });
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
            <p role="status" data-testid="check-status" data-ran-in=move || view.ran_in.get()>{move || view.status.get()}</p>
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
                                {reports.iter().map(|(c, r)| view! { <td class="small" data-model=c.model.as_str() data-choices=c.choices.map(|i| i.to_string())>{cell(r, property)}</td> }).collect_view()}
                            </tr>
                        }).collect_view())}
                    </tbody>
                </table>
            </div>
        </section>
    }
}
