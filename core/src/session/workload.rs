//! Synthetic sessions for benchmarks: long, realistic, deterministic, every input accepted.
//!
//! A member joins, then cycles through interval heartbeats, incremental reassignments (revoke then
//! assign, callbacks completed by the application), retriable errors with their retries, and the
//! occasional fence and rejoin: the mix a long playground session or a soak test would have.

use crate::protocol::assignment::PartitionSet;
use crate::protocol::config::Config;
use crate::protocol::input::{HeartbeatResponse, Input, Outcome};
use crate::protocol::time::Millis;
use crate::seed::Member;
use crate::session::trace::{Step, Trace};

/// Partitions a reassignment moves in the synthetic session.
const PARTITIONS: u32 = 12;

/// A session of exactly `len` accepted inputs (manual completions, so callbacks are inputs too).
pub fn session(len: usize) -> Trace {
    let config = Config {
        auto_complete: false,
        ..Config::default()
    };
    let mut member = Member::new(config.clone());
    let mut steps = Vec::with_capacity(len);
    let mut at = 0u64;
    let mut round = 0u32;
    while steps.len() < len {
        at += 10;
        let input = next_input(&member, round);
        if member.in_flight().is_some() {
            round = round.wrapping_add(1);
        }
        if input == Input::Tick {
            // Time jumps to the next deadline, as a driver sleeping on `poll_timeout` would.
            at = member.poll_timeout().map_or(at, |d| d.0.max(at));
        }
        let input = match member.clone().handle(Millis(at), &input) {
            Ok(_) => input,
            // Whatever the plan, time passing is always accepted (outside TERMINATED).
            Err(_) => {
                at = member.poll_timeout().map_or(at + 1000, |d| d.0.max(at));
                Input::Tick
            }
        };
        if member.handle(Millis(at), &input).is_ok() {
            steps.push(Step::new(Millis(at), input));
        }
    }
    Trace {
        model: crate::machine::model::Model::Seed,
        title: Some(format!("Synthetic session of {len} inputs")),
        description: None,
        sources: Vec::new(),
        config,
        steps,
    }
}

fn response(member: &Member, epoch_bump: i32, assignment: Option<PartitionSet>) -> Input {
    Input::HeartbeatResponse(HeartbeatResponse {
        member_id: "member-1".to_owned(),
        member_epoch: member.member_epoch().max(0) + epoch_bump,
        heartbeat_interval_ms: 1000,
        assignment,
    })
}

/// A target of `PARTITIONS` partitions of `orders`, shifted by `round` (so each reassignment moves some).
fn target(round: u32) -> PartitionSet {
    let shift = round % 5;
    let mut set = PartitionSet::new();
    for p in 0..PARTITIONS {
        set.insert("orders", p + shift);
    }
    set
}

fn next_input(member: &Member, round: u32) -> Input {
    use crate::protocol::state::StateName::*;
    if member.awaiting().is_some() || member.owed_to_abandoned() > 0 {
        return Input::Completed {
            outcome: Outcome::Ok,
        };
    }
    match (member.state(), member.in_flight().is_some()) {
        (New, _) => Input::Subscribe {
            topics: ["orders".to_owned()].into(),
        },
        (Joining, true) => response(member, 1, Some(target(round))),
        (_, false) => Input::Tick,
        // Answers cycle through a fixed pattern of 20: mostly plain answers, some new targets,
        // one retriable error, one timeout, one fence.
        (_, true) => match round % 20 {
            5 => Input::HeartbeatError {
                code: crate::ErrorCode::CoordinatorNotAvailable,
            },
            11 => Input::HeartbeatFailed,
            17 => Input::HeartbeatError {
                code: crate::ErrorCode::FencedMemberEpoch,
            },
            r if r % 3 == 0 => response(member, 1, Some(target(round / 20))),
            _ => response(member, 0, None),
        },
    }
}

/// A member owning `n` partitions of topic `from`, and the answer that moves all of them to `to`:
/// reconciliation revokes `n` partitions and assigns `n` others.
pub fn reassignment(n: u32) -> (Member, Input) {
    let config = Config::default();
    let mut member = Member::new(config);
    let all = |topic: &str| {
        let mut set = PartitionSet::new();
        for p in 0..n {
            set.insert(topic, p);
        }
        set
    };
    let subscribe = Input::Subscribe {
        topics: ["from".to_owned(), "to".to_owned()].into(),
    };
    let _ = member.handle(Millis(0), &subscribe);
    let join = Input::HeartbeatResponse(HeartbeatResponse {
        member_id: "member-1".to_owned(),
        member_epoch: 1,
        heartbeat_interval_ms: 1000,
        assignment: Some(all("from")),
    });
    let _ = member.handle(Millis(1), &join);
    let _ = member.handle(Millis(2), &response(&member, 0, None));
    let _ = member.handle(Millis(1002), &Input::Tick);
    let moving = response(&member, 1, Some(all("to")));
    (member, moving)
}
