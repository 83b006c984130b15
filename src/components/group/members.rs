//! The members as columns: each a compact member panel (state, epoch, assigned set, the callback
//! it is running) with the user's levers on it. New chips fly in; the column keeps its place.

use crate::group::{use_group_session, GroupSession};
use kip848_core::group::{GroupInput, MemberCard, SimMember};
use kip848_core::{ErrorCode, Model, Outcome, PartitionSet};
use leptos::prelude::*;
use std::collections::BTreeSet;

/// Errors a user can slip into a member's next response.
const INJECTABLE: [ErrorCode; 5] = [
    ErrorCode::FencedMemberEpoch,
    ErrorCode::UnknownMemberId,
    ErrorCode::NotCoordinator,
    ErrorCode::CoordinatorNotAvailable,
    ErrorCode::UnreleasedInstanceId,
];

fn member(session: GroupSession, name: &str) -> Option<SimMember> {
    session
        .timeline
        .with(|t| t.sim().members().iter().find(|m| m.name == name).cloned())
}

fn chips(set: &PartitionSet) -> Vec<(String, u32)> {
    set.iter().map(|(t, p)| (t.to_owned(), p)).collect()
}

/// A partition chip list whose chips persist across steps, so that only new ones animate in.
#[component]
fn Chips(
    #[prop(into)] set: Signal<PartitionSet>,
    class: &'static str,
    testid: &'static str,
) -> impl IntoView {
    view! {
        <ul class="chips" data-testid=testid>
            <For each=move || chips(&set.get()) key=|chip| chip.clone() let((topic, p))>
                <li class=format!("chip {class}")>{format!("{topic}-{p}")}</li>
            </For>
            <Show when=move || set.with(PartitionSet::is_empty)>
                <li class="chip empty muted">"none"</li>
            </Show>
        </ul>
    }
}

