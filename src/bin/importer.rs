//! The import page's wasm entry point (assets/pages/import.html): the member view with the log
//! importer ("Debug your own rebalance"), which the member page hands logs to.

fn main() {
    kip848_viz::start(kip848_viz::app::ImportApp);
}
