//! The protocol's words as the screen uses them, each with a short definition: one place for the
//! tooltips, the glossary panel and the book. Where the seed design and the client Kafka shipped
//! differ, the entry says how.

use serde::Serialize;

/// One term.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Term {
    /// Stable id (`member-epoch`), used by the screen to name the term.
    pub id: &'static str,
    /// The term as written.
    pub term: &'static str,
    pub definition: &'static str,
    /// How the client Kafka shipped differs, if it does.
    pub shipped: Option<&'static str>,
    /// Where the definition comes from.
    pub source: &'static str,
}

const fn term(
    id: &'static str,
    term: &'static str,
    definition: &'static str,
    shipped: Option<&'static str>,
    source: &'static str,
) -> Term {
    Term {
        id,
        term,
        definition,
        shipped,
        source,
    }
}

/// Every term, in reading order.
pub const TERMS: [Term; 25] = [
    term("member-epoch", "member epoch", "The member's version of its assignment, given by the coordinator: it moves forward when the member is given a new target and is sent in every heartbeat. 0 means joining; a member whose epoch is out of date is fenced.", Some("The shipped client also numbers each assignment it reconciles with a local epoch of its own."), "KIP-848; cgmsm.md §2, §6"),
    term("group-epoch", "group epoch", "The group's version: the coordinator bumps it whenever a member joins or leaves, a subscription changes or a topic gains partitions, and then computes a new target assignment at that epoch.", None, "KIP-848; reference §7"),
    term("assignment-epoch", "assignment epoch", "The group epoch at which the current target assignment was computed. Members catch up to it one by one as they reconcile; no member epoch is ever above it.", None, "KIP-848; reference §7"),
    term("target-assignment", "target assignment", "The partitions the coordinator wants a member to own, computed by the assignor. A heartbeat response carries the member's target when it changes (otherwise the assignment field is null).", None, "KIP-848; cgmsm.md §3"),
    term("reconciliation", "reconciliation", "Bringing what the member owns to its target, one safe step at a time: first revoke what the target dropped (commit, onPartitionsRevoked), then add what it gained (onPartitionsAssigned), then acknowledge with a heartbeat that carries the owned partitions.", Some("The shipped client commits every consumed offset before each reconciliation (auto-commit) and always runs onPartitionsAssigned, even when nothing is added."), "cgmsm.md §5.4; reference §3"),
    term("revoke", "revoke", "To give partitions up: the member removes them from its assigned set, commits their offsets and runs onPartitionsRevoked — all before anything new is assigned, so no partition is consumed twice.", None, "cgmsm.md §5.4"),
    term("assign", "assign", "To take new partitions: the member adds them to its assigned set and runs onPartitionsAssigned, once the revocation steps are done.", None, "cgmsm.md §5.4"),
    term("assigned-set", "assigned set", "The partitions the member owns right now. It changes only through remove, add and clear effects.", None, "cgmsm.md §6"),
    term("owned-partitions", "owned partitions", "The assigned set as the member reports it in a heartbeat. The coordinator gives a partition to a new owner only once the old owner has stopped reporting it.", None, "KIP-848; reference §7"),
    term("full-heartbeat", "full heartbeat", "A heartbeat with every field: group and member id, epoch, instance id, rebalance timeout, subscribed topics, server assignor and owned partitions. Sent to join, to rejoin and to retry after an error.", None, "KIP-848; cgmsm.md §4"),
    term("delta-heartbeat", "delta heartbeat", "A heartbeat that leaves out what the coordinator already knows: the owned partitions are not sent when they have not changed since the last heartbeat that carried them.", None, "KIP-848; cgmsm.md §5.6"),
    term("heartbeat-interval", "heartbeat interval", "How often the member heartbeats, set by the coordinator in each answer (group.consumer.heartbeat.interval.ms on the broker).", None, "KIP-848"),
    term("fenced", "fenced", "The coordinator answered FENCED_MEMBER_EPOCH or UNKNOWN_MEMBER_ID: the member's epoch is no longer valid. It drops what it owns and rejoins with epoch 0 and the same member id. The seed drops the partitions without any callback.", Some("The shipped client enters FENCED and runs onPartitionsLost before it rejoins."), "cgmsm.md §5.5; reference §2.3"),
    term("static-member", "static member", "A member with an instance id: it can restart and take its old place, and its assignment, if it comes back before the session timeout.", None, "KIP-345; KIP-848"),
    term("instance-id", "instance id", "group.instance.id: a static member's stable name, sent in every heartbeat.", None, "KIP-345"),
    term("leave-epoch-1", "leave epoch −1", "A heartbeat with epoch −1 leaves the group: the coordinator gives the member's partitions to others at once.", None, "KIP-848; cgmsm.md §5.9"),
    term("leave-epoch-2", "leave epoch −2", "A static member leaves with epoch −2: it means to come back, so the coordinator keeps its assignment for it until the session timeout.", None, "KIP-848; cgmsm.md §5.9"),
    term("rebalance-timeout", "rebalance timeout", "How long the coordinator waits for a member to revoke partitions it must give up (the client's max.poll.interval.ms); a member that takes longer is fenced.", None, "KIP-848"),
    term("session-timeout", "session timeout", "If no heartbeat arrives within it, the coordinator removes the member (group.consumer.session.timeout.ms on the broker; no longer a client setting).", None, "KIP-848; docs consumer-rebalance-protocol"),
    term("server-assignor", "server assignor", "The assignor the coordinator runs (uniform or range): with KIP-848 the coordinator computes the targets, not the clients. A member may name one in its full heartbeat.", None, "KIP-848"),
    term("unrevoked-partitions", "UNREVOKED_PARTITIONS", "The coordinator's state for a member that still owns partitions its target took away: it must revoke them, and say so in a heartbeat, before it gets anything new.", None, "reference §7 (CurrentAssignmentBuilder)"),
    term("unreleased-partitions", "UNRELEASED_PARTITIONS", "The coordinator's state for a member whose new partitions are still owned by another member: it gets them only once that member has released them.", None, "reference §7 (CurrentAssignmentBuilder)"),
    term("on-partitions-lost", "onPartitionsLost", "The callback for partitions taken away without a chance to commit (fenced, stale or a fatal error). The seed design has none: it clears the assigned set silently.", Some("The shipped client runs it; by default it calls onPartitionsRevoked, so user code may commit for partitions it no longer owns."), "reference §5; practice.md §2"),
    term("stale", "STALE", "A state of the shipped client: the application did not poll within max.poll.interval.ms, so the member left the group (onPartitionsLost) and rejoins on the next poll.", Some("Only in the shipped client: the seed design has no poll timer."), "reference §2.1"),
    term("coordinator", "group coordinator", "The broker that runs the group: it validates each heartbeat, bumps epochs, computes target assignments and decides when a partition may move to its new owner.", None, "KIP-848"),
];

/// The term with this id.
pub fn term_of(id: &str) -> Option<&'static Term> {
    TERMS.iter().find(|t| t.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_definitions_short() {
        for (i, t) in TERMS.iter().enumerate() {
            assert!(TERMS[..i].iter().all(|u| u.id != t.id), "{} twice", t.id);
            assert!(t.definition.len() < 400, "{} is long", t.id);
            assert!(!t.source.is_empty());
        }
    }
}
