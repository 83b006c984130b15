//! Whether a panel is on screen or within a quarter of a screen of it. A panel that redraws much at each step
//! (the log's sixty rows) follows the cursor only while a reader could see it, and catches up as
//! it is scrolled to: at 10,000 steps, a seek spent most of its time redrawing a log below the
//! fold (`make bench`'s seek: median 14 ms with it, 4 ms with a log of four rows).

use leptos::prelude::*;
use leptos::reactive::owner::LocalStorage;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// A signal that is `true` while `target` is within a quarter of a screen of the viewport (and
/// before it is first measured, and wherever the browser cannot say).
pub fn near_view<E>(target: NodeRef<E>) -> ReadSignal<bool>
where
    E: leptos::html::ElementType,
    E::Output: JsCast + Clone + 'static,
{
    let (near, set_near) = signal(true);
    let observer: StoredValue<Option<web_sys::IntersectionObserver>, LocalStorage> =
        StoredValue::new_local(None);
    Effect::new(move |_| {
        let Some(element) = target.get() else { return };
        let Ok(element) = element.dyn_into::<web_sys::Element>() else {
            return;
        };
        let callback = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
            // The newest entry says where the element is now.
            let newest = entries
                .iter()
                .filter_map(|e| e.dyn_into::<web_sys::IntersectionObserverEntry>().ok())
                .next_back();
            if let Some(entry) = newest {
                set_near.set(entry.is_intersecting());
            }
        });
        let options = web_sys::IntersectionObserverInit::new();
        options.set_root_margin("25% 0px");
        if let Ok(o) = web_sys::IntersectionObserver::new_with_options(
            callback.as_ref().unchecked_ref(),
            &options,
        ) {
            o.observe(&element);
            if let Some(old) = observer.try_update_value(|slot| slot.replace(o)).flatten() {
                old.disconnect();
            }
        }
        // The observer holds the callback for as long as the page shows the panel.
        callback.forget();
    });
    on_cleanup(move || {
        if let Some(o) = observer.try_update_value(Option::take).flatten() {
            o.disconnect();
        }
    });
    near
}
