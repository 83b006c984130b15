//! The hazard hunt in the review view: the same random group schedules on the members of each
//! model chosen, run between frames in slices of about 20 ms so that the page stays responsive,
//! the tally per hazard and model as it goes, then each hazard found shrunk (a slice of attempts
//! at a time too) to a counterexample that opens in the group view at the step where it shows, or
//! beside the same schedule on another model's members. What is run, checked and ordered is the
//! core's ([`kip848_core::hunt`]); this panel only slices the work and shows it.
//!
//! Over 300 lines: the hunt's run loop, its tally table and a counterexample's cell share one view state.

use kip848_core::group::hazard::{Allowed, Hazard};
use kip848_core::group::GroupTrace;
use kip848_core::hunt::summary::{order, Found, Row, Summary};
use kip848_core::hunt::{on_model, random, Hunt, Shrinker, Tally};
use kip848_core::screen::words::counted;
use kip848_core::session::link::{encode_group, SharedGroup};
use kip848_core::Model;
use leptos::prelude::*;

/// The work between two yields to the browser is kept near this: a slower machine gets fewer
/// schedules (or shrinking attempts) per slice, so none becomes a long task (50 ms) for the page.
const SLICE_BUDGET_MS: f64 = 20.0;
/// At most this many schedules of one model between two frames.
const SCHEDULES_PER_SLICE: u64 = 5;
/// The most schedules one hunt runs here (`kip848-hunt` runs any number).
const MAX_SCHEDULES: u64 = 100_000;

/// A hazard's shortest counterexample on one model's members, ready to open.
#[derive(Debug, Clone, PartialEq)]
struct Example {
    hazard: Hazard,
    model: Model,
    members: usize,
    steps: usize,
    words: String,
    /// The step the link opens at: the hazard's.
    step: usize,
    /// The counterexample as a group share link, at the hazard's step.
    link: String,
    trace: GroupTrace,
}

/// The hunt's state: the review view holds it, so that its export can take the result along.
#[derive(Clone, Copy)]
pub struct HuntView {
    seed: RwSignal<u64>,
    total: RwSignal<u64>,
    /// The models whose members the schedules run on.
    models: RwSignal<Vec<Model>>,
    running: RwSignal<bool>,
    /// A new hunt makes the running one stop at its next slice.
    generation: RwSignal<u64>,
    done: RwSignal<u64>,
    /// Each hunted model's tallies, in the columns' order.
    tallies: RwSignal<Vec<(Model, Vec<Tally>)>>,
    examples: RwSignal<Vec<Example>>,
    status: RwSignal<String>,
    /// A counterexample shown beside the same schedule on another model's members.
    beside: RwSignal<Option<(Example, Model)>>,
}

/// Yields to the browser: the next slice runs after it has drawn and handled input.
async fn next_frame() {
    gloo_timers::future::TimeoutFuture::new(0).await;
}

/// The page's clock, in milliseconds: the panel sizes its slices by it (the core never reads it).
fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// How many schedules fit the slice budget at `per_schedule_ms` each (1 to the most per slice).
fn schedules_within_budget(per_schedule_ms: f64) -> u64 {
    // Truncated on purpose: a whole number of schedules, at least one.
    (SLICE_BUDGET_MS / per_schedule_ms.max(0.001)).clamp(1.0, SCHEDULES_PER_SLICE as f64) as u64
}

impl Default for HuntView {
    fn default() -> HuntView {
        HuntView {
            seed: RwSignal::new(1),
            total: RwSignal::new(1000),
            models: RwSignal::new(Model::ALL.to_vec()),
            running: RwSignal::new(false),
            generation: RwSignal::new(0),
            done: RwSignal::new(0),
            tallies: RwSignal::new(Vec::new()),
            examples: RwSignal::new(Vec::new()),
            status: RwSignal::new(String::new()),
            beside: RwSignal::new(None),
        }
    }
}

