//! What the coordinator console proposes: the one-click answer to the heartbeat in flight.
//! The coordinator's choices are the user's; this only fills the composer with a sensible draft.

use crate::input::HeartbeatResponse;
use crate::member::Member;

/// The member id the console hands out to a member that has none.
pub const DEFAULT_MEMBER_ID: &str = "member-1";
/// The heartbeat interval the console proposes when the member has none yet.
pub const DEFAULT_INTERVAL_MS: u32 = 5000;

/// "Answer: bump epoch, keep assignment": the member's id (or a new one), its epoch plus one (at
/// least 1), its interval, and no assignment (= unchanged).
pub fn default_answer(member: &Member) -> HeartbeatResponse {
    let member_id = if member.member_id().is_empty() {
        DEFAULT_MEMBER_ID.to_owned()
    } else {
        member.member_id().to_owned()
    };
    let interval = match member.heartbeat_interval_ms() {
        0 => DEFAULT_INTERVAL_MS,
        ms => ms,
    };
    HeartbeatResponse {
        member_id,
        member_epoch: member.member_epoch().saturating_add(1).max(1),
        heartbeat_interval_ms: interval,
        assignment: None,
    }
}
