//! The invariants checked after every input of a random group schedule.

use kip848_core::group::{GroupSim, Segment, ZombieCause};
use kip848_core::{Model, StateName};
use proptest::prelude::*;

/// Every live process answers to a member id the coordinator gave to it, not to an earlier
/// process of the same name.
pub fn check_processes(sim: &GroupSim) -> Result<(), TestCaseError> {
    for m in sim.members().iter().filter(|m| m.alive) {
        let id = m.facts.member_id.as_str();
        if id.is_empty() {
            continue;
        }
        let given_to = sim.process_of(id).map(|p| p.incarnation);
        // A client that makes up its own id holds it before the coordinator has seen it.
        let unseen = given_to.is_none() && m.model() != Model::Seed;
        prop_assert!(
            unseen || given_to == Some(m.incarnation),
            "{} (process {}) acts as {}, given to process {:?}",
            m.name,
            m.incarnation,
            id,
            given_to
        );
    }
    Ok(())
}

/// Two live processes holding one partition are never drawn silently: the chart draws it as
/// double (the alarm) or as a zombie, and a zombie's cause is true of its process.
pub fn check_zombies(sim: &GroupSim) -> Result<(), TestCaseError> {
    let snapshot = sim.ownership();
    for ((topic, p), holding) in &snapshot {
        let holders: Vec<&str> = sim
            .members()
            .iter()
            .filter(|m| m.alive && m.facts.assigned.contains(topic, *p))
            .map(|m| m.name.as_str())
            .collect();
        if holders.len() > 1 {
            prop_assert!(
                matches!(holding.segment(), Segment::Double | Segment::Zombie),
                "{}-{} held by {:?}, drawn {:?}",
                topic,
                p,
                holders,
                holding.segment()
            );
        }
        for zombie in &holding.zombies {
            let m = sim
                .members()
                .iter()
                .find(|m| m.alive && m.name == zombie.name)
                .ok_or_else(|| TestCaseError::fail(format!("{} is not live", zombie.name)))?;
            let record = sim.coordinator().members().get(m.facts.member_id.as_str());
            match zombie.cause {
                ZombieCause::Fenced => prop_assert!(record.is_none(), "{} fenced", m.name),
                // Reconciling toward a target that is no longer the coordinator's, or (librdkafka)
                // resting in steady with the newer target, which leaves this partition out,
                // waiting until the last one is acknowledged (`rd_kafka_cgrp_consumer_handle_next_assignment`).
                ZombieCause::OutdatedTarget => prop_assert!(
                    record.is_some()
                        && (reconciling(m.facts.state)
                            || m.facts
                                .newest_target
                                .as_ref()
                                .is_some_and(|t| !t.contains(topic, *p))),
                    "{} outdated, in {} (newest target {:?})",
                    m.name,
                    m.facts.state,
                    m.facts.newest_target
                ),
            }
        }
    }
    Ok(())
}

/// A state in which a member of any model is part-way through a reconciliation.
fn reconciling(state: StateName) -> bool {
    use StateName::*;
    matches!(
        state,
        Assigning
            | Reconciling
            | Acknowledging
            | WaitAssignCall
            | WaitUnassignCall
            | WaitIncrUnassignToComplete
    )
}

pub fn check_epochs(sim: &GroupSim) -> Result<(), TestCaseError> {
    let assignment_epoch = sim.coordinator().assignment_epoch();
    for m in sim.members().iter().filter(|m| m.alive) {
        prop_assert!(
            m.facts.member_epoch <= assignment_epoch,
            "{}: epoch {} > assignment epoch {}",
            m.name,
            m.facts.member_epoch,
            assignment_epoch
        );
    }
    for s in sim.coordinator().members().values() {
        prop_assert!(
            s.epoch <= assignment_epoch,
            "server epoch {} > {}",
            s.epoch,
            assignment_epoch
        );
    }
    Ok(())
}

/// After every input every member's timers are served: nothing it says is due is still due now
/// (a timer that a tick cannot serve would make the schedule spin at one instant).
pub fn check_timers(sim: &GroupSim) -> Result<(), TestCaseError> {
    for m in sim.members().iter().filter(|m| m.running()) {
        if let Some(due) = m.facts.next_deadline {
            prop_assert!(
                due > sim.now(),
                "{} ({:?}, {}) says a timer is due at {:?}, at {:?} after the schedule ran",
                m.name,
                m.model(),
                m.facts.state,
                due,
                sim.now()
            );
        }
    }
    Ok(())
}
