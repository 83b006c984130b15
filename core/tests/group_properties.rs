//! Property tests of group mode over random schedules (latencies, holds, drops, kills, joins,
//! leaves, errors, slow callbacks, new partitions): with the safety switch on no partition is ever
//! owned by two members; member epochs never exceed the assignment epoch; no process ever takes
//! a member id given to another (a message of a closed, killed or terminated process is never
//! applied by a later process with its name); two live processes holding one partition are always
//! drawn, a zombie with its true cause; no member's timer is left due after an input; and once the schedule stops disturbing the group, every
//! live member reaches its target, which names only topics it subscribes to.
//!
//! Over 300 lines: group-mode properties share one random schedule generator.

use kip848_core::group::{
    Assignor, GroupConfig, GroupInput, GroupSim, GroupTrace, Segment, ServerState,
};
use kip848_core::*;
use proptest::prelude::*;

#[path = "group_properties/checks.rs"]
mod checks;
use checks::{check_epochs, check_processes, check_timers, check_zombies};

fn cases() -> ProptestConfig {
    let cases = std::env::var("GROUP_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(1_000);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

const NAMES: [&str; 5] = ["A", "B", "C", "D", "E"];

fn arb_input() -> impl Strategy<Value = GroupInput> {
    let name = || proptest::sample::select(NAMES.to_vec()).prop_map(str::to_owned);
    let topics = || {
        proptest::sample::subsequence(vec!["t", "u"], 1..=2)
            .prop_map(|t| t.into_iter().map(str::to_owned).collect())
    };
    prop_oneof![
        // One member in four runs a model of its own, not the group's.
        4 => (name(), topics(), proptest::option::weighted(0.2, Just("static".to_owned())),
              proptest::option::weighted(0.25, proptest::sample::select(Model::ALL.to_vec())))
            .prop_map(|(name, topics, instance_id, model)| {
                let instance_id = instance_id.map(|i| format!("{i}-{name}"));
                GroupInput::AddMember { name, topics, instance_id, model }
            }),
        1 => name().prop_map(|name| GroupInput::CloseMember { name }),
        1 => name().prop_map(|name| GroupInput::KillMember { name }),
        2 => (name(), any::<bool>()).prop_map(|(name, held)| GroupInput::Hold { name, held }),
        1 => name().prop_map(|name| GroupInput::Drop { name }),
        2 => (name(), any::<bool>()).prop_map(|(name, delayed)| GroupInput::DelayCallbacks { name, delayed }),
        2 => name().prop_map(|name| GroupInput::Complete { name, outcome: Outcome::Ok }),
        1 => (name(), proptest::sample::select(vec![ErrorCode::FencedMemberEpoch, ErrorCode::NotCoordinator, ErrorCode::UnknownMemberId]))
            .prop_map(|(name, code)| GroupInput::InjectError { name, code }),
        1 => (proptest::sample::select(vec!["t", "u"]), 2u32..9).prop_map(|(t, count)| GroupInput::SetPartitions { topic: t.to_owned(), count }),
        4 => Just(GroupInput::Tick),
    ]
}

fn arb_schedule() -> impl Strategy<Value = (GroupConfig, Vec<(u64, GroupInput)>)> {
    let config = (
        5u64..400,
        any::<bool>(),
        proptest::sample::select(vec![Assignor::Uniform, Assignor::Range]),
        proptest::sample::select(Model::ALL.to_vec()),
    )
        .prop_map(|(latency_ms, between, assignor, model)| {
            let mut config = GroupConfig {
                latency_ms,
                heartbeat_between_revoke_and_assign: between,
                model,
                ..GroupConfig::default()
            };
            config.coordinator.assignor = assignor;
            config.coordinator.topics = [("t".to_owned(), 4), ("u".to_owned(), 3)].into();
            config
        });
    (
        config,
        // One gap in four is short: inputs land while messages are in flight (a process closed
        // and restarted under its name before its answer arrives, for one).
        proptest::collection::vec(
            (prop_oneof![3 => 0u64..4000, 1 => 0u64..50], arb_input()),
            1..40,
        ),
    )
        .prop_map(|(config, steps)| {
            let mut at = 0;
            let steps = steps
                .into_iter()
                .map(|(delta, input)| {
                    at += delta;
                    (at, input)
                })
                .collect();
            (config, steps)
        })
}

proptest! {
    #![proptest_config(cases())]

    #[test]
    fn the_group_is_safe_and_converges((config, steps) in arb_schedule()) {
        run(config.clone(), &steps).map_err(|e| {
            TestCaseError::fail(format!("{e}\nreplay it as a group trace:\n{}", as_trace(&config, &steps)))
        })?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases().cases / 4, ..cases() })]

    /// Any group session a user can build survives its file and its share link unchanged.
    #[test]
    fn a_group_session_survives_its_file_and_its_link((config, steps) in arb_schedule(), step in any::<usize>()) {
        use kip848_core::session::link::{decode_link, encode_group, Link, SharedGroup};
        let trace = GroupTrace::parse(&as_trace(&config, &steps))
            .map_err(|e| TestCaseError::fail(format!("the schedule's trace: {e}")))?;
        prop_assert_eq!(&GroupTrace::parse(&trace.to_json()).ok(), &Some(trace.clone()));
        let step = step % (trace.steps.len() + 1);
        let shared = SharedGroup { trace, step };
        prop_assert_eq!(decode_link(&encode_group(&shared)), Ok(Link::Group(shared)));
    }
}

