//! Losing and leaving (`AbstractMembershipManager`, `ConsumerMembershipManager`): fenced, fatal, unsubscribe, close (K4x), and the stale
//! member whose application stopped polling.

use super::local::{LocalAssignment, Then};
use super::member::KafkaMember;
use crate::machine::facts::Out;
use crate::protocol::config::LEAVE_EPOCH;
use crate::protocol::effect::Effect;
use crate::protocol::error_code::ErrorCode;
use crate::protocol::input::Outcome;
use crate::protocol::state::StateName;
use crate::protocol::version::ClientVersion;

impl KafkaMember {
    /// Everything the member holds: assigned and pending revocation.
    fn held(&self) -> crate::PartitionSet {
        let mut held = self.assigned.clone();
        held.extend(&self.pending_revocation);
        held
    }

    fn in_group(&self) -> bool {
        matches!(
            self.state,
            StateName::Joining
                | StateName::Reconciling
                | StateName::Acknowledging
                | StateName::Stable
        )
    }

    /// onPartitionsLost for everything held (when a listener is registered), then `then`.
    pub(crate) fn release_as_lost(&mut self, then: Then, out: &mut Out) {
        let held = self.held();
        if held.is_empty() || !self.config.listener || !self.config.behaviours.lost_callback {
            self.resume_leaving(then, Outcome::Ok, out);
        } else {
            self.wait_for(
                Effect::InvokeOnPartitionsLost { partitions: held },
                then,
                out,
            );
        }
    }

    /// Drops everything held (after its callback), and the assignments with it. Partitions
    /// pending revocation already left the assigned set, so only the rest is cleared.
    fn clear_assignment(&mut self, out: &mut Out) {
        let cleared = std::mem::take(&mut self.assigned);
        self.pending_revocation = crate::PartitionSet::new();
        self.current = LocalAssignment::none();
        self.target = LocalAssignment::none();
        if !cleared.is_empty() {
            out.push(
                self,
                Effect::ClearAssigned {
                    partitions: cleared,
                },
            );
        }
    }

    /// FENCED_MEMBER_EPOCH or UNKNOWN_MEMBER_ID.
    pub(crate) fn transition_to_fenced(&mut self, out: &mut Out) {
        match self.state {
            StateName::PrepareLeaving => {
                // The leave is cut short: no leave heartbeat; a callback still running finishes later.
                // `transitionToSendingLeaveGroup` forgets the reconciled assignment.
                self.member_epoch = self.config.leave_epoch();
                self.current = LocalAssignment::none();
                self.target = LocalAssignment::none();
                self.enter(StateName::Leaving, out);
                self.enter(StateName::Unsubscribed, out);
                self.leave_pending = false;
            }
            StateName::Leaving => {
                self.enter(StateName::Unsubscribed, out);
                self.leave_pending = false;
            }
            _ if self.in_group() => {
                self.interrupt_reconciliation();
                self.member_epoch = 0;
                self.enter(StateName::Fenced, out);
                self.release_as_lost(Then::RejoinAfterFence, out);
            }
            _ => {}
        }
    }

    /// A fatal error (the code was reported already).
    pub(crate) fn transition_to_fatal(&mut self, code: ErrorCode, out: &mut Out) {
        if matches!(
            self.state,
            StateName::Fatal | StateName::Fenced | StateName::Stale
        ) {
            return;
        }
        let from = self.state;
        self.interrupt_reconciliation();
        self.failure = Some(code);
        self.enter(StateName::Fatal, out);
        match from {
            StateName::Unsubscribed => {}
            StateName::Leaving | StateName::PrepareLeaving => self.leave_pending = false,
            _ => self.release_as_lost(Then::ClearAfterFatal, out),
        }
    }

    /// `unsubscribe()`: leave with callbacks, keep the consumer.
    pub(crate) fn on_unsubscribe(&mut self, out: &mut Out) {
        match self.state {
            StateName::Fenced => {
                self.subscribed = false;
                self.clear_assignment(out);
                self.enter(StateName::Unsubscribed, out);
            }
            _ if self.in_group() => {
                self.interrupt_reconciliation();
                self.leave_pending = true;
                self.enter(StateName::PrepareLeaving, out);
                self.release_for_leave(Then::LeaveAfterRelease, out);
            }
            // Not in the group, or already leaving: only the subscription goes.
            _ => self.subscribed = false,
        }
    }

    /// onPartitionsRevoked for everything held when the member has an epoch, onPartitionsLost
    /// when it has none; then `then`.
    fn release_for_leave(&mut self, then: Then, out: &mut Out) {
        let held = self.held();
        if held.is_empty() || !self.config.listener {
            self.resume_leaving(then, Outcome::Ok, out);
        } else if self.member_epoch > 0 {
            let newly = self.assigned.clone();
            if !newly.is_empty() {
                self.assigned = crate::PartitionSet::new();
                self.pending_revocation.extend(&newly);
                out.push(self, Effect::RemoveFromAssigned { partitions: newly });
            }
            self.wait_for(
                Effect::InvokeOnPartitionsRevoked { partitions: held },
                then,
                out,
            );
        } else {
            self.wait_for(
                Effect::InvokeOnPartitionsLost { partitions: held },
                then,
                out,
            );
        }
    }

