//! What random schedules and Kafka's own coordinator tests found where group mode departed from
//! Kafka: each finding's trace (`traces/group-findings/`, replayed line by line by `replay.rs`)
//! and the outcome it must have.

use kip848_core::group::chart::{rows, Row};
use kip848_core::group::{
    DropReason, GroupConfig, GroupInput, GroupTimeline, GroupTrace, MessageKind, Segment,
    SimMember, ZombieCause,
};
use kip848_core::PartitionSet;

fn finding(name: &str) -> GroupTimeline {
    let path = format!(
        "{}/tests/traces/group-findings/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("the finding's trace");
    GroupTimeline::from_trace(GroupTrace::parse(&text).expect("a valid group trace"))
}

/// The live process called `name`.
fn member<'a>(timeline: &'a GroupTimeline, name: &str) -> &'a SimMember {
    timeline
        .sim()
        .members()
        .iter()
        .find(|m| m.name == name && m.alive)
        .expect("a live member of that name")
}

/// The segments a partition went through, in order, with their labels.
fn story(rows: &[Row], topic: &str, partition: u32) -> Vec<(Segment, String)> {
    rows.iter()
        .find(|r| r.topic == topic && r.partition == partition)
        .map(|r| {
            r.spans
                .iter()
                .map(|s| (s.segment, s.label.clone()))
                .collect()
        })
        .unwrap_or_default()
}

/// The property test's find: C, delayed mid-reconciliation toward an old target holding u-3,
/// hears of newer targets; the coordinator, seeing C report u-3 as not owned, gives it to D; C
/// then finishes its outdated reconciliation and adds u-3 (as the seed design says). The chart
/// draws C as a zombie holder of u-3, beside its owner D; the coordinator's rule was kept.
#[test]
fn a_seed_member_finishing_an_outdated_reconciliation_is_a_zombie_holder() {
    let timeline = finding("outdated-reconciliation");
    let sim = timeline.sim();
    let rows = rows(sim.history(), sim.now());
    assert!(story(&rows, "u", 3).contains(&(Segment::Zombie, "D+C† (outdated target)".to_owned())));
    assert!(sim.double_owned().is_empty());
    // The cause is true whenever it is drawn: C is still reconciling, and counted as a member.
    let mut timeline = timeline.clone();
    let mut seen = 0;
    for cursor in 0..=timeline.len() {
        timeline.seek(cursor);
        let sim = timeline.sim();
        for holding in sim.ownership().values() {
            for zombie in &holding.zombies {
                assert_eq!(zombie.cause, ZombieCause::OutdatedTarget, "step {cursor}");
                let c = member(&timeline, &zombie.name);
                assert_eq!(c.facts.state, kip848_core::StateName::Assigning);
                assert!(sim
                    .coordinator()
                    .members()
                    .contains_key(c.facts.member_id.as_str()));
                seen += 1;
            }
        }
    }
    assert!(seen > 0);
}

/// Kafka's `GroupCoordinatorConfig` requires the heartbeat interval to be less than the session
/// timeout; otherwise members would flap between expiry and rejoin. The group settings and a
/// trace's config are both checked by `GroupConfig::check`.
#[test]
fn a_heartbeat_interval_not_below_the_session_timeout_is_refused_with_the_rule() {
    for (interval, session) in [(5_000, 5_000), (9_000, 5_000)] {
        let text = format!(
            r#"{{"format":"kip848-trace/1","model":"group","config":{{"coordinator":{{"heartbeat_interval_ms":{interval},"session_timeout_ms":{session}}}}},"steps":[]}}"#
        );
        let refused = GroupTrace::parse(&text).expect_err("refused");
        assert_eq!(
            refused.to_string(),
            format!(
                "field `config`: heartbeat_interval_ms ({interval}) must be less than \
                 session_timeout_ms ({session}), as Kafka's group coordinator requires"
            )
        );
    }
    let mut config = GroupConfig::default();
    config.coordinator.session_timeout_ms = 5_000;
    config.coordinator.heartbeat_interval_ms = 4_999;
    assert_eq!(config.check(), Ok(()));
}

