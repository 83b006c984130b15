//! The heartbeat inspector: the request in flight with every field (a delta's unsent fields shown
//! as such) and the last answer.

use crate::context::{effects_of, use_session};
use kip848_core::narration::{describe_input, purpose_name};
use kip848_core::{Effect, HeartbeatRequest, Timeline};
use leptos::prelude::*;

/// The last heartbeat emitted before the position on screen, if it is still in flight.
fn request_in_flight(t: &Timeline, shown: Option<usize>) -> Option<HeartbeatRequest> {
    let cursor = t.cursor();
    for index in (0..cursor).rev() {
        let effects = effects_of(t, index);
        let upto = if index + 1 == cursor {
            shown.unwrap_or(effects.len()).min(effects.len())
        } else {
            effects.len()
        };
        let last = effects[..upto].iter().rev().find_map(|e| match e {
            Effect::SendHeartbeat(r) => Some(r.clone()),
            _ => None,
        });
        if last.is_some() {
            return last;
        }
        if t.steps().get(index).is_some_and(|s| s.input.is_answer())
            && t.results().get(index).is_some_and(Result::is_ok)
        {
            return None;
        }
    }
    None
}

/// The last accepted answer before the cursor: (step, words).
fn last_answer(t: &Timeline) -> Option<(usize, String)> {
    (0..t.cursor()).rev().find_map(|i| {
        let step = t.steps().get(i)?;
        (step.input.is_answer() && t.results().get(i).is_some_and(Result::is_ok))
            .then(|| (i + 1, describe_input(&step.input)))
    })
}

fn row(name: &'static str, value: Option<String>) -> impl IntoView {
    let sent = value.is_some();
    view! {
        <tr class:not-sent=!sent>
            <th scope="row">{name}</th>
            <td data-testid=format!("hb-{name}")>{value.unwrap_or_else(|| "not sent".to_owned())}</td>
        </tr>
    }
}

/// The inspector panel.
#[component]
pub fn Inspector() -> impl IntoView {
    let session = use_session();
    let request = Memo::new(move |_| {
        let shown = session.shown.get();
        let in_flight = session.frame.with(|f| f.in_flight.is_some());
        if !in_flight {
            return None;
        }
        session.timeline.with(|t| request_in_flight(t, shown))
    });
    let answer = Memo::new(move |_| session.timeline.with(last_answer));
    let table = move || {
        request.get().map(|r| {
            let full = r.full.clone();
            view! {
                <p data-testid="hb-kind">
                    {format!("{} heartbeat, {}", purpose_name(r.purpose), if full.is_some() { "full" } else { "delta" })}
                </p>
                <table class="fields-table">
                    <tbody>
                        {row("group_id", Some(r.group_id.clone()))}
                        {row("member_id", Some(if r.member_id.is_empty() { "\"\"".to_owned() } else { r.member_id.clone() }))}
                        {row("member_epoch", Some(r.member_epoch.to_string()))}
                        {row("instance_id", r.instance_id.clone())}
                        {row("rebalance_timeout_ms", full.as_ref().map(|f| f.rebalance_timeout_ms.to_string()))}
                        {row("subscribed_topics", full.as_ref().map(|f| f.subscribed_topics.iter().cloned().collect::<Vec<_>>().join(", ")))}
                        {row("server_assignor", full.as_ref().and_then(|f| f.server_assignor.clone()))}
                        {row("owned", r.owned.as_ref().map(|o| o.to_string()))}
                    </tbody>
                </table>
            }
        })
    };
    view! {
        <section class="panel inspector" aria-labelledby="inspector-title">
            <h2 id="inspector-title">"Heartbeat inspector"</h2>
            <h3>"Request in flight"</h3>
            <Show when=move || request.with(Option::is_none)>
                <p class="muted" data-testid="hb-none">"No heartbeat in flight."</p>
            </Show>
            {table}
            <h3>"Last answer"</h3>
            <p data-testid="last-answer">
                {move || answer.get().map_or("None yet.".to_owned(), |(step, words)| format!("Step {step}: {words}"))}
            </p>
        </section>
    }
}
