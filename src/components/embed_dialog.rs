//! The embed dialog, for either view: which panels, which steps (the current one by default), the
//! size, the theme, read-only, autoplay and quiz; a live preview of exactly that embed; the HTML
//! snippet for any page and a Markdown one for the book (whose chapters reach the app at
//! `../app/`). The session rides in the snippet's fragment, so the embed shows what is on screen.

use crate::session::address::base_url;
use crate::shell::embed::{Embed, Panel, Theme, GROUP_PANELS};
use leptos::prelude::*;
use std::collections::BTreeSet;

/// The panels the dialog offers, and the ones ticked at first.
const MEMBER_OFFER: [Panel; 8] = [
    Panel::Caption,
    Panel::Member,
    Panel::Assigned,
    Panel::Lane,
    Panel::Inspector,
    Panel::Log,
    Panel::Sequence,
    Panel::Transport,
];
const MEMBER_DEFAULT: [Panel; 5] = [
    Panel::Caption,
    Panel::Member,
    Panel::Assigned,
    Panel::Lane,
    Panel::Transport,
];
const GROUP_DEFAULT: [Panel; 3] = [Panel::Caption, Panel::Chart, Panel::Transport];

/// Size presets: (label, width attribute, height in px).
const SIZES: [(&str, &str, u32); 3] = [
    ("600 × 400", "600", 400),
    ("800 × 500", "800", 500),
    ("full width × 560", "100%", 560),
];

/// `fragment`: the view's session as a link fragment (tracked, so the snippet follows it);
/// `group`: the group view's dialog (test ids prefixed `group-`); `step`: the view's cursor;
/// `fallback`: what the embed shows, in words, for readers without frames.
#[component]
pub fn EmbedDialog(
    #[prop(into)] fragment: Signal<String>,
    #[prop(optional_no_strip)] step: Option<Signal<usize>>,
    #[prop(optional_no_strip)] fallback: Option<Signal<String>>,
    group: bool,
) -> impl IntoView {
    let readonly = RwSignal::new(true);
    let autoplay = RwSignal::new(false);
    let quiz = RwSignal::new(false);
    let theme = RwSignal::new(Theme::Auto);
    let size = RwSignal::new(0usize);
    let offer: Vec<Panel> = if group {
        GROUP_PANELS.to_vec()
    } else {
        MEMBER_OFFER.to_vec()
    };
    let defaults: &[Panel] = if group {
        &GROUP_DEFAULT
    } else {
        &MEMBER_DEFAULT
    };
    let panels = RwSignal::new(defaults.iter().copied().collect::<BTreeSet<_>>());
    // The whole session by default: a range of one step would leave the reader buttons that do
    // nothing (the embed hides its transport then).
    let from = RwSignal::new(None::<usize>);
    let to = RwSignal::new(None::<usize>);
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
    let query = move || {
        let range = match (from.get(), to.get()) {
            (Some(a), Some(b)) => Some((a.min(b), a.max(b))),
            _ => None,
        };
        Embed {
            embedded: true,
            readonly: readonly.get(),
            autoplay: autoplay.get(),
            quiz: quiz.get(),
            theme: theme.get(),
            group,
            shown: Some(panels.get()),
            step: step.map(|s| s.get()),
            range,
            ..Embed::default()
        }
        .query()
    };
    let url = move || format!("{}?{}#{}", base_url(), query(), fragment.get());
    let (_, width, height) = SIZES[0];
    let dims = move || {
        SIZES
            .get(size.get())
            .map_or((width, height), |s| (s.1, s.2))
    };
    let words = move || fallback.map(|f| f.get()).unwrap_or_default();
    let html = move || {
        let (w, h) = dims();
        format!(
            r#"<iframe src="{}" width="{w}" height="{h}" title="{title}" loading="lazy">{}</iframe>"#,
            url(),
            escape(&words())
        )
    };
    let markdown = move || {
        let (w, h) = dims();
        format!(
            "<figure class=\"live-step\">\n<iframe src=\"../app/index.html?{}#{}\" width=\"{w}\" height=\"{h}\" title=\"{title}\" loading=\"lazy\">{}</iframe>\n<figcaption>{}</figcaption>\n</figure>",
            query(),
            fragment.get(),
            escape(&words()),
            escape(&words())
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
    let number = move |label: &'static str,
                       name: &str,
                       signal: RwSignal<Option<usize>>,
                       empty: &'static str| {
        view! {
            <label>{label} " "
                <input type="number" min="0" data-testid=id(name) placeholder=empty prop:value=move || signal.get().map(|s| s.to_string()).unwrap_or_default()
                    on:input=move |ev| signal.set(event_target_value(&ev).parse().ok()) />
            </label>
        }
    };
    view! {
        <div class="embed-options" data-testid=id("embed-dialog")>
            <fieldset>
                <legend>"Panels"</legend>
                {offer.into_iter().map(|p| view! {
                    <label class="choice">
                        <input type="checkbox" data-testid=id(&format!("embed-panel-{}", p.as_str())) prop:checked=move || panels.with(|s| s.contains(&p))
                            on:change=move |ev| { let on = event_target_checked(&ev); panels.update(|s| { if on { s.insert(p); } else { s.remove(&p); } }); } />
                        {p.as_str()}
                    </label>
                }).collect_view()}
            </fieldset>
            <div class="row">
                {number("From step", "embed-from", from, "the start")}
                {number("to step", "embed-to", to, "the end")}
                <label>"Size "
                    <select data-testid=id("embed-size") on:change=move |ev| size.set(event_target_value(&ev).parse().unwrap_or(0))>
                        {SIZES.iter().enumerate().map(|(i, (label, _, _))| view! { <option value=i.to_string()>{*label}</option> }).collect_view()}
                    </select>
                </label>
                <label>"Theme "
                    <select data-testid=id("embed-theme") on:change=move |ev| theme.set(match event_target_value(&ev).as_str() { "light" => Theme::Light, "dark" => Theme::Dark, _ => Theme::Auto })>
                        <option value="auto">"follow the reader"</option>
                        <option value="light">"light"</option>
                        <option value="dark">"dark"</option>
                    </select>
                </label>
            </div>
            <div class="row">
                {check("read-only", "embed-readonly", readonly)}
                {check("autoplay", "embed-autoplay", autoplay)}
                {check("quiz (predict, then reveal)", "embed-quiz", quiz)}
            </div>
            <p class="muted">"Preview"</p>
            // At its true size it can be wider than the panel: it scrolls, so the keyboard can reach it.
            <div class="embed-preview" tabindex="0" role="region" aria-label="Preview of the embed, at its size">
                {move || { let (w, h) = dims(); view! {
                    <iframe src=url() width=w height=h.to_string() title=format!("Preview: {title}") data-testid=id("embed-preview")></iframe>
                } }}
            </div>
            <label for=id("embed-snippet")>"HTML, for any page:"</label>
            <textarea id=id("embed-snippet") data-testid=id("embed-snippet") readonly rows="4" prop:value=html></textarea>
            <label for=id("embed-markdown")>"Markdown, for a chapter of the book (the app at ../app/):"</label>
            <textarea id=id("embed-markdown") data-testid=id("embed-markdown") readonly rows="5" prop:value=markdown></textarea>
        </div>
    }
}

/// Text safe inside HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
