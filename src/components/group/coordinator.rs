//! The coordinator's panel: group epoch, assignment epoch, the assignor, the safety switch, the
//! topics, and its record of each member (epoch, state, assigned, pending revocation, target).

use super::target_editor::TargetEditor;
use crate::components::glossary::Term;
use crate::group::use_group_session;
use kip848_core::group::table::Field;
use kip848_core::group::{Assignor, GroupInput};
use kip848_core::screen::words::counted;
use leptos::prelude::*;

#[component]
pub fn CoordinatorPanel() -> impl IntoView {
    let session = use_group_session();
    // The epochs and the table are the frame's: the core's records and what the step changed.
    let epochs = move || session.frame.with(|f| (f.group_epoch, f.assignment_epoch));
    let epoch_changed =
        move |field: Field| move || session.frame.with(|f| f.epochs_changed.contains(&field));
    let assignor = move || {
        session
            .timeline
            .with(|t| t.sim().coordinator().config().assignor)
    };
    let safe = move || {
        session
            .timeline
            .with(|t| t.sim().coordinator().config().wait_for_revocation)
    };
    let topics = move || {
        session.timeline.with(|t| {
            t.sim()
                .coordinator()
                .config()
                .topics
                .iter()
                .map(|(t, c)| (t.clone(), *c))
                .collect::<Vec<_>>()
        })
    };
    let rows = move || session.frame.with(|f| f.records.clone());
    let new_topic = RwSignal::new(String::new());
    let writable = session.writable();
    view! {
        <section class="panel coordinator" aria-labelledby="coordinator-title" data-testid="coordinator">
            <h2 id="coordinator-title"><Term id="coordinator">"Coordinator"</Term></h2>
            <dl class="fields">
                <dt><Term id="group-epoch">"Group epoch"</Term></dt><dd data-testid="group-epoch" class:changed=epoch_changed(Field::GroupEpoch)>{move || epochs().0}</dd>
                <dt><Term id="assignment-epoch">"Assignment epoch"</Term></dt><dd data-testid="assignment-epoch" class:changed=epoch_changed(Field::AssignmentEpoch)>{move || epochs().1}</dd>
                <dt><label for="group-assignor">"Assignor"</label></dt>
                <dd>
                    <select id="group-assignor" data-testid="group-assignor" disabled=!writable
                        prop:value=move || assignor().as_str()
                        on:change=move |ev| {
                            let assignor = match event_target_value(&ev).as_str() {
                                "range" => Assignor::Range,
                                "manual" => Assignor::Manual,
                                _ => Assignor::Uniform,
                            };
                            session.act(GroupInput::SetAssignor { assignor });
                        }>
                        <option value="uniform">"uniform"</option>
                        <option value="range">"range"</option>
                        <option value="manual">"manual (you assign)"</option>
                    </select>
                </dd>
            </dl>
            <label class="choice safety" class:off=move || !safe()>
                <input type="checkbox" data-testid="safety-switch" disabled=!writable
                    prop:checked=safe
                    on:change=move |ev| session.act(GroupInput::SetWaitForRevocation { on: event_target_checked(&ev) }) />
                "Coordinator waits for revocation (the safety rule)"
            </label>
            <Show when=move || !safe()>
                <p class="notice error" data-testid="safety-off">"The safety rule is off: a partition goes to its new owner at once, while the old owner may still hold it."</p>
            </Show>
            <Show when=move || assignor() == Assignor::Manual>
                <TargetEditor/>
            </Show>
            <h3>"Topics"</h3>
            <ul class="topics" data-testid="group-topics">
                {move || topics().into_iter().map(|(topic, count)| {
                    let name = topic.clone();
                    view! {
                        <li>
                            <span class="mono">{format!("{topic}: {} ", counted(count, "partition"))}</span>
                            <button data-testid="add-partition" disabled=!writable
                                aria-label=format!("+1 partition to {topic}")
                                on:click=move |_| session.act(GroupInput::SetPartitions { topic: name.clone(), count: count + 1 })>"+1 partition"</button>
                        </li>
                    }
                }).collect_view()}
            </ul>
            <form class="row" aria-label="Add a topic" on:submit=move |ev| {
                ev.prevent_default();
                let topic = new_topic.get_untracked().trim().to_owned();
                session.act(GroupInput::SetPartitions { topic, count: 1 });
                new_topic.set(String::new());
            }>
                <input type="text" size="10" placeholder="new topic" data-testid="new-topic" aria-label="New topic"
                    prop:value=move || new_topic.get() on:input=move |ev| new_topic.set(event_target_value(&ev)) />
                <button type="submit" disabled=!writable>"Add topic"</button>
            </form>
            <h3>"Members, as the coordinator sees them"</h3>
            // Wider than a phone, it scrolls sideways: focusable, so the keyboard can scroll it too.
            <div class="table-wrap" tabindex="0" role="region" aria-label="The coordinator's members">
                <table class="server-members" data-testid="server-members">
                    <thead><tr>
                        <th scope="col">"Member"</th><th scope="col">"Epoch"</th><th scope="col">"Previous"</th>
                        <th scope="col" title="What the coordinator records for the member (not the member's own state)">"Coordinator's state"</th><th scope="col">"Assigned"</th>
                        <th scope="col">"Pending revocation"</th><th scope="col">"Target"</th>
                    </tr></thead>
                    <tbody>
                        {move || rows().into_iter().map(|row| {
                            let mark = |field: Field| row.changed.contains(&field).then_some("changed");
                            let changed = row.changed.iter().map(|f| f.as_str()).collect::<Vec<_>>().join(" ");
                            view! {
                            <tr data-member=row.name.clone() data-changed=changed class:changed=row.changed.contains(&Field::NewMember)>
                                <th scope="row">{row.name.clone()}</th>
                                <td class=mark(Field::Epoch)>{row.epoch}</td>
                                <td class=mark(Field::PreviousEpoch)>{row.previous_epoch}</td>
                                <td class=mark(Field::State) data-testid="server-state" data-server-state=row.state.as_str()>{row.state.as_str()}</td>
                                <td class=mark(Field::Assigned)>{row.assigned.to_string()}</td>
                                <td class=mark(Field::PendingRevocation)>{row.pending_revocation.to_string()}</td>
                                <td class=mark(Field::Target)>{row.target.to_string()}</td>
                            </tr>
                        }}).collect_view()}
                    </tbody>
                </table>
            </div>
            <p class="muted legend">"Member states: STABLE; " <Term id="unrevoked-partitions">"UNREVOKED_PARTITIONS"</Term> "; " <Term id="unreleased-partitions">"UNRELEASED_PARTITIONS"</Term> ". Kafka keeps them inside the broker: " <Term id="describe">"ConsumerGroupDescribe"</Term> " shows only the epochs and assignments."</p>
        </section>
    }
}
