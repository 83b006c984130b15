//! The built-in group scenarios, compiled in from `assets/group` (the core's tests check the
//! story each tells; the browser test plays them).

use kip848_core::group::GroupTrace;
use kip848_core::session::trace::TraceError;

/// Id and file text of each group scenario, in the order the picker lists them.
pub const GROUP_SCENARIOS: [(&str, &str); 8] = [
    (
        "third-member-joins",
        include_str!("../../assets/group/third-member-joins.json"),
    ),
    (
        "joins-during-revocation",
        include_str!("../../assets/group/joins-during-revocation.json"),
    ),
    (
        "member-killed",
        include_str!("../../assets/group/member-killed.json"),
    ),
    (
        "partitions-added",
        include_str!("../../assets/group/partitions-added.json"),
    ),
    (
        "slow-revoker",
        include_str!("../../assets/group/slow-revoker.json"),
    ),
    (
        "static-member-restarts",
        include_str!("../../assets/group/static-member-restarts.json"),
    ),
    (
        "static-member-returns-late",
        include_str!("../../assets/group/static-member-returns-late.json"),
    ),
    (
        "safety-off",
        include_str!("../../assets/group/safety-off.json"),
    ),
];

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
