//! How a differing step is tied to its causes when librdkafka is one side of the pair (always the
//! right one): the rules of [`super::classify`], in librdkafka's terms. They run on the rows under
//! every switch, after the switches had their say, and a row no rule names shares the causes of the
//! rows before it until the two models agree again.

use super::classify::Named;
use super::{Aspect, Cause, Row, Side};
use crate::librdkafka::{reaction, Reaction};
use crate::protocol::config::Config;
use crate::protocol::effect::{Effect, Purpose};
use crate::protocol::input::{Input, InputKind, Outcome};
use crate::protocol::rejected::Rejected;
use crate::protocol::state::StateName;
use crate::session::trace::Step;

/// The causes the rules name for residual row `i` (rows under every switch).
pub(crate) fn rules(rows: &[Row], steps: &[Step], config: &Config, i: usize) -> Named {
    let (Some(row), Some(step)) = (rows.get(i), steps.get(i)) else {
        return Named::default();
    };
    let (o, r) = (&row.left, &row.right);
    let kind = step.input.kind();
    let differs = |aspect| row.differences.contains(&aspect);
    let mut causes = Vec::new();
    let mut add = |cause, when: bool| {
        if when && !causes.contains(&cause) {
            causes.push(cause);
        }
    };
    let error = match &step.input {
        Input::HeartbeatError { code } => Some(reaction(Some(code))),
        Input::HeartbeatFailed => Some(reaction(None)),
        _ => None,
    };
    add(
        Cause::LibrdkafkaLost,
        kind == InputKind::PollTimerExpired
            || error == Some(Reaction::Rejoin)
            || lost_pending(o)
            || lost_pending(r)
            || matches!(o.state, StateName::Fenced | StateName::Stale),
    );
    // The Java client that went STALE left at once, and is still joining again.
    let was_stale = rows[..i]
        .iter()
        .rev()
        .find(|b| b.left.state != StateName::Joining)
        .is_some_and(|b| b.left.state == StateName::Stale);
    add(
        Cause::LibrdkafkaLost,
        was_stale && o.state == StateName::Joining,
    );
    add(Cause::LibrdkafkaFatal, error == Some(Reaction::Fatal));
    add(
        Cause::ErrorReportedNotFatal,
        error == Some(Reaction::Report),
    );
    add(
        Cause::LibrdkafkaFailedCallback,
        matches!(
            step.input,
            Input::Completed {
                outcome: Outcome::Failed
            }
        ),
    );
    // Without a listener the Java client calls nothing, and librdkafka's callbacks complete
    // by themselves beside it.
    add(
        Cause::NoListener,
        !config.listener && (differs(Aspect::Callbacks) || !r.adjustments.is_empty()),
    );
    add(
        Cause::LibrdkafkaRetryTiming,
        matches!(error, Some(Reaction::Retry | Reaction::Refresh)),
    );
    let missing = |side: &Side| {
        matches!(
            side.rejected,
            Some(Rejected::NotInModel { .. } | Rejected::AlreadySubscribed { .. })
        )
    };
    add(
        Cause::LibrdkafkaInputs,
        kind != InputKind::PollTimerExpired
            && ((missing(o) && r.rejected.is_none()) || (missing(r) && o.rejected.is_none())),
    );
    let epoch_zero = |side: &Side| matches!(side.rejected, Some(Rejected::EpochBelowOne { .. }));
    add(
        Cause::LibrdkafkaEpochZero,
        epoch_zero(o) && r.rejected.is_none(),
    );
    add(
        Cause::ClientGeneratedMemberId,
        o.rejected == Some(Rejected::MissingMemberId) && r.rejected.is_none(),
    );
    add(
        Cause::TerminatedIsFinal,
        o.rejected == Some(Rejected::Terminated) && r.rejected.is_none(),
    );
    let empty_assign = |side: &Side| {
        side.callbacks.iter().chain(&side.awaiting).any(
            |e| matches!(e, Effect::InvokeOnPartitionsAssigned { partitions } if partitions.is_empty()),
        )
    };
    add(
        Cause::LibrdkafkaEmptyAssign,
        empty_assign(r) && (differs(Aspect::Callbacks) || differs(Aspect::State)),
    );
    let calling = matches!(
        r.state,
        StateName::WaitAssignCall | StateName::WaitUnassignCall
    );
    let steady = |state| matches!(state, StateName::Joined | StateName::Stable);
    let reconciling = |state| {
        matches!(
            state,
            StateName::Assigning | StateName::Reconciling | StateName::Acknowledging
        )
    };
    add(
        Cause::LibrdkafkaAssignedWhenCalled,
        calling && differs(Aspect::Assigned) && !lost_pending(r),
    );
    add(
        Cause::LibrdkafkaOneAtATime,
        r.state == StateName::Steady
            && (reconciling(o.state) || (steady(o.state) && differs(Aspect::Assigned))),
    );
    let left = matches!(
        o.state,
        StateName::Terminating
            | StateName::Terminated
            | StateName::PrepareLeaving
            | StateName::Leaving
            | StateName::Unsubscribed
    );
    add(
        Cause::LibrdkafkaLeave,
        matches!(kind, InputKind::Close | InputKind::Unsubscribe)
            || (left
                && matches!(r.state, StateName::Init | StateName::Term)
                && error != Some(Reaction::Fatal)),
    );
    add(
        Cause::LibrdkafkaInitUntilAssigned,
        r.state == StateName::Init
            && r.member_epoch > 0
            && (steady(o.state) || (reconciling(o.state) && o.assigned.is_empty())),
    );
    let nothing_in_flight = Some(Rejected::NoHeartbeatInFlight);
    // An answer taken by both, but by different heartbeats (a leave on one side, a join on the
    // other), parts them as surely as one refused.
    let answered_apart = matches!(
        kind,
        InputKind::HeartbeatResponse | InputKind::HeartbeatError
    ) && i
        .checked_sub(1)
        .and_then(|j| rows.get(j))
        .is_some_and(|b| b.left.in_flight != b.right.in_flight);
    let mut like = None;
    if o.rejected == nothing_in_flight || r.rejected == nothing_in_flight || answered_apart {
        match heartbeats_out_of_step(rows, steps, i) {
            Ok(cause) => add(cause, true),
            Err(start) => like = Some(start),
        }
    }
    Named { causes, like }
}

