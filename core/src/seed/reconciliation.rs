//! Reconciliation (seed model §5.4) and the revocation of leaving (§5.9), as plans of steps.
//!
//! A plan is computed when it starts; steps are emitted in order until one waits for a completion
//! (commit_offsets and the `invoke_*` callbacks, unless `auto_complete`). A `completed` input then
//! resumes it. Revocation always comes before assignment, so a plan reads like the design page:
//!
//! ```text
//! remove_from_assigned(revoked) → commit_offsets(revoked) → invoke_on_partitions_revoked(revoked)
//!   → [heartbeat between revoke and assign] → add_to_assigned(added) → [invoke_on_assignment(target)]
//!   → invoke_on_partitions_assigned(added) → acknowledging heartbeat
//! ```

use crate::machine::facts::Out;
use crate::protocol::assignment::PartitionSet;
use crate::protocol::choice::Release;
use crate::protocol::config::Config;
use crate::protocol::effect::{Effect, Purpose};
use crate::protocol::input::Outcome;
use crate::seed::member::{Member, State};
use std::collections::VecDeque;

/// One step of a plan.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Step {
    /// Emit this effect (and apply it to the assigned set if it changes it).
    Do(Effect),
    /// Send a heartbeat (emitted at once or remembered; never waited for).
    Send(Purpose),
}

/// Steps still to emit, and the step whose completion is awaited.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Plan {
    steps: VecDeque<Step>,
    awaiting: Option<Effect>,
}

impl Plan {
    /// The three revocation steps (none when nothing is revoked): the removal first, as the
    /// design page lists them, or last when the design choice says so.
    fn revoke(steps: &mut VecDeque<Step>, revoked: &PartitionSet, release: Release) {
        if revoked.is_empty() {
            return;
        }
        let partitions = || revoked.clone();
        let remove = Step::Do(Effect::RemoveFromAssigned {
            partitions: partitions(),
        });
        if release == Release::FirstStep {
            steps.push_back(remove.clone());
        }
        steps.push_back(Step::Do(Effect::CommitOffsets {
            partitions: partitions(),
        }));
        steps.push_back(Step::Do(Effect::InvokeOnPartitionsRevoked {
            partitions: partitions(),
        }));
        if release == Release::AfterCallback {
            steps.push_back(remove);
        }
    }

    /// §5.4: from the assigned set toward `target`.
    fn reconcile(assigned: &PartitionSet, target: &PartitionSet, config: &Config) -> Plan {
        let revoked = assigned.difference(target);
        let added = target.difference(assigned);
        let mut steps = VecDeque::new();
        Plan::revoke(&mut steps, &revoked, config.release);
        if !revoked.is_empty() && config.heartbeat_between_revoke_and_assign {
            steps.push_back(Step::Send(Purpose::BetweenRevokeAndAssign));
        }
        if !added.is_empty() {
            steps.push_back(Step::Do(Effect::AddToAssigned {
                partitions: added.clone(),
            }));
        }
        if config.assignor_set {
            steps.push_back(Step::Do(Effect::InvokeOnAssignment {
                partitions: target.clone(),
            }));
        }
        if !added.is_empty() {
            steps.push_back(Step::Do(Effect::InvokeOnPartitionsAssigned {
                partitions: added,
            }));
        }
        steps.push_back(Step::Send(Purpose::Acknowledge));
        Plan {
            steps,
            awaiting: None,
        }
    }

    /// §5.9: revoke everything owned, then send the leave heartbeat.
    pub(crate) fn leave(assigned: &PartitionSet, release: Release) -> Plan {
        let mut steps = VecDeque::new();
        Plan::revoke(&mut steps, assigned, release);
        steps.push_back(Step::Send(Purpose::Leave));
        Plan {
            steps,
            awaiting: None,
        }
    }
}

/// A reconciliation in progress (the data of ASSIGNING).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Reconciliation {
    /// The target this reconciliation started with; it completes toward it as planned.
    pub(super) target: PartitionSet,
    /// The newest target received; the next reconciliation heads there.
    pub(super) newest_target: PartitionSet,
    pub(super) plan: Plan,
}

