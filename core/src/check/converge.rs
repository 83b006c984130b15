//! Convergence once the disturbances stop (the TLA+ specification's `EventuallyConverges`): from
//! any state the check reaches, the calm continuation — each commit or callback completed as soon
//! as it is owed, time running to the next message or timer, nothing lost, nobody joining or
//! leaving — must reach a converged group within [`CALM_SESSIONS`] session timeouts.
//!
//! The calm move from a state is one of the explorer's own moves, so the explorer follows calm
//! continuations along the moves it takes anyway (`super::settle`); a walk here is for the states
//! it does not take the calm move from, and to put a counterexample in words.

use crate::group::{GroupInput, GroupSim};
use crate::protocol::input::Outcome;
use crate::protocol::time::Millis;

/// How long the calm may take, in session timeouts: a crashed member is dropped after one, and
/// what it held moves within a few heartbeats after.
pub const CALM_SESSIONS: u64 = 10;

/// Why a group has not converged: kept as references into the group and put in words only when a
/// walk ends unsettled (a calm walk asks at every step, and words at each step were most of its cost).
enum NotYet<'a> {
    Outside(&'a str),
    Record {
        name: &'a str,
        record: &'a crate::group::ServerMember,
        epoch: i32,
    },
    Member {
        name: &'a str,
        facts: &'a crate::machine::facts::Facts,
        record: &'a crate::group::ServerMember,
    },
    Waiting(&'a str),
    Gone(&'a str),
}

impl std::fmt::Display for NotYet<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotYet::Outside(name) => write!(f, "{name} is not in the group"),
            NotYet::Record {
                name,
                record,
                epoch,
            } => {
                write!(
                    f,
                    "the coordinator has {name} at epoch {} (the assignment's is {epoch}) holding {}",
                    record.epoch, record.assigned
                )?;
                if !record.pending_revocation.is_empty() {
                    write!(f, ", revoking {}", record.pending_revocation)?;
                }
                Ok(())
            }
            NotYet::Member {
                name,
                facts,
                record,
            } => write!(
                f,
                "{name} is at epoch {} holding {}, the coordinator has it at {} holding {}",
                facts.member_epoch, facts.assigned, record.epoch, record.assigned
            ),
            NotYet::Waiting(name) => write!(f, "{name} still waits for its application"),
            NotYet::Gone(id) => {
                write!(f, "the coordinator still holds {id}, a member that is gone")
            }
        }
    }
}

/// Whether the group has converged: the coordinator holds exactly the live members, each STABLE at
/// the assignment epoch with its target and nothing pending revocation, and each live member holds
/// what its record says at that epoch, with no commit or callback of its own outstanding.
fn converged(sim: &GroupSim) -> Result<(), NotYet<'_>> {
    let coordinator = sim.coordinator();
    let epoch = coordinator.assignment_epoch();
    let live = || sim.members().iter().filter(|m| m.running());
    for m in live() {
        let facts = &m.facts;
        let Some(record) = coordinator.members().get(&facts.member_id) else {
            return Err(NotYet::Outside(&m.name));
        };
        let target = coordinator.target().get(&facts.member_id);
        if record.epoch != epoch
            || !record.pending_revocation.is_empty()
            || target.is_some_and(|t| *t != record.assigned)
        {
            return Err(NotYet::Record {
                name: &m.name,
                record,
                epoch,
            });
        }
        if facts.member_epoch != record.epoch || facts.assigned != record.assigned {
            return Err(NotYet::Member {
                name: &m.name,
                facts,
                record,
            });
        }
        if facts.in_application() {
            return Err(NotYet::Waiting(&m.name));
        }
    }
    if let Some(id) = coordinator
        .members()
        .keys()
        .find(|id| !live().any(|m| &m.facts.member_id == *id))
    {
        return Err(NotYet::Gone(id));
    }
    Ok(())
}

/// The next calm move from `sim`: an outstanding completion first, else time to the next event.
pub(super) fn calm_move(sim: &GroupSim) -> Option<(Millis, GroupInput)> {
    let now = sim.now();
    if let Some(m) = sim
        .members()
        .iter()
        .find(|m| m.running() && m.facts.in_application())
    {
        return Some((
            now,
            GroupInput::Complete {
                name: m.name.clone(),
                outcome: Outcome::Ok,
            },
        ));
    }
    sim.next_event_at()
        .map(|at| (at.max(now), GroupInput::Tick))
}

