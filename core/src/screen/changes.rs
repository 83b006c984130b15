//! What changed at a position of the screen: the facts and request fields whose words differ
//! from the position just before (the previous effect of the step, or the end of the step before).
//! The page marks each for as long as the position is shown, so an epoch or a "waiting on" that
//! moves is seen moving, not found changed later.

use super::words::{FactWords, LocalWords};
use crate::protocol::effect::HeartbeatRequest;

/// A request's fields as the inspector lists them: name, and the value sent (`None`: not sent).
pub fn request_fields(r: &HeartbeatRequest) -> [(&'static str, Option<String>); 8] {
    let full = r.full.as_ref();
    [
        ("group_id", Some(r.group_id.clone())),
        (
            "member_id",
            Some(if r.member_id.is_empty() {
                "\"\"".to_owned()
            } else {
                r.member_id.clone()
            }),
        ),
        ("member_epoch", Some(r.member_epoch.to_string())),
        ("instance_id", r.instance_id.clone()),
        (
            "rebalance_timeout_ms",
            full.map(|f| f.rebalance_timeout_ms.to_string()),
        ),
        (
            "subscribed_topics",
            full.map(|f| {
                f.subscribed_topics
                    .iter()
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(", ")
            }),
        ),
        (
            "server_assignor",
            full.and_then(|f| f.server_assignor.clone()),
        ),
        ("owned", r.owned.as_ref().map(ToString::to_string)),
    ]
}

/// The names of the facts whose words differ between `before` and `after` (as `FactWords`
/// names its fields: `member_epoch`, `awaiting`, `local.reconciled`, …).
pub fn changed_facts(before: &FactWords, after: &FactWords) -> Vec<&'static str> {
    let plain = [
        ("state", &before.state, &after.state),
        ("member_id", &before.member_id, &after.member_id),
        ("member_epoch", &before.member_epoch, &after.member_epoch),
        ("interval", &before.interval, &after.interval),
        ("deadline", &before.deadline, &after.deadline),
        ("in_flight", &before.in_flight, &after.in_flight),
        ("awaiting", &before.awaiting, &after.awaiting),
        ("now", &before.now, &after.now),
    ];
    let mut changed: Vec<&'static str> = plain
        .into_iter()
        .filter(|(_, b, a)| b != a)
        .map(|(name, _, _)| name)
        .collect();
    if before.failure != after.failure {
        changed.push("failure");
    }
    if let (Some(b), Some(a)) = (&before.local, &after.local) {
        changed.extend(changed_local(b, a));
    }
    changed
}

fn changed_local(b: &LocalWords, a: &LocalWords) -> impl Iterator<Item = &'static str> {
    [
        (
            "local.pending_revocation",
            b.pending_revocation != a.pending_revocation,
        ),
        ("local.reconciled", b.reconciled != a.reconciled),
        ("local.received", b.received != a.received),
        ("local.unresolved", b.unresolved != a.unresolved),
    ]
    .into_iter()
    .filter(|(_, differs)| *differs)
    .map(|(name, _)| name)
}

/// The request fields that differ between the request in flight before and after (every sent
/// field when a request appears; none when it goes).
pub fn changed_request(
    before: Option<&HeartbeatRequest>,
    after: Option<&HeartbeatRequest>,
) -> Vec<&'static str> {
    let Some(after) = after else {
        return Vec::new();
    };
    let old = before.map(request_fields);
    request_fields(after)
        .into_iter()
        .enumerate()
        .filter(|(i, (_, value))| match &old {
            Some(old) => old[*i].1 != *value,
            None => value.is_some(),
        })
        .map(|(_, (name, _))| name)
        .collect()
}