    /// `close()` (K4x): auto-commit, the application's own revoke (or lost) callback, then the
    /// membership leaves without callbacks (`leaveGroupOnClose`).
    pub(crate) fn on_close(&mut self, out: &mut Out) {
        self.closed = true;
        self.subscribed = false;
        if !self.in_group() {
            if self.state == StateName::Fenced {
                self.clear_assignment(out);
                self.enter(StateName::Unsubscribed, out);
            }
            return;
        }
        self.leave_pending = true;
        let held = self.held();
        if self.config.enable_auto_commit && !held.is_empty() {
            self.wait_for(
                Effect::CommitOffsets { partitions: held },
                Then::CloseCallback,
                out,
            );
        } else {
            self.resume_leaving(Then::CloseCallback, Outcome::Ok, out);
        }
    }

    /// The application stopped polling: leave as stale (the leave's answer is ignored).
    pub(crate) fn on_poll_timer_expired(&mut self, out: &mut Out) {
        if !self.in_group() {
            return;
        }
        self.poll_expired = true;
        // The stale leave goes whatever the request state says, and resets it (3.7 too).
        self.heartbeats.wedged = false;
        self.rejoin_on_lost = false;
        self.interrupt_reconciliation();
        self.enter(StateName::PrepareLeaving, out);
        // From 3.8 a static member's stale leave keeps its place (−2); 3.7's `transitionToStale`
        // sent −1 for every member.
        self.member_epoch = if self.config.kafka_version() < ClientVersion::V3_8 {
            LEAVE_EPOCH
        } else {
            self.config.leave_epoch()
        };
        self.current = LocalAssignment::none();
        self.enter(StateName::Leaving, out);
    }

    /// Continuations of losing and leaving.
    pub(crate) fn resume_leaving(&mut self, then: Then, outcome: Outcome, out: &mut Out) {
        if outcome == Outcome::Failed {
            // Mutate, then push: what the continuation forgets without an effect of its own (the
            // local assignment, when nothing is owned) shows with the report, not after it.
            let clears = match then {
                Then::RejoinAfterFence => self.state == StateName::Fenced,
                Then::RejoinAfterStale | Then::ClearAfterFatal | Then::LeaveAfterRelease => true,
                Then::LeaveOnClose => self.in_group(),
                _ => false,
            };
            if clears && self.assigned.is_empty() {
                self.pending_revocation = crate::PartitionSet::new();
                self.current = LocalAssignment::none();
                self.target = LocalAssignment::none();
            }
            let code = if then == Then::CloseCallback {
                ErrorCode::CommitFailed
            } else {
                ErrorCode::CallbackFailed
            };
            out.push(self, Effect::ReportError { code });
        }
        match then {
            Then::RejoinAfterFence => {
                // Kafka clears unconditionally here, but there the callback runs inside the
                // application's next poll, before it can subscribe again. Here a completion can come
                // after the member left FENCED (unsubscribe or close, which cleared already) and
                // joined again: clearing then would drop an assignment the fence never saw.
                if self.state == StateName::Fenced {
                    self.clear_assignment(out);
                    self.transition_to_joining(out);
                }
            }
            Then::RejoinAfterStale => {
                self.clear_assignment(out);
                if self.state == StateName::Stale && self.rejoin_on_lost {
                    self.poll_expired = false;
                    self.transition_to_joining(out);
                }
            }
            Then::ClearAfterFatal => self.clear_assignment(out),
            Then::LeaveAfterRelease => {
                self.subscribed = false;
                self.clear_assignment(out);
                if self.state == StateName::PrepareLeaving {
                    self.member_epoch = self.config.leave_epoch();
                    self.enter(StateName::Leaving, out);
                }
            }
            Then::CloseCallback => {
                let held = self.held();
                if held.is_empty() || !self.config.listener || !self.in_group() {
                    self.resume_leaving(Then::LeaveOnClose, Outcome::Ok, out);
                } else if self.member_epoch > 0 {
                    self.wait_for(
                        Effect::InvokeOnPartitionsRevoked { partitions: held },
                        Then::LeaveOnClose,
                        out,
                    );
                } else {
                    self.wait_for(
                        Effect::InvokeOnPartitionsLost { partitions: held },
                        Then::LeaveOnClose,
                        out,
                    );
                }
            }
            Then::LeaveOnClose => {
                if self.in_group() {
                    self.interrupt_reconciliation();
                    self.enter(StateName::PrepareLeaving, out);
                    self.clear_assignment(out);
                    self.member_epoch = self.config.leave_epoch();
                    self.enter(StateName::Leaving, out);
                } else {
                    self.leave_pending = false;
                }
            }
            Then::Revoke(_) | Then::Assign(_) | Then::Acknowledge(_) => {}
        }
    }
}
