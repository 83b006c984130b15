//! Each model's rules, as the quiz cites them when it explains an answer: wired into the model's
//! descriptor ([`crate::machine::descriptor::Descriptor::quiz`]).

use crate::protocol::state::StateName;
use crate::protocol::state::StateName::*;
use crate::teaching::sources::{cited, Cited};

/// The rules the quiz cites for one model.
#[derive(Debug, Clone, Copy)]
pub struct QuizRules {
    /// What its heartbeats carry.
    pub heartbeat: fn() -> Cited,
    /// Why a step ended in its state, from the step's last transition.
    pub state: fn(Option<(StateName, StateName)>) -> Cited,
    /// What its callbacks do; `true` when the step cleared the assigned set.
    pub callback: fn(bool) -> Cited,
}

/// Seed's rules.
pub const SEED: QuizRules = QuizRules {
    heartbeat: seed_heartbeat,
    state: seed_state,
    callback: seed_callback,
};

fn seed_heartbeat() -> Cited {
    cited("The seed sends a full heartbeat to join, to rejoin and to retry; a delta carries the owned partitions only when they changed, and always when it acknowledges", &["seed-4", "seed-5.6", "seed-5.7"])
}

#[rustfmt::skip]
fn seed_state(last: Option<(StateName, StateName)>) -> Cited {
    match last {
        Some((New, Joining)) => cited("Subscribing sends a full heartbeat with epoch 0", &["seed-5.1"]),
        Some((Joining, Joined)) => cited("The first successful answer makes the member JOINED", &["seed-5.2"]),
        Some((_, Assigning)) | Some((Assigning, Joined)) => cited("A new assignment starts a reconciliation; the member is JOINED again once it owns the newest one", &["seed-5.3", "seed-5.4"]),
        Some((_, Joining)) => cited("Fenced, the member clears what it owns and rejoins with epoch 0", &["seed-5.5"]),
        Some((_, Terminating)) => cited("Closing revokes everything, then sends the leave heartbeat", &["seed-5.9"]),
        Some((_, Terminated)) => cited("A fatal error, or the answer to the leave, terminates the member", &["seed-5.8", "seed-5.9", "seed-5.10"]),
        _ => cited("An answer without a new assignment changes no state", &["seed-5.3"]),
    }
}

fn seed_callback(cleared: bool) -> Cited {
    if cleared {
        cited(
            "Fenced or failed, the seed clears the assigned set without any callback",
            &["seed-5.5", "seed-5.8"],
        )
    } else {
        cited("Revoke first, then assign, and only the difference: KIP-848 is incremental, there is no eager revoke-everything", &["seed-5.4", "kip-848-reconciliation"])
    }
}

/// Kafka's rules.
pub const KAFKA: QuizRules = QuizRules {
    heartbeat: kafka_heartbeat,
    state: kafka_state,
    callback: kafka_callback,
};

fn kafka_heartbeat() -> Cited {
    cited("The Java client's heartbeat is full while it is JOINING and the first one after an error answer or a failed request; otherwise it carries only what changed, the owned partitions whenever its local assignment changed", &["client-heartbeat-fields", "client-heartbeat-reset"])
}