/// The side calls, or waits on, onPartitionsLost (on_lost).
fn lost_pending(side: &Side) -> bool {
    side.callbacks
        .iter()
        .chain(&side.awaiting)
        .any(|e| matches!(e, Effect::InvokeOnPartitionsLost { .. }))
}

/// An answer one model has no heartbeat for: walks back to the step where the heartbeats in flight
/// parted, and names what made one side send what the other did not (or else that step, whose
/// causes this row shares).
fn heartbeats_out_of_step(rows: &[Row], steps: &[Step], i: usize) -> Result<Cause, usize> {
    let start = super::classify::parted(rows, i);
    let window = rows.get(start..=i).unwrap_or_default();
    let sent = |right: bool, purpose| {
        window.iter().any(|row| {
            let side = if right { &row.right } else { &row.left };
            side.heartbeats().any(|p| p == purpose)
        })
    };
    // The error whose retry went out at a different time: at the step where they parted, or
    // the one before it (a retry on a timer parts them when the time passes); or a retry in the
    // last heartbeats before they parted, which restarted one model's interval and not the other's.
    let since_regular = rows[..start]
        .iter()
        .rev()
        .map(|row| {
            row.left
                .heartbeats()
                .chain(row.right.heartbeats())
                .collect::<Vec<_>>()
        })
        .find(|sent| !sent.is_empty())
        .is_some_and(|sent| sent.contains(&Purpose::Retry));
    let retried = since_regular
        || steps
            .get(start.saturating_sub(1)..=start)
            .unwrap_or_default()
            .iter()
            .any(|step| {
                let error = match &step.input {
                    Input::HeartbeatError { code } => reaction(Some(code)),
                    Input::HeartbeatFailed => reaction(None),
                    _ => return false,
                };
                matches!(error, Reaction::Retry | Reaction::Refresh)
            });
    let only = |purpose| sent(true, purpose) != sent(false, purpose);
    // A member that stopped polling leaves: at once in the Java client, after on_lost in
    // librdkafka.
    let stopped_polling = rows
        .get(start.saturating_sub(1)..=i)
        .unwrap_or_default()
        .iter()
        .any(|row| row.left.state == StateName::Stale || lost_pending(&row.right));
    let cause = if sent(false, Purpose::BetweenRevokeAndAssign) {
        Cause::HeartbeatBetweenRevokeAndAssign
    } else if retried {
        Cause::LibrdkafkaRetryTiming
    } else if only(Purpose::Leave) && stopped_polling {
        Cause::LibrdkafkaLost
    } else if only(Purpose::Leave) {
        Cause::LibrdkafkaLeave
    } else if only(Purpose::Acknowledge) {
        Cause::LibrdkafkaOneAtATime
    } else {
        return Err(start);
    };
    Ok(cause)
}
