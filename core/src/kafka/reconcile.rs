//! The shipped client's reconciliation (`AbstractMembershipManager.maybeReconcile`): targets with local epochs, topic names
//! resolved through metadata, the auto-commit, revoke then assign, abort rules, acknowledgement.

use super::local::{LocalAssignment, Reconciliation, Then};
use super::member::KafkaMember;
use crate::machine::facts::Out;
use crate::protocol::assignment::PartitionSet;
use crate::protocol::effect::Effect;
use crate::protocol::error_code::ErrorCode;
use crate::protocol::input::Outcome;
use crate::protocol::state::StateName;

impl KafkaMember {
    /// `processAssignmentReceived`: a new target, or the same one again.
    pub(crate) fn assignment_received(&mut self, partitions: &PartitionSet, out: &mut Out) {
        self.target = self.target.update_with(partitions);
        if self.current != self.target {
            self.enter(StateName::Reconciling, out);
        } else if matches!(self.state, StateName::Reconciling | StateName::Joining) {
            self.enter(StateName::Stable, out);
        }
    }

    /// The target's partitions whose topic names resolve (metadata, or names resolved before).
    fn resolve(&self) -> PartitionSet {
        let known = |topic: &str| {
            self.known_topics.as_ref().is_none_or(|k| k.contains(topic))
                || self.name_cache.contains(topic)
        };
        let mut resolved = PartitionSet::new();
        for (topic, partitions) in self.target.partitions.topics().filter(|(t, _)| known(t)) {
            resolved.extend(&PartitionSet::of([(topic, partitions)]));
        }
        resolved
    }

    /// `maybeReconcile`, on every loop while RECONCILING.
    pub(crate) fn maybe_reconcile(&mut self, out: &mut Out) {
        if self.reconciliation.is_some() || self.target == self.current {
            return;
        }
        let resolved = LocalAssignment {
            epoch: self.target.epoch,
            partitions: self.resolve(),
        };
        // The shortcut is for "only unresolved topics differ". After a failed callback the
        // subscription can differ from the last reconciled assignment (partitions still pending
        // revocation, or added before onPartitionsAssigned failed); acknowledging then would skip
        // their revocation, so only a full reconciliation may run. (The reference is silent here.)
        let shortcut =
            self.pending_revocation.is_empty() && self.assigned == self.current.partitions;
        if !self.current.is_none() && resolved.partitions == self.current.partitions && shortcut {
            // Only unresolved topics differ: acknowledge what is owned, with the new local epoch.
            self.current = resolved;
            self.enter(StateName::Acknowledging, out);
            return;
        }
        let run = self.fresh_run();
        let mut owned = self.assigned.clone();
        owned.extend(&self.pending_revocation);
        let revoked = owned.difference(&resolved.partitions);
        let added = resolved.partitions.difference(&owned);
        self.name_cache
            .extend(resolved.partitions.topics().map(|(t, _)| t.to_owned()));
        self.reconciliation = Some(Reconciliation {
            run,
            resolved,
            revoked: revoked.clone(),
            added,
            interrupted: false,
        });
        // K4x marks the revoked partitions pending revocation (no more fetching) before the commit;
        // K24 did it after.
        let newly = revoked.difference(&self.pending_revocation);
        if !newly.is_empty() {
            self.assigned.subtract(&newly);
            self.pending_revocation.extend(&newly);
            out.push(self, Effect::RemoveFromAssigned { partitions: newly });
        }
        if self.config.enable_auto_commit && !owned.is_empty() {
            // Every consumed offset, even when nothing is revoked; with nothing owned there is
            // nothing to commit, and Kafka completes the commit at once without a request
            // (`CommitRequestManager.requestAutoCommit`, 3.8; `addOffsetCommitRequest`, 3.7).
            self.wait_for(
                Effect::CommitOffsets { partitions: owned },
                Then::Revoke(run),
                out,
            );
        } else {
            self.resume(Then::Revoke(run), Outcome::Ok, out);
        }
    }

    /// A number for a new reconciliation that no reconciliation still referred to has: one more
    /// than the highest referred to (Kafka tells them apart by the future each one waits on). Not
    /// a count of every run, so that two members that differ only in how many reconciliations
    /// they have run are one state to the bounded check.
    fn fresh_run(&self) -> u64 {
        let referred = self.pending.iter().filter_map(|p| match p.then {
            Then::Revoke(run) | Then::Assign(run) | Then::Acknowledge(run) => Some(run),
            _ => None,
        });
        self.reconciliation
            .iter()
            .map(|r| r.run)
            .chain(referred)
            .max()
            .unwrap_or(0)
            + 1
    }

