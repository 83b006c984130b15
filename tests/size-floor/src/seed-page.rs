//! The same empty page, plus a text box whose content goes through the seed model only: the
//! smallest page a first load could be if group mode and the shipped client were fetched later.

use kip848_size_floor::exercise_seed;
use leptos::prelude::*;

fn main() {
    mount_to_body(|| {
        let (text, set_text) = signal(String::new());
        let (result, set_result) = signal(0usize);
        view! {
            <textarea on:input=move |ev| set_text.set(event_target_value(&ev))></textarea>
            <button on:click=move |_| set_result.set(text.with(|t| exercise_seed(t)))>{result}</button>
        }
    });
}
