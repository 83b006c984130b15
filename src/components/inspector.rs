//! The heartbeat inspector: the request in flight with every field (a delta's unsent fields shown
//! as such) and the last answer, as the frame has them.

use crate::components::glossary::Term;
use crate::session::context::use_frame;
use kip848_core::screen::changes::request_fields;
use kip848_core::screen::narration::purpose_name;
use leptos::prelude::*;

/// The glossary term a request field stands for, if any.
fn term_of_field(name: &str) -> Option<&'static str> {
    match name {
        "member_epoch" => Some("member-epoch"),
        "instance_id" => Some("instance-id"),
        "rebalance_timeout_ms" => Some("rebalance-timeout"),
        "server_assignor" => Some("server-assignor"),
        "owned" => Some("owned-partitions"),
        _ => None,
    }
}

fn row(
    name: &'static str,
    value: Option<String>,
    marked: Memo<Vec<&'static str>>,
) -> impl IntoView {
    let sent = value.is_some();
    view! {
        <tr class:not-sent=!sent class:changed=move || marked.with(|m| m.contains(&name))>
            <th scope="row">{match term_of_field(name) {
                Some("member-epoch") => view! { <Term id="member-epoch">{name}</Term> }.into_any(),
                Some("instance-id") => view! { <Term id="instance-id">{name}</Term> }.into_any(),
                Some("rebalance-timeout") => view! { <Term id="rebalance-timeout">{name}</Term> }.into_any(),
                Some("server-assignor") => view! { <Term id="server-assignor">{name}</Term> }.into_any(),
                Some(_) => view! { <Term id="owned-partitions">{name}</Term> }.into_any(),
                None => name.into_any(),
            }}</th>
            <td data-testid=format!("hb-{name}")>{value.unwrap_or_else(|| "not sent".to_owned())}</td>
        </tr>
    }
}

/// The inspector panel.
#[component]
pub fn Inspector() -> impl IntoView {
    let frame = use_frame();
    let request = Memo::new(move |_| frame.with(|f| f.request.clone()));
    let answer = Memo::new(move |_| frame.with(|f| f.last_answer.clone()));
    // The fields this step changed, and whether it brought the answer (`Frame::changed`).
    let marked = Memo::new(move |_| frame.with(|f| f.changed.request.clone()));
    let answered = Memo::new(move |_| frame.with(|f| f.changed.answer));
    let table = move || {
        request.get().map(|r| {
            let full = r.full.clone();
            view! {
                <p data-testid="hb-kind">
                    {format!("{} heartbeat, ", purpose_name(r.purpose))}
                    {if full.is_some() {
                        view! { <Term id="full-heartbeat">"full"</Term> }.into_any()
                    } else {
                        view! { <Term id="delta-heartbeat">"delta"</Term> }.into_any()
                    }}
                </p>
                <table class="fields-table">
                    <tbody>
                        {request_fields(&r).into_iter().map(|(name, value)| row(name, value, marked)).collect_view()}
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
            <p data-testid="last-answer" class:changed=move || answered.get()>
                {move || answer.get().unwrap_or_else(|| "None yet.".to_owned())}
            </p>
        </section>
    }
}
