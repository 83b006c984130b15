//! The whole page mounted: the chain core → wasm → DOM, driven by clicks.

use crate::dom::*;
use kip848_viz::pages::member::MemberPage as App;
use leptos::prelude::*;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn subscribe_then_the_default_answer_drives_the_member_to_joined() {
    // The App provides its own session: only the DOM is read here.
    let m = mount(fresh(), || view! { <App/> });
    assert_eq!(m.text("state"), "NEW");
    m.click("subscribe").await;
    m.click("step-input").await; // show the rest of the step at once
    assert_eq!(m.text("state"), "JOINING");
    assert_eq!(m.text("hb-kind"), "Join heartbeat, full");
    m.click("answer").await;
    m.click("step-input").await;
    assert_eq!(m.text("state"), "JOINED");
    assert_eq!(m.text("member-epoch"), "1");
    assert_eq!(m.text("member-id"), "member-1");
    assert_eq!(
        m.text("live"),
        "Step 2, 1 of 1 thing the member does: Joined the group as member-1 with epoch 1"
    );
}