impl HuntView {
    /// The hazards in the core's order for the tallies so far: those the models disagree on first.
    fn order(self) -> Vec<Hazard> {
        self.tallies.with(|all| {
            let tallies: Vec<(Model, &[Tally])> =
                all.iter().map(|(m, t)| (*m, t.as_slice())).collect();
            order(&tallies)
        })
    }

    fn found(self, hazard: Hazard, model: Model) -> usize {
        self.tallies.with(|all| {
            all.iter()
                .filter(|(m, _)| *m == model)
                .flat_map(|(_, t)| t.iter())
                .find(|t| t.hazard == hazard)
                .map_or(0, |t| t.schedules)
        })
    }

    fn example(self, hazard: Hazard, model: Model) -> Option<Example> {
        self.examples.with(|all| {
            all.iter()
                .find(|e| e.hazard == hazard && e.model == model)
                .cloned()
        })
    }

    /// What the hunt found so far, for the export; `None` before any schedule ran.
    pub fn summary(self) -> Option<Summary> {
        let schedules = self.done.get_untracked();
        let models: Vec<Model> = self
            .tallies
            .with_untracked(|t| t.iter().map(|(m, _)| *m).collect());
        (schedules > 0).then(|| Summary {
            seed: self.seed.get_untracked(),
            schedules,
            rows: untrack(|| self.order())
                .into_iter()
                .map(|hazard| Row {
                    hazard,
                    found: models
                        .iter()
                        .map(|&model| Found {
                            model,
                            schedules: untrack(|| self.found(hazard, model)),
                            example: untrack(|| self.example(hazard, model))
                                .map(|e| (e.trace, e.words)),
                        })
                        .collect(),
                })
                .collect(),
            models,
        })
    }

    fn start(self) {
        let (seed, total) = (self.seed.get_untracked(), self.total.get_untracked());
        let models = self.models.get_untracked();
        if models.is_empty() {
            self.status
                .set("Choose at least one model whose members to hunt on.".to_owned());
            return;
        }
        self.generation.update(|g| *g += 1);
        let generation = self.generation.get_untracked();
        let current = move || self.generation.get_untracked() == generation;
        self.running.set(true);
        self.done.set(0);
        self.examples.set(Vec::new());
        self.beside.set(None);
        leptos::task::spawn_local(async move {
            let mut hunts: Vec<Hunt> = models.iter().map(|m| Hunt::new(seed, *m)).collect();
            let mut done = 0;
            let mut per_slice = SCHEDULES_PER_SLICE;
            while done < total {
                let slice = per_slice.min(total - done);
                let mut slowest = 0.0_f64;
                // One model's slice between two frames: the same schedules on every model.
                for hunt in &mut hunts {
                    let started = now_ms();
                    hunt.run(slice);
                    slowest = slowest.max((now_ms() - started) / slice as f64);
                    next_frame().await;
                    // Stopped (or replaced) while it yielded: a Stop clicked during the last
                    // model's yield must not be written over by this slice's progress.
                    if !current() {
                        return;
                    }
                }
                done += slice;
                per_slice = schedules_within_budget(slowest);
                self.done.set(done);
                self.tallies
                    .set(hunts.iter().map(|h| (h.model, h.tallies.clone())).collect());
                self.status
                    .set(format!("Hunting: {done} of {total} schedules…"));
            }
            for hunt in &hunts {
                for tally in hunt.tallies.clone() {
                    let Some(first) = tally.first else { continue };
                    self.status.set(format!(
                        "Shrinking: {} ({} members)…",
                        tally.hazard.title(),
                        hunt.model.title()
                    ));
                    let Some(mut shrinker) =
                        Shrinker::new(&random::schedule(seed, first, hunt.model), tally.hazard)
                    else {
                        continue;
                    };
                    let mut since = now_ms();
                    while shrinker.attempt() {
                        if now_ms() - since >= SLICE_BUDGET_MS {
                            next_frame().await;
                            if !current() {
                                return;
                            }
                            since = now_ms();
                        }
                    }
                    let schedule = shrinker.best;
                    let Some((step, sighting)) = schedule.first(tally.hazard) else {
                        continue;
                    };
                    let trace = schedule.trace(tally.hazard, Some((step, &sighting)));
                    let link = encode_group(&SharedGroup {
                        trace: trace.clone(),
                        step: step + 1,
                    });
                    let example = Example {
                        hazard: tally.hazard,
                        model: hunt.model,
                        members: schedule.members().len(),
                        steps: schedule.steps.len(),
                        words: sighting.words,
                        step: step + 1,
                        link,
                        trace,
                    };
                    self.examples.update(|all| all.push(example));
                    next_frame().await;
                    if !current() {
                        return;
                    }
                }
            }
            if current() {
                self.status.set(format!(
                    "Done: {total} schedules (seed {seed}) on each model's members, each hazard found shrunk."
                ));
                self.running.set(false);
            }
        });
    }

