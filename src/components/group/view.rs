//! The group view's layout.

use super::{
    controls::GroupControls, coordinator::CoordinatorPanel, lanes::MessageLanes,
    members::MemberColumns, ownership_chart::OwnershipChart, settings::GroupSettings,
    steps::GroupSteps,
};
use crate::group::{playback, use_group_session};
use leptos::prelude::*;

#[component]
pub fn GroupView() -> impl IntoView {
    let session = use_group_session();
    playback::drive(session);
    view! {
        <main class="group-layout" data-testid="group-view">
            <GroupControls/>
            <OwnershipChart/>
            <MemberColumns/>
            <CoordinatorPanel/>
            <MessageLanes/>
            <GroupSteps/>
            <GroupSettings/>
        </main>
    }
}
