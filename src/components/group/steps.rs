//! The group's steps, oldest first: click one to go back to it; the current one is marked.

use crate::group::use_group_session;
use leptos::prelude::*;

#[component]
pub fn GroupSteps() -> impl IntoView {
    let session = use_group_session();
    let steps = move || {
        session.timeline.with(|t| {
            t.steps()
                .iter()
                .zip(t.results())
                .enumerate()
                .map(|(i, (step, refused))| {
                    (
                        i,
                        step.at.0,
                        step.input.summary(),
                        refused.clone(),
                        step.note.is_some(),
                    )
                })
                .collect::<Vec<_>>()
        })
    };
    let cursor = move || session.timeline.with(|t| t.cursor());
    view! {
        <section class="panel group-steps" aria-labelledby="group-steps-title">
            <h2 id="group-steps-title">"Steps"</h2>
            <ol class="log-rows" data-testid="group-steps">
                {move || steps().into_iter().map(|(i, at, summary, refused, noted)| {
                    let current = move || cursor() == i + 1;
                    let future = move || cursor() <= i;
                    let rejected = refused.is_some();
                    view! {
                        <li class="log-row" class:current=current class:future=future class:rejected=rejected data-testid="group-step">
                            <button class="log-seek" aria-current=move || current().then_some("step")
                                on:click=move |_| { session.playing.set(false); session.seek(i + 1); }>
                                <span class="at">{format!("{at} ms")}</span><span class="what">{summary}{noted.then_some(" ✎")}</span>
                                {refused.map(|r| view! { <span class="danger">{format!(" — refused: {r}")}</span> })}
                            </button>
                        </li>
                    }
                }).collect_view()}
            </ol>
        </section>
    }
}
