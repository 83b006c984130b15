//! The assigned set as partition chips by topic. During a step, chips being revoked and added are
//! marked (and animate out and in) in the order the effects are shown; while reconciling, the
//! target's missing partitions show as pending. The marks are the frame's (`kip848_core::chips`).

use crate::components::glossary::Term;
use crate::session::context::use_frame;
use kip848_core::screen::chips::Mark;
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
    let frame: Signal<kip848_core::Frame> = frame.unwrap_or_else(|| use_frame().into());
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
            // Keyed by topic and by partition: a chip is one element from the moment it shows to the
            // moment it goes, and a change of mark only changes its class, so its motion (in, marked
            // for revocation, out) plays once, when the mark changes, and not for every chip of the
            // row each time one of them changes.
            <For each=move || groups.with(|g| g.iter().map(|(topic, _)| topic.clone()).collect::<Vec<_>>()) key=String::clone let:topic>
                {topic_row(groups, topic)}
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

/// The partitions of `topic` with their marks, from the frame's chips.
type Groups = Memo<Vec<(String, Vec<(u32, Mark)>)>>;

/// One topic's chips, each its own element for as long as it shows.
fn topic_row(groups: Groups, topic: String) -> impl IntoView {
    let partitions = {
        let topic = topic.clone();
        move || {
            groups.with(|g| {
                g.iter()
                    .find(|(t, _)| *t == topic)
                    .map(|(_, chips)| chips.iter().map(|c| c.0).collect::<Vec<_>>())
                    .unwrap_or_default()
            })
        }
    };
    let chip = {
        let topic = topic.clone();
        move |p: u32| {
            let mark = Memo::new({
                let topic = topic.clone();
                move |_| {
                    groups.with(|g| {
                        g.iter()
                            .find(|(t, _)| *t == topic)
                            .and_then(|(_, chips)| chips.iter().find(|c| c.0 == p))
                            .map(|c| c.1)
                    })
                }
            });
            let class = move || mark.get().map_or("", |m| m.class());
            let testid = format!("owned-{topic}-{p}");
            let name = format!("{topic}-{p}");
            view! {
                <li class=move || format!("chip {}", class()) data-status=class data-testid=testid
                    title=move || format!("{name}: {}", mark.get().map_or("", |m| m.words()))>
                    {p.to_string()}
                </li>
            }
        }
    };
    view! {
        <div class="topic-row" data-testid=format!("topic-{topic}")>
            <span class="topic">{topic.clone()}</span>
            <ul class="chips">
                <For each=partitions key=|p| *p let:p>
                    {chip(p)}
                </For>
            </ul>
        </div>
    }
}
