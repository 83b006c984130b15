//! The manual assignor's editor: with the assignor set to manual, the user is the assignor and
//! picks, partition by partition, which member the target gives it to. Applying it is one
//! `set_target` input: a new group epoch, which the members then reconcile to.

use crate::group::use_group_session;
use kip848_core::group::GroupInput;
use kip848_core::{Partition, PartitionSet};
use leptos::prelude::*;
use std::collections::BTreeMap;

/// Which member (by name) each partition goes to; a partition not in the map goes to nobody.
type Choice = BTreeMap<(String, Partition), String>;

/// The members the coordinator knows, by name, and the current target as a choice.
fn current(sim: &kip848_core::group::GroupSim) -> (Vec<String>, Choice) {
    let coordinator = sim.coordinator();
    let mut names = Vec::new();
    let mut choice = Choice::new();
    for member in sim.members() {
        let id = member.facts.member_id.as_str();
        if !coordinator.members().contains_key(id) {
            continue;
        }
        names.push(member.name.clone());
        for (topic, p) in coordinator
            .target()
            .get(id)
            .into_iter()
            .flat_map(|s| s.iter())
        {
            choice.insert((topic.to_owned(), p), member.name.clone());
        }
    }
    (names, choice)
}

/// The choice as the input's targets: every member named, with what it gets (maybe nothing).
fn targets(names: &[String], choice: &Choice) -> BTreeMap<String, PartitionSet> {
    let mut targets: BTreeMap<String, PartitionSet> = names
        .iter()
        .map(|name| (name.clone(), PartitionSet::new()))
        .collect();
    for ((topic, p), name) in choice {
        if let Some(set) = targets.get_mut(name) {
            set.insert(topic, *p);
        }
    }
    targets
}

#[component]
pub fn TargetEditor() -> impl IntoView {
    let session = use_group_session();
    let state = Memo::new(move |_| session.timeline.with(|t| current(t.sim())));
    let topics = Memo::new(move |_| {
        session.timeline.with(|t| {
            let topics = &t.sim().coordinator().config().topics;
            topics
                .iter()
                .map(|(t, c)| (t.clone(), *c))
                .collect::<Vec<_>>()
        })
    });
    // The user's edits, until applied or reset; none means "as the target is now".
    let draft = RwSignal::new(None::<Choice>);
    let shown = move || draft.get().unwrap_or_else(|| state.get().1);
    let pick = move |topic: String, p: Partition, name: String| {
        let mut choice = draft
            .get_untracked()
            .unwrap_or_else(|| state.get_untracked().1);
        if name.is_empty() {
            choice.remove(&(topic, p));
        } else {
            choice.insert((topic, p), name);
        }
        draft.set(Some(choice));
    };
    let apply = move |_| {
        let choice = draft
            .get_untracked()
            .unwrap_or_else(|| state.get_untracked().1);
        let targets = targets(&state.get_untracked().0, &choice);
        draft.set(None);
        session.act(GroupInput::SetTarget { targets });
    };
    let writable = !session.readonly;
    // One partition's select: nobody, or one of the members.
    let picker = move |topic: &str, p: Partition, names: &[String]| {
        let key = (topic.to_owned(), p);
        let is = move |name: &str| {
            let key = key.clone();
            let name = name.to_owned();
            move || shown().get(&key).map(String::as_str).unwrap_or_default() == name
        };
        let topic_owned = topic.to_owned();
        view! {
            <label class="target-pick">
                <span class="mono">{format!("{topic}-{p}")}</span>
                <select data-testid="target-pick" data-partition=format!("{topic}-{p}") disabled=!writable
                    on:change=move |ev| pick(topic_owned.clone(), p, event_target_value(&ev))>
                    <option value="" prop:selected=is("")>"nobody"</option>
                    {names.iter().map(|name| view! {
                        <option value=name.clone() prop:selected=is(name)>{name.clone()}</option>
                    }).collect_view()}
                </select>
            </label>
        }
    };
    view! {
        <section class="target-editor" aria-labelledby="target-editor-title" data-testid="target-editor">
            <h3 id="target-editor-title">"Target assignment (you are the assignor)"</h3>
            <Show when=move || !state.with(|s| s.0.is_empty())
                fallback=|| view! { <p class="muted">"No member is in the group yet."</p> }>
                <p class="muted">"Pick who gets each partition, then assign: a new group epoch, and the members reconcile to it."</p>
                {move || {
                    // Rebuilt when the members or the topics change; the picks follow `shown`.
                    let names = state.with(|s| s.0.clone());
                    topics.get().into_iter().map(|(topic, count)| view! {
                        <fieldset class="target-topic">
                            <legend class="mono">{topic.clone()}</legend>
                            {(0..count).map(|p| picker(&topic, p, &names)).collect_view()}
                        </fieldset>
                    }).collect_view()
                }}
                <div class="row">
                    <button data-testid="target-apply" disabled=move || !writable || draft.with(Option::is_none)
                        on:click=apply>"Assign"</button>
                    <button data-testid="target-reset" disabled=move || draft.with(Option::is_none)
                        on:click=move |_| draft.set(None)>"Reset to the current target"</button>
                </div>
            </Show>
        </section>
    }
}
