//! The models whose members a search runs on (the hazard hunt's and the bounded check's).

use kip848_core::Model;
use leptos::prelude::*;

/// Whose members to run on: a box per model (the hunt's and the check's).
#[component]
pub fn ModelsChoice(models: RwSignal<Vec<Model>>, testid: &'static str) -> impl IntoView {
    view! {
        <fieldset class="inline" aria-label="Members of">
            {Model::ALL.into_iter().map(|m| view! {
                <label class="choice"><input type="checkbox" data-testid=testid value=m.as_str()
                    prop:checked=move || models.with(|all| all.contains(&m))
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        models.update(|all| { all.retain(|x| *x != m); if on { all.push(m); all.sort(); } });
                    } />{m.title()}</label>
            }).collect_view()}
        </fieldset>
    }
}
