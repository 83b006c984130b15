//! Leaving and losing: unsubscribe, close, the poll interval passing and a fatal error, each
//! while a callback may still wait for the application (`rd_kafka_cgrp_revoke_all_rejoin`,
//! `rd_kafka_cgrp_consumer_unsubscribe`, `rd_kafka_cgrp_terminate0`,
//! `rd_kafka_cgrp_max_poll_interval_check_tmr_cb`, `rd_kafka_set_fatal_error`).

use super::member::{Pending, RdkMember, Then};
use super::rebalance::MAX_POLL_EXCEEDED;
use crate::machine::facts::Out;
use crate::machine::Activity;
use crate::protocol::effect::Effect;
use crate::protocol::error_code::ErrorCode;
use crate::protocol::state::StateName;

impl RdkMember {
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
            // Closing or unsubscribing while on_revoke waits for the application:
            // `rd_kafka_cgrp_revoke_all_rejoin` revokes what that on_revoke leaves behind it
            // (closing, the first answer is then taken as the full unassign: random-50063).
            // Unsubscribing with nothing left (that on_revoke took everything: the revoked
            // partitions left the group assignment when it was handed over), it goes straight to
            // `rd_kafka_cgrp_consumer_rejoin`, the leave at once and `init`, and the on_revoke's
            // answer is served in `init` (random-50076).
            Some(Then::Unassign { .. })
                if self.terminating || self.state == StateName::WaitUnassignCall =>
            {
                let rest = self.group_assignment();
                if rest.is_empty() {
                    if self.terminating {
                        return false;
                    }
                    self.rejoin(out);
                    return true;
                }
                rest
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
        self.poll_timer_running = false;
        // `rd_kafka_cgrp_consumer_unsubscribe`: a member already leaving, or fenced and rejoining
        // (`rd_kafka_cgrp_consumer_will_rejoin`: `WAIT_REJOIN`, or `WAIT_REJOIN_TO_COMPLETE` while
        // its on_lost waits), revokes nothing more and owes no leave ("not necessary because
        // member has been fenced"); the fence's flags stay, so the lost assignment's answer still
        // brings the rejoin to `init`, where nothing is sent until it subscribes (random-110153).
        let rejoining = self.wait_rejoin || self.rejoin_to_complete;
        let leaves = self.epoch > 0 && !self.leaving() && !rejoining;
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
