//! The member page's wasm entry point (index.html): one member, the coordinator played by the user.
//! A development build (`trunk serve`) carries every page in this one module and routes by address.

fn main() {
    #[cfg(debug_assertions)]
    kip848_viz::start(kip848_viz::pages::routed);
    #[cfg(not(debug_assertions))]
    kip848_viz::start(kip848_viz::pages::member::MemberPage);
}

/// A development build carries the review page too, and its check's worker entry
/// (`src/bin/review.rs` has the release page's).
#[cfg(debug_assertions)]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn check_in_worker(request: &str, post: &js_sys::Function) {
    kip848_viz::components::check_panel::worker::run(request, js_sys::Date::now, |json| {
        let _ = post.call1(&wasm_bindgen::JsValue::NULL, &json.into());
    });
}
