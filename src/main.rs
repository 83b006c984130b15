//! The wasm entry point that Trunk builds: mount the app on the page body.

fn main() {
    // The wasm is compiled and instantiated: `make bench` splits the first render here.
    if let Some(performance) = web_sys::window().and_then(|w| w.performance()) {
        let _ = performance.mark("kip848-start");
    }
    kip848_viz::panic_hook::install();
    leptos::mount::mount_to_body(kip848_viz::App);
    // The page is built and its handlers attached: what `make bench` calls first interactive render.
    if let Some(performance) = web_sys::window().and_then(|w| w.performance()) {
        let _ = performance.mark("kip848-interactive");
    }
}