    fn stop(self) {
        self.generation.update(|g| *g += 1);
        self.running.set(false);
        let done = self.done.get_untracked();
        self.status
            .set(format!("Stopped after {}.", counted(done, "schedule")));
    }
}

/// The model a counterexample is best set beside: the seed design's beside the Java client's,
/// a shipped client's beside the seed design's.
fn other(model: Model) -> Model {
    match model {
        Model::Seed => Model::Kafka,
        _ => Model::Seed,
    }
}

/// One model's cell of a hazard's row: how often, and its counterexample.
#[component]
fn FoundCell(view: HuntView, hazard: Hazard, model: Model) -> impl IntoView {
    let example = move || view.example(hazard, model);
    view! {
        <td data-testid="hunt-found" data-model=model.as_str()>
            <span data-testid="hunt-count-found">{move || {
                let done = view.done.get();
                match view.found(hazard, model) { 0 => format!("not found in {done}"), n => format!("{n} of {done}") }
            }}</span>
            {move || example().map(|e| {
                let beside = e.clone();
                let against = other(e.model);
                view! {
                    <p class="small" data-testid="hunt-example">{format!("{} member(s), {} step(s): {}. ", e.members, e.steps, e.words)}
                        // A tab of its own: the hunt's results stay here (leaving the page lost them).
                        <a href=format!("group.html#{}", e.link) target="_blank" rel="noopener" data-testid="hunt-open">"Open in the group view (new tab)"</a>" · "
                        <button class="link" data-testid="hunt-beside" on:click=move |_| view.beside.set(Some((beside.clone(), against)))>
                            {format!("Beside {} members", against.title())}</button>
                    </p>
                }
            })}
        </td>
    }
}

/// A counterexample beside the same schedule on another model's members: two read-only group
/// views of one link, each at the hazard's step.
#[component]
fn Beside(view: HuntView) -> impl IntoView {
    move || {
        view.beside.get().map(|(e, against)| {
            let frame = move |model: Model| {
                // The found side is the counterexample itself; the other is its schedule on the
                // other model's members, without the notes that were true of the first.
                let link = if model == e.model {
                    e.link.clone()
                } else {
                    encode_group(&SharedGroup {
                        trace: on_model(&e.trace, model),
                        step: e.step,
                    })
                };
                let src = format!(
                    "group.html?embed=1&readonly=1&show=caption,hazards,chart,members,transport#{link}"
                );
                view! {
                    <figure class="beside-side">
                        <figcaption>{format!("{} members", model.title())}</figcaption>
                        <iframe data-testid="hunt-beside-frame" data-model=model.as_str() src=src
                            title=format!("{}: the schedule on {} members", e.hazard.title(), model.title())></iframe>
                    </figure>
                }
            };
            view! {
                <section class="hunt-beside" data-testid="hunt-beside-view" aria-label="The same schedule on two models">
                    <h3>{format!("{}: the same schedule on two models", e.hazard.title())}</h3>
                    <div class="beside-pair">{frame(e.model)}{frame(against)}</div>
                    <button data-testid="hunt-beside-close" on:click=move |_| view.beside.set(None)>"Close"</button>
                </section>
            }
        })
    }
}

