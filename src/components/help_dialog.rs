//! The keyboard shortcuts, listed from the same table the key handler uses.

use crate::session::context::use_dialogs;
use crate::shell::embed::Embed;
use crate::shell::shortcuts::{key_label, writes, Action, SHORTCUTS};
use leptos::prelude::*;

/// Group mode's keys (`app::on_group_key` handles them).
pub const GROUP_KEYS: [(&str, &str); 5] = [
    ("Space", "Play / pause"),
    ("←", "One step back"),
    ("→", "One step forward"),
    (
        "n",
        "Next event: deliver the next message, or fire the next timer",
    ),
    ("?", "This list"),
];

/// A modal list of every shortcut; `?` or Escape toggles it.
#[component]
pub fn HelpDialog() -> impl IntoView {
    let dialogs = use_dialogs();
    let close_button = NodeRef::<leptos::html::Button>::new();
    // Only the keys that act here: a read-only page (a live step is one) refuses every change, and
    // a live step has no glossary dialog (`crate::LIVE`).
    let readonly = crate::LIVE || use_context::<Embed>().is_some_and(|e| e.readonly);
    let acts = move |action: Action| match action {
        Action::Glossary if crate::LIVE => false,
        action => !(readonly && writes(action)),
    };
    Effect::new(move |_| {
        if dialogs.help_open.get() {
            if let Some(button) = close_button.get() {
                let _ = button.focus();
            }
        }
    });
    view! {
        <Show when=move || dialogs.help_open.get()>
            <div class="dialog-backdrop" on:click=move |_| dialogs.help_open.set(false)></div>
            <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="help-title" data-testid="help">
                // Close first, beside the title: focused as the dialog opens, it keeps the list's top in view.
                <div class="dialog-head">
                    <h2 id="help-title">"Keyboard shortcuts"</h2>
                    <button node_ref=close_button data-testid="help-close" on:click=move |_| dialogs.help_open.set(false)>"Close"</button>
                </div>
                <table class="shortcuts">
                    <tbody>
                        {SHORTCUTS.iter().filter(|(_, _, action, _)| acts(*action)).map(|(key, shift, _, what)| view! {
                            <tr><th scope="row"><kbd>{key_label(key, *shift)}</kbd></th><td>{*what}</td></tr>
                        }).collect_view()}
                        <tr><th scope="row"><kbd>"Esc"</kbd></th><td>"Close this list, or leave a text field"</td></tr>
                    </tbody>
                </table>
                <h3>"In the group view"</h3>
                <table class="shortcuts" data-testid="group-shortcuts">
                    <tbody>
                        // `n` acts on the group: refused on a read-only page.
                        {GROUP_KEYS.iter().filter(|(key, _)| !(readonly && *key == "n")).map(|(key, what)| view! {
                            <tr><th scope="row"><kbd>{*key}</kbd></th><td>{*what}</td></tr>
                        }).collect_view()}
                    </tbody>
                </table>
            </div>
        </Show>
    }
}
