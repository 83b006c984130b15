//! The hazard hunt in the review view: random group schedules of seed members, run a few at a
//! time between frames so that the page stays responsive, the tally per hazard as it goes, then
//! each hazard found shrunk (a few attempts at a time too) to a counterexample that opens in the
//! group view at the step where it shows. What is run and checked is the core's
//! ([`kip848_core::hunt`]); this panel only slices the work and shows it.

use kip848_core::group::hazard::{Allowed, Hazard};
use kip848_core::group::GroupTrace;
use kip848_core::hunt::summary::{Row, Summary};
use kip848_core::hunt::{random, Hunt, Shrinker, Tally};
use kip848_core::session::link::{encode_group, SharedGroup};
use kip848_core::Model;
use leptos::prelude::*;

/// Schedules run between two frames, and shrinking attempts: each a few milliseconds of work.
const SCHEDULES_PER_SLICE: u64 = 5;
const ATTEMPTS_PER_SLICE: usize = 5;
/// The most schedules one hunt runs here (`kip848-hunt` runs any number).
const MAX_SCHEDULES: u64 = 100_000;

/// A hazard's shortest counterexample, ready to open.
#[derive(Debug, Clone, PartialEq)]
struct Example {
    hazard: Hazard,
    members: usize,
    steps: usize,
    words: String,
    /// The group page's address with the counterexample as its share link, at the hazard's step.
    href: String,
    trace: GroupTrace,
}

/// The hunt's state: the review view holds it, so that its export can take the result along.
#[derive(Clone, Copy)]
pub struct HuntView {
    seed: RwSignal<u64>,
    total: RwSignal<u64>,
    running: RwSignal<bool>,
    /// A new hunt makes the running one stop at its next slice.
    generation: RwSignal<u64>,
    done: RwSignal<u64>,
    tallies: RwSignal<Vec<Tally>>,
    examples: RwSignal<Vec<Example>>,
    status: RwSignal<String>,
}

/// Yields to the browser: the next slice runs after it has drawn and handled input.
async fn next_frame() {
    gloo_timers::future::TimeoutFuture::new(0).await;
}

impl Default for HuntView {
    fn default() -> HuntView {
        HuntView {
            seed: RwSignal::new(1),
            total: RwSignal::new(1000),
            running: RwSignal::new(false),
            generation: RwSignal::new(0),
            done: RwSignal::new(0),
            tallies: RwSignal::new(Vec::new()),
            examples: RwSignal::new(Vec::new()),
            status: RwSignal::new(String::new()),
        }
    }
}

impl HuntView {
    /// What the hunt found so far, for the export; `None` before any schedule ran.
    pub fn summary(self) -> Option<Summary> {
        let schedules = self.done.get_untracked();
        (schedules > 0).then(|| Summary {
            seed: self.seed.get_untracked(),
            schedules,
            rows: order()
                .into_iter()
                .map(|hazard| Row {
                    hazard,
                    found: self.tallies.with_untracked(|all| {
                        all.iter()
                            .find(|t| t.hazard == hazard)
                            .map_or(0, |t| t.schedules)
                    }),
                    example: self.examples.with_untracked(|all| {
                        all.iter()
                            .find(|e| e.hazard == hazard)
                            .map(|e| (e.trace.clone(), e.words.clone()))
                    }),
                })
                .collect(),
        })
    }

    fn start(self) {
        let (seed, total) = (self.seed.get_untracked(), self.total.get_untracked());
        self.generation.update(|g| *g += 1);
        let generation = self.generation.get_untracked();
        let current = move || self.generation.get_untracked() == generation;
        self.running.set(true);
        self.done.set(0);
        self.examples.set(Vec::new());
        leptos::task::spawn_local(async move {
            let mut hunt = Hunt::new(seed);
            while hunt.done < total {
                if !current() {
                    return;
                }
                hunt.run(SCHEDULES_PER_SLICE.min(total - hunt.done));
                self.done.set(hunt.done);
                self.tallies.set(hunt.tallies.clone());
                self.status
                    .set(format!("Hunting: {} of {total} schedules…", hunt.done));
                next_frame().await;
            }
            for tally in hunt.tallies.clone() {
                let Some(first) = tally.first else { continue };
                self.status
                    .set(format!("Shrinking: {}…", tally.hazard.title()));
                let Some(mut shrinker) =
                    Shrinker::new(&random::schedule(seed, first), tally.hazard)
                else {
                    continue;
                };
                let mut attempts = 0;
                while shrinker.attempt() {
                    attempts += 1;
                    if attempts % ATTEMPTS_PER_SLICE == 0 {
                        next_frame().await;
                        if !current() {
                            return;
                        }
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
                    members: schedule.members().len(),
                    steps: schedule.steps.len(),
                    words: sighting.words,
                    href: format!("group.html#{link}"),
                    trace,
                };
                self.examples.update(|all| all.push(example));
                next_frame().await;
            }
            if current() {
                self.status.set(format!(
                    "Done: {total} schedules (seed {seed}), each hazard found shrunk."
                ));
                self.running.set(false);
            }
        });
    }

    fn stop(self) {
        self.generation.update(|g| *g += 1);
        self.running.set(false);
        let done = self.done.get_untracked();
        self.status.set(format!("Stopped after {done} schedules."));
    }
}

fn allowed(hazard: Hazard, model: Model) -> &'static str {
    match hazard.allowed(model) {
        Allowed::Yes => "allows",
        Allowed::No => "does not allow",
    }
}

