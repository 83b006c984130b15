//! The assigned set as partition chips by topic. During a step, chips being revoked and added are
//! marked (and animate out and in) in the order the effects are shown; while reconciling, the
//! target's missing partitions show as pending.

use crate::context::{effects_of, use_session};
use kip848_core::{Effect, PartitionSet};
use leptos::prelude::*;
use std::collections::BTreeMap;

/// What a chip means right now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum ChipStatus {
    Owned,
    /// Owned, but not in the target: it will be revoked.
    ToRevoke,
    /// In the target, not owned yet.
    Pending,
    /// Added by this step.
    Arriving,
    /// Removed (or cleared) by this step.
    Leaving,
}

impl ChipStatus {
    fn class(self) -> &'static str {
        match self {
            ChipStatus::Owned => "owned",
            ChipStatus::ToRevoke => "to-revoke",
            ChipStatus::Pending => "pending",
            ChipStatus::Arriving => "arriving",
            ChipStatus::Leaving => "leaving",
        }
    }
    fn words(self) -> &'static str {
        match self {
            ChipStatus::Owned => "owned",
            ChipStatus::ToRevoke => "owned, to be revoked",
            ChipStatus::Pending => "in the target, not owned yet",
            ChipStatus::Arriving => "just added",
            ChipStatus::Leaving => "just removed",
        }
    }
}

/// Chips by topic, from the frame on screen and the effects shown of the current step.
fn chips(
    owned: &PartitionSet,
    target: Option<&PartitionSet>,
    effects: &[Effect],
) -> BTreeMap<String, Vec<(u32, ChipStatus)>> {
    let mut removed = PartitionSet::new();
    let mut added = PartitionSet::new();
    for effect in effects {
        match effect {
            Effect::RemoveFromAssigned { partitions } | Effect::ClearAssigned { partitions } => {
                removed.extend(partitions);
                added.subtract(partitions);
            }
            Effect::AddToAssigned { partitions } => added.extend(partitions),
            _ => {}
        }
    }
    let mut out: BTreeMap<String, BTreeMap<u32, ChipStatus>> = BTreeMap::new();
    let mut put = |topic: &str, p: u32, status: ChipStatus| {
        out.entry(topic.to_owned())
            .or_default()
            .entry(p)
            .or_insert(status);
    };
    for (topic, p) in removed.iter().filter(|(t, p)| !owned.contains(t, *p)) {
        put(topic, p, ChipStatus::Leaving);
    }
    for (topic, p) in owned.iter() {
        let status = if added.contains(topic, p) {
            ChipStatus::Arriving
        } else if target.is_some_and(|t| !t.contains(topic, p)) {
            ChipStatus::ToRevoke
        } else {
            ChipStatus::Owned
        };
        put(topic, p, status);
    }
    for (topic, p) in target.into_iter().flat_map(PartitionSet::iter) {
        put(topic, p, ChipStatus::Pending);
    }
    out.into_iter()
        .map(|(t, ps)| (t, ps.into_iter().collect()))
        .collect()
}

/// The assigned set panel.
#[component]
pub fn AssignedSet() -> impl IntoView {
    let session = use_session();
    let groups = Memo::new(move |_| {
        let shown = session.shown.get();
        let effects: Vec<Effect> = session.timeline.with(|t| {
            let Some(index) = t.cursor().checked_sub(1) else {
                return Vec::new();
            };
            let effects = effects_of(t, index);
            effects[..shown.unwrap_or(effects.len()).min(effects.len())].to_vec()
        });
        session
            .frame
            .with(|f| chips(&f.assigned, f.newest_target.as_ref(), &effects))
    });
    let count = move || session.frame.with(|f| f.assigned.len());
    view! {
        <section class="panel assigned" aria-labelledby="assigned-title">
            <h2 id="assigned-title">"Assigned set " <span class="muted" data-testid="assigned-count">{move || format!("({})", count())}</span></h2>
            <p class="visually-hidden" data-testid="assigned">{move || session.frame.with(|f| f.assigned.to_string())}</p>
            <Show when=move || groups.with(BTreeMap::is_empty)>
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
                <span class="chip to-revoke">"to revoke"</span>
                <span class="chip pending">"pending"</span>
                <span class="chip arriving">"added"</span>
                <span class="chip leaving">"removed"</span>
            </p>
        </section>
    }
}
