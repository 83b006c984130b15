//! The group view's layout.

use super::{
    controls::GroupControls, coordinator::CoordinatorPanel, lanes::MessageLanes,
    members::MemberColumns, ownership_chart::OwnershipChart, settings::GroupSettings,
    steps::GroupSteps,
};
use crate::components::quiz_card::QuizPanel;
use crate::group::use_group_session;
use crate::session::playback;
use crate::shell::embed::{Embed, Panel};
use leptos::prelude::*;

/// The group view's quiz: when does a partition's new owner get it.
#[component]
fn GroupQuiz() -> impl IntoView {
    let session = use_group_session();
    view! {
        <QuizPanel asked=Signal::derive(move || session.asked()) state=session.teaching.quiz
            total=Signal::derive(move || session.questions.with(Vec::len))
            check=Callback::new(move |c| session.check(c))
            next=Callback::new(move |()| session.after_feedback())
            what=|step| format!("what follows step {step}") go_on="Go on" />
    }
}

#[component]
pub fn GroupView() -> impl IntoView {
    let session = use_group_session();
    playback::drive(session);
    // An embed shows the panels its address names (`show=`, `hide=`); a read-only one no settings.
    let embed = use_context::<Embed>().unwrap_or_default();
    let shows = |panel: Panel| embed.shows(panel);
    let controls = shows(Panel::Controls) || shows(Panel::Caption) || shows(Panel::Transport);
    view! {
        <main class="group-layout" class:embedded=embed.embedded data-testid="group-view">
            {(!crate::LIVE).then(|| view! {
                <Show when=move || session.teaching.quiz.with(Option::is_some)>
                    <GroupQuiz/>
                </Show>
            })}
            {controls.then(|| view! { <GroupControls/> })}
            {shows(Panel::Chart).then(|| view! { <OwnershipChart/> })}
            {shows(Panel::Members).then(|| view! { <MemberColumns/> })}
            {shows(Panel::Coordinator).then(|| view! { <CoordinatorPanel/> })}
            {shows(Panel::Lanes).then(|| view! { <MessageLanes/> })}
            {shows(Panel::Steps).then(|| view! { <GroupSteps/> })}
            {(!crate::LIVE && shows(Panel::Settings) && !embed.readonly).then(|| view! { <GroupSettings/> })}
        </main>
    }
}
