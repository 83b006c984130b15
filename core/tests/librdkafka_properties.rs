//! Property tests of librdkafka's model: every transition is one `rdkafka_cgrp.c` makes (an
//! illegal one also trips the machine's own assertion), the assigned set is what the effects say,
//! only one heartbeat (besides a leave) is ever in flight, only one rebalance callback is ever
//! outstanding and only in a `wait-…-call` state, a heartbeat is full in `init` (and otherwise only
//! after the coordinator was lost or with a new subscription), an acknowledgement carries the
//! target, nothing follows a fatal error but the close, and a rejected input changes nothing.
//!
//! Over 300 lines: librdkafka's property tests share one random driver.

use kip848_core::librdkafka::{is_allowed, RdkMember};
use kip848_core::machine::Machine;
use kip848_core::*;
use proptest::prelude::*;

#[path = "common/arb.rs"]
mod arb;
use arb::cases;
use arb::kafka::{arb_config, arb_steps};

proptest! {
    #![proptest_config(cases())]

    #[test]
    fn librdkafka_keeps_its_invariants(config in arb_config(), steps in arb_steps()) {
        let mut member = RdkMember::new(config);
        let mut assigned = PartitionSet::new();
        let mut closing = false;
        for (at, input) in &steps {
            let before = member.clone();
            let before_facts = before.facts();
            let Ok(effects) = member.handle(Millis(*at), input) else {
                prop_assert_eq!(&member, &before, "a rejected input changed the member");
                continue;
            };
            closing |= matches!(input, Input::Close);
            let mut state = before_facts.state;
            let mut regular_sent = 0;
            for effect in &effects {
                match effect {
                    Effect::Transition { from, to } => {
                        prop_assert_eq!(*from, state);
                        prop_assert!(is_allowed(*from, *to), "{} → {} is not librdkafka's", from, to);
                        state = *to;
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
                        // Only a fatal error drops partitions without the application.
                        prop_assert!(member.facts().failure.is_some());
                        prop_assert_eq!(partitions, &assigned);
                        assigned = PartitionSet::new();
                    }
                    Effect::SendHeartbeat(request) => {
                        prop_assert!(before_facts.failure.is_none(), "a heartbeat after a fatal error");
                        match request.purpose {
                            Purpose::Leave => {
                                prop_assert!(request.member_epoch < 0);
                                prop_assert!(request.full.is_none() && request.owned.is_none());
                            }
                            purpose => {
                                regular_sent += 1;
                                prop_assert!(request.member_epoch >= 0);
                                if state == StateName::Init {
                                    prop_assert!(request.is_full(), "{:?} in init is not full", purpose);
                                }
                                if purpose == Purpose::Acknowledge {
                                    prop_assert_eq!(state, StateName::Steady);
                                    prop_assert_eq!(request.owned.as_ref(), Some(&assigned), "the acknowledgement carries what was reconciled");
                                }
                                // A retry re-sends the request that failed, an acknowledgement included.
                                if request.owned.is_some() && !matches!(purpose, Purpose::Acknowledge | Purpose::Retry) {
                                    prop_assert!(request.is_full(), "a partial heartbeat carries no owned partitions");
                                }
                            }
                        }
                    }
                    Effect::InvokeOnPartitionsAssigned { .. }
                    | Effect::InvokeOnPartitionsRevoked { .. }
                    | Effect::InvokeOnPartitionsLost { .. } => {
                        prop_assert!(before_facts.failure.is_none(), "a callback after a fatal error");
                    }
                    Effect::CommitOffsets { .. } | Effect::InvokeOnAssignment { .. } => {
                        prop_assert!(false, "librdkafka's model has no {}", effect.name());
                    }
                    Effect::ReportError { .. } => {}
                }
            }
            prop_assert!(regular_sent <= 1, "two heartbeats in one step");
            let facts = member.facts();
            prop_assert_eq!(state, facts.state);
            prop_assert_eq!(&assigned, &facts.assigned);
            // A callback is outstanding only in a wait-…-call state, or in init when a close
            // queued an on_revoke behind an on_assign the first answer already unassigned.
            match &facts.awaiting {
                Some(_) => prop_assert!(matches!(facts.state, StateName::WaitAssignCall | StateName::WaitUnassignCall | StateName::Init), "waiting in {}", facts.state),
                None => prop_assert!(matches!(facts.state, StateName::Init | StateName::Steady | StateName::Term), "resting in {}", facts.state),
            }
            // on_assign is awaited in init only after a fatal error or a close took an earlier
            // answer as the full unassign: one queued behind an on_revoke an unsubscribe left
            // behind is still delivered, its answer a no-op.
            if matches!(facts.awaiting, Some(Effect::InvokeOnPartitionsAssigned { .. })) {
                prop_assert!(facts.state != StateName::Init || facts.failure.is_some() || closing);
            }
            if facts.state == StateName::Term {
                prop_assert!(facts.assigned.is_empty());
            }
        }
    }
}

