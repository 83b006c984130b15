//! Reconciliation through the application's rebalance callback: one target at a time, revoke
//! then assign, the lost assignment and the rejoin, leaving, and a fatal error's silent unassign
//! (`rd_kafka_cgrp_handle_assignment_cooperative`, `rd_kafka_rebalance_op_incr`,
//! `rd_kafka_cgrp_revoke_all_rejoin`, `rd_kafka_cgrp_consumer_rejoin`).

use super::member::{Pending, RdkMember, Then};
use crate::machine::facts::Out;
use crate::machine::Activity;
use crate::protocol::assignment::PartitionSet;
use crate::protocol::effect::Effect;
use crate::protocol::error_code::ErrorCode;
use crate::protocol::state::StateName;

/// The error the application's poll returns when the poll interval passed (a local code).
pub const MAX_POLL_EXCEEDED: &str = "_MAX_POLL_EXCEEDED";

impl RdkMember {
    /// A newer target starts reconciling only when none runs or waits for its acknowledgement,
    /// and only in `init` or `steady` (`rd_kafka_cgrp_consumer_handle_next_assignment`).
    pub(crate) fn take_next_target(&mut self, out: &mut Out) {
        let Some(next) = self.next.clone() else {
            return;
        };
        if self.wait_ack || !matches!(self.state, StateName::Init | StateName::Steady) {
            return;
        }
        self.next = None;
        if next == self.current {
            // "Not reconciling new assignment: Assignment is the same".
            return;
        }
        self.wait_ack = true;
        self.target = Some(next.clone());
        let revoked = self.assigned.difference(&next);
        let added = next.difference(&self.assigned);
        if !revoked.is_empty() {
            // The added partitions wait for the revocation: an on_assign follows, even empty.
            self.rebalance(
                Then::Unassign {
                    revoked,
                    then_assign: Some(added),
                    rejoin: false,
                    during: Activity::Reconciliation,
                },
                false,
                out,
            );
        } else if !added.is_empty() {
            self.rebalance(Then::Assign(added), false, out);
        } else {
            self.assignment_done();
        }
    }

    /// `rd_kafka_rebalance_op_incr`: the join state says what the application was handed.
    fn rebalance(&mut self, then: Then, lost: bool, out: &mut Out) {
        let effect = match &then {
            Then::Assign(added) => {
                self.enter(StateName::WaitAssignCall, out);
                Effect::InvokeOnPartitionsAssigned {
                    partitions: added.clone(),
                }
            }
            Then::Unassign { revoked, .. } => {
                self.enter(StateName::WaitUnassignCall, out);
                let partitions = revoked.clone();
                if lost {
                    Effect::InvokeOnPartitionsLost { partitions }
                } else {
                    Effect::InvokeOnPartitionsRevoked { partitions }
                }
            }
        };
        if self.config.auto_complete {
            out.push(self, effect);
            self.answered(then, out);
        } else {
            self.pending.push_back(Pending {
                effect: effect.clone(),
                then,
            });
            out.push(self, effect);
        }
    }

    /// The application returned from its callback and made its incremental call.
    pub(crate) fn answered(&mut self, then: Then, out: &mut Out) {
        // The callback ran inside the application's poll: the poll interval is kept again.
        self.max_poll_exceeded = false;
        if self.terminating || self.fatal {
            // "treating assign as unassign": everything goes, the leave follows; an answer after
            // that one (the queued on_revoke of a close) finds nothing left to do.
            if matches!(self.state, StateName::Init | StateName::Steady) {
                return self.terminate_if_done(out);
            }
            if self.state == StateName::WaitAssignCall {
                self.enter(StateName::WaitUnassignCall, out);
            }
            self.enter(StateName::WaitUnassignToComplete, out);
            self.remove(self.assigned.clone(), out);
            return self.unassign_done(out);
        }
        if self.state == StateName::Init {
            // An on_revoke answered after an unsubscribe already left (`init`): the partitions
            // go, the join state stays (`rd_kafka_cgrp_incremental_unassign` moves it only from
            // wait-unassign-call), and nothing follows.
            if let Then::Unassign { revoked, .. } = then {
                self.remove(revoked, out);
            }
            return;
        }
        match then {
            // `rd_kafka_cgrp_incremental_assign`: the partitions are added, and only from
            // wait-assign-call does the join state move on; an unsubscribe that queued on_revoke
            // behind this on_assign keeps it in wait-unassign-call for that answer.
            Then::Assign(added) => {
                let revoke_queued = self.state == StateName::WaitUnassignCall;
                if !revoke_queued {
                    self.enter(StateName::Steady, out);
                    self.poll_timer_running |= self.subscribed;
                }
                if !added.is_empty() {
                    self.assigned.extend(&added);
                    out.push(self, Effect::AddToAssigned { partitions: added });
                }
                if !revoke_queued {
                    self.assignment_done();
                }
            }
            Then::Unassign {
                revoked,
                then_assign,
                rejoin,
                ..
            } => {
                self.enter(StateName::WaitIncrUnassignToComplete, out);
                self.remove(revoked, out);
                if let Some(added) = then_assign {
                    self.rebalance(Then::Assign(added), false, out);
                } else if rejoin {
                    self.rejoin(out);
                } else {
                    self.enter(StateName::Steady, out);
                    self.poll_timer_running |= self.subscribed;
                    self.assignment_done();
                }
            }
        }
    }