/// Members belong to the group the simulation holds, whatever its id: with `group_id` set in the
/// coordinator's config, A joined the default group and got GROUP_ID_NOT_FOUND.
#[test]
fn members_join_the_group_the_coordinator_holds() {
    let timeline = finding("group-id");
    let sim = timeline.sim();
    assert_eq!(sim.coordinator().config().group_id, "payments");
    let a = &sim.members()[0];
    assert_eq!(a.facts.state, kip848_core::StateName::Joined);
    assert_eq!(a.facts.failure.as_ref(), None);
    assert_eq!(kip848_core::Machine::config(&a.member).group_id, "payments");
    assert_eq!(a.facts.assigned.len(), 6);
}

/// A target naming a topic the member does not subscribe to is empty for that topic (Kafka 4.x's
/// CurrentAssignmentBuilder): the user, as the assignor, cannot hand A a partition of b, and the
/// chart does not show b-0 waiting for A.
#[test]
fn a_target_cannot_hand_a_member_a_topic_it_does_not_subscribe_to() {
    let timeline = finding("target-of-unsubscribed-topic");
    let sim = timeline.sim();
    let a = &sim.members()[0];
    assert_eq!(a.facts.assigned.to_string(), "a-0, a-1");
    assert_eq!(sim.members()[1].facts.assigned.to_string(), "b-1");
    let server = &sim.coordinator().members()[a.facts.member_id.as_str()];
    assert_eq!(server.assigned.to_string(), "a-0, a-1");
    assert_eq!(server.epoch, sim.coordinator().assignment_epoch());
    assert!(story(&rows(sim.history(), sim.now()), "b", 0).is_empty());
}

/// GroupMetadataManagerTest `testStaticMemberRejoinsWithNewSubscribedTopics`: B (instance i2)
/// leaves with -2 and comes back subscribing to foo and bar. It takes over its old record; the
/// subscription changed, so the group epoch moves and B's new target has bar.
#[test]
fn a_static_member_rejoining_with_new_topics_gets_a_new_target_at_a_new_epoch() {
    let mut timeline = finding("static-member-rejoins-with-new-topics");
    let rejoin = timeline
        .steps()
        .iter()
        .rposition(|s| matches!(s.input, GroupInput::AddMember { .. }))
        .expect("B comes back");
    timeline.seek(rejoin);
    let before = timeline.sim().coordinator().group_epoch();
    // The step after the rejoin: B's join has reached the coordinator.
    timeline.seek(rejoin + 2);
    let coordinator = timeline.sim().coordinator();
    assert_eq!(coordinator.group_epoch(), before + 1);
    assert_eq!(coordinator.assignment_epoch(), before + 1);
    let b = member(&timeline, "B");
    let expected = PartitionSet::of([("bar", &[0, 1, 2][..]), ("foo", &[3, 4, 5][..])]);
    assert_eq!(
        coordinator.target().get(b.facts.member_id.as_str()),
        Some(&expected)
    );
    timeline.seek(timeline.len());
    let b = member(&timeline, "B");
    assert_eq!(&b.facts.assigned, &expected);
    assert_eq!(b.facts.member_epoch, before + 1);
}

