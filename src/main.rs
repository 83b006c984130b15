//! The wasm entry point that Trunk builds: mount the app on the page body.

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(kip848_viz::App);
}
