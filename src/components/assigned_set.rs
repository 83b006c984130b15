//! The assigned set as partition chips by topic. During a step, chips being revoked and added are
//! marked (and animate out and in) in the order the effects are shown; while reconciling, the
//! target's missing partitions show as pending. The marks are the frame's (`kip848_core::chips`).

use crate::components::glossary::Term;
use crate::context::use_session;
use kip848_core::chips::Mark;
use leptos::prelude::*;

/// The assigned set panel.
#[component]
pub fn AssignedSet() -> impl IntoView {
    let session = use_session();
    let groups = Memo::new(move |_| {
        session.frame.with(|f| {
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
    let count = move || session.frame.with(|f| f.facts.assigned.len());
    view! {
        <section class="panel assigned" aria-labelledby="assigned-title">
            <h2 id="assigned-title"><Term id="assigned-set">"Assigned set"</Term>" " <span class="muted" data-testid="assigned-count">{move || format!("({})", count())}</span></h2>
            <p class="visually-hidden" data-testid="assigned">{move || session.frame.with(|f| f.facts.assigned.to_string())}</p>
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
            <p class="legend muted">
                <span class="chip owned">"owned"</span>
                <span class="chip to-revoke">"to " <Term id="revoke">"revoke"</Term></span>
                <span class="chip pending"><Term id="target-assignment">"pending"</Term></span>
                <span class="chip arriving"><Term id="assign">"added"</Term></span>
                <span class="chip leaving">"removed"</span>
                <Show when=move || session.frame.with(|f| f.facts.local.is_some())>
                    <span class="chip revoking">"pending revocation"</span>
                </Show>
            </p>
        </section>
    }
}
