//! Browser tests of the app (wasm-bindgen-test in headless Chromium): the whole chain core → wasm
//! → DOM, driven by clicks.
#![cfg(target_arch = "wasm32")]

use kip848_viz::App;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

wasm_bindgen_test_configure!(run_in_browser);

/// Mounts the app in a fresh container; keep the handle alive for the test's duration.
fn mount() -> (HtmlElement, impl Sized) {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .expect("a document");
    let container: HtmlElement = document
        .create_element("div")
        .expect("div")
        .unchecked_into();
    document
        .body()
        .expect("body")
        .append_child(&container)
        .expect("appended");
    let handle = leptos::mount::mount_to(container.clone(), App);
    (container, handle)
}

fn find(container: &HtmlElement, test_id: &str) -> HtmlElement {
    container
        .query_selector(&format!("[data-testid=\"{test_id}\"]"))
        .ok()
        .flatten()
        .unwrap_or_else(|| panic!("no element with data-testid={test_id}"))
        .unchecked_into()
}

fn text(container: &HtmlElement, test_id: &str) -> String {
    find(container, test_id).text_content().unwrap_or_default()
}

async fn click(container: &HtmlElement, test_id: &str) {
    find(container, test_id).click();
    leptos::task::tick().await;
}

#[wasm_bindgen_test]
async fn the_page_mounts_with_a_new_member() {
    let (page, _handle) = mount();
    assert_eq!(text(&page, "state"), "NEW");
    assert_eq!(text(&page, "member-epoch"), "0");
    assert_eq!(text(&page, "assigned"), "{}");
}

#[wasm_bindgen_test]
async fn subscribe_then_an_answer_drives_the_member_to_joined() {
    let (page, _handle) = mount();
    click(&page, "subscribe").await;
    assert_eq!(text(&page, "state"), "JOINING");
    assert_eq!(
        find(&page, "state").get_attribute("data-state").as_deref(),
        Some("JOINING")
    );
    click(&page, "answer").await;
    assert_eq!(text(&page, "state"), "JOINED");
    assert_eq!(text(&page, "member-id"), "member-1");
    assert_eq!(text(&page, "member-epoch"), "1");
}

#[wasm_bindgen_test]
async fn a_rejected_input_shows_why_and_changes_nothing() {
    let (page, _handle) = mount();
    click(&page, "answer").await;
    assert_eq!(text(&page, "state"), "NEW");
    assert_eq!(
        text(&page, "rejection"),
        "no heartbeat is in flight to answer"
    );
    click(&page, "close").await;
    assert_eq!(text(&page, "state"), "TERMINATED");
    assert_eq!(text(&page, "rejection"), "");
}