    fn remove(&mut self, partitions: PartitionSet, out: &mut Out) {
        if !partitions.is_empty() {
            self.assigned.subtract(&partitions);
            out.push(self, Effect::RemoveFromAssigned { partitions });
        }
    }

    /// `rd_kafka_cgrp_consumer_assignment_done` in steady: the acknowledgement goes at once.
    fn assignment_done(&mut self) {
        if self.state == StateName::Steady && self.wait_ack {
            self.expedite();
        }
    }

    /// `rd_kafka_cgrp_consumer_reset`: epoch 0, nothing current, targeted or waiting.
    fn reset(&mut self) {
        // Every consumer flag but "subscribed once" and "wait rejoin to complete" goes.
        self.wait_rejoin = false;
        self.epoch = 0;
        self.current = PartitionSet::new();
        self.target = None;
        self.next = None;
        self.wait_ack = false;
        self.send_full = false;
        self.send_subscription = false;
    }

    /// `rd_kafka_cgrp_consumer_rejoin`: the leave if one is owed, then `init` and a join at once.
    fn rejoin(&mut self, out: &mut Out) {
        if self.leave_on_unassign_done {
            self.send_leave(out);
        }
        self.reset();
        self.enter(StateName::Init, out);
        if self.subscribed {
            self.expedite();
        }
    }

    /// `rd_kafka_cgrp_unassign_done`: the leave if owed, `init`, and `term` when closing.
    fn unassign_done(&mut self, out: &mut Out) {
        if self.leave_on_unassign_done {
            self.send_leave(out);
        }
        self.reset();
        self.enter(StateName::Init, out);
        self.terminate_if_done(out);
    }

    /// `rd_kafka_cgrp_try_terminate`: closing, the handle terminates once no leave is in flight
    /// and the join state waits for no callback (`RD_KAFKA_CGRP_WAIT_ASSIGN_CALL`). Neither an
    /// ordinary heartbeat's answer nor the on_revoke a close queued behind on_assign is waited
    /// for: once the first answer unassigned everything, the leave's answer may terminate the
    /// handle before the application answers that on_revoke, and its answer then goes nowhere.
    pub(crate) fn terminate_if_done(&mut self, out: &mut Out) {
        let leave = self
            .in_flight
            .contains(&crate::protocol::effect::Purpose::Leave);
        let waits_for_call = matches!(
            self.state,
            StateName::WaitAssignCall | StateName::WaitUnassignCall
        );
        if self.terminating && !leave && !waits_for_call {
            self.pending.clear();
            self.enter(StateName::Term, out);
        }
    }

    /// `rd_kafka_cgrp_revoke_all_rejoin`: everything assigned goes to the callback (as lost
    /// when fenced), or, with nothing assigned, straight to the rejoin or the leave.
    pub(crate) fn revoke_all(&mut self, lost: bool, out: &mut Out) {
        let during = if self.terminating {
            Activity::Close
        } else if lost && self.max_poll_exceeded {
            Activity::Stale
        } else if lost {
            Activity::Fence
        } else {
            Activity::Unsubscribe
        };
        if self.assigned.is_empty() {
            if self.terminating {
                // "consumer is terminating, skipping rejoin": the join state stays where it is;
                // the leave goes, and the handle terminates from there.
                if self.leave_on_unassign_done {
                    self.send_leave(out);
                }
                self.reset();
                self.terminate_if_done(out);
            } else {
                self.rejoin(out);
            }
            return;
        }
        let then = Then::Unassign {
            revoked: self.assigned.clone(),
            then_assign: None,
            rejoin: !self.terminating,
            during,
        };
        self.rebalance(then, lost, out);
    }

    pub(crate) fn on_close(&mut self, out: &mut Out) {
        self.terminating = true;
        self.subscribed = false;
        self.wait_rejoin = false;
        self.rejoin_to_complete = false;
        self.next = None;
        if self.fatal && self.pending.is_empty() {
            // close() returns the fatal error at once; nothing is revoked, no leave is sent.
            self.enter(StateName::Init, out);
            return self.enter(StateName::Term, out);
        }
        if self.epoch > 0 && !self.leaving() && !self.fatal {
            self.leave_on_unassign_done = true;
        }
        if !self.fatal && self.revoke_behind_running_callback(out) {
            // The first answer is taken as the full unassign ("treating assign as unassign").
            return;
        }
        if !self.pending.is_empty() {
            // "rebalance already in progress": the application's answer finishes the close.
            return;
        }
        self.revoke_all(false, out);
    }

