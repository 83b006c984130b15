//! The session as a file: export it, import one (file picker, drag and drop, paste), and as a link
//! or an embed. An import is validated whole before anything is replaced; on any problem the
//! session is untouched.

use super::share_controls::ShareControls;
use crate::session::address::fragment;
use crate::session::address::Mode;
use crate::session::context::{use_session, Notice, Session};
use crate::shell::download::download;
use kip848_core::group::GroupTrace;
use kip848_core::screen::words::counted;
use kip848_core::session::limits::MAX_TRACE_BYTES;
use kip848_core::session::trace::Trace;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Replaces the session by the trace in `text`, or says why not (naming `source`).
pub fn import_text(session: Session, text: &str, source: &str) {
    match Trace::parse(text) {
        Ok(trace) => {
            let steps = trace.steps.len();
            session.load(trace, false);
            let rejected = session
                .timeline
                .with_untracked(|t| t.results().iter().filter(|r| r.is_err()).count());
            let note = if rejected > 0 {
                format!(", {rejected} of them rejected by the member (see the log)")
            } else {
                String::new()
            };
            session.dialogs.notice.set(Some(Notice::Info(format!(
                "Imported {} from {source}{note}",
                counted(steps, "step")
            ))));
        }
        // Not a trace, but a consumer's log: import it as one.
        Err(_) if kip848_core::import::mentions_membership(text) => {
            crate::log_import::import_log(session, text, source, None)
        }
        Err(_) if GroupTrace::claims(text) => session.dialogs.notice.set(Some(Notice::Error(format!(
            "{source} is a group trace: open the Group tab and import it there. Your session is unchanged."
        )))),
        Err(e) => session.dialogs.notice.set(Some(Notice::Error(format!(
            "Could not import {source}: {e}. Your session is unchanged."
        )))),
    }
}

/// Reads `file` and imports it, refusing one over the size limit without reading it.
pub fn import_file(session: Session, file: web_sys::File) {
    let name = file.name();
    // `File.size` is a JS number; compared as a float, printed as an integer.
    if file.size() > MAX_TRACE_BYTES as f64 {
        let bytes = file.size() as u64;
        let message = format!("Could not import {name}: it is {bytes} bytes, over the limit of {MAX_TRACE_BYTES} bytes. Your session is unchanged.");
        session.dialogs.notice.set(Some(Notice::Error(message)));
        return;
    }
    leptos::task::spawn_local(async move {
        match wasm_bindgen_futures::JsFuture::from(file.text())
            .await
            .ok()
            .and_then(|v| v.as_string())
        {
            Some(text) => import_text(session, &text, &name),
            None => session.dialogs.notice.set(Some(Notice::Error(format!(
                "Could not read {name} as text. Your session is unchanged."
            )))),
        }
    });
}

/// Imports what was dropped or picked: one file as [`import_file`] does; several as one log (a
/// consumer's and the broker's, say), read in the order given.
pub fn import_files(session: Session, files: web_sys::FileList) {
    let files: Vec<web_sys::File> = (0..files.length()).filter_map(|i| files.get(i)).collect();
    match files.as_slice() {
        [] => {}
        [one] => import_file(session, one.clone()),
        several => {
            let names: Vec<String> = several.iter().map(web_sys::File::name).collect();
            let name = names.join(" + ");
            let bytes: f64 = several.iter().map(|f| f.size()).sum();
            if bytes > kip848_core::session::limits::MAX_LOG_BYTES as f64 {
                session.dialogs.notice.set(Some(Notice::Error(format!(
                    "Could not import the logs {name}: together they are {} bytes, over the limit of {} bytes. Your session is unchanged.",
                    bytes as u64,
                    kip848_core::session::limits::MAX_LOG_BYTES
                ))));
                return;
            }
            let several = several.to_vec();
            leptos::task::spawn_local(async move {
                let mut text = String::new();
                for file in several {
                    let Some(one) = wasm_bindgen_futures::JsFuture::from(file.text())
                        .await
                        .ok()
                        .and_then(|v| v.as_string())
                    else {
                        session.dialogs.notice.set(Some(Notice::Error(format!(
                            "Could not read {} as text. Your session is unchanged.",
                            file.name()
                        ))));
                        return;
                    };
                    text.push_str(&one);
                    if !text.ends_with('\n') {
                        text.push('\n');
                    }
                }
                crate::log_import::import_log(session, &text, &name, None);
            });
        }
    }
}

/// Offers the session as a download.
fn export(session: Session) {
    let json = session.timeline.with_untracked(|t| t.trace().to_json());
    if download("kip848-session.json", &json).is_none() {
        session.dialogs.notice.set(Some(Notice::Error(
            "The browser refused the download.".to_owned(),
        )));
    }
}

/// Export, import, share and embed.
#[component]
pub fn SessionPanel() -> impl IntoView {
    let session = use_session();
    let pasted = RwSignal::new(String::new());
    // The page's message is at its top, out of sight of a reader who pastes or picks a trace down
    // here (on a phone, thousands of pixels away): the panel repeats, below its controls, the
    // message its own import gave, until the page's next message. Screen readers hear the page's.
    let armed = StoredValue::new(false);
    let outcome = RwSignal::new(None::<Notice>);
    Effect::new(move |_| {
        let notice = session.dialogs.notice.get();
        let ours = armed.get_value();
        armed.set_value(false);
        outcome.set(notice.filter(|_| ours));
    });
    view! {
        <section class="panel session" aria-labelledby="session-title">
            <h2 id="session-title">"Session file"</h2>
            <div class="row">
                <button data-testid="export" on:click=move |_| export(session)>"Export trace"</button>
                <label class="file-button">
                    "Import trace…"
                    <input type="file" accept=".json,application/json" data-testid="import-file"
                        on:change=move |ev| {
                            let input: Option<web_sys::HtmlInputElement> = ev.target().and_then(|t| t.dyn_into().ok());
                            if let Some(file) = input.as_ref().and_then(|i| i.files()).and_then(|f| f.get(0)) {
                                armed.set_value(true);
                                import_file(session, file);
                            }
                            if let Some(input) = input {
                                input.set_value("");
                            }
                        } />
                </label>
            </div>
            <details>
                <summary>"Paste a trace"</summary>
                <label for="paste" class="visually-hidden">"Trace JSON"</label>
                <textarea id="paste" data-testid="paste" rows="4" spellcheck="false"
                    prop:value=move || pasted.get()
                    on:input=move |ev| pasted.set(event_target_value(&ev))></textarea>
                <button data-testid="load-pasted" on:click=move |_| {
                    armed.set_value(true);
                    import_text(session, &pasted.get_untracked(), "the pasted text");
                }>"Load pasted trace"</button>
            </details>
            {move || outcome.with(|n| n.as_ref().map(Notice::shown)).map(|(kind, text)| view! {
                <p class=format!("notice {kind} beside") aria-hidden="true" data-testid="session-outcome">{text}</p>
            })}
            <p class="muted">"Or drop a trace file anywhere on the page."</p>
            <ShareControls view=Mode::Member notice=session.dialogs.notice
                fragment=Signal::derive(move || { session.timeline.track(); fragment(session) })
                step=Signal::derive(move || session.timeline.with(|t| t.cursor()))
                fallback=Signal::derive(move || session.frame.with(|f| f.caption.clone())) />
        </section>
    }
}
