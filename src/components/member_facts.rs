//! Beside the diagram: member id, member epoch (animated when it changes), interval, the next
//! deadline, the heartbeat in flight and what waits behind it.

use crate::context::use_session;
use kip848_core::narration::purpose_name;
use kip848_core::Effect;
use leptos::prelude::*;

pub(crate) fn waiting_on(effect: &Effect) -> String {
    match effect {
        Effect::CommitOffsets { partitions } => format!("commit of {partitions}"),
        Effect::InvokeOnPartitionsRevoked { partitions } => {
            format!("onPartitionsRevoked({partitions})")
        }
        Effect::InvokeOnAssignment { partitions } => format!("onAssignment({partitions})"),
        Effect::InvokeOnPartitionsAssigned { partitions } => {
            format!("onPartitionsAssigned({partitions})")
        }
        other => other.name().to_owned(),
    }
}

/// The member's facts, as the frame on screen has them.
#[component]
pub fn MemberFacts() -> impl IntoView {
    let session = use_session();
    let f = session.frame;
    let state = move || f.with(|f| f.state.as_str());
    let member_id = move || {
        f.with(|f| {
            if f.member_id.is_empty() {
                "(none yet)".to_owned()
            } else {
                f.member_id.clone()
            }
        })
    };
    let epoch = Memo::new(move |_| f.with(|f| f.member_epoch));
    let interval = move || {
        f.with(|f| {
            if f.heartbeat_interval_ms == 0 {
                "(not set)".to_owned()
            } else {
                format!("{} ms", f.heartbeat_interval_ms)
            }
        })
    };
    let deadline = move || {
        f.with(|f| match (f.retry_owed, f.next_deadline) {
            (Some(r), _) => format!(
                "retry at {} ms{}",
                r.due.0,
                if r.leave { " (the leave)" } else { "" }
            ),
            (None, Some(d)) => format!("heartbeat at {} ms", d.0),
            (None, None) => "none".to_owned(),
        })
    };
    let in_flight = move || {
        f.with(|f| match (f.in_flight, f.remembered) {
            (None, _) => "nothing".to_owned(),
            (Some(p), None) => format!("{} heartbeat", purpose_name(p)),
            (Some(p), Some(r)) => format!(
                "{} heartbeat; {} waits behind it",
                purpose_name(p),
                purpose_name(r).to_lowercase()
            ),
        })
    };
    let awaiting = move || f.with(|f| f.awaiting.as_ref().map_or("nothing".to_owned(), waiting_on));
    let failure = move || f.with(|f| f.failure.as_ref().map(|c| c.to_string()));
    view! {
        <dl class="facts" data-testid="member-facts">
            <dt>"State"</dt>
            <dd data-testid="state" data-state=state>{state}</dd>
            <dt>"Member id"</dt>
            <dd data-testid="member-id">{member_id}</dd>
            <dt>"Member epoch"</dt>
            // Keyed by value: a new epoch re-creates the element, which replays its animation.
            <dd data-testid="member-epoch">{move || { let e = epoch.get(); view! { <span class="epoch">{e.to_string()}</span> } }}</dd>
            <dt>"Heartbeat interval"</dt>
            <dd data-testid="interval">{interval}</dd>
            <dt>"Next deadline"</dt>
            <dd data-testid="deadline">{deadline}</dd>
            <dt>"In flight"</dt>
            <dd data-testid="in-flight">{in_flight}</dd>
            <dt>"Waiting on"</dt>
            <dd data-testid="awaiting">{awaiting}</dd>
            <dt>"Virtual time"</dt>
            <dd data-testid="now">{move || f.with(|f| format!("{} ms", f.now.0))}</dd>
            {move || session.timeline.with(|t| t.member().as_kafka().map(|k| {
                let local = |l: &kip848_core::kafka::LocalAssignment| if l.is_none() { "NONE".to_owned() } else { format!("{} (local epoch {})", l.partitions, l.epoch) };
                let unresolved = k.unresolved_topics().join(", ");
                view! {
                    <dt>"Pending revocation"</dt>
                    <dd data-testid="pending-revocation">{k.pending_revocation().to_string()}</dd>
                    <dt>"Reconciled"</dt>
                    <dd data-testid="current-assignment">{local(k.current())}</dd>
                    <dt>"Target"</dt>
                    <dd data-testid="target-assignment">{local(k.target_assignment())}</dd>
                    <dt>"Awaiting metadata"</dt>
                    <dd data-testid="unresolved">{if unresolved.is_empty() { "nothing".to_owned() } else { unresolved }}</dd>
                }
            }))}
            <Show when=move || failure().is_some()>
                <dt>"Failure"</dt>
                <dd data-testid="failure" class="danger">{failure}</dd>
            </Show>
        </dl>
    }
}