    /// Closing or unsubscribing while on_assign runs (`rd_kafka_cgrp_revoke_all_rejoin`, which
    /// does not wait for a rebalance in progress): everything, what on_assign was handed
    /// included, is revoked at once (wait-assign-call → wait-unassign-call) and on_revoke queues
    /// behind on_assign. Closing while on_revoke runs queues an on_revoke of what that one
    /// leaves; unsubscribing while an on_revoke of everything held waits leaves at once.
    /// Returns whether a callback was running and the unsubscribe or close was dealt with.
    fn revoke_behind_running_callback(&mut self, out: &mut Out) -> bool {
        let all = match self.pending.front().map(|p| p.then.clone()) {
            Some(Then::Assign(added)) => {
                let mut all = self.assigned.clone();
                all.extend(&added);
                all
            }
            // Closing while on_revoke runs: what that on_revoke leaves is revoked behind it, and
            // its answer is taken as the full unassign (random-50063).
            Some(Then::Unassign { revoked, .. }) if self.terminating => {
                let mut rest = self.assigned.clone();
                rest.subtract(&revoked);
                if rest.is_empty() {
                    return false;
                }
                rest
            }
            // Unsubscribing while on_revoke waits for the application, that on_revoke taking
            // everything held: `rd_kafka_cgrp_revoke_all_rejoin` finds the group assignment
            // empty (the revoked partitions left it when the callback was handed over) and goes
            // straight to `rd_kafka_cgrp_consumer_rejoin`, the leave at once and `init`; the
            // on_revoke still runs, and its answer is served in `init` (random-50076).
            Some(Then::Unassign { revoked, .. })
                if !self.terminating && self.assigned.difference(&revoked).is_empty() =>
            {
                self.rejoin(out);
                return true;
            }
            _ => return false,
        };
        self.enter(StateName::WaitUnassignCall, out);
        let then = Then::Unassign {
            revoked: all.clone(),
            then_assign: None,
            rejoin: !self.terminating,
            during: if self.terminating {
                Activity::Close
            } else {
                Activity::Unsubscribe
            },
        };
        let effect = Effect::InvokeOnPartitionsRevoked { partitions: all };
        self.pending.push_back(Pending {
            effect: effect.clone(),
            then,
        });
        out.push(self, effect);
        true
    }

    pub(crate) fn on_unsubscribe(&mut self, out: &mut Out) {
        if !self.subscribed {
            return;
        }
        self.subscribed = false;
        self.wait_rejoin = false;
        self.poll_timer_running = false;
        // `rd_kafka_cgrp_consumer_unsubscribe`: a member already leaving revokes nothing more.
        let leaves = self.epoch > 0 && !self.leaving();
        if leaves {
            self.leave_on_unassign_done = true;
        }
        if self.pending.is_empty() {
            self.revoke_all(false, out);
        } else if leaves {
            self.revoke_behind_running_callback(out);
        }
    }

    /// `rd_kafka_cgrp_max_poll_interval_check_tmr_cb`: the error, then the assignment is lost
    /// and the leave goes once the application has polled and answered `on_lost`.
    pub(crate) fn on_poll_timer_expired(&mut self, out: &mut Out) {
        if !self.subscribed || self.max_poll_exceeded || !self.poll_timer_running {
            return;
        }
        self.poll_timer_running = false;
        self.max_poll_exceeded = true;
        self.wait_rejoin = true;
        self.leave_on_unassign_done = true;
        out.push(
            self,
            Effect::ReportError {
                code: ErrorCode::Other(MAX_POLL_EXCEEDED.to_owned()),
            },
        );
    }

    /// `rd_kafka_set_fatal_error`: the error to the application, and a full unassign that calls
    /// no callback (the join state falls back to `init`); no leave is ever sent.
    pub(crate) fn raise_fatal(&mut self, code: ErrorCode, out: &mut Out) {
        self.fatal = true;
        self.failure = Some(code.clone());
        self.wait_rejoin = false;
        self.leave_on_unassign_done = false;
        out.push(self, Effect::ReportError { code });
        if !self.pending.is_empty() {
            return;
        }
        if !self.assigned.is_empty() {
            let partitions = std::mem::take(&mut self.assigned);
            out.push(self, Effect::ClearAssigned { partitions });
        }
        self.reset();
        self.enter(StateName::Init, out);
    }
}
