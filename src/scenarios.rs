//! The built-in scenarios: narrated trace files from `assets/scenarios/`, compiled into the app so
//! it works offline and from any path.

use kip848_core::session::trace::{Trace, TraceError};

/// (file name, trace text), in the order the picker lists them.
pub const SCENARIOS: [(&str, &str); 17] = [
    (
        "01-first-join",
        include_str!("../assets/scenarios/01-first-join.json"),
    ),
    (
        "02-steady-heartbeats",
        include_str!("../assets/scenarios/02-steady-heartbeats.json"),
    ),
    (
        "03-incremental-reassignment",
        include_str!("../assets/scenarios/03-incremental-reassignment.json"),
    ),
    (
        "04-fenced-while-joined",
        include_str!("../assets/scenarios/04-fenced-while-joined.json"),
    ),
    (
        "05-fenced-mid-revocation",
        include_str!("../assets/scenarios/05-fenced-mid-revocation.json"),
    ),
    (
        "06-new-assignment-during-reconciliation",
        include_str!("../assets/scenarios/06-new-assignment-during-reconciliation.json"),
    ),
    (
        "07-retriable-backoff",
        include_str!("../assets/scenarios/07-retriable-backoff.json"),
    ),
    (
        "08-fatal-error",
        include_str!("../assets/scenarios/08-fatal-error.json"),
    ),
    (
        "09-static-member-leaves",
        include_str!("../assets/scenarios/09-static-member-leaves.json"),
    ),
    (
        "10-close-while-assigning",
        include_str!("../assets/scenarios/10-close-while-assigning.json"),
    ),
    (
        "11-open-question-no",
        include_str!("../assets/scenarios/11-open-question-no.json"),
    ),
    (
        "12-open-question-yes",
        include_str!("../assets/scenarios/12-open-question-yes.json"),
    ),
    (
        "13-slow-revocation-fenced",
        include_str!("../assets/scenarios/13-slow-revocation-fenced.json"),
    ),
    (
        "14-lost-instead-of-revoked",
        include_str!("../assets/scenarios/14-lost-instead-of-revoked.json"),
    ),
    (
        "15-unsupported-version-on-join",
        include_str!("../assets/scenarios/15-unsupported-version-on-join.json"),
    ),
    (
        "16-group-authorization-failed-on-join",
        include_str!("../assets/scenarios/16-group-authorization-failed-on-join.json"),
    ),
    (
        "17-stale-member",
        include_str!("../assets/scenarios/17-stale-member.json"),
    ),
];

/// The scenario named `id`, parsed.
pub fn scenario(id: &str) -> Option<Result<Trace, TraceError>> {
    SCENARIOS
        .iter()
        .find(|(name, _)| *name == id)
        .map(|(_, text)| Trace::parse(text))
}

/// Every scenario's id and title (its id when the file has none or does not parse).
pub fn titles() -> Vec<(&'static str, String)> {
    SCENARIOS
        .iter()
        .map(|(id, _)| (*id, title_of(id)))
        .collect()
}

/// The scenario's title for a picker (its id when the file has none or does not parse).
pub fn title_of(id: &str) -> String {
    scenario(id)
        .and_then(Result::ok)
        .and_then(|t| t.title)
        .unwrap_or_else(|| id.to_owned())
}