/// `rd_kafka_cgrp_handle_ConsumerGroupHeartbeat` (2.15.0): GROUP_ID_NOT_FOUND answering a heartbeat
/// sent before the leave is benign while the leave is in flight (`F_WAIT_LEAVE`), fatal otherwise.
#[test]
fn group_id_not_found_while_the_leave_is_in_flight_is_ignored() {
    let run = |unsubscribe_first: bool| {
        let mut member = RdkMember::new(Config::default());
        let mut at = 0;
        let mut send = |member: &mut RdkMember, input: Input| {
            at += 1000;
            member.handle(Millis(at), &input).unwrap_or_default()
        };
        send(
            &mut member,
            Input::Subscribe {
                topics: ["t1".to_owned()].into(),
            },
        );
        let answer = |epoch: i32| {
            Input::HeartbeatResponse(HeartbeatResponse {
                member_id: "m".to_owned(),
                member_epoch: epoch,
                heartbeat_interval_ms: 500,
                assignment: None,
            })
        };
        // Answered a second after it went, the interval (500 ms) has passed: the next heartbeat
        // goes at once; then the application unsubscribes (or not) behind it.
        let interval = send(&mut member, answer(1));
        assert!(
            interval
                .iter()
                .any(|e| matches!(e, Effect::SendHeartbeat(r) if r.purpose != Purpose::Leave)),
            "{interval:?}"
        );
        if unsubscribe_first {
            let leave = send(&mut member, Input::Unsubscribe);
            assert!(
                leave
                    .iter()
                    .any(|e| matches!(e, Effect::SendHeartbeat(r) if r.purpose == Purpose::Leave)),
                "{leave:?}"
            );
        }
        send(
            &mut member,
            Input::HeartbeatError {
                code: ErrorCode::GroupIdNotFound,
            },
        );
        member.facts().failure
    };
    assert_eq!(run(true), None, "ignored while the leave is in flight");
    assert!(run(false).is_some(), "fatal otherwise");
}

fn heartbeats(effects: &[Effect]) -> Vec<Purpose> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::SendHeartbeat(r) => Some(r.purpose),
            _ => None,
        })
        .collect()
}

/// `rd_kafka_buf_retry` re-sends a ConsumerGroupHeartbeat at most twice
/// (`RD_KAFKA_REQUEST_DEFAULT_RETRIES`): a third error to the same request ends it, and the next
/// heartbeat is a new request, sent at once before the first success (random-110169).
#[test]
fn a_heartbeat_is_retried_at_most_twice_then_sent_anew() {
    let mut member = RdkMember::new(Config::default());
    let mut at = 0;
    let mut send = |member: &mut RdkMember, input: Input| {
        at += 1000;
        heartbeats(&member.handle(Millis(at), &input).unwrap_or_default())
    };
    let subscribe = Input::Subscribe {
        topics: ["t1".to_owned()].into(),
    };
    assert_eq!(send(&mut member, subscribe), vec![Purpose::Join]);
    let loading = || Input::HeartbeatError {
        code: ErrorCode::CoordinatorLoadInProgress,
    };
    for _ in 0..2 {
        assert_eq!(send(&mut member, loading()), vec![]);
        assert_eq!(send(&mut member, Input::Tick), vec![Purpose::Retry]);
    }
    assert_eq!(send(&mut member, loading()), vec![Purpose::Join]);
    assert_eq!(member.facts().retry_owed, None);
}

/// `rd_kafka_cgrp_consumer_unsubscribe`: a member fenced while its on_lost waits for the
/// application is rejoining (`rd_kafka_cgrp_consumer_will_rejoin`) and sends no leave; the
/// answer brings it to `init`, silent until it subscribes again (random-110153).
#[test]
fn unsubscribing_while_on_lost_waits_sends_no_leave() {
    let mut member = RdkMember::new(Config {
        auto_complete: false,
        ..Config::default()
    });
    let mut at = 0;
    let mut send = |member: &mut RdkMember, input: Input| {
        at += 1000;
        member.handle(Millis(at), &input).expect("taken")
    };
    let done = || Input::Completed {
        outcome: Outcome::Ok,
    };
    send(
        &mut member,
        Input::Subscribe {
            topics: ["t1".to_owned()].into(),
        },
    );
    send(
        &mut member,
        Input::HeartbeatResponse(HeartbeatResponse {
            member_id: "m".to_owned(),
            member_epoch: 3,
            heartbeat_interval_ms: 500,
            assignment: Some(PartitionSet::of([("t1", &[0, 1][..])])),
        }),
    );
    send(&mut member, done());
    assert_eq!(member.facts().state, StateName::Steady);
    let lost = send(
        &mut member,
        Input::HeartbeatError {
            code: ErrorCode::UnknownMemberId,
        },
    );
    assert!(
        matches!(
            member.facts().awaiting,
            Some(Effect::InvokeOnPartitionsLost { .. })
        ),
        "{lost:?}"
    );
    let unsubscribed = send(&mut member, Input::Unsubscribe);
    assert_eq!(heartbeats(&unsubscribed), vec![], "no leave");
    assert_eq!(member.facts().state, StateName::WaitUnassignCall);
    let answered = send(&mut member, done());
    assert_eq!(heartbeats(&answered), vec![]);
    assert_eq!(member.facts().state, StateName::Init);
    assert!(member.facts().assigned.is_empty());
    assert_eq!(heartbeats(&send(&mut member, Input::Tick)), vec![]);
}

