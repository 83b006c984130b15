//! *Copy share link* and *Embed…* for either view: the link (put in the address bar and offered
//! in a field) and the embed dialog, both carrying the view's session as a link fragment.

use super::embed_dialog::EmbedDialog;
use crate::session::address::share;
use crate::session::address::Mode;
use crate::session::context::Notice;
use leptos::prelude::*;

/// `fragment`: the view's session as a link fragment (tracked, so the embed snippet follows it);
/// `notice`: where the view says what happened; `step`: the member view's cursor, for the embed.
/// In the group view (`view` = group) the test ids are prefixed `group-`.
#[component]
pub fn ShareControls(
    view: Mode,
    #[prop(into)] fragment: Signal<String>,
    notice: RwSignal<Option<Notice>>,
    #[prop(optional, into)] step: Option<Signal<usize>>,
    /// What the embed shows, in words (its fallback text).
    #[prop(optional, into)]
    fallback: Option<Signal<String>>,
) -> impl IntoView {
    let link = RwSignal::new(None::<String>);
    let embed_open = RwSignal::new(false);
    let group = view == Mode::Group;
    let id = move |name: &str| {
        if group {
            format!("group-{name}")
        } else {
            name.to_owned()
        }
    };
    view! {
        <div class="row">
            <button data-testid=id("share") on:click=move |_| share(view, &fragment.get_untracked(), link, notice)>"Copy share link"</button>
            <button data-testid=id("embed") aria-expanded=move || embed_open.get().to_string()
                on:click=move |_| embed_open.update(|o| *o = !*o)>"Embed…"</button>
        </div>
        {move || link.get().map(|url| view! {
            <label for=id("share-link") class="visually-hidden">"Share link"</label>
            <input id=id("share-link") data-testid=id("share-link") type="text" readonly prop:value=url />
        })}
        // A dialog over the page, as wide as the screen allows: the preview at its true size.
        <Show when=move || embed_open.get()>
            <div class="dialog-backdrop" on:click=move |_| embed_open.set(false)></div>
            <div class="dialog embed-dialog" role="dialog" aria-modal="true" aria-labelledby=id("embed-title")
                on:keydown=move |ev: web_sys::KeyboardEvent| if ev.key() == "Escape" { embed_open.set(false) }>
                <div class="dialog-head">
                    <h2 id=id("embed-title")>"Embed this view"</h2>
                    <button data-testid=id("embed-close") on:click=move |_| embed_open.set(false)>"Close"</button>
                </div>
                <EmbedDialog group=group fragment=fragment step=step fallback=fallback />
            </div>
        </Show>
    }
}
