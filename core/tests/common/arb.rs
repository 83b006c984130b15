//! Random member sessions for the property tests: configurations and input sequences for the
//! seed model (`seed`) and the shipped client (`kafka`), rejected inputs included.
// Each test crate that includes this file uses only the model it tests.
#![allow(dead_code)]

use proptest::prelude::*;

/// At least 10,000 sequences per `make test`; PROPTEST_CASES raises it for longer runs.
pub fn cases() -> ProptestConfig {
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

/// A tenth of [`cases`] (at least 100): for properties that replay or parse a whole session per case.
pub fn tenth_of_cases() -> ProptestConfig {
    let mut config = cases();
    config.cases = (config.cases / 10).max(100);
    config
}

/// A trace of `model` and `config` with these `(at, input)` steps.
pub fn trace_of(
    model: kip848_core::Model,
    config: kip848_core::Config,
    steps: Vec<(u64, kip848_core::Input)>,
) -> kip848_core::session::trace::Trace {
    kip848_core::session::trace::Trace {
        model,
        config,
        steps: steps
            .into_iter()
            .map(|(at, input)| kip848_core::Step::new(kip848_core::Millis(at), input))
            .collect(),
        ..Default::default()
    }
}

pub mod seed {
    use kip848_core::protocol::choice::{EpochTaken, Fenced, Release};
    use kip848_core::*;
    use proptest::prelude::*;

    pub fn arb_set() -> impl Strategy<Value = PartitionSet> {
        proptest::collection::btree_set((prop_oneof!["a", "b"], 0u32..5), 0..6).prop_map(|pairs| {
            let mut set = PartitionSet::new();
            for (topic, p) in pairs {
                set.insert(&topic, p);
            }
            set
        })
    }

    pub fn arb_code() -> impl Strategy<Value = ErrorCode> {
        let mut codes: Vec<ErrorCode> = ErrorCode::heartbeat_codes().collect();
        codes.push(ErrorCode::Other("SOMETHING_ELSE".into()));
        codes.push(ErrorCode::CommitFailed);
        proptest::sample::select(codes)
    }

    pub fn arb_response() -> impl Strategy<Value = Input> {
        (
            prop_oneof![1 => Just(""), 6 => Just("m-1"), 1 => Just("m-2")],
            prop_oneof![1 => -2i32..1, 8 => 1i32..6],
            0u32..2000,
            proptest::option::weighted(0.6, arb_set()),
        )
            .prop_map(|(id, epoch, interval, assignment)| {
                Input::HeartbeatResponse(HeartbeatResponse {
                    member_id: id.to_owned(),
                    member_epoch: epoch,
                    heartbeat_interval_ms: interval,
                    assignment,
                })
            })
    }

    pub fn arb_input() -> impl Strategy<Value = Input> {
        prop_oneof![
            1 => proptest::collection::btree_set(prop_oneof!["a", "b", "c"], 0..3)
                .prop_map(|topics| Input::Subscribe { topics }),
            6 => arb_response(),
            2 => arb_code().prop_map(|code| Input::HeartbeatError { code }),
            1 => Just(Input::HeartbeatFailed),
            3 => Just(Input::Tick),
            3 => prop_oneof![3 => Just(Outcome::Ok), 1 => Just(Outcome::Failed)]
                .prop_map(|outcome| Input::Completed { outcome }),
            1 => Just(Input::Close),
        ]
    }

    pub fn arb_config() -> impl Strategy<Value = Config> {
        (
            proptest::option::of(Just("i-1".to_string())),
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
            0u64..300,
            0u64..3000,
            // The seed design's other choices: when a revoked partition is released, whether a
            // fenced member lets its running callback return, and when the epoch is taken.
            (any::<bool>(), any::<bool>(), any::<bool>()),
        )
            .prop_map(
                |(
                    instance_id,
                    assignor_set,
                    between,
                    auto_complete,
                    base,
                    max,
                    (late, finish, epoch_late),
                )| {
                    Config {
                        instance_id,
                        assignor_set,
                        heartbeat_between_revoke_and_assign: between,
                        auto_complete,
                        retry_backoff_ms: base,
                        retry_backoff_max_ms: max,
                        server_assignor: Some("uniform".into()),
                        release: if late {
                            Release::AfterCallback
                        } else {
                            Release::FirstStep
                        },
                        fenced: if finish {
                            Fenced::Finish
                        } else {
                            Fenced::Abandon
                        },
                        epoch: if epoch_late {
                            EpochTaken::OnceReconciled
                        } else {
                            EpochTaken::OnAnswer
                        },
                        ..Config::default()
                    }
                },
            )
    }

    /// Steps with non-decreasing times (mostly), starting with a subscribe most of the time.
    pub fn arb_steps() -> impl Strategy<Value = Vec<(u64, Input)>> {
        let step = (prop_oneof![3 => 0u64..50, 2 => 50u64..2500], arb_input());
        (any::<bool>(), proptest::collection::vec(step, 1..60)).prop_map(|(lead, steps)| {
            let mut at = 0;
            let mut out = Vec::with_capacity(steps.len() + 1);
            if lead {
                out.push((
                    0,
                    Input::Subscribe {
                        topics: ["a".to_string(), "b".to_string()].into(),
                    },
                ));
            }
            for (delta, input) in steps {
                at += delta;
                out.push((at, input));
            }
            out
        })
    }
}

pub mod kafka {
    use kip848_core::*;
    use proptest::prelude::*;

    pub fn arb_set() -> impl Strategy<Value = PartitionSet> {
        proptest::collection::btree_set((prop_oneof!["a", "b", "x"], 0u32..4), 0..5).prop_map(
            |pairs| {
                let mut set = PartitionSet::new();
                for (topic, p) in pairs {
                    set.insert(&topic, p);
                }
                set
            },
        )
    }

    pub fn arb_input() -> impl Strategy<Value = Input> {
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

    pub fn arb_config() -> impl Strategy<Value = Config> {
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

    pub fn arb_steps() -> impl Strategy<Value = Vec<(u64, Input)>> {
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
}
