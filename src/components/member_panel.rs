//! The member: state, member id, member epoch and assigned set, as the machine has them now.

use crate::context::use_session;
use leptos::prelude::*;

/// Renders the member at the timeline's cursor.
#[component]
pub fn MemberPanel() -> impl IntoView {
    let session = use_session();
    let member = Memo::new(move |_| session.timeline.with(|t| t.member().clone()));
    let state = move || member.with(|m| m.state().as_str());
    let member_id = move || {
        member.with(|m| match m.member_id() {
            "" => "(none yet)".to_owned(),
            id => id.to_owned(),
        })
    };
    let epoch = move || member.with(|m| m.member_epoch().to_string());
    let assigned = move || member.with(|m| m.assigned().to_string());
    view! {
        <section class="panel member" aria-labelledby="member-title">
            <h2 id="member-title">"Member"</h2>
            <dl>
                <dt>"State"</dt>
                <dd data-testid="state" data-state=state>{state}</dd>
                <dt>"Member id"</dt>
                <dd data-testid="member-id">{member_id}</dd>
                <dt>"Member epoch"</dt>
                <dd data-testid="member-epoch">{epoch}</dd>
                <dt>"Assigned set"</dt>
                <dd data-testid="assigned">{assigned}</dd>
            </dl>
        </section>
    }
}
