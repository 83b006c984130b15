//! The group view's layout.

use super::{
    controls::GroupControls, coordinator::CoordinatorPanel, lanes::MessageLanes,
    members::MemberColumns, ownership_chart::OwnershipChart, settings::GroupSettings,
    steps::GroupSteps,
};
use crate::components::quiz_card::QuizPanel;
use crate::group::{playback, use_group_session};
use leptos::prelude::*;

/// The group view's quiz: when does a partition's new owner get it.
#[component]
fn GroupQuiz() -> impl IntoView {
    let session = use_group_session();
    view! {
        <QuizPanel asked=Signal::derive(move || session.asked()) state=session.quiz
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
    view! {
        <main class="group-layout" data-testid="group-view">
            <Show when=move || session.quiz.with(Option::is_some)>
                <GroupQuiz/>
            </Show>
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
