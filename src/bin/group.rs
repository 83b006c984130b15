//! The group page's wasm entry point (group.html, rendered from index.html by the build): several
//! members and a coordinator.

fn main() {
    kip848_viz::start(kip848_viz::pages::group::GroupPage);
}