#[component]
fn MemberColumn(name: String) -> impl IntoView {
    let session = use_group_session();
    let card = {
        let name = name.clone();
        Memo::new(move |_| {
            session
                .frame
                .with(|f| f.members.iter().find(|c| c.name == name).cloned())
        })
    };
    let field = move |pick: fn(&MemberCard) -> String| {
        move || card.with(|c| c.as_ref().map(pick).unwrap_or_default())
    };
    let alive = move || card.with(|c| c.as_ref().is_some_and(|c| c.running));
    let state = field(|c| c.state.as_str().to_owned());
    let model = field(|c| c.model.title().to_owned());
    let model_id = field(|c| c.model.as_str().to_owned());
    let status = field(|c| c.status.clone());
    let epoch = field(|c| c.member_epoch.to_string());
    let member_id = field(|c| c.member_id.clone());
    let assigned = Signal::derive(move || {
        card.with(|c| c.as_ref().map(|c| c.assigned.clone()).unwrap_or_default())
    });
    let target = Signal::derive(move || {
        card.with(|c| c.as_ref().map(|c| c.target.clone()).unwrap_or_default())
    });
    let awaiting = move || card.with(|c| c.as_ref().and_then(|c| c.awaiting.clone()));
    let hazards = move || card.with(|c| c.as_ref().map(|c| c.hazards.clone()).unwrap_or_default());
    let me = {
        let name = name.clone();
        Memo::new(move |_| member(session, &name))
    };
    let held = move || me.with(|m| m.as_ref().is_some_and(|m| m.held));
    let delayed = move || me.with(|m| m.as_ref().is_some_and(|m| m.delay_callbacks));
    let error = RwSignal::new(INJECTABLE[0].as_str().to_owned());
    let who = StoredValue::new(name.clone());
    let who = move || who.get_value();
    let disabled = move || !alive() || !session.writable();
    // An embed's `focus=member:C`: C's card first.
    let focus = use_context::<crate::shell::embed::Embed>().and_then(|e| e.focus);
    let focused = match &focus {
        Some(crate::shell::embed::Focus::Member(m)) => Some(m.as_str()),
        _ => None,
    };
    view! {
        <article class="member-card" data-testid="member-card" data-member=name.clone()
            style=(focused == Some(name.as_str())).then_some("order: -1")
            class:dead=move || !alive() aria-label=format!("Member {name}")>
            <header class="member-card-head">
                <h3>{name.clone()}</h3>
                // Keyed by the state: a new state is a new badge, which plays its arrival, as a
                // state's box does in the member view's diagram (a closure alone would update the
                // same badge in place, and nothing would move).
                <For each=move || std::iter::once(state()) key=|now| now.clone() children=|now| {
                    let words = now.clone();
                    view! {
                        <span class="state-badge" data-state=now data-testid="member-state"
                            title="The member's own state, in its model's words; the coordinator's record of it is in the coordinator's table">{words}</span>
                    }
                }/>
            </header>
            // Named on screen where it tells something: beside another client, or a client that is
            // not the seed design (the group view's default). Always there for assistive tech.
            <p class="member-model" data-testid="member-model" data-model=model_id
                class:visually-hidden=move || session.frame.with(|f| f.members.iter().all(|c| c.model == Model::Seed))>{model}</p>
            <p class="muted member-status" data-testid="member-status">{status}</p>
            <dl class="fields compact">
                <dt>"Epoch"</dt><dd data-testid="card-epoch">{move || { let e = epoch(); view! { <span class="epoch">{e}</span> } }}</dd>
                <dt>"Member id"</dt><dd class="mono" data-testid="card-member-id">{member_id}</dd>
            </dl>
            <h4>"Assigned"</h4>
            <Chips set=assigned class="owned arrives" testid="member-assigned"/>
            <h4>"Target (coordinator)"</h4>
            <Chips set=target class="pending" testid="member-target"/>
            // The hazards this member is part of at this step, on its card.
            {move || hazards().into_iter().map(|h| view! {
                <p class="member-hazard" data-testid="member-hazard" data-hazard=h.as_str()>{format!("Hazard: {}", h.title())}</p>
            }).collect_view()}
            <Show when=move || awaiting().is_some()>
                <p class="running" data-testid="member-running" role="status">
                    "Running " {move || awaiting().unwrap_or_default()}
                </p>
            </Show>
            // A read-only embed (a live step of the book) shows what happens, not what could be done.
            {session.writable().then(|| view! {
            <div class="member-levers" role="group" aria-label=format!("What happens to {name}")>
                <button data-testid="member-complete" disabled=move || disabled() || awaiting().is_none()
                    on:click=move |_| session.act(GroupInput::Complete { name: who(), outcome: Outcome::Ok })>"Complete"</button>
                <button data-testid="member-delay" aria-pressed=move || delayed().to_string() disabled=disabled
                    on:click=move |_| session.act(GroupInput::DelayCallbacks { name: who(), delayed: !delayed() })>{move || if delayed() { "Callbacks: slow" } else { "Callbacks: instant" }}</button>
                <button data-testid="member-hold" aria-pressed=move || held().to_string() disabled=disabled
                    on:click=move |_| session.act(GroupInput::Hold { name: who(), held: !held() })>{move || if held() { "Release messages" } else { "Hold messages" }}</button>
                <button data-testid="member-drop" disabled=disabled
                    on:click=move |_| session.act(GroupInput::Drop { name: who() })>"Drop messages"</button>
                <button data-testid="member-close" disabled=disabled
                    on:click=move |_| session.act(GroupInput::CloseMember { name: who() })>"Close"</button>
                <button class="danger-button" data-testid="member-kill" disabled=disabled
                    on:click=move |_| session.act(GroupInput::KillMember { name: who() })>"Kill"</button>
                <span class="inject">
                    <select data-testid="member-error" aria-label="Error for the next response" disabled=disabled
                        prop:value=move || error.get() on:change=move |ev| error.set(event_target_value(&ev))>
                        {INJECTABLE.iter().map(|c| view! { <option value=c.as_str().to_owned()>{c.as_str().to_owned()}</option> }).collect_view()}
                    </select>
                    <button data-testid="member-inject" disabled=disabled
                        on:click=move |_| {
                            let code = ErrorCode::from(error.get_untracked().as_str());
                            session.act(GroupInput::InjectError { name: who(), code });
                        }>"Fail next response"</button>
                </span>
            </div>
            })}
        </article>
    }
}

