//! The coordinator console and the application actions.

use crate::dom::*;
use kip848_core::screen::composer::{AssignmentDraft, Draft};
use kip848_core::{ErrorCode, Input, Machine, Millis};
use kip848_viz::components::{app_actions::AppActions, console::Console};
use leptos::prelude::*;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn the_console_lints_the_draft_before_it_is_sent() {
    let m = mount(fresh(), || view! { <Console/> });
    assert_eq!(m.attr("lint", "data-verdict").as_deref(), Some("waiting"));
    assert!(m.text("lint").starts_with("Nothing to answer yet. "));
    m.session.act(
        Millis(0),
        Input::Subscribe {
            topics: ["orders".to_owned()].into(),
        },
    );
    tick().await;
    assert_eq!(m.attr("lint", "data-verdict").as_deref(), Some("normal"));
    assert_eq!(m.text("lint"), "Normal: JOINING → JOINED");
    m.session.draft.update(|d| {
        if let Draft::Success { assignment, .. } = d {
            *assignment =
                AssignmentDraft::Set(kip848_core::PartitionSet::of([("payments", &[0][..])]));
        }
    });
    tick().await;
    assert_eq!(m.attr("lint", "data-verdict").as_deref(), Some("unusual"));
    assert!(
        m.text("lint")
            .contains("payments, a topic the member did not subscribe to"),
        "{}",
        m.text("lint")
    );
}

#[wasm_bindgen_test]
async fn sending_the_default_answer_joins_the_member() {
    let m = mount(fresh(), || view! { <Console/> });
    m.session.act(
        Millis(0),
        Input::Subscribe {
            topics: ["orders".to_owned()].into(),
        },
    );
    tick().await;
    m.click("send").await;
    let state = m
        .session
        .timeline
        .with_untracked(|t| t.member().facts().state);
    assert_eq!(state, kip848_core::StateName::Joined);
    assert_eq!(
        m.text("in-flight-line"),
        "No heartbeat is in flight yet: nothing to answer."
    );
}

#[wasm_bindgen_test]
async fn an_explicit_target_is_edited_with_chips_and_quick_actions() {
    let m = mount(fresh(), || view! { <Console/> });
    m.session.act(
        Millis(0),
        Input::Subscribe {
            topics: ["orders".to_owned()].into(),
        },
    );
    tick().await;
    m.click("assignment-explicit").await;
    assert_eq!(m.text("draft-target"), "Target: {}");
    m.click("quick-add").await;
    m.click("quick-add").await;
    assert_eq!(m.text("draft-target"), "Target: orders-0, orders-1");
    m.click("chip-orders-4").await;
    assert_eq!(
        m.attr("chip-orders-4", "aria-pressed").as_deref(),
        Some("true")
    );
    m.click("quick-revoke").await;
    assert_eq!(m.text("draft-target"), "Target: orders-0, orders-1");
    m.click("send").await;
    let assigned = m
        .session
        .timeline
        .with_untracked(|t| t.member().facts().assigned.to_string());
    assert_eq!(assigned, "orders-0, orders-1");
}

#[wasm_bindgen_test]
async fn an_error_answer_is_picked_by_group() {
    let m = mount(fresh(), || view! { <Console/> });
    m.session.act(
        Millis(0),
        Input::Subscribe {
            topics: ["orders".to_owned()].into(),
        },
    );
    tick().await;
    m.click("kind-error").await;
    let select: web_sys::HtmlSelectElement =
        wasm_bindgen::JsCast::unchecked_into(m.find("error-code"));
    assert_eq!(
        select
            .query_selector_all("optgroup")
            .map(|l| l.length())
            .unwrap_or(0),
        3
    );
    assert_eq!(
        m.session.draft.get_untracked(),
        Draft::Error(ErrorCode::FencedMemberEpoch)
    );
    assert!(m.text("lint").starts_with("Normal"), "{}", m.text("lint"));
    m.click("kind-none").await;
    assert_eq!(m.session.draft.get_untracked(), Draft::NoAnswer);
}

#[wasm_bindgen_test]
async fn a_field_out_of_range_says_so_and_keeps_the_draft() {
    let m = mount(fresh(), || view! { <Console/> });
    let input: web_sys::HtmlInputElement =
        wasm_bindgen::JsCast::unchecked_into(m.find("draft-epoch"));
    input.set_value("99999999999");
    input
        .dispatch_event(&web_sys::Event::new("input").expect("event"))
        .expect("dispatched");
    tick().await;
    assert_eq!(m.text("field-error"), "The member epoch is out of range");
    let Draft::Success { member_epoch, .. } = m.session.draft.get_untracked() else {
        panic!("a success draft")
    };
    assert_eq!(member_epoch, 1);
}

#[wasm_bindgen_test]
async fn application_buttons_are_enabled_by_a_dry_run() {
    let m = mount(fresh(), || view! { <AppActions/> });
    let disabled = |id: &str| m.find(id).has_attribute("disabled");
    assert!(!disabled("subscribe"));
    assert!(!disabled("close"));
    m.click("subscribe").await;
    assert!(disabled("subscribe"), "subscribe twice is rejected");
    assert_eq!(
        m.attr("subscribe", "title").as_deref(),
        Some("Rejected: subscribe is only valid in NEW, not in JOINING")
    );
    assert!(
        m.try_find("complete-ok").is_none(),
        "completions are automatic by default"
    );
}
