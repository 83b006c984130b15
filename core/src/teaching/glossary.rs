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
    /// Where the definition comes from: ids of [`crate::teaching::sources::SOURCES`].
    pub sources: &'static [&'static str],
}

const fn term(
    id: &'static str,
    term: &'static str,
    definition: &'static str,
    shipped: Option<&'static str>,
    sources: &'static [&'static str],
) -> Term {
    Term {
        id,
        term,
        definition,
        shipped,
        sources,
    }
}

/// Every term, in reading order.
pub const TERMS: [Term; 33] = [
    term("step", "step", "One input to the member — a heartbeat answer or error, time passing, a callback returning, the application closing — with everything the member does in reply. The playground moves one step at a time, or one effect at a time within a step.", None, &["seed-3", "seed-4"]),
    term("effect", "effect", "One thing the member does in reply to a step, in order: change state, send a heartbeat, add or remove partitions, commit offsets, run a callback, report an error. \"2 of 3\" means the second of the step's three effects is on screen.", None, &["seed-4"]),
    term("member-epoch", "member epoch", "The member's version of its assignment, given by the coordinator and sent in every heartbeat: 0 means joining, −1 and −2 leaving. The coordinator moves it to the target's epoch as soon as the member has nothing left to revoke, before the member has taken its new partitions. An out-of-date epoch is fenced, except the member's previous epoch sent with owned partitions it still holds (its answer was lost).", Some("The Java client (3.8 and later) also numbers each assignment it reconciles with a local epoch, which it never sends."), &["kip-848-epochs", "cab", "gmm-epoch-check", "seed-2"]),
    term("group-epoch", "group epoch", "The group's version: the coordinator bumps it whenever a member joins, leaves or is removed, a subscription changes or a topic gains partitions, and a new target assignment is computed at that epoch. KAFKA-20268 (Kafka 4.3) starts a new group at epoch 1, so its first member usually gets epoch 2.", None, &["kip-848-epochs", "gmm-heartbeat", "gmm-fence-member", "group-starts-at-1", "kafka-20268"]),
    term("assignment-epoch", "assignment epoch", "The group epoch at which the current target assignment was computed; no member epoch is above it. Up to Kafka 4.2 the coordinator computes it inside the heartbeat that finds the group epoch ahead; from 4.3 (KIP-1263's assignment batching) at most once per group.consumer.assignment.interval.ms (1 s by default).", None, &["kip-848-epochs", "gmm-target-in-heartbeat", "gmm-assignment-interval", "kip-1263"]),
    term("target-assignment", "target assignment", "The partitions the coordinator's assignor means a member to own. It is not what a heartbeat answer carries (see Assignment): the coordinator hands the target over piece by piece, and only ConsumerGroupDescribe shows it. The seed design and the Java client call what the member received its target, and so does this app's member view.", None, &["describe-response-schema", "cab", "client-target", "seed-3"]),
    term("response-assignment", "Assignment (heartbeat answer)", "The partitions the member may use now, as the coordinator sends them: its target minus partitions another member has not released yet, and, while it still has partitions to revoke, only the ones it keeps. Sent for a join, a full heartbeat or a change (from Kafka 3.8); otherwise null, meaning unchanged.", None, &["hb-response-schema", "gmm-response-assignment", "cab"]),
    term("reconciliation", "reconciliation", "Bringing what the member owns to what it received, one safe step at a time: first revoke what it no longer has (commit, onPartitionsRevoked), then add what it gained (onPartitionsAssigned), then acknowledge with a heartbeat that carries the owned partitions.", Some("The Java client commits consumed offsets before each reconciliation when enable.auto.commit is on, and always runs onPartitionsAssigned, even when nothing is added."), &["seed-5.4", "kip-848-reconciliation", "client-reconcile", "client-auto-commit-before-rebalance"]),
    term("revoke", "revoke", "To give partitions up: the member removes them from its assigned set, commits their offsets and runs onPartitionsRevoked, before anything new is assigned. The coordinator gives them to another member only once the member's heartbeat no longer lists them, so no partition is assigned to two members at once. Records consumed but not committed are delivered again to the new owner: that is at-least-once, not a fault.", None, &["seed-5.4", "cab", "client-listener-contract"]),
    term("assign", "assign", "To take new partitions: the member adds them to its assigned set and runs onPartitionsAssigned, once the revocation steps are done.", None, &["seed-5.4", "client-revoke-assign"]),
    term("assigned-set", "assigned set", "The partitions the member owns right now. It changes only through remove, add and clear effects.", None, &["seed-6"]),
    term("owned-partitions", "owned partitions", "The assigned set as the member reports it in a heartbeat (TopicPartitions). The coordinator hands a partition to a new owner only once no member holds it: its old owner stopped reporting it, left, or was removed.", None, &["hb-request-schema", "cab"]),
    term("full-heartbeat", "full heartbeat", "A heartbeat with every field: group and member id, epoch, instance id, rebalance timeout, subscribed topics, server assignor and owned partitions. The seed sends one to join, to rejoin and to retry after an error.", Some("The Java client (3.8 and later) sends every heartbeat full while JOINING, and the first one after any error answer, failed request or poll-timer leave; RackId (client.rack) goes only while joining, from 4.1 (KAFKA-17747)."), &["seed-4", "seed-5.7", "client-heartbeat-fields", "client-heartbeat-reset", "client-rack-on-join", "kafka-17747"]),
    term("delta-heartbeat", "delta heartbeat", "A heartbeat that leaves out what the coordinator already knows: the seed leaves out the owned partitions when they have not changed since the last heartbeat that carried them.", Some("The Java client (3.8 and later) sends them again whenever its local assignment changes, even to the same partitions; the local epoch itself is never sent."), &["seed-5.6", "client-heartbeat-fields"]),
    term("heartbeat-interval", "heartbeat interval", "How often the member heartbeats, sent by the coordinator in every answer: group.consumer.heartbeat.interval.ms on the broker (5 s by default), from Kafka 4.0 also per group (consumer.heartbeat.interval.ms).", None, &["gc-config", "group-config", "client-heartbeat-interval"]),
    term("fenced", "fenced", "The coordinator answered FENCED_MEMBER_EPOCH or UNKNOWN_MEMBER_ID: the member's epoch is no longer valid. It drops what it owns and rejoins with epoch 0 and the same member id. The seed drops the partitions without any callback.", Some("The Java client enters FENCED and runs onPartitionsLost before it rejoins; a 3.7.0 client never sends that rejoin (KAFKA-16215, fixed in 3.8)."), &["seed-5.5", "gmm-epoch-check", "client-fenced", "client-lost", "client-heartbeat-stuck-37", "kafka-16215"]),
    term("static-member", "static member", "A member with an instance id (group.instance.id). When it leaves with epoch −2, the coordinator keeps its place and assignment until its session times out, and a process with the same instance id that joins in time takes them over. A process whose predecessor crashed or was killed without that leave is refused with UNRELEASED_INSTANCE_ID, fatal on the Java client, until the old member's session times out.", None, &["kip-345", "kip-848-static", "gmm-static-leave", "gmm-unreleased-instance", "client-heartbeat-errors"]),
    term("instance-id", "instance id", "group.instance.id: a static member's stable name, sent in every heartbeat by the Java client from 3.8 (in 3.7 only when it changed).", None, &["kip-345", "client-heartbeat-fields", "client-heartbeat-fields-37"]),
    term("leave-epoch-1", "leave epoch −1", "A heartbeat with epoch −1 leaves the group: the coordinator removes the member and bumps the group epoch, so its partitions go to the others.", None, &["hb-request-leave-epochs", "gmm-leave", "seed-5.9"]),
    term("leave-epoch-2", "leave epoch −2", "A static member's leave: the coordinator keeps the member at epoch −2 with its assignment, without bumping the group epoch, until its session times out; nobody else gets its partitions meanwhile.", Some("The Java client leaves with −2 when a static member closes (unless CloseOptions asks for LEAVE_GROUP, 4.1 and later) and, from 3.8, when its poll timer expires."), &["hb-request-leave-epochs", "gmm-static-leave", "client-leave-epoch", "seed-5.9"]),
    term("rebalance-timeout", "rebalance timeout", "How long the coordinator waits for a member to revoke the partitions it must give up; the Java client sends its max.poll.interval.ms. A member that takes longer is removed, and its next heartbeat is answered UNKNOWN_MEMBER_ID.", None, &["kip-848-timeouts", "gmm-rebalance-timeout", "client-heartbeat-fields"]),
    term("session-timeout", "session timeout", "If no heartbeat arrives within it, the coordinator removes the member: group.consumer.session.timeout.ms on the broker (45 s by default), from Kafka 4.0 also per group (consumer.session.timeout.ms).", Some("The client's own session.timeout.ms does not apply with group.protocol=consumer: ignored in 3.7–3.9; from 4.0 setting it makes the consumer's constructor throw a ConfigException."), &["gmm-session-timeout", "gc-config", "group-config", "client-config-ignored", "client-config-unsupported"]),
    term("server-assignor", "server assignor", "The assignor the coordinator runs (uniform or range, group.consumer.assignors): with KIP-848 the coordinator computes the targets, not the clients. A member may name one (group.remote.assignor); the coordinator uses the one its members name most.", None, &["kip-848-assignors", "uniform-assignor", "range-assignor", "gc-config"]),
    term("unrevoked-partitions", "UNREVOKED_PARTITIONS", "The coordinator's state for a member that still owns partitions its target took away: its answers carry only the partitions it keeps, and it stays at its old epoch until a heartbeat shows the others gone. No Kafka tool shows it. From Kafka 3.8; 3.7 had REVOKING, with other rules.", None, &["server-member-state", "cab", "kafka-16249", "cab-37"]),
    term("unreleased-partitions", "UNRELEASED_PARTITIONS", "The coordinator's state for a member whose target holds partitions another member still owns: it gets them only once that member has released them. No Kafka tool shows it. From Kafka 3.8; 3.7 had ASSIGNING, with other rules.", None, &["server-member-state", "cab", "kafka-16249", "cab-37"]),
    term("on-partitions-lost", "onPartitionsLost", "The callback for partitions taken away without a chance to commit (fenced, stale from Kafka 3.8, or a fatal error). The seed design has none: it clears the assigned set silently.", Some("The Java client runs it; by default it calls onPartitionsRevoked, so user code may commit for partitions it no longer owns."), &["client-lost", "client-listener-contract", "kafka-pr-14121", "seed-simplified"]),
    term("stale", "STALE", "A state of the Java client: the application did not call poll() within max.poll.interval.ms, so the client left the group itself (epoch −1, or −2 for a static member from 3.8), runs onPartitionsLost (from 3.8; 3.7 dropped the partitions silently) and rejoins on the next poll().", Some("Only in the Java client: the seed design has no poll timer, and librdkafka, when the interval passes, hands everything to on_lost and leaves without a state of its own for it."), &["client-stale", "client-poll-timer", "client-leave-epoch", "client-stale-leave-37", "rdk-max-poll"]),
    term("coordinator", "group coordinator", "The broker that runs the group: it validates each heartbeat, bumps epochs, computes target assignments and decides when a partition may move to its new owner.", None, &["kip-848", "gmm-heartbeat"]),
    term("join-state", "join state (librdkafka)", "librdkafka's state of a member (rdkafka_cgrp.c): init, wait-assign-call, wait-unassign-call, wait-incr-unassign-to-complete, wait-unassign-to-complete, steady. It names what the application was handed, not how far the member is in the group: a member whose target is empty stays in init, sending full heartbeats, for as long as it is empty.", Some("The Java client's states are RECONCILING, ACKNOWLEDGING, STABLE …; the seed's JOINED and ASSIGNING."), &["rdk-join-states", "rdk-next-assignment", "rdk-serve"]),
    term("rebalance-callback", "rebalance callback (librdkafka)", "How librdkafka hands partitions to the application: on_assign with the partitions added, on_revoke with those taken away, on_lost with everything when the member was fenced or stopped polling. After every revocation the coordinator asked for an on_assign follows, with an empty list when nothing is added; none follows a lost assignment, and a fatal error calls nothing.", Some("The Java client calls onPartitionsRevoked and onPartitionsAssigned (even with nothing added) and onPartitionsLost; the seed design has no lost callback."), &["rdk-rebalance-op", "rdk-incr-unassign-done", "rdk-revoke-all", "cfk-rebalance-cb"]),
    term("incremental-assign", "incremental_assign / incremental_unassign", "The calls that actually start and stop fetching partitions in librdkafka. The application makes them in its rebalance callback, or confluent-kafka for Python makes them when the callback returns; each moves the join state on (wait-assign-call to steady, wait-unassign-call to wait-incr-unassign-to-complete).", None, &["rdk-assign-op", "cfk-rebalance-cb"]),
    term("expedited-heartbeat", "expedited heartbeat (librdkafka)", "A heartbeat librdkafka sends ahead of the interval: to join or rejoin, to acknowledge a reconciled target, after a new subscription. It waits 2^(n−1) ms after n heartbeats without a successful answer (up to retry.backoff.max.ms, with a jitter of ±20 %), so a member fenced again and again slows to one attempt a second.", None, &["rdk-expedite", "rdk-serve"]),
    term("describe", "ConsumerGroupDescribe", "What a user can see of the coordinator's side: from Kafka 3.8 the group's state, and in Admin.describeConsumerGroups each member's Assignment and TargetAssignment (kafka-consumer-groups --describe --members --verbose prints only the current ASSIGNMENT in 3.8 and 3.9). KAFKA-17750 (4.0) adds the target and the epochs to the tool, and the Admin API gains the group's epochs and each member's epoch. The per-member states (UNREVOKED_PARTITIONS, …) are not shown.", None, &["describe-response-schema", "admin-member-description", "describe-cli-38", "kafka-17750", "admin-epochs"]),
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
            assert!(t.definition.len() < 480, "{} is long", t.id);
            assert!(!t.sources.is_empty(), "{} has no source", t.id);
            for id in t.sources {
                assert!(
                    crate::teaching::sources::source(id).is_some(),
                    "{}: unknown source {id}",
                    t.id
                );
            }
        }
    }
}