/// One schedule, then the calm after it.
fn run(config: GroupConfig, steps: &[(u64, GroupInput)]) -> Result<(), TestCaseError> {
    let heartbeat = u64::from(config.coordinator.heartbeat_interval_ms);
    let session = config.coordinator.session_timeout_ms;
    let mut sim = GroupSim::new(config);
    let mut last = 0;
    for (at, input) in steps {
        let _ = sim.handle(Millis(*at), input);
        prop_assert!(
            sim.double_owned().is_empty(),
            "double ownership of {} with the safety switch on",
            sim.double_owned()
        );
        check_epochs(&sim)?;
        check_processes(&sim)?;
        check_zombies(&sim)?;
        check_timers(&sim)?;
        last = *at;
    }
    // The schedule stops disturbing: release every hold, let every callback run.
    let names: Vec<String> = sim
        .members()
        .iter()
        .filter(|m| m.alive)
        .map(|m| m.name.clone())
        .collect();
    for name in &names {
        let _ = sim.handle(
            Millis(last),
            &GroupInput::Hold {
                name: name.clone(),
                held: false,
            },
        );
        let _ = sim.handle(
            Millis(last),
            &GroupInput::DelayCallbacks {
                name: name.clone(),
                delayed: false,
            },
        );
        for _ in 0..8 {
            let _ = sim.handle(
                Millis(last),
                &GroupInput::Complete {
                    name: name.clone(),
                    outcome: Outcome::Ok,
                },
            );
        }
    }
    // Dead members expire after the session timeout; then a few heartbeats settle everyone.
    let settled = last + session + 8 * heartbeat;
    let _ = sim.handle(Millis(settled), &GroupInput::Tick);
    prop_assert!(sim.double_owned().is_empty());
    check_epochs(&sim)?;
    check_processes(&sim)?;
    let coordinator = sim.coordinator();
    for m in sim.members().iter().filter(|m| m.running()) {
        let server = coordinator.members().get(m.facts.member_id.as_str());
        prop_assert!(
            server.is_some(),
            "{} is not a member of the group after settling",
            m.name
        );
        let server = server.expect("checked");
        let target = coordinator
            .target()
            .get(m.facts.member_id.as_str())
            .cloned()
            .unwrap_or_default();
        let unsubscribed: Vec<&str> = target
            .topics()
            .map(|(topic, _)| topic)
            .filter(|topic| !m.facts.subscription.contains(*topic))
            .collect();
        prop_assert!(
            unsubscribed.is_empty(),
            "{}'s target names {:?}, which it does not subscribe to",
            m.name,
            unsubscribed
        );
        prop_assert_eq!(
            server.state,
            ServerState::Stable,
            "{} on the server",
            m.name
        );
        prop_assert_eq!(
            server.epoch,
            coordinator.assignment_epoch(),
            "{}'s server epoch",
            m.name
        );
        prop_assert_eq!(
            &m.facts.assigned,
            &target,
            "{} did not reach its target",
            m.name
        );
        prop_assert_eq!(
            m.facts.member_epoch,
            coordinator.assignment_epoch(),
            "{}'s epoch",
            m.name
        );
    }
    Ok(())
}

#[test]
fn without_the_safety_rule_double_ownership_happens_and_is_seen() {
    let mut config = GroupConfig {
        latency_ms: 20,
        ..GroupConfig::default()
    };
    config.coordinator.wait_for_revocation = false;
    config.coordinator.topics = [("t".to_owned(), 4)].into();
    let mut sim = GroupSim::new(config);
    let t = ["t".to_owned()].into();
    sim.handle(
        Millis(0),
        &GroupInput::AddMember {
            name: "A".into(),
            topics: t,
            instance_id: None,
            model: None,
        },
    )
    .expect("added");
    sim.handle(
        Millis(10_000),
        &GroupInput::DelayCallbacks {
            name: "A".into(),
            delayed: true,
        },
    )
    .expect("delayed");
    sim.handle(
        Millis(10_000),
        &GroupInput::Hold {
            name: "A".into(),
            held: true,
        },
    )
    .expect("held");
    let t = ["t".to_owned()].into();
    sim.handle(
        Millis(10_010),
        &GroupInput::AddMember {
            name: "B".into(),
            topics: t,
            instance_id: None,
            model: None,
        },
    )
    .expect("added");
    sim.handle(Millis(20_000), &GroupInput::Tick)
        .expect("ticked");
    assert!(
        !sim.double_owned().is_empty(),
        "B was given A's partitions while A still owned them"
    );
    let chart = sim.history().entries();
    assert!(
        chart
            .iter()
            .any(|(_, s)| s.values().any(|h| h.segment() == Segment::Double)),
        "the chart's history shows the double ownership"
    );
}

/// The schedule as a group trace, so that a failure can be replayed with `kip848-replay`.
fn as_trace(config: &GroupConfig, steps: &[(u64, GroupInput)]) -> String {
    let steps: Vec<serde_json::Value> = steps
        .iter()
        .map(|(at, input)| {
            let mut step = serde_json::to_value(input).unwrap_or_default();
            step["at"] = (*at).into();
            step
        })
        .collect();
    let trace = serde_json::json!({"format": "kip848-trace/1", "model": "group", "config": config, "steps": steps});
    serde_json::to_string(&trace).unwrap_or_default()
}
