//! The embed dialog, for either view: options, and the iframe snippet they give. The session
//! rides in the snippet's fragment, so the embed shows exactly what is on screen now.

use crate::address::base_url;
use crate::embed::Embed;
use leptos::prelude::*;

/// `fragment`: the view's session as a link fragment (tracked, so the snippet follows it);
/// `group`: the group view's dialog (test ids prefixed `group-`); `step`: the member view's cursor.
#[component]
pub fn EmbedDialog(
    #[prop(into)] fragment: Signal<String>,
    #[prop(optional_no_strip)] step: Option<Signal<usize>>,
    group: bool,
) -> impl IntoView {
    let readonly = RwSignal::new(true);
    let autoplay = RwSignal::new(false);
    let hide_history = RwSignal::new(true);
    let id = move |name: &str| {
        if group {
            format!("group-{name}")
        } else {
            name.to_owned()
        }
    };
    let title = if group {
        "KIP-848 consumer group"
    } else {
        "KIP-848 consumer membership"
    };
    let snippet = move || {
        let mut embed = Embed {
            readonly: readonly.get(),
            autoplay: autoplay.get(),
            group,
            ..Embed::default()
        };
        if hide_history.get() && !group {
            embed.hidden.extend(["log", "sequence"].map(str::to_owned));
        }
        embed.step = step.map(|s| s.get());
        format!(
            r#"<iframe src="{}?{}#{}" width="600" height="400" title="{title}" loading="lazy"></iframe>"#,
            base_url(),
            embed.query(),
            fragment.get()
        )
    };
    let check = move |label: &'static str, name: &str, signal: RwSignal<bool>| {
        view! {
            <label class="choice">
                <input type="checkbox" data-testid=id(name) prop:checked=move || signal.get() on:change=move |ev| signal.set(event_target_checked(&ev)) />
                {label}
            </label>
        }
    };
    view! {
        <div class="embed-options" data-testid=id("embed-dialog")>
            {check("read-only", "embed-readonly", readonly)}
            {(!group).then(|| check("hide log and sequence", "embed-hide-history", hide_history))}
            {check("autoplay", "embed-autoplay", autoplay)}
            <label for=id("embed-snippet")>"Paste this into your docs page (it starts at the current step):"</label>
            <textarea id=id("embed-snippet") data-testid=id("embed-snippet") readonly rows="4" prop:value=snippet></textarea>
        </div>
    }
}
