//! An explicit target, edited as partition chips per topic, with quick actions.

use crate::session::context::use_watched;
use kip848_core::screen::composer::{add_next_partition, revoke_one, same_as_now};
use kip848_core::Machine;
use kip848_core::{Partition, PartitionSet};
use leptos::prelude::*;
use std::collections::BTreeSet;

/// Chips shown per topic beyond the highest partition in use.
const SPARE_CHIPS: Partition = 2;
/// Chips shown per topic at least.
const MIN_CHIPS: Partition = 6;

/// Edits `set`; every change goes to `on_change`.
#[component]
pub fn AssignmentEditor(
    /// The drafted target.
    #[prop(into)]
    set: Signal<PartitionSet>,
    /// Receives the edited target.
    on_change: Callback<PartitionSet>,
) -> impl IntoView {
    let session = use_watched();
    let extra_topic = RwSignal::new(String::new());
    let added_topics = RwSignal::new(BTreeSet::<String>::new());
    let topics = move || {
        let mut topics: BTreeSet<String> = session
            .timeline
            .with(|t| (*t.member().facts().subscription).clone());
        set.with(|s| topics.extend(s.topics().map(|(t, _)| t.to_owned())));
        topics.extend(added_topics.get());
        if topics.is_empty() {
            topics.insert("orders".to_owned());
        }
        topics
    };
    let quick = move |f: fn(&kip848_core::AnyMember, &PartitionSet) -> PartitionSet| {
        let next = session
            .timeline
            .with_untracked(|t| f(t.member(), &set.get_untracked()));
        on_change.run(next);
    };
    let topic_row = move |topic: String| {
        let label = topic.clone();
        let chips = move || {
            let highest = set.with(|s| {
                s.topics()
                    .find(|(t, _)| *t == topic)
                    .and_then(|(_, ps)| ps.last().copied())
            });
            let count = highest.map_or(MIN_CHIPS, |h| (h + 1 + SPARE_CHIPS).max(MIN_CHIPS));
            let topic = topic.clone();
            (0..count)
                .map(|p| {
                    let topic = topic.clone();
                    let t2 = topic.clone();
                    let on = move || set.with(|s| s.contains(&t2, p));
                    view! {
                        <button class="chip toggle" aria-pressed=move || on().to_string()
                            data-testid=format!("chip-{topic}-{p}")
                            aria-label=format!("{topic} partition {p}")
                            on:click=move |_| {
                                let mut next = set.get_untracked();
                                if !next.remove(&topic, p) {
                                    next.insert(&topic, p);
                                }
                                on_change.run(next);
                            }>{p.to_string()}</button>
                    }
                })
                .collect_view()
        };
        view! {
            <div class="topic-row"><span class="topic">{label}</span><span class="chips">{chips}</span></div>
        }
    };
    view! {
        <div class="assignment-editor" data-testid="assignment-editor">
            <div class="row quick">
                <button data-testid="quick-same" on:click=move |_| quick(|m, _| same_as_now(m))>"Same as now"</button>
                <button data-testid="quick-add" on:click=move |_| quick(add_next_partition)>"Add next partition"</button>
                <button data-testid="quick-revoke" on:click=move |_| quick(|_, s| revoke_one(s))>"Revoke one"</button>
                <button data-testid="quick-empty" on:click=move |_| on_change.run(PartitionSet::new())>"Empty"</button>
            </div>
            {move || topics().into_iter().map(topic_row).collect_view()}
            <div class="row">
                <label for="extra-topic">"Another topic"</label>
                <input id="extra-topic" type="text" maxlength="120" data-testid="extra-topic"
                    prop:value=move || extra_topic.get()
                    on:input=move |ev| extra_topic.set(event_target_value(&ev)) />
                <button data-testid="add-topic" on:click=move |_| {
                    let topic = extra_topic.get_untracked().trim().to_owned();
                    if !topic.is_empty() {
                        added_topics.update(|t| { t.insert(topic); });
                        extra_topic.set(String::new());
                    }
                }>"Add topic"</button>
            </div>
            <p class="muted" data-testid="draft-target">"Target: " {move || set.with(|s| s.to_string())}</p>
        </div>
    }
}
