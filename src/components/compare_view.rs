//! The compare view: the session's inputs through the seed model and the shipped Kafka client side
//! by side, aligned by input; each step where they differ in state, epoch, assigned set or
//! callbacks is highlighted with a one-line explanation.

use crate::context::use_session;
use kip848_core::compare::{compare, Aspect, Row, Side};
use leptos::prelude::*;

/// Rows shown around the cursor.
const WINDOW: usize = 80;

fn side_view(side: &Side, aspects: &[Aspect]) -> impl IntoView {
    let marked = |a: Aspect| aspects.contains(&a);
    let callbacks = side
        .callbacks
        .iter()
        .map(|e| e.name().trim_start_matches("invoke_"))
        .collect::<Vec<_>>()
        .join(", ");
    view! {
        <td class:diff=marked(Aspect::State) || marked(Aspect::Acceptance)>
            {side.rejected.as_ref().map_or_else(|| side.state.as_str().to_owned(), |r| format!("rejected: {r}"))}
        </td>
        <td class:diff=marked(Aspect::Epoch)>{side.member_epoch.to_string()}</td>
        <td class:diff=marked(Aspect::Assigned)>{side.assigned.to_string()}</td>
        <td class:diff=marked(Aspect::Callbacks)>{callbacks}</td>
    }
}

/// The compare panel.
#[component]
pub fn CompareView() -> impl IntoView {
    let session = use_session();
    let open = RwSignal::new(false);
    let rows = Memo::new(move |_| {
        if !open.get() {
            return (0, Vec::new(), 0);
        }
        session.timeline.with(|t| {
            let all: Vec<Row> = compare(t.trace());
            let differing = all.iter().filter(|r| !r.differences.is_empty()).count();
            let first = t
                .cursor()
                .saturating_sub(WINDOW / 2)
                .min(all.len().saturating_sub(WINDOW));
            (
                first,
                all.into_iter().skip(first).take(WINDOW).collect(),
                differing,
            )
        })
    });
    let cursor = move || session.timeline.with(|t| t.cursor());
    view! {
        <details class="panel compare" data-testid="compare" on:toggle=move |ev| {
            let element: Option<web_sys::HtmlDetailsElement> = wasm_bindgen::JsCast::dyn_into(event_target::<web_sys::Element>(&ev)).ok();
            open.set(element.is_some_and(|d| d.open()));
        }>
            <summary>"Compare: the seed design and the client Kafka shipped"</summary>
            <p class="muted" data-testid="compare-summary">
                {move || rows.with(|(_, rows, differing)| format!("{differing} of the steps differ ({} shown). The same inputs run through both models; equivalent states (JOINED and STABLE, say) count as the same.", rows.len()))}
            </p>
            <div class="table-scroll">
                <table class="compare-table">
                    <thead>
                        <tr>
                            <th scope="col" rowspan="2">"step"</th>
                            <th scope="colgroup" colspan="4">"seed"</th>
                            <th scope="colgroup" colspan="4">"shipped client"</th>
                        </tr>
                        <tr>
                            <th scope="col">"state"</th><th scope="col">"epoch"</th><th scope="col">"assigned"</th><th scope="col">"callbacks"</th>
                            <th scope="col">"state"</th><th scope="col">"epoch"</th><th scope="col">"assigned"</th><th scope="col">"callbacks"</th>
                        </tr>
                    </thead>
                    <tbody>
                        {move || rows.get().1.into_iter().map(|row| {
                            let step = row.index + 1;
                            let differs = !row.differences.is_empty();
                            let current = move || cursor() == step;
                            view! {
                                <tr class:differs=differs class:current=current data-testid=format!("compare-row-{step}")
                                    data-differs=differs.to_string()>
                                    <th scope="row"><button class="link" on:click=move |_| session.seek(step)>{step.to_string()}</button></th>
                                    {side_view(&row.seed, &row.differences)}
                                    {side_view(&row.kafka, &row.differences)}
                                </tr>
                                {row.explanation.map(|e| view! {
                                    <tr class="explanation"><td></td><td colspan="8" data-testid=format!("compare-why-{step}")>{e}</td></tr>
                                })}
                            }
                        }).collect_view()}
                    </tbody>
                </table>
            </div>
        </details>
    }
}
