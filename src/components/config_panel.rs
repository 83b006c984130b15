//! The configuration of seed model §1. A configuration is fixed for a session, so applying one
//! restarts it.

use crate::components::glossary::Term;
use crate::session::context::use_session;
use kip848_core::protocol::choice::{EpochTaken, Fenced, Release, CHOICES};
use kip848_core::{Config, Model};
use leptos::prelude::*;

fn optional(text: String) -> Option<String> {
    let text = text.trim().to_owned();
    (!text.is_empty()).then_some(text)
}

/// The configuration form.
#[component]
pub fn ConfigPanel() -> impl IntoView {
    let session = use_session();
    let edited = RwSignal::new(session.timeline.with_untracked(|t| t.config().clone()));
    let error = RwSignal::new(None::<String>);
    // A load or restart elsewhere shows its configuration here. Effects first run after mount,
    // possibly after an edit: only a change of the session's configuration overwrites the form.
    let current = Memo::new(move |_| session.timeline.with(|t| t.config().clone()));
    Effect::new(move |previous: Option<()>| {
        let config = current.get();
        if previous.is_some() {
            edited.set(config);
        }
    });
    let text = move |id: &'static str,
                     label: &'static str,
                     get: fn(&Config) -> String,
                     set: fn(&mut Config, String)| {
        view! {
            <label for=id>{label}</label>
            <input id=id data-testid=id type="text" maxlength="200"
                prop:value=move || edited.with(get)
                on:input=move |ev| { let v = event_target_value(&ev); edited.update(|c| set(c, v)); } />
        }
    };
    let number = move |id: &'static str,
                       label: &'static str,
                       get: fn(&Config) -> u64,
                       set: fn(&mut Config, u64) -> bool| {
        view! {
            <label for=id>{label}</label>
            <input id=id data-testid=id type="number" min="0" step="100"
                prop:value=move || edited.with(get).to_string()
                on:input=move |ev| {
                    match event_target_value(&ev).trim().parse::<u64>() {
                        Ok(n) => {
                            let mut ok = true;
                            edited.update(|c| ok = set(c, n));
                            error.set((!ok).then(|| format!("{label} is out of range")));
                        }
                        Err(_) => error.set(Some(format!("{label} must be a whole number of milliseconds"))),
                    }
                } />
        }
    };
    let flag = move |id: &'static str,
                     label: &'static str,
                     get: fn(&Config) -> bool,
                     set: fn(&mut Config, bool)| {
        view! {
            <label class="choice">
                <input type="checkbox" data-testid=id prop:checked=move || edited.with(get)
                    on:change=move |ev| { let v = event_target_checked(&ev); edited.update(|c| set(c, v)); } />
                {label}
            </label>
        }
    };
    let changed = move || edited.with(|e| session.timeline.with(|t| t.config() != e));
    let model = move || session.timeline.with(|t| t.model());
    view! {
        <details class="panel config" data-testid="config">
            <summary>"Configuration"</summary>
            <div class="row">
                <label for="cfg-model">"Model"</label>
                <select id="cfg-model" data-testid="cfg-model"
                    prop:value=move || model().as_str()
                    on:change=move |ev| {
                        if let Some(chosen) = Model::parse(&event_target_value(&ev)) {
                            session.set_model(chosen);
                        }
                    }>
                    <option value="seed">"seed: the CGMSM design page (the seed model)"</option>
                    <option value="kafka">"kafka: the client Kafka shipped (3.7 to 4.3: pick the release beside the model switch)"</option>
                    <option value="librdkafka">"librdkafka: the client of confluent-kafka for Python, Go, .NET, Node (2.15.0)"</option>
                </select>
            </div>
            <p class="muted">"Switching the model replays the same inputs on the chosen model's state machine."</p>
            <div class="fields">
                {text("cfg-group-id", "group_id", |c| c.group_id.clone(), |c, v| c.group_id = v)}
                {text("cfg-instance-id", "instance_id (static member)", |c| c.instance_id.clone().unwrap_or_default(), |c, v| c.instance_id = optional(v))}
                {number("cfg-rebalance-timeout", "rebalance_timeout_ms", |c| u64::from(c.rebalance_timeout_ms), |c, v| u32::try_from(v).map(|v| c.rebalance_timeout_ms = v).is_ok())}
                {text("cfg-server-assignor", "server_assignor", |c| c.server_assignor.clone().unwrap_or_default(), |c, v| c.server_assignor = optional(v))}
                {number("cfg-backoff", "retry_backoff_ms", |c| c.retry_backoff_ms, |c, v| { c.retry_backoff_ms = v; true })}
                {number("cfg-backoff-max", "retry_backoff_max_ms", |c| c.retry_backoff_max_ms, |c, v| { c.retry_backoff_max_ms = v; true })}
            </div>
            <p class="muted legend">
                <Term id="instance-id">"instance_id"</Term> " makes a " <Term id="static-member">"static member"</Term> "; "
                <Term id="rebalance-timeout">"rebalance_timeout_ms"</Term> " and " <Term id="server-assignor">"server_assignor"</Term>
                " are sent in full heartbeats."
            </p>
            {flag("cfg-assignor-set", "assignor_set: a ConsumerPartitionAssignor is configured (onAssignment runs)", |c| c.assignor_set, |c, v| c.assignor_set = v)}
            {flag("cfg-auto-complete", "auto_complete: the application completes every commit and callback at once", |c| c.auto_complete, |c, v| c.auto_complete = v)}
            {flag("cfg-auto-commit", "enable_auto_commit (Java client): commit every consumed offset before a reconciliation and on close", |c| c.enable_auto_commit, |c, v| c.enable_auto_commit = v)}
            {flag("cfg-listener", "listener (Java client): a ConsumerRebalanceListener is registered", |c| c.listener, |c, v| c.listener = v)}
            <fieldset class="seed-choices" data-testid="seed-choices">
                <legend>"The seed design's choices (seed model)"</legend>
                {flag("cfg-between", CHOICES[0].other_answer, |c| c.heartbeat_between_revoke_and_assign, |c, v| c.heartbeat_between_revoke_and_assign = v)}
                <blockquote class="muted">"The design page: " {CHOICES[0].seed_words}</blockquote>
                {flag("cfg-release", CHOICES[1].other_answer, |c| c.release == Release::AfterCallback, |c, v| c.release = if v { Release::AfterCallback } else { Release::FirstStep })}
                <blockquote class="muted">"The design page: " {CHOICES[1].seed_words}</blockquote>
                {flag("cfg-fenced", CHOICES[2].other_answer, |c| c.fenced == Fenced::Finish, |c, v| c.fenced = if v { Fenced::Finish } else { Fenced::Abandon })}
                <blockquote class="muted">"The design page: " {CHOICES[2].seed_words}</blockquote>
                {flag("cfg-epoch", CHOICES[3].other_answer, |c| c.epoch == EpochTaken::OnceReconciled, |c, v| c.epoch = if v { EpochTaken::OnceReconciled } else { EpochTaken::OnAnswer })}
                <blockquote class="muted">"The design page: " {CHOICES[3].seed_words}</blockquote>
            </fieldset>
            <p class="field-error" role="alert">{move || error.get()}</p>
            <button data-testid="cfg-apply" disabled=move || !changed()
                on:click=move |_| session.restart(edited.get_untracked())>"Apply and restart the session"</button>
        </details>
    }
}
