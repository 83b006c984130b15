//! Property tests of the shipped-client model: every transition is in the §2.2 table (an illegal
//! one also trips the machine's own assertion), no partition is both assigned and pending
//! revocation, acknowledged sets are subsets of an assignment received, the assigned set is what
//! the effects say, and a rejected input changes nothing.
//!
//! "Subset of the last assignment received" is read as: of the assignment the acknowledged
//! reconciliation started from. The shipped client finishes a running reconciliation and
//! acknowledges *its* snapshot even when a newer target has arrived meanwhile (reference §3.5),
//! so the acknowledged set may not be a subset of the very newest one.

use kip848_core::kafka::{is_allowed, KafkaMember};
use kip848_core::*;
use proptest::prelude::*;

fn cases() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(10_000);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

fn arb_set() -> impl Strategy<Value = PartitionSet> {
    proptest::collection::btree_set((prop_oneof!["a", "b", "x"], 0u32..4), 0..5).prop_map(|pairs| {
        let mut set = PartitionSet::new();
        for (topic, p) in pairs {
            set.insert(&topic, p);
        }
        set
    })
}

fn arb_input() -> impl Strategy<Value = Input> {
    let topics = || proptest::collection::btree_set(prop_oneof!["a", "b", "x"], 0..3);
    prop_oneof![
        1 => topics().prop_map(|topics| Input::Subscribe { topics }),
        6 => (prop_oneof![1 => -1i32..1, 8 => 1i32..6], 0u32..2000, proptest::option::weighted(0.6, arb_set()))
            .prop_map(|(epoch, interval, assignment)| Input::HeartbeatResponse(HeartbeatResponse {
                member_id: "m".into(), member_epoch: epoch, heartbeat_interval_ms: interval, assignment,
            })),
        2 => proptest::sample::select(ErrorCode::heartbeat_codes().collect::<Vec<_>>()).prop_map(|code| Input::HeartbeatError { code }),
        1 => Just(Input::HeartbeatFailed),
        3 => Just(Input::Tick),
        3 => prop_oneof![3 => Just(Outcome::Ok), 1 => Just(Outcome::Failed)].prop_map(|outcome| Input::Completed { outcome }),
        1 => Just(Input::Close),
        1 => Just(Input::Poll),
        1 => Just(Input::PollTimerExpired),
        1 => topics().prop_map(|topics| Input::Metadata { topics }),
        1 => Just(Input::Unsubscribe),
    ]
}

fn arb_config() -> impl Strategy<Value = Config> {
    (
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        proptest::option::of(Just("i".to_string())),
    )
        .prop_map(
            |(auto_complete, enable_auto_commit, listener, instance_id)| Config {
                auto_complete,
                enable_auto_commit,
                listener,
                instance_id,
                ..Config::default()
            },
        )
}

fn arb_steps() -> impl Strategy<Value = Vec<(u64, Input)>> {
    proptest::collection::vec((0u64..1500, arb_input()), 1..60).prop_map(|steps| {
        let mut at = 0;
        let mut out = vec![(
            0,
            Input::Subscribe {
                topics: ["a".to_string(), "b".to_string()].into(),
            },
        )];
        for (delta, input) in steps {
            at += delta;
            out.push((at, input));
        }
        out
    })
}

proptest! {
    #![proptest_config(cases())]

    #[test]
    fn the_shipped_model_keeps_its_invariants(config in arb_config(), steps in arb_steps()) {
        let mut member = KafkaMember::new(config);
        let mut assigned = PartitionSet::new();
        // Assignments received since the member last (re)joined or lost everything.
        let mut received: Vec<PartitionSet> = Vec::new();
        for (at, input) in &steps {
            let before = member.clone();
            let result = member.handle(Millis(*at), input);
            let Ok(effects) = result else {
                prop_assert_eq!(&member, &before, "a rejected input changed the member");
                continue;
            };
            if let Input::HeartbeatResponse(r) = input {
                let takes = matches!(before.state(), StateName::Stable | StateName::Joining | StateName::Acknowledging | StateName::Reconciling);
                if let (Some(a), true) = (&r.assignment, takes) {
                    received.push(a.clone());
                }
            }
            let mut state = before.state();
            for effect in &effects {
                match effect {
                    Effect::Transition { from, to } => {
                        prop_assert_eq!(*from, state);
                        prop_assert!(is_allowed(*from, *to), "{} → {} is not in the table", from, to);
                        state = *to;
                        if matches!(to, StateName::Fenced | StateName::Unsubscribed | StateName::Stale) {
                            received.clear();
                        }
                    }
                    Effect::RemoveFromAssigned { partitions } => {
                        prop_assert!(partitions.is_subset(&assigned));
                        assigned.subtract(partitions);
                    }
                    Effect::AddToAssigned { partitions } => {
                        prop_assert!(partitions.is_disjoint(&assigned));
                        assigned.extend(partitions);
                    }
                    Effect::ClearAssigned { partitions } => {
                        prop_assert_eq!(partitions, &assigned);
                        assigned = PartitionSet::new();
                    }
                    Effect::SendHeartbeat(request) => {
                        if let Some(owned) = &request.owned {
                            prop_assert!(owned.is_empty() || received.iter().any(|r| owned.is_subset(r)),
                                "acknowledged {} is not within any assignment received {:?}", owned, received);
                        }
                    }
                    _ => {}
                }
            }
            prop_assert_eq!(state, member.state());
            prop_assert_eq!(&assigned, member.assigned());
            prop_assert!(member.assigned().is_disjoint(member.pending_revocation()), "both assigned and pending revocation");
            prop_assert!(member.state() != StateName::Fatal || member.failure().is_some());
            if matches!(member.state(), StateName::Stable | StateName::Acknowledging) {
                // Reconciled: what the member owns is what it acknowledges.
                prop_assert_eq!(member.assigned(), &member.current().partitions);
                prop_assert!(member.pending_revocation().is_empty());
            }
        }
    }
}
