//! The import page's wasm entry point (import.html, rendered from index.html by the build): the
//! member view with the log importer ("Debug your own rebalance"), which the member page hands logs to.

fn main() {
    kip848_viz::start(kip848_viz::pages::import::ImportPage);
}
