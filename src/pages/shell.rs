//! The shell every page has: the title and what the page is for, the model choice (member views),
//! presenter mode, the keyboard shortcuts, the tabs between the views, and the dialogs.

use crate::components::glossary::{GlossaryDialog, TermDefinitions};
use crate::components::help_dialog::HelpDialog;
use crate::components::model_switch::ModelSwitch;
use crate::components::presenter::PresenterToggle;
use crate::session::address::Mode;
use crate::session::context::use_dialogs;
use crate::shell::embed::{Embed, Panel};
use crate::shell::first_screen::{Later, Region};
use leptos::prelude::*;

/// The page around `children`. `tagline`: what the page is for; `models`: whether it offers the
/// member model choice; `presenter`: whether it offers presenter mode.
#[component]
pub fn Shell(
    mode: Mode,
    tagline: &'static str,
    #[prop(optional)] models: bool,
    #[prop(optional)] presenter: bool,
    /// The blank screen of presenter mode (`b`).
    #[prop(into)]
    blank: Signal<bool>,
    children: Children,
) -> impl IntoView {
    let dialogs = use_dialogs();
    let embed = use_context::<Embed>().unwrap_or_default();
    // Never in a live step (`crate::LIVE`): it is embedded.
    let header = !crate::LIVE && embed.shows(Panel::Header);
    let embedded = embed.embedded;
    view! {
        {header.then(|| view! {
            <header class="top">
                <div>
                    <h1>"KIP-848 consumer membership"</h1>
                    <p class="tagline">{tagline}</p>
                </div>
                {models.then(|| view! { <ModelSwitch/> })}
                <div class="row header-actions">
                    {presenter.then(|| view! { <PresenterToggle present=false/> })}
                    <button class="help-button" data-testid="help-button" aria-keyshortcuts="?"
                        on:click=move |_| dialogs.help_open.update(|h| *h = !*h)>"Keyboard shortcuts (?)"</button>
                </div>
            </header>
        })}
        {(embed.present && !embedded).then(|| view! { <PresenterToggle present=true/> })}
        {(header && !embedded).then(|| view! {
            // Each view is a page of its own (its own wasm): a tab is a link, and each page keeps
            // its session in this tab's save.
            <nav aria-label="Views">
                <ul class="mode-tabs">
                    {[(Mode::Member, "mode-member", "One member"), (Mode::Group, "mode-group", "Group"), (Mode::Review, "mode-review", "Review")]
                        .into_iter().map(|(to, id, label)| view! {
                            <li><a href=crate::shell::mode::page_href(to) data-testid=id
                                aria-current=(to == mode).then_some("page")>{label}</a></li>
                        }).collect_view()}
                </ul>
            </nav>
        })}
        {children()}
        <Show when=move || blank.get()>
            <div class="blank-screen" data-testid="blank" aria-label="The screen is blanked: press b" role="img"></div>
        </Show>
        <HelpDialog/>
        // The glossary opens from the first-path bar and `g`; a live step has neither.
        {(!crate::LIVE).then(|| view! { <GlossaryDialog/> })}
        <Later region=Region::Definitions><TermDefinitions/></Later>
    }
}
