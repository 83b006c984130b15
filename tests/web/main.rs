//! Component tests in headless Chromium (wasm-bindgen-test): each panel mounted on its own with a
//! session, driven by clicks, checked in the DOM. The whole page is tested end to end in tests/e2e.
#![cfg(target_arch = "wasm32")]

mod check_worker;
mod dom;
mod embed;
mod page;
mod panels_console;
mod panels_controls;
mod panels_group;
mod panels_history;
mod panels_member;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
