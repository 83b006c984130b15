//! The member: diagram, facts, assigned set; part-way through a step.

use crate::dom::*;
use kip848_viz::components::{
    assigned_set::AssignedSet, diagram::Diagram, member_facts::MemberFacts,
};
use leptos::prelude::*;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn the_diagram_draws_every_transition_and_highlights_the_current_state() {
    let m = mount(scenario("04-fenced-while-joined"), || view! { <Diagram/> });
    let edges = m.root.query_selector_all(".edge").expect("edges").length();
    assert_eq!(edges, 14, "every (from, to) pair of seed model §5");
    assert_eq!(
        m.attr("node-JOINED", "data-current").as_deref(),
        Some("true")
    );
    assert_eq!(m.attr("node-NEW", "data-current").as_deref(), Some("false"));
    assert!(
        m.try_find("pulse").is_some(),
        "the last transition of the step is drawn along its edge"
    );
    m.session.seek(5); // the fence
    tick().await;
    assert_eq!(
        m.attr("node-JOINING", "data-current").as_deref(),
        Some("true")
    );
    assert!(m.find("edge-JOINED-JOINING").class_list().contains("fired"));
}

#[wasm_bindgen_test]
async fn the_facts_follow_the_effects_shown_so_far() {
    let m = mount(
        scenario("04-fenced-while-joined"),
        || view! { <MemberFacts/> },
    );
    m.session.seek(5);
    tick().await;
    assert_eq!(m.text("state"), "JOINING");
    assert_eq!(m.text("member-epoch"), "0");
    assert_eq!(m.text("member-id"), "member-1");
    assert_eq!(m.text("in-flight"), "Join heartbeat");
    // Part-way: before the transition of the fence is shown.
    m.session.shown.set(1);
    tick().await;
    assert_eq!(m.text("state"), "JOINED");
    assert_eq!(m.text("in-flight"), "nothing");
}

#[wasm_bindgen_test]
async fn chips_mark_what_a_step_revokes_and_adds() {
    let m = mount(
        scenario("03-incremental-reassignment"),
        || view! { <AssignedSet/> },
    );
    m.session.seek(6); // the new target: orders-0 removed, its commit running
    tick().await;
    assert_eq!(
        m.attr("owned-orders-0", "data-status").as_deref(),
        Some("leaving")
    );
    assert_eq!(
        m.attr("owned-orders-1", "data-status").as_deref(),
        Some("owned")
    );
    assert_eq!(
        m.attr("owned-orders-2", "data-status").as_deref(),
        Some("pending")
    );
    m.session.seek(8); // orders-2 added
    tick().await;
    assert_eq!(
        m.attr("owned-orders-2", "data-status").as_deref(),
        Some("arriving")
    );
    assert!(m.try_find("owned-orders-0").is_none());
    m.session.seek(0);
    tick().await;
    assert!(m.try_find("assigned-empty").is_some());
}
