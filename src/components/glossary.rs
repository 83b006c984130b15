//! Protocol terms where they appear: `<Term id="member-epoch">"Member epoch"</Term>` marks the
//! words and shows the core's definition (`kip848_core::teaching::glossary`) on pointer hover and keyboard
//! focus, announced through `aria-describedby`. The glossary panel lists them all.

use crate::components::source_links::SourceLinks;
use crate::session::context::use_dialogs;
use kip848_core::teaching::glossary::{term_of, TERMS};
use leptos::prelude::*;

/// The definition a tooltip shows, with how the shipped client differs.
fn definition(id: &str) -> String {
    term_of(id).map_or(String::new(), |t| match t.shipped {
        Some(shipped) => format!("{} {shipped}", t.definition),
        None => t.definition.to_owned(),
    })
}

/// The words of a glossary term, with its definition on hover and focus (drawn from `data-tip`,
/// so the words' text stays the words) and announced from [`TermDefinitions`].
#[component]
pub fn Term(
    /// The term's id in the core's glossary.
    id: &'static str,
    children: Children,
) -> impl IntoView {
    view! {
        <span class="term" tabindex="0" data-term=id data-tip=definition(id)
            aria-describedby=format!("term-def-{id}")>{children()}</span>
    }
}

/// Every definition once, hidden, for `aria-describedby` to read.
#[component]
pub fn TermDefinitions() -> impl IntoView {
    view! {
        <div hidden=true data-testid="term-definitions">
            {TERMS.iter().map(|t| view! { <span id=format!("term-def-{}", t.id)>{definition(t.id)}</span> }).collect_view()}
        </div>
    }
}

/// Every term, its definition, how the shipped client differs, and the source.
#[component]
pub fn GlossaryDialog() -> impl IntoView {
    let dialogs = use_dialogs();
    let close_button = NodeRef::<leptos::html::Button>::new();
    Effect::new(move |_| {
        if dialogs.glossary_open.get() {
            if let Some(button) = close_button.get() {
                let _ = button.focus();
            }
        }
    });
    view! {
        <Show when=move || dialogs.glossary_open.get()>
            <div class="dialog-backdrop" on:click=move |_| dialogs.glossary_open.set(false)></div>
            <div class="dialog glossary" role="dialog" aria-modal="true" aria-labelledby="glossary-title" data-testid="glossary">
                // Close first, beside the title: focused as the dialog opens, it keeps the list's top in view.
                <div class="dialog-head">
                    <h2 id="glossary-title">"Glossary"</h2>
                    <button node_ref=close_button data-testid="glossary-close" on:click=move |_| dialogs.glossary_open.set(false)>"Close"</button>
                </div>
                // Scrolls on its own: focusable, so the keyboard can scroll it too.
                <dl tabindex="0" aria-label="Terms and definitions">
                    {TERMS.iter().map(|t| view! {
                        <dt id=format!("glossary-{}", t.id)>{t.term}</dt>
                        <dd>
                            {t.definition}
                            {t.shipped.map(|s| view! { <span class="shipped">" " {s}</span> })}
                            <span class="muted">" Sources: " <SourceLinks ids=t.sources/> "."</span>
                        </dd>
                    }).collect_view()}
                </dl>
            </div>
        </Show>
    }
}
