//! The review page's wasm entry point (assets/pages/review.html): the two models side by side.

fn main() {
    kip848_viz::start(kip848_viz::app::ReviewApp);
}