impl Member {
    /// §5.3: JOINED → ASSIGNING with a new target; equal to the assigned set → back to JOINED.
    pub(crate) fn start_assigning(&mut self, target: PartitionSet, out: &mut Out) {
        let reconciliation = Reconciliation {
            target: target.clone(),
            newest_target: target,
            plan: Plan::default(),
        };
        self.enter(State::Assigning(reconciliation), out);
        self.run_plan(out);
    }

    fn plan_mut(&mut self) -> Option<&mut Plan> {
        match &mut self.state {
            State::Assigning(r) => Some(&mut r.plan),
            State::Terminating(plan) => Some(plan),
            _ => None,
        }
    }

    /// Emits steps until one awaits a completion or the plan ends. An ended reconciliation returns
    /// to JOINED if the newest target is reached, else starts the next one at once.
    pub(crate) fn run_plan(&mut self, out: &mut Out) {
        loop {
            let Some(plan) = self.plan_mut() else { return };
            if plan.awaiting.is_some() {
                return;
            }
            if let Some(step) = plan.steps.pop_front() {
                self.run_step(step, out);
                continue;
            }
            let State::Assigning(reconciliation) = &mut self.state else {
                return;
            };
            if reconciliation.newest_target == self.assigned {
                // Reconciled: the epoch owed is taken with the transition that says so (`enter`).
                self.enter(State::Joined, out);
                return;
            }
            reconciliation.target = reconciliation.newest_target.clone();
            reconciliation.plan =
                Plan::reconcile(&self.assigned, &reconciliation.target, &self.config);
        }
    }

    fn run_step(&mut self, step: Step, out: &mut Out) {
        let effect = match step {
            Step::Send(purpose) => return self.send(purpose, out),
            Step::Do(effect) => effect,
        };
        match &effect {
            Effect::RemoveFromAssigned { partitions } => self.assigned.subtract(partitions),
            Effect::AddToAssigned { partitions } => self.assigned.extend(partitions),
            _ => {}
        }
        if effect.awaits_completion() && !self.config.auto_complete {
            if let Some(plan) = self.plan_mut() {
                plan.awaiting = Some(effect.clone());
            }
        }
        out.push(self, effect);
    }

    /// The awaited commit or callback finished; a failure is reported and the steps go on.
    pub(crate) fn complete_awaited(&mut self, outcome: Outcome, out: &mut Out) {
        let Some(awaited) = self.plan_mut().and_then(|plan| plan.awaiting.take()) else {
            return;
        };
        if outcome == Outcome::Failed {
            out.push(self, Effect::failed(&awaited));
        }
        self.run_plan(out);
    }

    /// The epoch owed (`epoch` = `once_reconciled`), now that no reconciliation is under way.
    pub(crate) fn take_owed_epoch(&mut self) {
        if let Some(epoch) = self.epoch_owed.take() {
            self.member_epoch = epoch;
        }
    }

    /// A fence or a close abandons the running reconciliation; a completion it awaits is still owed.
    pub(crate) fn abandon_reconciliation(&mut self) {
        if let State::Assigning(r) = &self.state {
            if r.plan.awaiting.is_some() {
                self.owed_to_abandoned += 1;
            }
        }
    }

    /// The commit or callback the running reconciliation waits on, taken from it: a fenced member
    /// that lets it return before rejoining (`Fenced::Finish`) waits on it outside the plan.
    pub(crate) fn take_running(&mut self) -> Option<Effect> {
        match &mut self.state {
            State::Assigning(r) => r.plan.awaiting.take(),
            _ => None,
        }
    }

    /// The commit or callback the member waits on, if any.
    pub fn awaiting(&self) -> Option<&Effect> {
        match &self.state {
            State::Assigning(r) => r.plan.awaiting.as_ref(),
            State::Terminating(plan) => plan.awaiting.as_ref(),
            State::Joining => self.rejoin_after.as_ref(),
            _ => None,
        }
    }
}
