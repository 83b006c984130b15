//! How a differing step is tied to its causes.
//!
//! Two ways, in this order:
//!
//! 1. **Switches, one at a time.** A cause that an *Align* switch removes explains every step whose
//!    difference changes when that switch alone is turned on ([`Detail`]). This catches the steps
//!    where the cause shows directly (an extra commit) and the ones it pushes out of step (the
//!    shipped client still in FENCED because onPartitionsLost waits behind a running callback).
//! 2. **Rules, for what no switch removes.** With every switch on, the steps that still differ are
//!    matched by [`rules`]: the input or the states say which cause it is. A step no rule names
//!    belongs to the causes the rules named last since the models last agreed (one cause keeps
//!    them apart until they agree again); with none, it is [`Cause::Unexplained`].

use super::{Align, Aspect, Cause, Row};
use crate::protocol::assignment::PartitionSet;
use crate::protocol::config::Config;
use crate::protocol::effect::{Effect, Purpose};
use crate::protocol::error_code::{ErrorClass, ErrorCode};
use crate::protocol::input::{Input, InputKind, Outcome};
use crate::protocol::rejected::Rejected;
use crate::protocol::state::StateName;
use crate::session::trace::Step;

/// Exactly what differs in a row: for each differing aspect, the two values (for callbacks, the
/// ones each side has and the other has not). Two runs tell a row apart when their details differ.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Detail {
    aspects: Vec<Aspect>,
    states: Option<(StateName, StateName)>,
    epochs: Option<(i32, i32)>,
    assigned: Option<(PartitionSet, PartitionSet)>,
    callbacks: Option<(Vec<Effect>, Vec<Effect>)>,
}

impl Detail {
    pub(crate) fn of(row: &Row, align: &Align) -> Detail {
        let has = |aspect| row.differences.contains(&aspect);
        let (s, k) = (&row.left, &row.right);
        let seed: Vec<Effect> = s.compared_callbacks(align).cloned().collect();
        let kafka: Vec<Effect> = k.compared_callbacks(align).cloned().collect();
        Detail {
            aspects: row.differences.clone(),
            states: has(Aspect::State).then_some((s.state, k.state)),
            epochs: has(Aspect::Epoch).then_some((s.member_epoch, k.member_epoch)),
            assigned: has(Aspect::Assigned).then(|| (s.assigned.clone(), k.assigned.clone())),
            callbacks: has(Aspect::Callbacks).then(|| (only(&seed, &kafka), only(&kafka, &seed))),
        }
    }
}

/// The effects of `these` that `those` does not have (counted, so two commits are not one).
fn only(these: &[Effect], those: &[Effect]) -> Vec<Effect> {
    let mut left: Vec<&Effect> = those.iter().collect();
    these
        .iter()
        .filter(|e| match left.iter().position(|o| o == e) {
            Some(at) => {
                left.remove(at);
                false
            }
            None => true,
        })
        .cloned()
        .collect()
}

/// What the rules say about a residual row.
#[derive(Debug, Default)]
pub(crate) struct Named {
    /// The causes they name (none when no rule fits).
    pub(crate) causes: Vec<Cause>,
    /// An answer one model had no heartbeat for, when no rule says why their heartbeats parted:
    /// the step where they did, whose causes this row shares.
    pub(crate) like: Option<usize>,
}

