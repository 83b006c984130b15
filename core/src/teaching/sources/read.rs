//! Where the code behind a claim about Kafka 4.0 to 4.3 was read. The project's copy of Kafka's
//! repository has the 3.7.0, 3.8.0 and 3.9 release commits and a trunk of October 2024, and no 4.x
//! tag; the code of a 4.x claim was read instead in a stored version of the file whose content
//! shows the feature (the commit below). That proves the code exists, not which release first
//! shipped it: the release a source names for it then comes from the KIP or ticket it cites.
//!
//! A Kafka source whose range starts at 4.0 or later and is not listed here was not read: a
//! sentence resting on it says that the behaviour is announced (it names its KIP or ticket), as
//! `core/tests/claims.rs` checks.

/// `(source id, apache/kafka commit)`, each commit a version of the source's file that was read.
pub const READ_AT: &[(&str, &str)] = &[
    ("hb-request-v1-member-id", "aed0d7999453"),
    ("client-join-on-poll", "818d1c6f97ed"),
    ("client-heartbeat-specific-errors", "5fae832da878"),
    ("client-heartbeat-specific-error", "5fae832da878"),
    ("client-unsupported-version-message", "f8205cc6c0ac"),
    ("client-close-options", "5e32e528c026"),
    ("client-subscription-pattern", "729f5dc7ee4f"),
    ("client-test-empty-assignment", "1e64a6963b00"),
    ("client-test-leave-epoch", "1e64a6963b00"),
    ("client-test-ignore-while-leaving", "1e64a6963b00"),
    ("test-mm-newer-target", "1e64a6963b00"),
    ("test-mm-discard-after-fence", "1e64a6963b00"),
    ("test-mm-fenced-stable", "1e64a6963b00"),
    ("test-mm-fenced-reset", "1e64a6963b00"),
    ("test-mm-stale-rejoin", "1e64a6963b00"),
    ("client-test-poll-timer", "752d2f9655ae"),
    ("test-hb-ack-after-ack-lost", "752d2f9655ae"),
    ("test-hb-one-in-flight", "752d2f9655ae"),
    ("test-hb-error-handling", "752d2f9655ae"),
    ("test-hb-state", "752d2f9655ae"),
    ("test-hb-local-epoch", "752d2f9655ae"),
    ("test-cab-remains-unrevoked", "8d293a5a5999"),
    ("test-cab-stable-to-unrevoked", "8d293a5a5999"),
    ("test-cab-unrevoked-to-stable", "8d293a5a5999"),
    ("test-gmm-epoch-validation", "023a7d58df10"),
    ("group-config", "020f7ac55956"),
    ("admin-epochs", "b835c1f5a389"),
];

/// The commit where a source's code was read, for a source of a 4.x claim.
pub fn read_at(id: &str) -> Option<&'static str> {
    READ_AT.iter().find(|(i, _)| *i == id).map(|(_, c)| *c)
}
