//! Mounting and DOM helpers.

use kip848_core::{Config, Timeline};
use kip848_viz::session::context::{provide_session, Session};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

/// A mounted component; the page part is removed when this is dropped... eventually: tests keep it.
pub struct Mounted {
    pub root: HtmlElement,
    pub session: Session,
    _handle: Box<dyn std::any::Any>,
}

/// Mounts `view` under a fresh session holding `timeline`.
pub fn mount<V: IntoView + 'static>(
    timeline: Timeline,
    view: impl FnOnce() -> V + 'static,
) -> Mounted {
    let root = new_root();
    let session_slot = std::rc::Rc::new(std::cell::Cell::new(None));
    let slot = session_slot.clone();
    let handle = leptos::mount::mount_to(root.clone(), move || {
        slot.set(Some(provide_session(timeline)));
        view()
    });
    let session = session_slot.get().expect("the session was provided");
    Mounted {
        root,
        session,
        _handle: Box::new(handle),
    }
}

/// A fresh element at the end of the body, to mount a component under.
pub fn new_root() -> HtmlElement {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .expect("a document");
    let root: HtmlElement = document
        .create_element("div")
        .expect("div")
        .unchecked_into();
    document
        .body()
        .expect("body")
        .append_child(&root)
        .expect("appended");
    root
}

/// A built-in scenario's timeline, at its end.
pub fn scenario(id: &str) -> Timeline {
    let trace = kip848_viz::teaching::scenarios::scenario(id)
        .expect("a scenario")
        .expect("valid");
    Timeline::from_trace(trace)
}

pub fn fresh() -> Timeline {
    Timeline::new(Config::default())
}

impl Mounted {
    pub fn find(&self, test_id: &str) -> HtmlElement {
        self.try_find(test_id)
            .unwrap_or_else(|| panic!("no element with data-testid={test_id}"))
    }

    pub fn try_find(&self, test_id: &str) -> Option<HtmlElement> {
        self.root
            .query_selector(&format!("[data-testid=\"{test_id}\"]"))
            .ok()
            .flatten()
            .map(JsCast::unchecked_into)
    }

    pub fn all(&self, test_id: &str) -> Vec<HtmlElement> {
        let list = self
            .root
            .query_selector_all(&format!("[data-testid=\"{test_id}\"]"))
            .expect("selector");
        (0..list.length())
            .filter_map(|i| list.item(i))
            .map(JsCast::unchecked_into)
            .collect()
    }

    pub fn text(&self, test_id: &str) -> String {
        self.find(test_id).text_content().unwrap_or_default()
    }

    pub fn attr(&self, test_id: &str, name: &str) -> Option<String> {
        self.find(test_id).get_attribute(name)
    }

    pub async fn click(&self, test_id: &str) {
        self.find(test_id).click();
        tick().await;
    }
}

/// Lets Leptos update the DOM.
pub async fn tick() {
    leptos::task::tick().await;
}
