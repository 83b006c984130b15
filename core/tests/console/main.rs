//! The console's helpers: drafts and quick actions, lint before send, narration, the application
//! lane. One test binary with a module per helper: each binary is linked on its own, and links
//! are what a build of the tests spends its time on.

#[path = "../common/mod.rs"]
mod common;

mod composer;
mod lane;
mod lint;
mod narration;
mod workload;
