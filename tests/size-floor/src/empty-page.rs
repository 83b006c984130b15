//! The emptiest Leptos page: one signal and a button. What the framework costs before any app.

use leptos::prelude::*;

fn main() {
    mount_to_body(|| {
        let (count, set_count) = signal(0u32);
        view! { <button on:click=move |_| set_count.update(|n| *n += 1)>{count}</button> }
    });
}
