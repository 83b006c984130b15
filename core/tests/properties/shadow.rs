//! An independent bookkeeper of what the effects say, checked against what the member says.

use kip848_core::protocol::choice::{EpochTaken, Release};
use kip848_core::*;

/// What the effects so far imply about the member.
pub struct Shadow {
    assigned: PartitionSet,
    epoch: i32,
    /// With `epoch` = `once_reconciled`: the newest epoch answered, not taken yet.
    owed: Option<i32>,
    in_flight: bool,
    /// Inside one reconciliation: an assignment effect has been seen.
    assigning_phase: bool,
    /// The newest target the member was sent (while it could take one).
    newest_target: Option<PartitionSet>,
    /// The target of the reconciliation whose effects are being seen. It ended once the assigned
    /// set reached it; the next revocation or assignment effect then starts the next one.
    current_target: Option<PartitionSet>,
}

type Check = Result<(), String>;

fn ensure(condition: bool, message: impl FnOnce() -> String) -> Check {
    if condition {
        Ok(())
    } else {
        Err(message())
    }
}

impl Shadow {
    pub fn new(member: &Member) -> Self {
        Shadow {
            assigned: member.assigned().clone(),
            epoch: member.member_epoch(),
            owed: None,
            in_flight: false,
            assigning_phase: false,
            newest_target: None,
            current_target: None,
        }
    }

    pub fn check(
        &mut self,
        before: &Member,
        input: &Input,
        result: &Result<Vec<Effect>, Rejected>,
        after: &Member,
    ) -> Check {
        let effects = match result {
            Err(_) => {
                return ensure(before == after, || {
                    "a rejected input changed the member".into()
                })
            }
            Ok(effects) => effects,
        };
        ensure(before.state() != StateName::Terminated, || {
            "TERMINATED accepted an input".into()
        })?;
        if input.is_answer() {
            ensure(self.in_flight, || {
                "an answer was accepted with nothing in flight".into()
            })?;
            self.in_flight = false;
            if let Input::HeartbeatResponse(r) = input {
                if before.in_flight() != Some(Purpose::Leave) {
                    if after.config().epoch == EpochTaken::OnceReconciled && self.epoch > 0 {
                        self.owed = Some(r.member_epoch);
                    } else {
                        self.epoch = r.member_epoch;
                    }
                    if r.assignment.is_some() && before.state() != StateName::Terminating {
                        self.newest_target.clone_from(&r.assignment);
                    }
                }
            }
        }
        let mut state = before.state();
        for effect in effects {
            self.apply(effect, &mut state, after)?;
        }
        ensure(state == after.state(), || {
            format!("transitions end in {state}, member is in {}", after.state())
        })?;
        // Out of ASSIGNING, no reconciliation keeps an epoch owed.
        if state != StateName::Assigning {
            self.take_owed();
        }
        self.check_member(after)
    }

    /// A reconciliation starts with `remove_from_assigned` (its commit with `release` =
    /// `after_callback`) or `add_to_assigned`; in the middle of
    /// one the assigned set never equals its target at those effects, so if it does, the previous
    /// reconciliation has ended (its acknowledgement may be remembered, hence not visible).
    fn reconciliation_step(&mut self) {
        if self.current_target.is_none() || self.current_target.as_ref() == Some(&self.assigned) {
            self.current_target.clone_from(&self.newest_target);
            self.assigning_phase = false;
        }
    }

