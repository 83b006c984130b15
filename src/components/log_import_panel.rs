//! The "Debug your own rebalance" panel: paste, drop or pick a consumer's log; see what was
//! recognised, inferred and ignored, pick another consumer of the same log, go to each step where
//! the model parts ways with the log, and read the coordinator's timeline when the log has one.

use crate::context::use_session;
use crate::log_import::{import_consumer, import_log};
use kip848_core::limits::MAX_LOG_BYTES;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

#[component]
pub fn LogImportPanel() -> impl IntoView {
    let session = use_session();
    let pasted = RwSignal::new(String::new());
    let file_input = NodeRef::<leptos::html::Input>::new();
    let imported = move || session.imported.get();
    let pick = move |ev: leptos::ev::Event| {
        let file = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            .and_then(|i| i.files())
            .and_then(|f| f.get(0));
        if let Some(file) = file {
            let name = file.name();
            if file.size() > MAX_LOG_BYTES as f64 {
                session.notice.set(Some(crate::context::Notice::Error(format!(
                    "Could not import the log {name}: it is {} bytes, over the limit of {MAX_LOG_BYTES} bytes. Your session is unchanged.",
                    file.size() as u64
                ))));
            } else {
                leptos::task::spawn_local(async move {
                    let text = wasm_bindgen_futures::JsFuture::from(file.text())
                        .await
                        .ok()
                        .and_then(|v| v.as_string())
                        .unwrap_or_default();
                    import_log(session, &text, &name, None);
                });
            }
        }
        if let Some(input) = file_input.get_untracked() {
            input.set_value("");
        }
    };
    view! {
        <section class="panel log-import" aria-labelledby="log-import-title" data-testid="log-import">
            <h2 id="log-import-title">"Debug your own rebalance"</h2>
            <p class="muted">
                "Paste, drop or pick a Kafka consumer's log (group.protocol=consumer; clients 3.7 to 4.1 at INFO, DEBUG heartbeat lines when present): it becomes a session on the shipped-client model, each step beside the log line it came from. "
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
                <label class="file-button">"Or pick a log file "
                    <input type="file" accept=".log,.txt,text/plain" data-testid="log-file" node_ref=file_input on:change=pick />
                </label>
            </div>
            {move || imported().map(|log| {
                let consumers = log.consumers.clone();
                let chosen = log.client_id.clone();
                view! {
                    <div class="imported" data-testid="imported-log">
                        <p>
                            "Consumer " <strong data-testid="imported-client">{log.client_id.clone()}</strong>
                            {log.version.clone().map(|v| format!(" (client {v})"))}
                            {format!(": {} steps, {} inferred.", log.steps.len(), log.steps.iter().filter(|s| s.inferred).count())}
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
                        {log.broker.clone().map(|broker| view! {
                            <h3>"The coordinator's timeline (from its log)"</h3>
                            <div class="table-wrap">
                                <table class="broker" data-testid="broker-timeline">
                                    <thead><tr><th scope="col">"line"</th><th scope="col">"ms"</th><th scope="col">"group epoch"</th><th scope="col">"members: epoch, state, assigned"</th></tr></thead>
                                    <tbody>
                                        {broker.groups.iter().flat_map(|g| g.points.clone()).map(|p| view! {
                                            <tr>
                                                <td>{p.line.to_string()}</td>
                                                <td>{p.at.to_string()}</td>
                                                <td>{p.group_epoch.map(|e| e.to_string()).unwrap_or_default()}</td>
                                                <td>{p.members.iter().map(|(id, m)| format!("{id}: {} {} {}", m.epoch, m.state.as_str(), m.assigned)).collect::<Vec<_>>().join("; ")}</td>
                                            </tr>
                                        }).collect_view()}
                                    </tbody>
                                </table>
                            </div>
                        })}
                    </div>
                }
            })}
        </section>
    }
}
