//! The assigned set as partition chips by topic. During a step, chips being revoked and added are
//! marked (and animate out and in) in the order the effects are shown; while reconciling, the
//! target's missing partitions show as pending. The marks are the frame's (`kip848_core::chips`).

use crate::components::glossary::Term;
use crate::context::use_session;
use kip848_core::chips::Mark;
use leptos::prelude::*;

/// The assigned set panel.
#[component]
pub fn AssignedSet(
    /// The frame to show (the member view's own by default).
    #[prop(optional, into)]
    frame: Option<Signal<kip848_core::Frame>>,
    /// Prefix of the element ids, unique when two sets share a page.
    #[prop(optional)]
    ids: &'static str,
) -> impl IntoView {
    let session = use_session();
    let frame: Signal<kip848_core::Frame> = frame.unwrap_or_else(|| session.frame.into());
    let groups = Memo::new(move |_| {
        frame.with(|f| {
            let mut groups: Vec<(String, Vec<(u32, Mark)>)> = Vec::new();
            for chip in &f.chips {
                match groups.last_mut() {
                    Some((topic, chips)) if *topic == chip.topic => {
                        chips.push((chip.partition, chip.mark))
                    }
                    _ => groups.push((chip.topic.clone(), vec![(chip.partition, chip.mark)])),
                }
            }
            groups
        })
    });
    let count = move || frame.with(|f| f.facts.assigned.len());
    view! {
        <section class="panel assigned" aria-labelledby=format!("{ids}assigned-title")>
            <h2 id=format!("{ids}assigned-title")><Term id="assigned-set">"Assigned set"</Term>" " <span class="muted" data-testid="assigned-count">{move || format!("({})", count())}</span></h2>
            <p class="visually-hidden" data-testid="assigned">{move || frame.with(|f| f.facts.assigned.to_string())}</p>
            <Show when=move || groups.with(Vec::is_empty)>
                <p class="muted" data-testid="assigned-empty">"Owns no partitions."</p>
            </Show>
            <For each=move || groups.get() key=|(topic, chips)| (topic.clone(), chips.clone()) let:group>
                <div class="topic-row" data-testid=format!("topic-{}", group.0)>
                    <span class="topic">{group.0.clone()}</span>
                    <ul class="chips">
                        {group.1.iter().map(|&(p, status)| view! {
                            <li class=format!("chip {}", status.class()) data-status=status.class()
                                data-testid=format!("owned-{}-{p}", group.0)
                                title=format!("{}-{p}: {}", group.0, status.words())>
                                {p.to_string()}
                            </li>
                        }).collect_view()}
                    </ul>
                </div>
            </For>
            // Which target the marks are measured against: the running reconciliation's, and the
            // newer one waiting behind it when there is one (scenario 06).
            {move || frame.with(|f| match (&f.facts.target, &f.facts.newest_target) {
                (Some(running), Some(newest)) if running != newest => Some(view! {
                    <p class="targets" data-testid="targets">
                        "Running reconciliation toward " <strong data-testid="target-running">{running.to_string()}</strong>
                        "; a newer target waits: " <strong data-testid="target-newest">{newest.to_string()}</strong>
                        ". The marks are measured against the newer target."
                    </p>
                }.into_any()),
                (_, Some(target)) | (Some(target), None) => Some(view! {
                    <p class="targets" data-testid="targets">
                        "Target: " <strong data-testid="target-running">{target.to_string()}</strong> " (the marks are measured against it)."
                    </p>
                }.into_any()),
                (None, None) => None,
            })}
            <p class="legend chip-legend muted">
                <span class="chip owned">"owned"</span>
                <span class="chip to-revoke">"to " <Term id="revoke">"revoke"</Term></span>
                <span class="chip pending"><Term id="target-assignment">"pending"</Term></span>
                <span class="chip arriving"><Term id="assign">"added"</Term></span>
                <span class="chip leaving">"removed"</span>
                <Show when=move || frame.with(|f| f.facts.local.is_some())>
                    <span class="chip revoking">"pending revocation"</span>
                </Show>
            </p>
        </section>
    }
}
