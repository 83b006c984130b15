//! Which member model the page runs, in view beside the title: each model named, with a line on
//! what it is; choosing one replays the same inputs on it. The Java client model follows one Kafka
//! release, chosen on the member view's first row, with what changes between releases.

use crate::session::context::use_session;
use kip848_core::{ClientVersion, Model, RELEASE_DIFFERENCES};
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

/// The Kafka release the Java client model follows, and the behaviours that differ by release:
/// on the member view's first row, shown while the Java client is the model.
#[component]
pub fn KafkaRelease() -> impl IntoView {
    let session = use_session();
    let kafka = Memo::new(move |_| session.timeline.with(|t| t.model()) == Model::Kafka);
    let release = Memo::new(move |_| session.timeline.with(|t| t.config().kafka_version()));
    view! {
        <Show when=move || kafka.get()>
        <div class="kafka-release" data-testid="kafka-release">
            <label for="kafka-release-choice" title="The Kafka release the Java client model follows">"Kafka release"</label>
            <select id="kafka-release-choice" data-testid="kafka-release-choice"
                prop:value=move || release.get().as_str()
                on:change=move |ev| {
                    if let Some(chosen) = ClientVersion::parse(&event_target_value(&ev)) {
                        session.set_kafka_version(chosen);
                    }
                }>
                {ClientVersion::CHOICES.into_iter().map(|v| view! {
                    <option value=v.as_str()>{v.as_str()}</option>
                }).collect_view()}
            </select>
            <details class="small">
                <summary title="What the Java client does differently from one release to the next">"What differs by release"</summary>
                <ul data-testid="release-differences">
                    {RELEASE_DIFFERENCES.into_iter().map(|(from, words)| view! {
                        <li class:applies={move || release.get() >= from}>
                            <strong>{format!("From {}: ", from.as_str())}</strong>{words}
                        </li>
                    }).collect_view()}
                </ul>
            </details>
        </div>
        </Show>
    }
}
