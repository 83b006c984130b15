//! Which member model the page runs, in view beside the title: each model named, with a line on
//! what it is; choosing one replays the same inputs on it.

use crate::context::use_session;
use kip848_core::Model;
use leptos::prelude::*;

/// The models as a pair of radio buttons, with the chosen one's description.
#[component]
pub fn ModelSwitch() -> impl IntoView {
    let session = use_session();
    let model = Memo::new(move |_| session.timeline.with(|t| t.model()));
    view! {
        <fieldset class="model-switch" data-testid="model-switch">
            <legend>"Member model"</legend>
            <div class="segmented" role="presentation">
                {Model::ALL.into_iter().map(|m| view! {
                    <label class="segment" class:chosen=move || model.get() == m title=m.summary()>
                        <input type="radio" name="member-model" value=m.as_str()
                            data-testid=format!("model-{}", m.as_str())
                            prop:checked=move || model.get() == m
                            on:change=move |_| session.set_model(m)/>
                        {m.title()}
                    </label>
                }).collect_view()}
            </div>
            <p class="muted small model-summary" data-testid="model-summary">{move || model.get().summary()}</p>
        </fieldset>
    }
}