/// `RD_KAFKA_CGRP_REBALANCING` holds while `rkcg_rebalance_incr_assignment` is set: an unsubscribe
/// that leaves while the on_revoke of a revoking target waits leaves the assign parked behind it
/// (its answer comes in `init`, where `rd_kafka_cgrp_consumer_incr_unassign_done` does not run).
/// A subscription made then is not "sent new" (`CONSUMER_F_SEND_NEW_SUBSCRIPTION` stays), and
/// goes in the first heartbeat built once the next revocation's assign is done: the
/// acknowledgement in steady carries the subscribed topics (random-440234).
#[test]
fn a_subscription_waits_while_a_parked_assign_is_left_behind() {
    let mut member = RdkMember::new(Config {
        auto_complete: false,
        ..Config::default()
    });
    // One millisecond apart, or at the heartbeat timer (interval 500 ms) for a tick.
    let send = |member: &mut RdkMember, input: Input| {
        let now = member.facts().now.0 + 1;
        let at = match (&input, member.facts().next_deadline) {
            (Input::Tick, Some(due)) => due.0.max(now),
            _ => now,
        };
        member.handle(Millis(at), &input).expect("taken")
    };
    let done = || Input::Completed {
        outcome: Outcome::Ok,
    };
    let subscribe = || Input::Subscribe {
        topics: ["t1".to_owned()].into(),
    };
    let answer = |epoch: i32, parts: &[u32]| {
        Input::HeartbeatResponse(HeartbeatResponse {
            member_id: "m".to_owned(),
            member_epoch: epoch,
            heartbeat_interval_ms: 500,
            assignment: Some(PartitionSet::of([("t1", parts)])),
        })
    };
    let fulls = |effects: &[Effect]| -> Vec<bool> {
        effects
            .iter()
            .filter_map(|e| match e {
                Effect::SendHeartbeat(r) if r.purpose != Purpose::Leave => Some(r.is_full()),
                _ => None,
            })
            .collect()
    };
    send(&mut member, subscribe());
    send(&mut member, answer(3, &[0]));
    send(&mut member, done());
    send(&mut member, answer(3, &[0]));
    send(&mut member, Input::Tick);
    // The target takes everything: on_revoke, an empty on_assign parked behind it.
    send(&mut member, answer(4, &[]));
    assert_eq!(member.facts().state, StateName::WaitUnassignCall);
    let left = send(&mut member, Input::Unsubscribe);
    assert_eq!(heartbeats(&left), vec![Purpose::Leave]);
    assert_eq!(member.facts().state, StateName::Init);
    send(
        &mut member,
        Input::HeartbeatResponse(HeartbeatResponse {
            member_id: "m".to_owned(),
            member_epoch: -1,
            heartbeat_interval_ms: 0,
            assignment: None,
        }),
    );
    send(&mut member, done());
    // Subscribed again: the join is full (init), but the subscription is not "sent new".
    assert_eq!(fulls(&send(&mut member, subscribe())), vec![true]);
    send(&mut member, answer(7, &[1]));
    assert_eq!(member.facts().state, StateName::WaitAssignCall);
    let acked = send(&mut member, done());
    assert_eq!(fulls(&acked), vec![false], "the acknowledgement is partial");
    send(&mut member, answer(7, &[1]));
    send(&mut member, Input::Tick);
    // The next revocation: on_revoke, then the empty on_assign; its assign clears the parked one.
    send(&mut member, answer(8, &[]));
    assert_eq!(member.facts().state, StateName::WaitUnassignCall);
    send(&mut member, done());
    assert_eq!(member.facts().state, StateName::WaitAssignCall);
    let acked = send(&mut member, done());
    assert_eq!(
        fulls(&acked),
        vec![true],
        "the acknowledgement carries the subscription"
    );
    send(&mut member, answer(9, &[]));
    assert_eq!(fulls(&send(&mut member, Input::Tick)), vec![false]);
}
