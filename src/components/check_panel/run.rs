//! The check under way: handed to a worker ([`super::worker`]), or run between frames where no
//! worker starts, each column's report kept for the panel to draw.

use super::worker::{Column, Posted, Reach, Request, Seen};
use kip848_core::check::Combination;
use kip848_core::Model;
use leptos::prelude::*;
use std::collections::HashMap;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Without a worker, the work between two yields to the browser is kept near this (a long task is
/// 50 ms).
const SLICE_BUDGET_MS: f64 = 20.0;

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
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

impl Drop for Running {
    fn drop(&mut self) {
        self.worker.terminate();
    }
}

#[derive(Clone, Copy)]
pub(super) struct CheckView {
    pub(super) depth: RwSignal<usize>,
    /// Every schedule whatever its length, the depth aside.
    pub(super) to_end: RwSignal<bool>,
    pub(super) models: RwSignal<Vec<Model>>,
    /// Also seed members under each other combination of the seed design's choices.
    pub(super) choices: RwSignal<bool>,
    pub(super) running: RwSignal<bool>,
    pub(super) generation: RwSignal<u64>,
    /// Each column's report, so far or in all.
    pub(super) reports: RwSignal<Vec<(Column, Seen)>>,
    pub(super) status: RwSignal<String>,
    /// The worker of the check under way, if it runs in one.
    worker: StoredValue<Option<Running>, LocalStorage>,
    /// Where the last check ran: `worker` or `page` (for the tests and `make bench`).
    pub(super) ran_in: RwSignal<&'static str>,
}

impl CheckView {
    pub(super) fn new() -> CheckView {
        CheckView {
            depth: RwSignal::new(14),
            to_end: RwSignal::new(false),
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

    pub(super) fn start(self) {
        let reach = if self.to_end.get_untracked() {
            Reach::End
        } else {
            Reach::Moves(self.depth.get_untracked())
        };
        let models = self.models.get_untracked();
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
        let request = Request { reach, columns };
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
        let reach = request.reach;
        let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(
            move |event: web_sys::MessageEvent| {
                if self.generation.get_untracked() != generation {
                    return;
                }
                let text = event.data().as_string().unwrap_or_default();
                match serde_json::from_str::<Posted>(&text) {
                    Ok(Posted::Progress { column, seen }) => {
                        if let Some(&spec) = columns.get(column) {
                            self.progress(spec, seen, reach);
                        }
                    }
                    Ok(Posted::Done) => self.finish(reach),
                    Ok(Posted::Failed { reason }) => self.fail(&reason),
                    Err(e) => self.fail(&format!("the check sent what the page cannot read ({e})")),
                }
            },
        );
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        // What the worker's own catch does not see (its script not loaded, memory run out).
        let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |_: web_sys::Event| {
            if self.generation.get_untracked() == generation {
                self.fail("its worker failed");
            }
        });
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
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
            _on_error: on_error,
        })
    }

    /// The same check on the page, between frames, where no worker starts.
    fn in_slices(self, request: Request) {
        let generation = self.generation.get_untracked();
        let current = move || self.generation.get_untracked() == generation;
        let reach = request.reach;
        leptos::task::spawn_local(async move {
            for column in request.columns {
                let mut explorer = column.explorer(reach.depth());
                let mut links = HashMap::new();
                // Moves per slice, sized by the last slice's pace.
                let mut budget = 200u64;
                loop {
                    let started = now_ms();
                    let done = explorer.run(budget);
                    let took = (now_ms() - started).max(0.1);
                    budget =
                        ((budget as f64) * SLICE_BUDGET_MS / took).clamp(20.0, 20_000.0) as u64;
                    self.progress(column, Seen::of(&explorer.report(), &mut links), reach);
                    next_frame().await;
                    if !current() {
                        return;
                    }
                    if done {
                        break;
                    }
                }
            }
            self.finish(reach);
        });
    }

    /// Column `column`'s report so far.
    fn progress(self, column: Column, seen: Seen, reach: Reach) {
        self.status.set(format!(
            "Checking {} {}: {} moves deep, {} states…",
            column.title(),
            reach.words(),
            seen.depth,
            seen.states
        ));
        self.reports
            .update(|all| match all.iter_mut().find(|(c, _)| *c == column) {
                Some((_, old)) => *old = seen,
                None => all.push((column, seen)),
            });
    }

    fn finish(self, reach: Reach) {
        self.halt();
        self.status.set(format!(
            "Done: every schedule of 2 members on topics t and u (one partition each), with at most one disturbance, {}.",
            reach.words()
        ));
        self.running.set(false);
    }

    fn fail(self, reason: &str) {
        self.halt();
        self.status.set(format!("The check stopped: {reason}."));
        self.running.set(false);
    }

    /// Ends the worker, if one runs (dropping it terminates it).
    pub(super) fn halt(self) {
        self.worker.set_value(None);
    }

    pub(super) fn stop(self) {
        self.generation.update(|g| *g += 1);
        self.halt();
        self.running.set(false);
        self.status.set("Stopped.".to_owned());
    }
}
