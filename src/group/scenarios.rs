//! The built-in group scenarios, compiled in from `assets/group` (the core's tests check the
//! story each tells; the browser test plays them).

use kip848_core::group::GroupTrace;
use kip848_core::session::trace::TraceError;

include!(concat!(env!("OUT_DIR"), "/group_scenarios.rs"));

/// The scenario called `id`, parsed.
pub fn group_scenario(id: &str) -> Option<Result<GroupTrace, TraceError>> {
    GROUP_SCENARIOS
        .iter()
        .find(|(i, _, _)| *i == id)
        .map(|(_, _, text)| GroupTrace::parse(text))
}

/// Id and title of each scenario (its id when the file has none), as the build read them.
pub fn group_titles() -> impl Iterator<Item = (&'static str, &'static str)> {
    GROUP_SCENARIOS.iter().map(|(id, title, _)| (*id, *title))
}
