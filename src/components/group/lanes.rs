//! The message lanes: every heartbeat and response in flight between a member and the
//! coordinator, how far along it is, and whether the user is holding it.

use crate::group::use_group_session;
use kip848_core::group::{Message, MessageKind};
use leptos::prelude::*;

/// One message in words: what it carries.
fn carries(message: &Message) -> String {
    match &message.kind {
        MessageKind::Request { request } => {
            let owned = request
                .owned
                .as_ref()
                .map(|o| format!(", owns {o}"))
                .unwrap_or_default();
            format!("heartbeat, epoch {}{owned}", request.member_epoch)
        }
        MessageKind::Response { reply: Ok(reply) } => {
            let assignment = reply
                .assignment
                .as_ref()
                .map(|a| format!(", assignment {a}"))
                .unwrap_or_default();
            format!("response, epoch {}{assignment}", reply.member_epoch)
        }
        MessageKind::Response { reply: Err(code) } => format!("error {code}"),
    }
}

#[component]
pub fn MessageLanes() -> impl IntoView {
    let session = use_group_session();
    let messages = move || {
        session.timeline.with(|t| {
            let sim = t.sim();
            let now = sim.now().0;
            let mut out: Vec<(Message, bool, u64)> = sim
                .messages()
                .iter()
                .map(|m| {
                    let held = sim.members().iter().any(|s| s.name == m.member && s.held);
                    let total = m.deliver_at.0.saturating_sub(m.sent_at.0).max(1);
                    let done = now.saturating_sub(m.sent_at.0).min(total);
                    (m.clone(), held, done * 100 / total)
                })
                .collect();
            out.sort_by_key(|(m, _, _)| (m.member.clone(), m.seq));
            out
        })
    };
    view! {
        <section class="panel lanes" aria-labelledby="lanes-title">
            <h2 id="lanes-title">"Messages in flight"</h2>
            <ul class="message-lanes" data-testid="message-lanes">
                {move || messages().into_iter().map(|(m, held, percent)| {
                    let to_coordinator = matches!(m.kind, MessageKind::Request { .. });
                    let direction = if to_coordinator {
                        format!("{} → coordinator", m.member)
                    } else {
                        format!("coordinator → {}", m.member)
                    };
                    view! {
                        <li class="message" class:held=held class:up=to_coordinator data-testid="message" data-member=m.member.clone()>
                            <span class="direction">{direction}</span>
                            <span class="lane" aria-hidden="true">
                                <span class="dot" style=format!("left: {percent}%")></span>
                            </span>
                            <span class="carries">{carries(&m)}</span>
                            <span class="muted">{if held { "held".to_owned() } else { format!("arrives at {} ms", m.deliver_at.0) }}</span>
                        </li>
                    }
                }).collect_view()}
                <Show when=move || messages().is_empty()>
                    <li class="muted">"Nothing in flight."</li>
                </Show>
            </ul>
        </section>
    }
}
