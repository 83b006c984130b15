//! The app's "What is KIP-848?" panel, as cited sentences: what it says about Kafka is data here,
//! with its sources, like the glossary.

use crate::teaching::sources::{cited, Cited};

/// The panel's paragraphs about Kafka, in order.
pub const ABOUT: [Cited; 3] = [
    cited(
        "KIP-848 is Kafka's next-generation consumer rebalance protocol. In the classic protocol a rebalance is a group-wide barrier: every consumer rejoins (JoinGroup, then SyncGroup) and waits while one of them, the leader, computes the whole assignment. With the eager assignors every consumer first gives up all its partitions; cooperative rebalancing (KIP-429) lets them keep the partitions that do not move, but every consumer still rejoins, and a moved partition waits for a second round.",
        &["kip-848-motivation", "classic-join-loop", "classic-join-prepare", "kip-429"],
    ),
    cited(
        "With KIP-848 the broker's group coordinator computes each member's target assignment, and each member moves toward it on its own, by heartbeats: it revokes only what it must give up, then takes what it gains, while the others keep consuming. A partition goes to its new owner only once its old owner has let go.",
        &["kip-848-reconciliation", "gmm-heartbeat", "cab"],
    ),
    cited(
        "Kafka 3.7 shipped it as early access, 4.0 made it generally available; the Java consumer still defaults to the classic protocol (group.protocol=classic) up to 4.3, and switches it on with group.protocol=consumer.",
        &["client-group-protocol-default", "docs-rebalance-protocol"],
    ),
];

#[cfg(test)]
mod tests {
    #[test]
    fn every_paragraph_has_known_sources() {
        for p in super::ABOUT {
            assert!(!p.sources.is_empty());
            assert!(
                p.sources
                    .iter()
                    .all(|id| crate::teaching::sources::source(id).is_some()),
                "{}",
                p.text
            );
        }
    }
}
