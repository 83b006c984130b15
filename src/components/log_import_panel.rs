//! The "Debug your own rebalance" panel: paste, drop or pick a consumer's log; on the import page,
//! see what was recognised, inferred and ignored, pick another consumer of the same log, go to each
//! step where the model parts ways with the log, and read the coordinator's timeline when the log
//! has one.

use crate::log_import::{import_consumer, import_log};
use crate::session::context::use_session;
use kip848_core::screen::words::counted;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The form (paste, pick), and below it what the import page passes in: the imported log's
/// report ([`ImportedLog`]). The member page shows the form only, and hands a log to the import
/// page, so it does not carry the report's view.
#[component]
pub fn LogImportPanel(#[prop(optional)] children: Option<Children>) -> impl IntoView {
    let session = use_session();
    let pasted = RwSignal::new(String::new());
    let file_input = NodeRef::<leptos::html::Input>::new();
    let pick = move |ev: leptos::ev::Event| {
        let files = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            .and_then(|i| i.files());
        if let Some(files) = files {
            crate::components::session_panel::import_files(session, files);
        }
        if let Some(input) = file_input.get_untracked() {
            input.set_value("");
        }
    };
    view! {
        <section class="panel log-import" aria-labelledby="log-import-title" data-testid="log-import">
            <h2 id="log-import-title">"Debug your own rebalance"</h2>
            <p class="muted">
                "Paste, drop or pick a Kafka consumer's log (group.protocol=consumer; Java clients 3.7 to 4.3 at INFO, later ones read as 4.3, DEBUG heartbeat lines when present; librdkafka clients — confluent-kafka for Python, Go, .NET, Node — with debug=cgrp,consumer): it becomes a session on that client's model, each step beside the log line it came from. "
                <strong data-testid="log-privacy">"Your log stays in this browser: it is read here and never sent anywhere."</strong>
            </p>
            {(!crate::log_import::has_importer()).then(|| view! {
                <p class="muted" data-testid="log-import-page">"The importer has a page of its own: importing opens it, with your log, and this session stays saved here."</p>
            })}
            <label for="log-paste">"Log text"</label>
            <textarea id="log-paste" data-testid="log-paste" rows="4" spellcheck="false"
                prop:value=move || pasted.get() on:input=move |ev| pasted.set(event_target_value(&ev))></textarea>
            <div class="row">
                <button data-testid="log-import-button" disabled=move || pasted.with(|p| p.trim().is_empty())
                    on:click=move |_| import_log(session, &pasted.get_untracked(), "the pasted text", None)>"Import the log"</button>
                <label class="file-button">"Or pick log files (a consumer's and the broker's, say) "
                    <input type="file" multiple accept=".log,.txt,text/plain" data-testid="log-file" node_ref=file_input on:change=pick />
                </label>
            </div>
            {children.map(|c| c())}
        </section>
    }
}

/// What was recognised, inferred and ignored in the imported log, another consumer of it, and
/// each step where the model parts ways with it (the import page's, inside [`LogImportPanel`]).
#[component]
pub fn ImportedLog() -> impl IntoView {
    let session = use_session();
    let imported = move || session.imports.imported.get();
    view! {
        {move || imported().map(|log| {
            let consumers = log.consumers.clone();
            let chosen = log.client_id.clone();
            view! {
                <div class="imported" data-testid="imported-log">
                    <p>
                        "Consumer " <strong data-testid="imported-client">{log.client_id.clone()}</strong>
                        {log.version.clone().map(|v| format!(" (client {v})"))}
                        {format!(": {}, {} inferred.", counted(log.steps.len(), "step"), log.steps.iter().filter(|s| s.inferred).count())}
                    </p>
                    <ul class="report" data-testid="import-report">
                        {log.report.iter().map(|l| view! { <li>{l.clone()}</li> }).collect_view()}
                    </ul>
                    {(consumers.len() > 1).then(|| view! {
                        <label>"Another consumer of this log "
                            <select data-testid="import-consumer" prop:value=chosen.clone()
                                on:change=move |ev| import_consumer(session, &event_target_value(&ev))>
                                {consumers.iter().map(|c| view! { <option value=c.clone()>{c.clone()}</option> }).collect_view()}
                            </select>
                        </label>
                    })}
                    <h3>{format!("Where the model and the log part ways ({})", log.divergences.len())}</h3>
                    <ol class="divergences" data-testid="divergences">
                        {log.divergences.iter().map(|d| {
                            let step = d.step + 1;
                            view! {
                                <li data-testid="divergence">
                                    <button class="link-button" on:click=move |_| session.seek(step)>{format!("Step {step}")}</button>
                                    {d.line.map(|l| format!(" (log line {l})"))} ": " {d.summary.clone()}
                                    {d.reason.as_ref().map(|r| view! { <span class="muted">{format!(" — {}", r.text())}</span> })}
                                </li>
                            }
                        }).collect_view()}
                    </ol>
                    {move || session.imports.log_group.with(|g| g.as_ref().map(|g| view! {
                        <p><a href="#log-group" data-testid="open-together">{format!(
                            "See {} together in the group view of this log",
                            {
                                // "All" only when none was left out (over the limit, or unreadable).
                                let all = if g.together.skipped.is_empty() { "all " } else { "" };
                                match (g.together.consumers.len(), g.together.coordinator.is_empty()) {
                                    (1, true) => counted(1, "consumer"),
                                    (n, true) => format!("{all}{n} consumers"),
                                    (1, false) => "this consumer and the coordinator".to_owned(),
                                    (n, false) => format!("{all}{n} consumers and the coordinator"),
                                }
                            })}</a></p>
                    }))}
                </div>
            }
        })}
    }
}
