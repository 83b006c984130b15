//! No panic reaches the user as a dead page: the hook shows an overlay that still lets them keep
//! their work — the last saved session as a download, and a bug report to copy. It is built with
//! plain DOM calls only (the app may be in any state when a panic happens) and reads nothing but
//! the last saved session.

use kip848_core::session::link::decode;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The app's version, in bug reports.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Installs the hook (once, before mounting).
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        let message = info.to_string();
        // Whatever goes wrong while reporting, never panic again from here.
        let _ = overlay(&message);
    }));
}

fn overlay(message: &str) -> Option<()> {
    let document = web_sys::window()?.document()?;
    if document.get_element_by_id("crash").is_some() {
        return Some(());
    }
    // A live step saves nothing, and its build reads no saves (`crate::LIVE`).
    let trace = (!crate::LIVE)
        .then(|| decode(&crate::session::persist::last_saved()).ok())
        .flatten()
        .map(|s| s.trace.to_json());
    let user_agent = web_sys::window()?
        .navigator()
        .user_agent()
        .unwrap_or_default();
    let report = format!(
        "kip848-viz {VERSION}\nuser agent: {user_agent}\nerror: {message}\n\ntrace:\n{}",
        trace.as_deref().unwrap_or("(no session was saved yet)")
    );
    let root = document.create_element("div").ok()?;
    root.set_id("crash");
    root.set_attribute("role", "alertdialog").ok()?;
    root.set_attribute("aria-labelledby", "crash-title").ok()?;
    root.set_attribute("data-testid", "crash").ok()?;
    root.set_class_name("dialog crash");
    let add = |tag: &str, text: &str| -> Option<web_sys::Element> {
        let el = document.create_element(tag).ok()?;
        el.set_text_content(Some(text));
        root.append_child(&el).ok()?;
        Some(el)
    };
    add("h2", "Something went wrong inside the visualizer")?.set_id("crash-title");
    add("p", "The page has stopped. Your session up to the last save is below: download it, reload the page, and import it. Please send the bug report.")?;
    if let Some(trace) = &trace {
        let link = add("a", "Download my session")?;
        link.set_attribute("download", "kip848-session.json").ok()?;
        link.set_attribute("data-testid", "crash-download").ok()?;
        let parts = js_sys::Array::of1(&JsValue::from_str(trace));
        let blob = web_sys::Blob::new_with_str_sequence(&parts).ok()?;
        link.set_attribute(
            "href",
            &web_sys::Url::create_object_url_with_blob(&blob).ok()?,
        )
        .ok()?;
        link.set_class_name("button-link");
    }
    let copy = add("button", "Copy bug report")?;
    copy.set_attribute("data-testid", "crash-copy").ok()?;
    let text = add("textarea", &report)?;
    text.set_attribute("readonly", "").ok()?;
    text.set_attribute("rows", "8").ok()?;
    text.set_attribute("aria-label", "Bug report").ok()?;
    text.set_attribute("data-testid", "crash-report").ok()?;
    let area: web_sys::HtmlTextAreaElement = text.dyn_into().ok()?;
    let on_copy = Closure::<dyn Fn()>::new(move || {
        area.select();
        if let Some(window) = web_sys::window() {
            let _ = window.navigator().clipboard().write_text(&area.value());
        }
    });
    copy.add_event_listener_with_callback("click", on_copy.as_ref().unchecked_ref())
        .ok()?;
    // The overlay lives as long as the page.
    on_copy.forget();
    document.body()?.append_child(&root).ok()?;
    Some(())
}

/// Panics on purpose: the end-to-end tests use it to check the overlay.
#[wasm_bindgen]
pub fn debug_panic() {
    panic!("debug_panic was called (a test of the error overlay)");
}
