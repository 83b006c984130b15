//! The message lanes: every heartbeat and response in flight between a member and the
//! coordinator, how far along it is, and whether the user is holding it; and the messages the
//! last step dropped, with why (lost, killed, or meant for a process that is gone).

use crate::group::use_group_watched;
use kip848_core::group::{GroupSim, Message, MessageKind};
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

/// Which way a message goes, naming an earlier process under the same name as such.
fn direction(sim: &GroupSim, message: &Message) -> String {
    let current = sim
        .members()
        .iter()
        .any(|s| s.incarnation == message.incarnation);
    let who = if current {
        message.member.clone()
    } else {
        format!("{} (earlier process)", message.member)
    };
    match message.kind {
        MessageKind::Request { .. } => format!("{who} → coordinator"),
        MessageKind::Response { .. } => format!("coordinator → {who}"),
    }
}

#[component]
pub fn MessageLanes() -> impl IntoView {
    let session = use_group_watched();
    let messages = move || {
        session.timeline.with(|t| {
            let sim = t.sim();
            let now = sim.now().0;
            let mut out: Vec<(Message, String, bool, u64)> = sim
                .messages()
                .iter()
                .map(|m| {
                    let held = sim
                        .members()
                        .iter()
                        .any(|s| s.incarnation == m.incarnation && s.held);
                    let total = m.deliver_at.0.saturating_sub(m.sent_at.0).max(1);
                    let done = now.saturating_sub(m.sent_at.0).min(total);
                    (m.clone(), direction(sim, m), held, done * 100 / total)
                })
                .collect();
            out.sort_by_key(|(m, _, _, _)| (m.member.clone(), m.seq));
            out
        })
    };
    let dropped = move || {
        session.timeline.with(|t| {
            let sim = t.sim();
            sim.dropped()
                .iter()
                .map(|d| {
                    (
                        d.message.clone(),
                        direction(sim, &d.message),
                        d.reason.as_str(),
                    )
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        <section class="panel lanes" aria-labelledby="lanes-title">
            <h2 id="lanes-title">"Messages in flight"</h2>
            <ul class="message-lanes" data-testid="message-lanes">
                {move || messages().into_iter().map(|(m, direction, held, percent)| {
                    let to_coordinator = matches!(m.kind, MessageKind::Request { .. });
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
                {move || dropped().into_iter().map(|(m, direction, why)| {
                    let to_coordinator = matches!(m.kind, MessageKind::Request { .. });
                    view! {
                        <li class="message dropped" class:up=to_coordinator data-testid="message-dropped" data-member=m.member.clone()>
                            <span class="direction">{direction}</span>
                            <span class="carries">{carries(&m)}</span>
                            <span class="muted">{format!("dropped: {why}")}</span>
                        </li>
                    }
                }).collect_view()}
            </ul>
        </section>
    }
}