#[rustfmt::skip]
fn kafka_state(last: Option<(StateName, StateName)>) -> Cited {
    match last {
        Some((Unsubscribed, Joining)) => cited("Subscribing makes the client join: a full heartbeat with epoch 0", &["client-transition", "client-heartbeat-fields"]),
        Some((_, Reconciling)) => cited("An answer with an assignment different from what the member owns starts a reconciliation", &["client-target", "client-reconcile"]),
        Some((_, Acknowledging)) => cited("Once reconciled, the client acknowledges with its next heartbeat, sent at once", &["client-ack"]),
        Some((_, Stable)) => cited("The acknowledgement has been sent: nothing is left to reconcile", &["client-ack", "client-member-state"]),
        Some((_, Fenced)) => cited("FENCED_MEMBER_EPOCH or UNKNOWN_MEMBER_ID: the client is fenced, runs onPartitionsLost, then rejoins", &["client-fenced", "client-lost"]),
        Some((Stale, Joining)) => cited("The application polled again: once onPartitionsLost has returned, the stale client rejoins with epoch 0", &["client-stale"]),
        Some((_, Joining)) => cited("After onPartitionsLost the fenced client rejoins with epoch 0", &["client-fenced"]),
        Some((_, PrepareLeaving) | (_, Leaving)) => cited("Leaving runs the revocation callbacks first, then sends the leave heartbeat (−1, or −2 for a static member)", &["client-leave-epoch", "client-close-callbacks"]),
        Some((_, Unsubscribed)) => cited("The client is out of the group once its leave heartbeat has been sent, without waiting for the answer", &["client-leave-generated"]),
        Some((_, Stale)) => cited("The poll timer expired: the client leaves the group itself and waits for the next poll()", &["client-poll-timer", "client-stale"]),
        Some((_, Fatal)) => cited("Any error the client cannot retry or rejoin from is fatal", &["client-heartbeat-errors"]),
        _ => cited("An answer without a new assignment changes no state", &["client-member-state"]),
    }
}

fn kafka_callback(cleared: bool) -> Cited {
    if cleared {
        cited(
            "The Java client runs onPartitionsLost before it clears what it held",
            &["client-lost"],
        )
    } else {
        cited("Auto-commit (when enabled), onPartitionsRevoked for what is given up, then onPartitionsAssigned — always, even with nothing added", &["client-auto-commit-before-rebalance", "client-revoke-assign", "client-test-empty-assignment"])
    }
}

/// Librdkafka's rules.
pub const LIBRDKAFKA: QuizRules = QuizRules {
    heartbeat: librdkafka_heartbeat,
    state: librdkafka_state,
    callback: librdkafka_callback,
};

fn librdkafka_heartbeat() -> Cited {
    cited("librdkafka's heartbeat is full in the join state init and after the coordinator was lost; an acknowledgement carries the target it reconciled; every other heartbeat carries neither the subscription nor the owned partitions", &["rdk-heartbeat-fields", "rdk-serve"])
}

#[rustfmt::skip]
fn librdkafka_state(last: Option<(StateName, StateName)>) -> Cited {
    match last {
        Some((_, WaitAssignCall)) => cited("Partitions to add go to the application's rebalance callback (on_assign); the join state waits for its incremental_assign — after a revocation even when the list is empty", &["rdk-cooperative", "rdk-rebalance-op", "rdk-incr-unassign-done"]),
        Some((_, WaitUnassignCall)) => cited("Partitions taken away, a fence or leaving go to the rebalance callback first (on_revoke, or on_lost when fenced)", &["rdk-cooperative", "rdk-revoke-all"]),
        Some((_, Steady)) => cited("The application's incremental_assign makes the member steady; the acknowledgement goes in a heartbeat of its own, at once", &["rdk-assign-op", "rdk-assignment-done"]),
        Some((_, WaitIncrUnassignToComplete)) => cited("The application's incremental_unassign stops the revoked partitions", &["rdk-assign-op", "rdk-incr-unassign-done"]),
        Some((_, WaitUnassignToComplete)) => cited("Closing turns the application's answer into a full unassign; the leave follows", &["rdk-assign-op", "rdk-leave"]),
        Some((_, Init)) => cited("A lost assignment, an unsubscribe, a close or a fatal error resets the member to epoch 0 in init", &["rdk-rejoin", "rdk-leave"]),
        Some((_, Term)) => cited("The leave answered (or none owed), the group handle terminates", &["rdk-leave", "rdk-terminate"]),
        _ => cited("An answer without a new target changes no join state; a newer target waits until the last one is acknowledged", &["rdk-next-assignment"]),
    }
}

fn librdkafka_callback(cleared: bool) -> Cited {
    if cleared {
        cited("A fatal error unassigns everything without calling the application, and no leave is sent", &["rdk-rebalance-op", "rdk-heartbeat-response"])
    } else {
        cited("on_revoke with what is taken away, then on_assign with what is added — an empty list after every revocation; on_lost when fenced, then the rejoin", &["rdk-incr-unassign-done", "rdk-revoke-all", "cfk-rebalance-cb"])
    }
}
