//! Offers text as a file download (an object URL clicked through a detached anchor).

use leptos::prelude::document;
use wasm_bindgen::JsCast;

/// Downloads `text` as `name` (JSON); `None` when the browser refuses.
pub fn download(name: &str, text: &str) -> Option<()> {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).ok()?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).ok()?;
    let anchor: web_sys::HtmlAnchorElement =
        document().create_element("a").ok()?.dyn_into().ok()?;
    anchor.set_href(&url);
    anchor.set_download(name);
    anchor.click();
    web_sys::Url::revoke_object_url(&url).ok()
}
