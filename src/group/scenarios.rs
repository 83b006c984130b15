//! The built-in group scenarios, compiled in from `assets/group` (the core's tests check the
//! story each tells; the browser test plays them).

use kip848_core::group::GroupTrace;
use kip848_core::session::trace::TraceError;

include!(concat!(env!("OUT_DIR"), "/group_scenarios.rs"));

/// The scenario called `id`, parsed.
pub fn group_scenario(id: &str) -> Option<Result<GroupTrace, TraceError>> {
    GROUP_SCENARIOS
        .iter()
        .find(|(i, _)| *i == id)
        .map(|(_, text)| GroupTrace::parse(text))
}

/// Id and title of each scenario.
pub fn group_titles() -> Vec<(&'static str, String)> {
    GROUP_SCENARIOS
        .iter()
        .map(|(id, text)| {
            let title = GroupTrace::parse(text)
                .ok()
                .and_then(|t| t.title)
                .unwrap_or_else(|| (*id).to_owned());
            (*id, title)
        })
        .collect()
}
