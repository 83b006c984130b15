//! The page: provides the session and lays out the panels.

use crate::components::member_panel::MemberPanel;
use crate::components::quick_actions::QuickActions;
use crate::context::provide_session;
use kip848_core::{Config, Timeline};
use leptos::prelude::*;

/// The whole single-page app.
#[component]
pub fn App() -> impl IntoView {
    provide_session(Timeline::new(Config::default()));
    view! {
        <header class="top">
            <h1>"KIP-848 consumer membership"</h1>
            <p class="tagline">"You are the group coordinator. Answer the member's heartbeats and watch it react."</p>
        </header>
        <main class="layout">
            <QuickActions/>
            <MemberPanel/>
        </main>
    }
}