/// Kafka's `consumerGroupLeave`: an unknown member id, an unknown instance id, or an instance id
/// another member holds is refused, and nobody else is touched. Before, each was answered with
/// success, and the member holding the instance id was marked away: fenced at its next heartbeat.
#[test]
fn leaves_from_unknown_or_fenced_members_are_refused_and_touch_nobody() {
    let mut timeline = finding("leaves-the-coordinator-refuses");
    let probes: Vec<usize> = (0..timeline.len())
        .filter(|&i| matches!(timeline.steps()[i].input, GroupInput::Request { .. }))
        .collect();
    timeline.seek(probes[0]);
    let epoch = timeline.sim().coordinator().group_epoch();
    let s1 = member(&timeline, "S1").facts.member_id.clone();
    let answers: Vec<_> = probes
        .iter()
        .map(|&i| {
            timeline.seek(i + 1);
            timeline.sim().last_reply().cloned()
        })
        .collect();
    use kip848_core::ErrorCode::{FencedInstanceId, UnknownMemberId};
    assert_eq!(
        answers,
        [
            UnknownMemberId,
            FencedInstanceId,
            FencedInstanceId,
            UnknownMemberId
        ]
        .map(|c| Some(Err(c)))
    );
    let coordinator = timeline.sim().coordinator();
    assert_eq!(coordinator.group_epoch(), epoch);
    assert!(
        coordinator.members()[&s1].epoch > 0,
        "S1 is not marked away"
    );
    // S1, expired, closes: its -2 leave names the instance id S2 now holds.
    let close = timeline
        .steps()
        .iter()
        .position(|s| matches!(s.input, GroupInput::CloseMember { .. }))
        .expect("S1 closes");
    timeline.seek(close);
    // Until it hears, S1 (expired) still holds S2's partitions: drawn as a zombie, with why.
    let chart = rows(timeline.sim().history(), timeline.sim().now());
    let zombie = (Segment::Zombie, "S2+S1† (fenced)".to_owned());
    assert!(
        story(&chart, "t", 2).contains(&zombie),
        "{:?}",
        story(&chart, "t", 2)
    );
    let held = member(&timeline, "S2").facts.assigned.clone();
    assert_eq!(held.len(), 2);
    for cursor in close..=timeline.len() {
        timeline.seek(cursor);
        let s2 = member(&timeline, "S2");
        let record = &timeline.sim().coordinator().members()[s2.facts.member_id.as_str()];
        assert!(record.epoch > 0, "S2 is marked away at step {cursor}");
        assert_eq!(&s2.facts.assigned, &held, "at step {cursor}");
    }
}

/// The first F closes while its join is in flight; a new process called F joins for a. The
/// coordinator's answer to the first F's join is not the new F's: before, the new F adopted its
/// member id, and with it a target of b, a topic it does not subscribe to, while it held a; client
/// and coordinator never agreed again.
#[test]
fn a_new_process_never_gets_the_answer_meant_for_an_earlier_one_with_its_name() {
    let timeline = finding("process-incarnations");
    let f = member(&timeline, "F");
    let a = PartitionSet::of([("a", &[0, 1][..])]);
    let coordinator = timeline.sim().coordinator();
    assert_eq!(
        coordinator.target().get(f.facts.member_id.as_str()),
        Some(&a)
    );
    assert_eq!(&f.facts.assigned, &a);
    assert_eq!(f.facts.member_epoch, coordinator.assignment_epoch());
    // The first F's member was given b and never heard from again: gone at its session timeout.
    assert_eq!(coordinator.members().len(), 1);
}

/// The answer meant for the first F is dropped where it arrives, and the step says so: the lanes
/// show it as dropped because its process is gone.
#[test]
fn the_answer_meant_for_a_gone_process_is_dropped_and_shown() {
    let mut timeline = finding("process-incarnations");
    let arrives = timeline
        .steps()
        .iter()
        .position(|s| s.at.0 == 50)
        .expect("the step at 50 ms");
    timeline.seek(arrives + 1);
    let sim = timeline.sim();
    let f = member(&timeline, "F");
    let dropped = sim.dropped();
    assert_eq!(dropped.len(), 1, "{dropped:?}");
    assert_eq!(dropped[0].reason, DropReason::ProcessGone);
    assert_eq!(dropped[0].message.member, "F");
    assert!(dropped[0].message.incarnation < f.incarnation);
    assert!(matches!(
        dropped[0].message.kind,
        MessageKind::Response { reply: Ok(_) }
    ));
    timeline.seek(timeline.len());
    let f = member(&timeline, "F");
    let process = timeline.sim().process_of(f.facts.member_id.as_str());
    assert_eq!(process.map(|p| p.incarnation), Some(f.incarnation));
}
