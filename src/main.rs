//! The member page's wasm entry point (index.html): one member, the coordinator played by the user.
//! A development build (`trunk serve`) carries every page in this one module and routes by address.

fn main() {
    #[cfg(debug_assertions)]
    kip848_viz::start(kip848_viz::pages::routed);
    #[cfg(not(debug_assertions))]
    kip848_viz::start(kip848_viz::pages::member::MemberPage);
}
