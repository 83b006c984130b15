//! The group's timings: message latency, heartbeat interval, session timeout, the members'
//! rebalance timeout. Applying them
//! replays the session's steps on a group with these settings, so the same story can be watched
//! with a slower network or a shorter session timeout.

use crate::components::glossary::Term;
use crate::group::use_group_session;
use crate::session::context::Notice;
use kip848_core::group::GroupConfig;
use leptos::prelude::*;

/// A field's text as a whole number, or a message naming the field.
fn number<T: std::str::FromStr>(text: &str, field: &str) -> Result<T, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("{field} must be a whole number of milliseconds"))
}

#[component]
pub fn GroupSettings() -> impl IntoView {
    let session = use_group_session();
    // The settings the session's steps start from (the trace's), not the ones changed on the way.
    let current = Memo::new(move |_| session.timeline.with(|t| t.trace().config.clone()));
    let latency = RwSignal::new(String::new());
    let heartbeat = RwSignal::new(String::new());
    let timeout = RwSignal::new(String::new());
    let rebalance = RwSignal::new(String::new());
    Effect::new(move |_| {
        let c = current.get();
        latency.set(c.latency_ms.to_string());
        heartbeat.set(c.coordinator.heartbeat_interval_ms.to_string());
        timeout.set(c.coordinator.session_timeout_ms.to_string());
        rebalance.set(c.rebalance_timeout_ms.to_string());
    });
    let apply = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let read = || -> Result<GroupConfig, String> {
            let mut config = current.get_untracked();
            config.latency_ms = number(&latency.get_untracked(), "The latency")?;
            config.coordinator.heartbeat_interval_ms =
                number(&heartbeat.get_untracked(), "The heartbeat interval")?;
            config.coordinator.session_timeout_ms =
                number(&timeout.get_untracked(), "The session timeout")?;
            config.rebalance_timeout_ms =
                number(&rebalance.get_untracked(), "The rebalance timeout")?;
            Ok(config)
        };
        match read() {
            Ok(config) => session.reconfigure(config),
            Err(e) => session.say(Some(Notice::Error(format!("{e}. The group is unchanged.")))),
        }
    };
    let field = move |label: &'static str, id: &'static str, signal: RwSignal<String>| {
        view! {
            <label class="setting" for=id>
                {label}
                <input id=id data-testid=id type="text" inputmode="numeric" size="8"
                    prop:value=move || signal.get() on:input=move |ev| signal.set(event_target_value(&ev)) />
                " ms"
            </label>
        }
    };
    view! {
        <details class="panel group-settings" data-testid="group-settings">
            <summary>"Group settings (timings)"</summary>
            <form class="row" on:submit=apply>
                {field("Message latency", "group-latency", latency)}
                {field("Heartbeat interval", "group-heartbeat-interval", heartbeat)}
                {field("Session timeout", "group-session-timeout", timeout)}
                {field("Rebalance timeout", "group-rebalance-timeout", rebalance)}
                <button type="submit" data-testid="group-settings-apply" disabled=session.readonly>"Replay with these settings"</button>
            </form>
            <p class="muted">"The " <Term id="session-timeout">"session timeout"</Term> " and the heartbeat interval are the coordinator's settings; the " <Term id="rebalance-timeout">"rebalance timeout"</Term> " is the members' (how long the coordinator waits for a revocation). The session's steps run again from the start on a group with these timings, and the view stays at the same step."</p>
        </details>
    }
}