/// Hazards whose allowance the models disagree on come first: what a reviewer looks at first.
fn order() -> Vec<Hazard> {
    let mut all = Hazard::ALL.to_vec();
    all.sort_by_key(|h| {
        let first = h.allowed(Model::Seed);
        Model::ALL.iter().all(|m| h.allowed(*m) == first)
    });
    all
}

/// The panel.
#[component]
pub fn HuntPanel(view: HuntView) -> impl IntoView {
    on_cleanup(move || view.generation.update(|g| *g += 1));
    let number = |value: String, max: u64| value.trim().parse::<u64>().ok().map(|n| n.min(max));
    view! {
        <section class="panel hunt" aria-labelledby="hunt-title" data-testid="hunt">
            <h2 id="hunt-title">"What can go wrong: the hazard hunt"</h2>
            <p class="muted">"Random group schedules of seed-design members (joins, leaves, kills, slow callbacks, latencies, dropped messages, errors, new partitions), every hazard checked after every step; each hazard found is shrunk to the fewest members, steps and delays that still show it, and opens in the group view where it shows. Groups of Java-client or librdkafka members are not built yet: their columns say what each design allows."</p>
            <div class="row">
                <label>"Schedules "
                    <input type="number" min="1" max=MAX_SCHEDULES data-testid="hunt-count" prop:value=move || view.total.get().to_string()
                        on:change=move |ev| if let Some(n) = number(event_target_value(&ev), MAX_SCHEDULES) { view.total.set(n.max(1)); } />
                </label>
                <label>"Seed "
                    <input type="number" min="0" data-testid="hunt-seed" prop:value=move || view.seed.get().to_string()
                        on:change=move |ev| if let Some(n) = number(event_target_value(&ev), u64::MAX) { view.seed.set(n); } />
                </label>
                <button class="primary" data-testid="hunt-start" disabled=move || view.running.get() on:click=move |_| view.start()>"Hunt"</button>
                <button data-testid="hunt-stop" disabled=move || !view.running.get() on:click=move |_| view.stop()>"Stop"</button>
            </div>
            <progress data-testid="hunt-progress" max=move || view.total.get().to_string() prop:value=move || view.done.get().to_string()></progress>
            <p role="status" data-testid="hunt-status">{move || view.status.get()}</p>
            <div class="table-wrap">
                <table data-testid="hunt-table">
                    <thead><tr>
                        <th scope="col">"hazard"</th>
                        <th scope="col">"seed members: found"</th>
                        <th scope="col">"shortest counterexample"</th>
                        <th scope="col">"seed design / Java client / librdkafka"</th>
                    </tr></thead>
                    <tbody>
                        {order().into_iter().map(|hazard| {
                            let found = move || view.tallies.with(|all| all.iter().find(|t| t.hazard == hazard).map_or(0, |t| t.schedules));
                            let example = move || view.examples.with(|all| all.iter().find(|e| e.hazard == hazard).cloned());
                            view! {
                                <tr data-testid="hunt-row" data-hazard=hazard.as_str()>
                                    <th scope="row"><strong>{hazard.title()}</strong><br/><span class="muted small">{hazard.rule()}</span></th>
                                    <td data-testid="hunt-found">{move || {
                                        let done = view.done.get();
                                        match found() { 0 => format!("not found in {done}"), n => format!("{n} of {done}") }
                                    }}</td>
                                    <td data-testid="hunt-example">{move || example().map(|e| view! {
                                        {format!("{} member(s), {} step(s): {}. ", e.members, e.steps, e.words)}
                                        <a href=e.href data-testid="hunt-open">"Open in the group view"</a>
                                    })}</td>
                                    <td>{format!("{} / {} / {}", allowed(hazard, Model::Seed), allowed(hazard, Model::Kafka), allowed(hazard, Model::Librdkafka))}</td>
                                </tr>
                            }
                        }).collect_view()}
                    </tbody>
                </table>
            </div>
        </section>
    }
}
