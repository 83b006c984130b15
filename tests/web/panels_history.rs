//! The inspector, the application lane, the log and the sequence diagram.

use crate::dom::*;
use kip848_viz::components::{
    app_lane::AppLane, inspector::Inspector, log::Log, sequence::Sequence,
};
use leptos::prelude::*;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn the_inspector_shows_full_and_delta_requests_field_by_field() {
    let m = mount(scenario("01-first-join"), || view! { <Inspector/> });
    m.session.seek(1);
    tick().await;
    assert_eq!(m.text("hb-kind"), "Join heartbeat, full");
    assert_eq!(m.text("hb-member_epoch"), "0");
    assert_eq!(m.text("hb-subscribed_topics"), "orders");
    assert_eq!(m.text("hb-owned"), "{}");
    m.session.seek(4);
    tick().await;
    assert_eq!(m.text("hb-kind"), "Interval heartbeat, delta");
    assert_eq!(m.text("hb-rebalance_timeout_ms"), "not sent");
    assert_eq!(m.text("hb-owned"), "not sent");
    assert_eq!(m.text("last-answer"), "Step 3: Coordinator answers: member id member-1, epoch 1, interval 5000 ms, assignment unchanged");
    m.session.seek(3);
    tick().await;
    assert!(m.try_find("hb-none").is_some());
}

#[wasm_bindgen_test]
async fn the_lane_shows_callbacks_from_invoke_to_completion() {
    let m = mount(
        scenario("05-fenced-mid-revocation"),
        || view! { <AppLane/> },
    );
    m.session.seek(9); // fenced while onPartitionsRevoked runs
    tick().await;
    let statuses: Vec<String> = m
        .all("span")
        .iter()
        .filter_map(|s| s.get_attribute("data-status"))
        .collect();
    assert_eq!(statuses, vec!["ok", "ok", "abandoned"]);
    m.session.seek(10);
    tick().await;
    let statuses: Vec<String> = m
        .all("span")
        .iter()
        .filter_map(|s| s.get_attribute("data-status"))
        .collect();
    assert_eq!(statuses, vec!["ok", "ok", "discarded"]);
    m.session.seek(11);
    tick().await;
    let last = m.all("span").pop().expect("a span");
    assert_eq!(
        last.get_attribute("data-status").as_deref(),
        Some("pending")
    );
    assert!(last
        .text_content()
        .unwrap_or_default()
        .contains("ASSIGNING waits on it"));
}

#[wasm_bindgen_test]
async fn clicking_a_log_row_seeks_there() {
    let m = mount(scenario("02-steady-heartbeats"), || view! { <Log/> });
    assert_eq!(m.all("log-row").len(), 9);
    m.click("log-step-4").await;
    assert_eq!(m.session.timeline.with_untracked(|t| t.cursor()), 4);
    let current = m
        .root
        .query_selector("[aria-current=step]")
        .ok()
        .flatten()
        .expect("a current row");
    assert!(current
        .text_content()
        .unwrap_or_default()
        .contains("Time passes"));
    m.click("log-step-0").await;
    assert_eq!(m.session.timeline.with_untracked(|t| t.cursor()), 0);
}

#[wasm_bindgen_test]
async fn the_sequence_diagram_has_a_message_per_input_and_exchange() {
    let m = mount(scenario("01-first-join"), || view! { <Sequence/> });
    m.session.seek(1);
    tick().await;
    // subscribe, the transition, the join heartbeat (the one on screen, marked as current)
    assert_eq!(
        m.all("sequence-message").len() + m.all("sequence-current").len(),
        3
    );
    assert_eq!(m.all("sequence-current").len(), 1);
    m.session.seek(2);
    tick().await;
    // + response, two transitions... (JOINING→JOINED, JOINED→ASSIGNING), assigned callback, ack, ASSIGNING→JOINED
    assert_eq!(
        m.all("sequence-message").len() + m.all("sequence-current").len(),
        3 + 6
    );
    // Part-way through the step, arrows stop at the effect on screen.
    m.session.shown.set(2);
    tick().await;
    assert_eq!(
        m.all("sequence-message").len() + m.all("sequence-current").len(),
        3 + 1 + 2
    );
}
