//! The member page's wasm entry point (index.html): one member, the coordinator played by the user.

fn main() {
    kip848_viz::start(kip848_viz::App);
}