    /// The running reconciliation if it is `run` and still valid; else it is abandoned (§3.4):
    /// the member left RECONCILING, or rejoined while it ran (`maybeAbortReconciliation`).
    fn running(&mut self, run: u64) -> Option<Reconciliation> {
        let valid = self.state == StateName::Reconciling
            && self.reconciliation.as_ref().is_some_and(|r| !r.interrupted);
        match &self.reconciliation {
            Some(r) if r.run == run && valid => Some(r.clone()),
            Some(r) if r.run == run => {
                self.reconciliation = None;
                None
            }
            _ => None,
        }
    }

    /// A commit or callback finished: go on with what waited for it.
    pub(crate) fn resume(&mut self, then: Then, outcome: Outcome, out: &mut Out) {
        match then {
            Then::Revoke(run) => {
                if outcome == Outcome::Failed {
                    // A failed auto-commit is logged and the reconciliation goes on.
                    out.push(
                        self,
                        Effect::ReportError {
                            code: ErrorCode::CommitFailed,
                        },
                    );
                }
                let Some(r) = self.running(run) else { return };
                if !r.revoked.is_empty() && self.config.listener {
                    let effect = Effect::InvokeOnPartitionsRevoked {
                        partitions: r.revoked,
                    };
                    self.wait_for(effect, Then::Assign(run), out);
                } else {
                    self.resume(Then::Assign(run), Outcome::Ok, out);
                }
            }
            Then::Assign(run) => {
                if self.callback_failed(run, outcome, out) {
                    return;
                }
                let Some(r) = self.running(run) else { return };
                // The subscription's assignment := the resolved target: partitions still pending
                // revocation that the target keeps come back with the new ones.
                let back = r.resolved.partitions.difference(&self.assigned);
                self.pending_revocation = PartitionSet::new();
                if !back.is_empty() {
                    self.assigned.extend(&back);
                    out.push(self, Effect::AddToAssigned { partitions: back });
                }
                let nothing = r.added.is_empty() && !self.config.behaviours.assigned_when_nothing_added;
                if self.config.listener && !nothing {
                    // Invoked even when nothing is added.
                    let effect = Effect::InvokeOnPartitionsAssigned {
                        partitions: r.added,
                    };
                    self.wait_for(effect, Then::Acknowledge(run), out);
                } else {
                    self.resume(Then::Acknowledge(run), Outcome::Ok, out);
                }
            }
            Then::Acknowledge(run) => {
                if self.callback_failed(run, outcome, out) {
                    return;
                }
                let Some(r) = self.running(run) else { return };
                self.current = r.resolved;
                self.reconciliation = None;
                self.name_cache
                    .retain(|t| self.assigned.topics().any(|(a, _)| a == t));
                self.enter(StateName::Acknowledging, out);
            }
            other => self.resume_leaving(other, outcome, out),
        }
    }

    /// The member left the reconciliation behind (fenced, leaving, stale, fatal). Kafka keeps it
    /// "in progress" while its commit or callback runs: no new reconciliation starts before that
    /// finishes, and its result is then discarded (`rejoinedWhileReconciliationInProgress`,
    /// `maybeReconcile`). One that waits on nothing is simply dropped.
    pub(crate) fn interrupt_reconciliation(&mut self) {
        let Some(r) = self.reconciliation.as_mut() else {
            return;
        };
        let run = r.run;
        let waiting = self.pending.iter().any(|p| {
            matches!(p.then, Then::Revoke(n) | Then::Assign(n) | Then::Acknowledge(n) if n == run)
        });
        if waiting {
            r.interrupted = true;
        } else {
            self.reconciliation = None;
        }
    }

    /// A failed callback of a running reconciliation: reported, and the member stays RECONCILING
    /// without acknowledging; the next loop starts the reconciliation again.
    fn callback_failed(&mut self, run: u64, outcome: Outcome, out: &mut Out) -> bool {
        if outcome == Outcome::Ok {
            return false;
        }
        // Mutate, then push: the report shows the reconciliation already dropped.
        if self.reconciliation.as_ref().is_some_and(|r| r.run == run) {
            self.reconciliation = None;
        }
        out.push(
            self,
            Effect::ReportError {
                code: ErrorCode::CallbackFailed,
            },
        );
        true
    }
}
