//! Where a sentence about Kafka comes from, as links a reader can open: Kafka's code at the release
//! tag, a KIP, a ticket, or the project's seed model (a page beside the app's pages).

use kip848_core::teaching::sources::{sources, Source};
use leptos::prelude::*;

/// The sources of `ids`, as a comma-separated run of links, each with the Kafka versions it was
/// checked against.
#[component]
pub fn SourceLinks(
    /// Ids of the core's source registry.
    ids: &'static [&'static str],
) -> impl IntoView {
    view! { <SourceList list=sources(ids).collect()/> }
}

/// The same, for sources already looked up (a scenario's, which come from its file).
#[component]
pub fn SourceList(
    /// The sources, in order.
    list: Vec<&'static Source>,
) -> impl IntoView {
    let links = list
        .into_iter()
        .enumerate()
        .map(|(i, s)| {
            let external = s.links_out();
            view! {
                {(i > 0).then_some(", ")}
                <a class="source" href=s.url() data-source=s.id
                    target=external.then_some("_blank") rel=external.then_some("noopener noreferrer")>
                    {breakable(&s.label())}
                </a>
                {s.versions.map(|v| view! { <span class="versions">" (" {v.words()} ")"</span> })}
            }
        })
        .collect_view();
    view! { <span class="sources" data-testid="sources">{links}</span> }
}

/// A label with a break opportunity after each dot: `Class.method` names are long single words.
fn breakable(label: &str) -> impl IntoView {
    let parts: Vec<String> = label.split_inclusive('.').map(str::to_owned).collect();
    parts
        .into_iter()
        .map(|part| view! { {part} <wbr/> })
        .collect_view()
}
