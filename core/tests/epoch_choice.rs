//! The seed design's choice of when the epoch is taken (`epoch`), on one member: the epoch its
//! heartbeats carry while a reconciliation runs, against the design page's order.

use kip848_core::protocol::choice::EpochTaken;
use kip848_core::protocol::input::{HeartbeatResponse, Outcome};
use kip848_core::*;
use std::collections::BTreeSet;

fn answer(epoch: i32, assignment: &[u32]) -> Input {
    Input::HeartbeatResponse(HeartbeatResponse {
        member_id: "m-1".to_owned(),
        member_epoch: epoch,
        heartbeat_interval_ms: 1000,
        assignment: Some(PartitionSet::of([("t", assignment)])),
    })
}

/// The epoch of each heartbeat `effects` send, with its purpose.
fn sent(effects: &[Effect]) -> Vec<(Purpose, i32)> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::SendHeartbeat(r) => Some((r.purpose, r.member_epoch)),
            _ => None,
        })
        .collect()
}

/// Joins at epoch 1 owning t-0, is answered epoch 2 with t-0 and t-1 (onPartitionsAssigned
/// then runs), lets an interval pass mid-callback, then completes it: the heartbeats' epochs.
fn epochs(epoch: EpochTaken) -> (Vec<(Purpose, i32)>, i32, i32) {
    let config = Config {
        auto_complete: false,
        epoch,
        ..Config::default()
    };
    let mut m = Member::new(config);
    let topics: BTreeSet<String> = ["t".to_owned()].into();
    let at = std::cell::Cell::new(0);
    let step = |m: &mut Member, input: Input| {
        at.set(at.get() + 10);
        m.handle(Millis(at.get()), &input).expect("accepted")
    };
    step(&mut m, Input::Subscribe { topics });
    step(&mut m, answer(1, &[0]));
    step(
        &mut m,
        Input::Completed {
            outcome: Outcome::Ok,
        },
    );
    // The acknowledgement of t-0 is answered: nothing in flight.
    step(&mut m, answer(1, &[0]));
    // The next interval's heartbeat is answered with a new epoch and t-1 added.
    at.set(at.get() + 1_000);
    step(&mut m, Input::Tick);
    step(&mut m, answer(2, &[0, 1]));
    assert_eq!(m.state(), StateName::Assigning);
    let during = m.member_epoch();
    at.set(at.get() + 2_000);
    let mut heartbeats = sent(&step(&mut m, Input::Tick));
    step(&mut m, answer(2, &[0, 1]));
    heartbeats.extend(sent(&step(
        &mut m,
        Input::Completed {
            outcome: Outcome::Ok,
        },
    )));
    assert_eq!(m.state(), StateName::Joined);
    (heartbeats, during, m.member_epoch())
}

#[test]
fn the_page_takes_the_epoch_at_once_and_the_other_answer_once_reconciled() {
    let (heartbeats, during, after) = epochs(EpochTaken::OnAnswer);
    assert_eq!((during, after), (2, 2));
    assert_eq!(
        heartbeats,
        [(Purpose::Interval, 2), (Purpose::Acknowledge, 2)]
    );

    let (heartbeats, during, after) = epochs(EpochTaken::OnceReconciled);
    assert_eq!(
        (during, after),
        (1, 2),
        "the epoch waits for the reconciliation"
    );
    assert_eq!(
        heartbeats,
        [(Purpose::Interval, 1), (Purpose::Acknowledge, 2)],
        "mid-callback the heartbeat carries the epoch the member had; the acknowledgement the new one"
    );
}