/// Whether the group has converged (see [`converged`]).
pub(super) fn settled(sim: &GroupSim) -> bool {
    converged(sim).is_ok()
}

/// A calm continuation that does not converge: the moves it made, and why the group is not
/// converged at its end.
pub(super) struct Unsettled {
    pub moves: Vec<(Millis, GroupInput)>,
    pub words: String,
}

/// Walks the calm continuation from `sim` for up to `sessions` session timeouts: `Ok` with how
/// long it took to converge, `Err` with its moves when it does not. The explorer walks only from
/// states it will not take the calm move from itself (`super::settle`), and to put a
/// counterexample in words.
pub(super) fn walk(sim: &GroupSim, sessions: u64) -> Result<u64, Unsettled> {
    if converged(sim).is_ok() {
        return Ok(0);
    }
    let mut sim = sim.clone();
    let start = sim.now();
    let deadline = start.plus(sessions * sim.config().coordinator.session_timeout_ms);
    let mut moves = Vec::new();
    let words = loop {
        let why = |sim: &GroupSim| {
            converged(sim)
                .err()
                .map(|n| n.to_string())
                .unwrap_or_default()
        };
        let Some((at, input)) = calm_move(&sim) else {
            break format!("nothing is left to happen, and {}", why(&sim));
        };
        if at > deadline {
            break format!(
                "{sessions} session timeouts after the last disturbance, {}",
                why(&sim)
            );
        }
        if let Err(refused) = sim.handle(at, &input) {
            break format!("the calm move was refused ({refused:?}), and {}", why(&sim));
        }
        sim.forget_history();
        moves.push((at, input));
        if converged(&sim).is_ok() {
            return Ok(sim.now().0 - start.0);
        }
    };
    Err(Unsettled { moves, words })
}

#[cfg(test)]
mod tests {
    use super::{converged, walk, CALM_SESSIONS};
    use crate::check::{Bounds, Explorer, Property};
    use crate::group::{GroupInput, GroupSim};
    use crate::machine::model::Model;
    use crate::protocol::time::Millis;

    fn one_member_joining(model: Model) -> GroupSim {
        let bounds = Bounds::anchor(model, 5);
        let mut sim = GroupSim::new(bounds.config());
        let join = GroupInput::AddMember {
            name: "A".to_owned(),
            topics: bounds.topics.keys().cloned().collect(),
            instance_id: None,
            model: Some(model),
        };
        assert!(sim.handle(Millis::ZERO, &join).is_ok());
        sim
    }

    /// A member that has only sent its join is not converged; its calm continuation converges
    /// (it joins and takes both partitions), unless the calm is given no time at all.
    #[test]
    fn a_joining_member_converges_when_calm_and_the_check_can_say_it_does_not() {
        for model in Model::ALL {
            let sim = one_member_joining(model);
            assert!(converged(&sim).is_err(), "{model:?}");
            assert!(walk(&sim, CALM_SESSIONS).is_ok(), "{model:?}");
            let Err(unsettled) = walk(&sim, 0) else {
                panic!("{model:?}: a calm of no time converged");
            };
            assert!(
                unsettled.words.contains("A is not in the group"),
                "{model:?}: {}",
                unsettled.words
            );
        }
    }

    /// Every model converges from every state within the anchor's bounds at a small depth (the
    /// property the TLA+ specification calls EventuallyConverges).
    #[test]
    fn every_model_converges_from_every_state_at_the_anchor() {
        for model in Model::ALL {
            let mut explorer = Explorer::new(Bounds::anchor(model, 9));
            while !explorer.run(50_000) {}
            let report = explorer.report();
            assert!(report.states > 100, "{model:?}");
            let failed = report
                .found
                .iter()
                .find(|f| f.property == Property::Converges);
            assert!(
                failed.is_none(),
                "{model:?}: {:?}",
                failed.map(|f| &f.words)
            );
        }
    }
}
