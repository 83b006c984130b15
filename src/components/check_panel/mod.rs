//! "Check every schedule" in the review view, beside the hunt: the bounded check
//! ([`kip848_core::check`]) on each chosen model's members, run in a Web Worker with its own
//! instance of the page's module ([`worker`]) so that the page's main thread only draws, with
//! progress and Stop (where no worker starts, between frames in slices of about 20 ms); then, per
//! property and model, *holds within N states* or the shortest counterexample, opening in the
//! group view. With the seed design's choices asked for, seed members are checked again under
//! each other combination of them (`kip848_core::check::Combination`), one column each.
//! What is explored and checked is the core's; this panel only hands the work out and shows it.

mod run;
pub mod worker;

use kip848_core::check::Property;
use leptos::prelude::*;
use run::CheckView;
use worker::Seen;

/// The deepest check the page runs by moves (to the end, any).
const MAX_DEPTH: usize = 24;

/// What a check to the end costs in this page (`make bench`, docs/performance.md).
const TO_END_COST: &str = "These bounds close: every schedule is checked, whatever its length. In this page that takes about 3 s for seed members, 7 s for librdkafka's and 20 s for the Java client's, whose group has 513 thousand states and takes about half a gigabyte of memory (kip848-check: about 9 s).";

/// Why the design's combinations are checked to a depth only (`kip848-check --combination N`
/// runs the rows that close to the end; the book has the table).
const NOT_TO_THE_END: &str = "The seed's combinations are checked to a depth, not to the end: under four of them (a fenced member's callback returning first, the epoch taken once reconciled) members with slow callbacks fence each other without end and the group epoch keeps rising, so those bounds never close.";

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
            <p class="muted">"Not a sample: every schedule of two members on two topics of one partition, with at most one disturbance (a member closing, killed, its messages lost, fenced, or holding a revocation past its four-second rebalance timeout), every callback completing at any point, up to the depth chosen or to the end — breadth-first, each distinct group state once. A property either holds within the bounds or comes with its shortest counterexample."</p>
            <div class="row">
                <label>"Moves deep "
                    <input type="number" min="1" max=MAX_DEPTH data-testid="check-depth" prop:value=move || view.depth.get().to_string()
                        disabled=move || view.to_end.get()
                        on:change=move |ev| if let Some(n) = depth_of(&event_target_value(&ev)) { view.depth.set(n); } />
                </label>
                <label class="choice" title=move || view.choices.get().then_some(NOT_TO_THE_END)>
                    <input type="checkbox" data-testid="check-to-end" prop:checked=move || view.to_end.get()
                        disabled=move || view.choices.get()
                        on:change=move |ev| view.to_end.set(event_target_checked(&ev)) />
                    "or to the end (every length)"
                </label>
                <crate::components::models_choice::ModelsChoice models=view.models testid="check-model"/>
                <label class="choice" title=move || if view.to_end.get() { NOT_TO_THE_END } else { "The seed design's open choices (the member view's configuration names each with the design page's words): seed members are checked again under every other combination" }>
                    <input type="checkbox" data-testid="check-choices" prop:checked=move || view.choices.get()
                        disabled=move || view.to_end.get()
                        on:change=move |ev| view.choices.set(event_target_checked(&ev)) />
                    "and the seed under each combination of its design choices"
                </label>
                <button class="primary" data-testid="check-start" disabled=move || view.running.get() on:click=move |_| view.start()>"Check"</button>
                <button data-testid="check-stop" disabled=move || !view.running.get() on:click=move |_| view.stop()>"Stop"</button>
            </div>
            <Show when=move || view.to_end.get()>
                <p class="muted" data-testid="check-to-end-cost">{TO_END_COST}</p>
            </Show>
            <Show when=move || view.choices.get() || view.to_end.get()>
                <p class="muted" data-testid="check-choices-depth">{NOT_TO_THE_END}</p>
            </Show>
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
