//! The group page's wasm entry point (assets/pages/group.html): several members and a coordinator.

fn main() {
    kip848_viz::start(kip848_viz::app::GroupApp);
}
