//! The group's steps, oldest first, runs of "time passes" folded into one row: click one to go
//! to its end; the row the cursor is in is marked and kept in view.

use crate::group::use_group_session;
use kip848_core::group::step_rows;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

#[component]
pub fn GroupSteps() -> impl IntoView {
    let session = use_group_session();
    let rows = Memo::new(move |_| session.timeline.with(step_rows));
    let current = move || session.frame.with(|f| f.row);
    let cursor = move || session.frame.with(|f| f.step);
    let list = NodeRef::<leptos::html::Ol>::new();
    Effect::new(move |_| {
        current();
        let Some(list) = list.get() else { return };
        request_animation_frame(move || {
            let row = list
                .query_selector(".log-row.current")
                .ok()
                .flatten()
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
            if let Some(row) = row {
                let middle = row.offset_top() - (list.client_height() - row.offset_height()) / 2;
                list.set_scroll_top(middle.max(0));
            }
        });
    });
    view! {
        <section class="panel group-steps" aria-labelledby="group-steps-title">
            <h2 id="group-steps-title">"Steps"</h2>
            <ol class="log-rows" data-testid="group-steps" node_ref=list>
                {move || rows.get().into_iter().enumerate().map(|(i, row)| {
                    let is_current = move || current() == Some(i);
                    let future = move || cursor() <= row.first;
                    let rejected = row.refused.is_some();
                    let at = if row.from_ms == row.to_ms {
                        format!("{} ms", row.from_ms)
                    } else {
                        format!("{}–{} ms", row.from_ms, row.to_ms)
                    };
                    let end = row.last + 1;
                    view! {
                        <li class="log-row" class:current=is_current class:future=future class:rejected=rejected data-testid="group-step"
                            data-first=row.first + 1 data-last=end>
                            <button class="log-seek" aria-current=move || is_current().then_some("step")
                                on:click=move |_| { session.transport.pause(); session.seek(end); }>
                                <span class="at">{at}</span><span class="what">{row.summary.clone()}{row.noted.then_some(" ✎")}</span>
                                {row.refused.clone().map(|r| view! { <span class="danger">{format!(" — refused: {r}")}</span> })}
                            </button>
                        </li>
                    }
                }).collect_view()}
            </ol>
        </section>
    }
}