/// The panel.
#[component]
pub fn HuntPanel(view: HuntView) -> impl IntoView {
    on_cleanup(move || view.generation.update(|g| *g += 1));
    let number = |value: String, max: u64| value.trim().parse::<u64>().ok().map(|n| n.min(max));
    let hunted = move || {
        view.tallies
            .with(|t| t.iter().map(|(m, _)| *m).collect::<Vec<_>>())
    };
    // The rows move only when the order does, not at every slice.
    let ordered = Memo::new(move |_| view.order());
    let allows = |hazard: Hazard, m: Model| match hazard.allowed(m) {
        Allowed::Yes => format!("{}: allows", m.title()),
        Allowed::No => format!("{}: does not allow", m.title()),
    };
    view! {
        <section class="panel hunt" aria-labelledby="hunt-title" data-testid="hunt">
            <h2 id="hunt-title">"What can go wrong: the hazard hunt"</h2>
            <p class="muted">"Random group schedules (joins, leaves, kills, slow callbacks, latencies, dropped messages, errors, new partitions), the same schedules on the members of each model chosen, every hazard checked after every step; each hazard found is shrunk to the fewest members, steps and delays that still show it, and opens in the group view where it shows, or beside the same schedule on another model's members. The hazards the models disagree on come first."</p>
            <div class="row">
                <label>"Schedules "
                    <input type="number" min="1" max=MAX_SCHEDULES data-testid="hunt-count" prop:value=move || view.total.get().to_string()
                        on:change=move |ev| if let Some(n) = number(event_target_value(&ev), MAX_SCHEDULES) { view.total.set(n.max(1)); } />
                </label>
                <label>"Seed "
                    <input type="number" min="0" data-testid="hunt-seed" prop:value=move || view.seed.get().to_string()
                        on:change=move |ev| if let Some(n) = number(event_target_value(&ev), u64::MAX) { view.seed.set(n); } />
                </label>
                <crate::components::models_choice::ModelsChoice models=view.models testid="hunt-model"/>
                <button class="primary" data-testid="hunt-start" disabled=move || view.running.get() on:click=move |_| view.start()>"Hunt"</button>
                <button data-testid="hunt-stop" disabled=move || !view.running.get() on:click=move |_| view.stop()>"Stop"</button>
            </div>
            <progress data-testid="hunt-progress" max=move || view.total.get().to_string() prop:value=move || view.done.get().to_string()></progress>
            <p role="status" data-testid="hunt-status">{move || view.status.get()}</p>
            <div class="table-wrap">
                <table data-testid="hunt-table">
                    <thead><tr>
                        <th scope="col">"hazard"</th>
                        {move || hunted().into_iter().map(|m| view! { <th scope="col">{format!("{} members: found", m.title())}</th> }).collect_view()}
                        <th scope="col">"what each design allows"</th>
                    </tr></thead>
                    <tbody>
                        {move || ordered.get().into_iter().map(|hazard| view! {
                            <tr data-testid="hunt-row" data-hazard=hazard.as_str()>
                                <th scope="row"><strong>{hazard.title()}</strong><br/><span class="muted small">{hazard.rule()}</span></th>
                                {hunted().into_iter().map(|model| view! { <FoundCell view hazard model/> }).collect_view()}
                                <td class="small">{Model::ALL.into_iter().map(|m| allows(hazard, m)).collect::<Vec<_>>().join("; ")}</td>
                            </tr>
                        }).collect_view()}
                    </tbody>
                </table>
            </div>
            <Beside view/>
        </section>
    }
}
