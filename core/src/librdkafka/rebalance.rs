//! Reconciliation through the application's rebalance callback: one target at a time, revoke
//! then assign, the lost assignment and the rejoin, leaving, and a fatal error's silent unassign
//! (`rd_kafka_cgrp_handle_assignment_cooperative`, `rd_kafka_rebalance_op_incr`,
//! `rd_kafka_cgrp_revoke_all_rejoin`, `rd_kafka_cgrp_consumer_rejoin`).

use super::member::{Pending, RdkMember, Then};
use crate::machine::facts::Out;
use crate::machine::Activity;
use crate::protocol::assignment::PartitionSet;
use crate::protocol::effect::Effect;
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
        let held = self.group_assignment();
        let revoked = held.difference(&next);
        let added = next.difference(&held);
        if !revoked.is_empty() {
            // `rkcg_rebalance_incr_assignment` is set anew (a parked assign left behind is lost).
            self.orphaned_assign = None;
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

    /// `rkcg_group_assignment`: what the member holds, less what it has handed to an on_revoke or
    /// on_lost and plus what it has handed to an on_assign, not yet answered (librdkafka changes
    /// it when it hands them over; the assigned set changes when the application answers).
    pub(crate) fn group_assignment(&self) -> PartitionSet {
        let mut held = self.assigned.clone();
        for p in &self.pending {
            match &p.then {
                Then::Unassign { revoked, .. } => held.subtract(revoked),
                Then::Assign(added) => held.extend(added),
            }
        }
        held
    }

    /// `rd_kafka_rebalance_op_incr`: the join state says what the application was handed.
    pub(super) fn rebalance(&mut self, then: Then, lost: bool, out: &mut Out) {
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
            // that one (the queued on_revoke of a close) finds nothing left to do. A parked
            // assign is dropped (`rd_kafka_cgrp_handle_assign_op`).
            self.orphaned_assign = None;
            if matches!(self.state, StateName::Init | StateName::Steady) {
                // Closed in `init` after an unsubscribe left while on_revoke waited: its answer
                // is the unassign the termination waited for (its partitions still held).
                self.remove(self.assigned.clone(), out);
                return self.terminate_if_done(out);
            }
            if self.state == StateName::WaitAssignCall {
                self.enter(StateName::WaitUnassignCall, out);
            }
            self.enter(StateName::WaitUnassignToComplete, out);
            self.remove(self.assigned.clone(), out);
            return self.unassign_done(out);
        }
        if let Then::Unassign {
            revoked,
            then_assign,
            ..
        } = &then
        {
            if self.state != StateName::WaitUnassignCall {
                // An on_revoke answered after an unsubscribe already left (in `init`, or in
                // wait-assign-call once subscribed again): the partitions go, the join state
                // stays (`rd_kafka_cgrp_incremental_unassign` moves it only from
                // wait-unassign-call), and nothing follows; the assign parked behind it stays
                // set, a rebalance as far as librdkafka can tell (random-440234).
                if then_assign.is_some() {
                    self.orphaned_assign.clone_from(then_assign);
                }
                return self.remove(revoked.clone(), out);
            }
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
                    // `rd_kafka_cgrp_consumer_assignment_done` in steady: a leave owed by an
                    // unsubscribe whose on_revoke was queued behind this assign goes now, and
                    // the join state stays steady (n_unsubscribe_while_part_is_revoked).
                    if !self.subscribed && self.leave_on_unassign_done && self.pending.is_empty() {
                        self.send_leave(out);
                    }
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
                // `rd_kafka_cgrp_consumer_incr_unassign_done` takes whatever assign is parked,
                // one left behind included.
                let then_assign = then_assign.or_else(|| self.orphaned_assign.take());
                self.orphaned_assign = None;
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

    pub(super) fn remove(&mut self, partitions: PartitionSet, out: &mut Out) {
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
    pub(super) fn reset(&mut self) {
        // Every consumer flag but "subscribed once" and "wait rejoin to complete" goes.
        self.wait_rejoin = false;
        self.epoch = 0;
        self.current = PartitionSet::new();
        self.target = None;
        self.next = None;
        self.wait_ack = false;
        self.send_full = false;
        self.send_subscription = false;
        self.sending_subscription = false;
    }

    /// `rd_kafka_cgrp_consumer_rejoin`: the leave if one is owed, then `init` and a join at once.
    pub(super) fn rejoin(&mut self, out: &mut Out) {
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
    pub(super) fn unassign_done(&mut self, out: &mut Out) {
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
        // "waiting for N toppar(s)": partitions still held (an on_revoke not yet answered
        // after an unsubscribe left) keep the handle from terminating.
        if self.terminating && !leave && !waits_for_call && self.assigned.is_empty() {
            self.pending.clear();
            self.enter(StateName::Term, out);
        }
    }
}
