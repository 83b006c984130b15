//! The review page's wasm entry point (review.html, rendered from index.html by the build): the
//! two models side by side.

fn main() {
    kip848_viz::start(kip848_viz::pages::review::ReviewPage);
}

/// The review page's check in its worker (`assets/check-worker.js`): runs `request` (JSON) and
/// posts each report to `post` as JSON. Exported from this page's module alone, so that no other
/// page carries the explorer.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn check_in_worker(request: &str, post: &js_sys::Function) {
    kip848_viz::components::check_panel::worker::run(request, js_sys::Date::now, |json| {
        let _ = post.call1(&wasm_bindgen::JsValue::NULL, &json.into());
    });
}
