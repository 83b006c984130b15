//! The review page's wasm entry point (review.html, rendered from index.html by the build): the
//! two models side by side.

fn main() {
    kip848_viz::start(kip848_viz::pages::review::ReviewPage);
}
