//! The same empty page, plus a text box whose content goes through the core: the smallest Leptos
//! page that holds the core the app needs. No UI work can take the app below this.

use kip848_size_floor::exercise;
use leptos::prelude::*;

fn main() {
    mount_to_body(|| {
        let (text, set_text) = signal(String::new());
        let (result, set_result) = signal(0usize);
        view! {
            <textarea on:input=move |ev| set_text.set(event_target_value(&ev))></textarea>
            <button on:click=move |_| set_result.set(text.with(|t| exercise(t)))>{result}</button>
        }
    });
}