/// The causes the rules name for residual row `i` (rows under every switch).
pub(crate) fn rules(rows: &[Row], steps: &[Step], config: &Config, i: usize) -> Named {
    let (Some(row), Some(step)) = (rows.get(i), steps.get(i)) else {
        return Named::default();
    };
    let (s, k) = (&row.left, &row.right);
    let before = i.checked_sub(1).and_then(|j| rows.get(j));
    let was = |state| before.is_some_and(|b| b.right.state == state);
    let kind = step.input.kind();
    let mut causes = Vec::new();
    let mut add = |cause, when: bool| {
        if when && !causes.contains(&cause) {
            causes.push(cause);
        }
    };
    let stale = kind == InputKind::PollTimerExpired || k.state == StateName::Stale;
    add(Cause::StaleMember, stale || was(StateName::Stale));
    let metadata = k.waiting_for_metadata || before.is_some_and(|b| b.right.waiting_for_metadata);
    add(
        Cause::TopicNamesResolved,
        kind == InputKind::Metadata || metadata,
    );
    let refused = match &s.rejected {
        Some(Rejected::NotInModel { input }) => {
            matches!(input, InputKind::Poll | InputKind::Unsubscribe)
        }
        Some(Rejected::AlreadySubscribed { .. }) => true,
        _ => false,
    };
    add(
        Cause::SeedRejectsInput,
        refused && k.rejected.is_none() && !stale && !was(StateName::Stale),
    );
    let taken = k.rejected.is_none();
    add(
        Cause::ClientGeneratedMemberId,
        s.rejected == Some(Rejected::MissingMemberId) && taken,
    );
    add(
        Cause::TerminatedIsFinal,
        s.rejected == Some(Rejected::Terminated) && taken,
    );
    let failed_callback = k
        .effects
        .iter()
        .any(|e| matches!(e, Effect::ReportError { code } if *code == ErrorCode::CallbackFailed));
    add(
        Cause::FailedCallbackRetried,
        matches!(
            step.input,
            Input::Completed {
                outcome: Outcome::Failed
            }
        ) && failed_callback
            && k.state == StateName::Reconciling,
    );
    let in_group = matches!(
        k.state,
        StateName::Joining | StateName::Reconciling | StateName::Acknowledging | StateName::Stable
    );
    let close = kind == InputKind::Close;
    add(
        Cause::CloseInApplication,
        close && (in_group || row.differences.contains(&Aspect::Callbacks)),
    );
    // seed model §5.9: a seed closing before its first answer has no id to leave with; the shipped
    // client made its own, and leaves with it.
    let no_id = before.is_some_and(|b| b.left.member_id.is_empty());
    add(
        Cause::ClientGeneratedMemberId,
        close && no_id && s.state == StateName::Terminated,
    );
    add(
        Cause::LeaveEndsWhenSent,
        s.state == StateName::Terminating && k.state == StateName::Unsubscribed,
    );
    add(
        Cause::ErrorReportedNotFatal,
        matches!(&step.input, Input::HeartbeatError { code } if code.reported_from().is_some())
            && (s.state == StateName::Terminated) != (k.state == StateName::Fatal),
    );
    let unchanged = matches!(&step.input, Input::HeartbeatResponse(r) if r.assignment.is_none());
    add(
        Cause::JoiningUntilAssignment,
        unchanged && s.state == StateName::Joined && k.state == StateName::Joining,
    );
    add(
        Cause::AcknowledgingState,
        k.state == StateName::Acknowledging && !k.in_flight.is_empty(),
    );
    let seed_calls = s
        .callbacks
        .iter()
        .any(|e| !matches!(e, Effect::CommitOffsets { .. }));
    add(
        Cause::NoListener,
        !config.listener && row.differences.contains(&Aspect::Callbacks) && seed_calls,
    );
    let nothing_in_flight = Some(Rejected::NoHeartbeatInFlight);
    let mut like = None;
    if s.rejected == nothing_in_flight || k.rejected == nothing_in_flight {
        match heartbeats_out_of_step(rows, steps, i) {
            Ok(cause) => add(cause, true),
            Err(start) => like = Some(start),
        }
    }
    Named { causes, like }
}

/// The first of the rows up to `i` after which the two sides' heartbeats in flight differ without
/// a break: where their heartbeats parted.
pub(crate) fn parted(rows: &[Row], i: usize) -> usize {
    let differ = |row: &Row| row.left.in_flight != row.right.in_flight;
    let mut start = i;
    while start > 0 && rows.get(start - 1).is_some_and(differ) {
        start -= 1;
    }
    start
}

/// An answer one model has no heartbeat for: their heartbeats fell out of step earlier. Walks back
/// over the steps after which the two heartbeats in flight differ, to the one that started it, and
/// names what made one model send what the other did not (the first that fits), or else the step
/// where they parted (for a cause of that step's own).
fn heartbeats_out_of_step(rows: &[Row], steps: &[Step], i: usize) -> Result<Cause, usize> {
    let start = parted(rows, i);
    let window = rows.get(start..=i).unwrap_or_default();
    // Each cause is a fact about what one side sent and the other did not: the left side is the
    // model listed first (for the seed against a client, the seed).
    let sent = |side: Position, purpose| {
        window.iter().any(|row| {
            let side = match side {
                Position::Left => &row.left,
                Position::Right => &row.right,
            };
            side.heartbeats().any(|p| p == purpose)
        })
    };
    use Position::{Left, Right};
    let joining = rows
        .get(start)
        .is_some_and(|r| r.right.state == StateName::Joining);
    let retried_at_once = steps.get(start).is_some_and(|step| match &step.input {
        Input::HeartbeatError { code } => {
            matches!(
                code,
                ErrorCode::NotCoordinator | ErrorCode::CoordinatorNotAvailable
            ) || (code.class() == ErrorClass::Retriable && joining)
        }
        Input::HeartbeatFailed => joining,
        _ => false,
    });
    let cause = if sent(Left, Purpose::BetweenRevokeAndAssign) {
        Cause::HeartbeatBetweenRevokeAndAssign
    } else if retried_at_once {
        Cause::RetryAtOnce
    } else if sent(Right, Purpose::Acknowledge) && !sent(Left, Purpose::Acknowledge) {
        Cause::LocalEpochAcknowledged
    } else if sent(Right, Purpose::Join) && !sent(Left, Purpose::Join) {
        Cause::JoiningUntilAssignment
    } else if sent(Left, Purpose::Interval) != sent(Right, Purpose::Interval) {
        Cause::IntervalRestartedByAnswer
    } else {
        return Err(start);
    };
    Ok(cause)
}

/// A side of a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Position {
    Left,
    Right,
}