/// The form that adds a member (or restarts a killed or closed one under its name).
#[component]
fn AddMember() -> impl IntoView {
    let session = use_group_session();
    let suggested = move || {
        session.timeline.with(|t| {
            let taken: BTreeSet<&str> = t
                .sim()
                .members()
                .iter()
                .filter(|m| m.running())
                .map(|m| m.name.as_str())
                .collect();
            ["A", "B", "C", "D", "E", "F", "G", "H"]
                .into_iter()
                .find(|n| !taken.contains(n))
                .unwrap_or("A")
                .to_owned()
        })
    };
    let all_topics = move || {
        session.timeline.with(|t| {
            t.sim()
                .coordinator()
                .config()
                .topics
                .keys()
                .cloned()
                .collect::<Vec<_>>()
                .join(", ")
        })
    };
    let name = RwSignal::new(String::new());
    let topics = RwSignal::new(String::new());
    let instance = RwSignal::new(String::new());
    // The group's model unless the user picks another for this member.
    let group_model = move || session.timeline.with(|t| t.trace().config.model);
    let model = RwSignal::new(None::<Model>);
    let add = move || {
        let name_text = name.get_untracked().trim().to_owned();
        let name_text = if name_text.is_empty() {
            suggested()
        } else {
            name_text
        };
        let topics_text = topics.get_untracked();
        let topics_text = if topics_text.trim().is_empty() {
            all_topics()
        } else {
            topics_text
        };
        let topics: BTreeSet<String> = topics_text
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::to_owned)
            .collect();
        let instance = instance.get_untracked().trim().to_owned();
        session.act(GroupInput::AddMember {
            name: name_text,
            topics,
            instance_id: (!instance.is_empty()).then_some(instance),
            model: model.get_untracked().filter(|m| *m != group_model()),
        });
        name.set(String::new());
    };
    view! {
        <form class="row add-member" aria-label="Add a member" on:submit=move |ev| { ev.prevent_default(); add(); }>
            <label>"Name " <input type="text" size="6" data-testid="add-name" prop:placeholder=suggested
                prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev)) /></label>
            <label>"Topics " <input type="text" size="14" data-testid="add-topics" prop:placeholder=all_topics
                prop:value=move || topics.get() on:input=move |ev| topics.set(event_target_value(&ev)) /></label>
            <label>"Instance id (static) " <input type="text" size="8" data-testid="add-instance"
                prop:value=move || instance.get() on:input=move |ev| instance.set(event_target_value(&ev)) /></label>
            <label>"Model " <select data-testid="add-model"
                prop:value=move || model.get().unwrap_or_else(group_model).as_str()
                on:change=move |ev| model.set(Model::parse(&event_target_value(&ev)))>
                {Model::ALL.into_iter().map(|m| view! { <option value=m.as_str() title=m.summary()>{m.title()}</option> }).collect_view()}
            </select></label>
            <button type="submit" class="primary" data-testid="add-member" disabled=session.readonly>"Add member"</button>
        </form>
    }
}

/// A model's states while in a group, as its cards name them.
fn card_states(model: Model) -> &'static str {
    model.descriptor().some_states
}

#[component]
pub fn MemberColumns() -> impl IntoView {
    let session = use_group_session();
    let names = move || {
        session.timeline.with(|t| {
            t.sim()
                .members()
                .iter()
                .map(|m| m.name.clone())
                .collect::<Vec<_>>()
        })
    };
    // The words the cards use are their models' own: say which.
    let vocabulary = move || {
        let models: BTreeSet<Model> = session
            .frame
            .with(|f| f.members.iter().map(|c| c.model).collect());
        let models = if models.is_empty() {
            BTreeSet::from([session.timeline.with(|t| t.trace().config.model)])
        } else {
            models
        };
        let states: Vec<String> = models
            .iter()
            .map(|m| format!("{}: {}", m.title(), card_states(*m)))
            .collect();
        format!(
            "Each card shows the member's own state machine ({}); the coordinator's table below shows what the coordinator records for it (STABLE, UNREVOKED_PARTITIONS, UNRELEASED_PARTITIONS). A card's state and the table's need not have the same name.",
            states.join("; ")
        )
    };
    view! {
        <section class="panel group-members" aria-labelledby="group-members-title">
            <h2 id="group-members-title">"Members"</h2>
            <div class="member-columns" data-testid="member-columns">
                <For each=names key=|name| name.clone() let(name)>
                    <MemberColumn name/>
                </For>
                <Show when=move || names().is_empty()>
                    <p class="muted">"No members yet: add one, or load a scenario."</p>
                </Show>
            </div>
            // The cards first, where the chart above points; how to read them and how to add one after.
            <p class="muted small" data-testid="vocabulary">{vocabulary}</p>
            {session.writable().then(|| view! { <AddMember/> })}
        </section>
    }
}