    fn apply(&mut self, effect: &Effect, state: &mut StateName, after: &Member) -> Check {
        // With `release` = `after_callback` a revocation starts with its commit, not its release.
        let late = after.config().release == Release::AfterCallback;
        if matches!(
            effect,
            Effect::RemoveFromAssigned { .. } | Effect::AddToAssigned { .. }
        ) || (late && matches!(effect, Effect::CommitOffsets { .. }))
        {
            self.reconciliation_step();
        }
        match effect {
            Effect::Transition { from, to } => {
                ensure(from == state, || {
                    format!("transition from {from} while in {state}")
                })?;
                ensure(is_allowed(*from, *to), || {
                    format!("{from} → {to} is not a transition of §5")
                })?;
                if *from == StateName::Assigning && *to != StateName::Assigning {
                    self.take_owed();
                }
                *state = *to;
                self.assigning_phase = false;
                self.current_target = None;
                if *to == StateName::Terminated {
                    self.in_flight = false;
                }
            }
            Effect::SendHeartbeat(request) => {
                ensure(!self.in_flight, || "a second heartbeat in flight".into())?;
                self.in_flight = true;
                match request.purpose {
                    Purpose::Join => {
                        ensure(request.member_epoch == 0 && request.is_full(), || {
                            "join not full with epoch 0".into()
                        })?
                    }
                    Purpose::Leave => {
                        let leave = after.config().leave_epoch();
                        ensure(request.member_epoch == leave, || "leave epoch".into())?;
                        ensure(request.owned.is_none() && !request.is_full(), || {
                            "leave carries owned".into()
                        })?;
                        self.epoch = leave;
                        self.owed = None;
                    }
                    Purpose::Acknowledge => {
                        ensure(request.owned.as_ref() == Some(&self.assigned), || {
                            "ack does not carry the owned set".into()
                        })?;
                        self.assigning_phase = false;
                    }
                    _ => {}
                }
                // An acknowledgement takes the epoch owed; out of ASSIGNING none is owed.
                if request.purpose == Purpose::Acknowledge || *state != StateName::Assigning {
                    self.take_owed();
                }
                ensure(
                    request.member_epoch == self.epoch || request.purpose == Purpose::Join,
                    || {
                        format!(
                            "heartbeat epoch {} but the last accepted is {}",
                            request.member_epoch, self.epoch
                        )
                    },
                )?;
                if request.purpose == Purpose::Join {
                    self.epoch = 0;
                    self.owed = None;
                }
            }
            Effect::RemoveFromAssigned { partitions }
            | Effect::CommitOffsets { partitions }
            | Effect::InvokeOnPartitionsRevoked { partitions } => {
                ensure(!self.assigning_phase, || {
                    "a revocation step after an assignment step".into()
                })?;
                if matches!(effect, Effect::RemoveFromAssigned { .. }) {
                    ensure(partitions.is_subset(&self.assigned), || {
                        format!("revoked {partitions} ⊄ assigned {}", self.assigned)
                    })?;
                    self.assigned.subtract(partitions);
                } else if after.config().release == Release::AfterCallback {
                    // The commit and the callback come first, the release last (§5.4).
                    ensure(partitions.is_subset(&self.assigned), || {
                        "a callback for partitions already released (release = after_callback)"
                            .into()
                    })?;
                } else {
                    ensure(partitions.is_disjoint(&self.assigned), || {
                        "a callback for partitions still owned".into()
                    })?;
                }
            }
            Effect::AddToAssigned { partitions } => {
                ensure(partitions.is_disjoint(&self.assigned), || {
                    format!("added {partitions} overlaps {}", self.assigned)
                })?;
                self.assigned.extend(partitions);
                self.assigning_phase = true;
            }
            Effect::InvokeOnAssignment { .. } | Effect::InvokeOnPartitionsAssigned { .. } => {
                self.assigning_phase = true
            }
            Effect::ClearAssigned { partitions } => {
                ensure(
                    partitions == &self.assigned && !partitions.is_empty(),
                    || "clear_assigned is not the whole non-empty set".into(),
                )?;
                self.assigned = PartitionSet::new();
            }
            Effect::ReportError { .. } | Effect::InvokeOnPartitionsLost { .. } => {}
        }
        Ok(())
    }

    fn take_owed(&mut self) {
        if let Some(epoch) = self.owed.take() {
            self.epoch = epoch;
        }
    }

    fn check_member(&self, m: &Member) -> Check {
        ensure(&self.assigned == m.assigned(), || {
            format!(
                "effects say {}, member owns {}",
                self.assigned,
                m.assigned()
            )
        })?;
        ensure(self.in_flight == m.in_flight().is_some(), || {
            "in-flight disagrees with the effects".into()
        })?;
        ensure(m.remembered().is_none() || m.in_flight().is_some(), || {
            "remembered with nothing in flight".into()
        })?;
        match m.state() {
            StateName::Joining => ensure(m.member_epoch() == 0, || {
                format!("epoch {} in JOINING", m.member_epoch())
            }),
            StateName::Joined | StateName::Assigning => ensure(
                m.member_epoch() == self.epoch && m.member_epoch() >= 1,
                || {
                    format!(
                        "epoch {} is not the last accepted {}",
                        m.member_epoch(),
                        self.epoch
                    )
                },
            ),
            _ => ensure(m.member_epoch() == self.epoch, || {
                "epoch changed without a response or heartbeat".into()
            }),
        }?;
        ensure(
            m.state() != StateName::Terminated
                || (m.in_flight().is_none() && m.retry_owed().is_none()),
            || "TERMINATED with a heartbeat pending".into(),
        )
    }
}
