//! Shrinking a schedule that shows a hazard to one that still does with as little as possible:
//! cut after the step where it shows, then (until a round changes nothing) leave out a member's
//! inputs altogether, single steps, and time between steps, and bring the configuration back to
//! its defaults. Every attempt is kept only if the hazard still shows; the order of attempts is
//! fixed, so a schedule always shrinks to the same counterexample.
//!
//! One attempt is one run of the group: [`Shrinker::attempt`] makes one, so that a page can shrink
//! a few attempts at a time between frames; [`shrink`] makes them all.

use super::Schedule;
use crate::group::hazard::Hazard;
use crate::group::GroupConfig;
use crate::protocol::time::Millis;

/// Rounds at most: each round that changes something makes the schedule smaller, so this is never
/// reached by a schedule of the hunt's size; it bounds the work on any other.
const MAX_ROUNDS: usize = 64;

/// The smallest schedule the attempts find that still shows `hazard`; `None` when `schedule` does
/// not show it.
pub fn shrink(schedule: &Schedule, hazard: Hazard) -> Option<Schedule> {
    let mut shrinker = Shrinker::new(schedule, hazard)?;
    while shrinker.attempt() {}
    Some(shrinker.best)
}

/// The next attempt of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Next {
    /// Leave out the inputs of the round's `n`th member.
    Member(usize),
    /// Leave out step `i` (from the end down).
    Step(usize),
    /// Shorten the gap before step `i`: to nothing, a tenth, half (`k` 0, 1, 2).
    Gap(usize, u64),
    /// Bring setting `n` of the configuration back to its default.
    Config(usize),
}

/// A shrink under way.
#[derive(Debug, Clone)]
pub struct Shrinker {
    hazard: Hazard,
    /// The smallest schedule that shows the hazard so far.
    pub best: Schedule,
    /// What the round started from, and its members.
    round_start: Schedule,
    members: Vec<String>,
    rounds: usize,
    next: Option<Next>,
}

impl Shrinker {
    /// `None` when `schedule` does not show `hazard`.
    pub fn new(schedule: &Schedule, hazard: Hazard) -> Option<Shrinker> {
        let best = cut(schedule, hazard)?;
        Some(Shrinker {
            hazard,
            members: best.members(),
            round_start: best.clone(),
            best,
            rounds: 0,
            next: Some(Next::Member(0)),
        })
    }

    /// Whether no attempt is left.
    pub fn done(&self) -> bool {
        self.next.is_none()
    }

    /// Makes the next attempt; `false` once there is none left.
    pub fn attempt(&mut self) -> bool {
        let Some(next) = self.next else {
            return false;
        };
        let candidate = match next {
            Next::Member(n) => self.members.get(n).map(|name| Schedule {
                config: self.best.config.clone(),
                steps: self
                    .best
                    .steps
                    .iter()
                    .filter(|(_, input)| input.member() != Some(name.as_str()))
                    .cloned()
                    .collect(),
            }),
            Next::Step(i) => (i < self.best.steps.len()).then(|| {
                let mut without = self.best.clone();
                without.steps.remove(i);
                without
            }),
            Next::Gap(i, k) => (i < self.best.steps.len())
                .then(|| closer(&self.best, i, k))
                .filter(|c| *c != self.best),
            Next::Config(n) => config(&self.best.config, n)
                .filter(|c| *c != self.best.config)
                .map(|config| Schedule {
                    config,
                    steps: self.best.steps.clone(),
                }),
        };
        let kept = candidate.and_then(|c| cut(&c, self.hazard));
        let accepted = kept.is_some();
        if let Some(smaller) = kept {
            self.best = smaller;
        }
        self.next = self.after(next, accepted);
        true
    }

    /// The attempt after `next` (which was `accepted` or not).
    fn after(&mut self, next: Next, accepted: bool) -> Option<Next> {
        let len = self.best.steps.len();
        let following = match next {
            Next::Member(n) if n + 1 < self.members.len() => Next::Member(n + 1),
            Next::Member(_) => match len.checked_sub(1) {
                Some(last) => Next::Step(last),
                None => Next::Config(0),
            },
            Next::Step(i) => match i.min(len).checked_sub(1) {
                Some(i) => Next::Step(i),
                None => Next::Gap(0, 0),
            },
            // A gap shortened: on to the next step's gap; else a longer one for the same gap.
            Next::Gap(i, k) if !accepted && k < 2 => Next::Gap(i, k + 1),
            Next::Gap(i, _) if i + 1 < len => Next::Gap(i + 1, 0),
            Next::Gap(..) => Next::Config(0),
            Next::Config(n) if n + 1 < CONFIG_SETTINGS => Next::Config(n + 1),
            Next::Config(_) => return self.new_round(),
        };
        Some(following)
    }

    /// After a round: another one if it changed something.
    fn new_round(&mut self) -> Option<Next> {
        self.rounds += 1;
        if self.best == self.round_start || self.rounds >= MAX_ROUNDS {
            return None;
        }
        self.round_start = self.best.clone();
        self.members = self.best.members();
        Some(Next::Member(0))
    }
}

/// How many settings [`config`] brings back to their defaults.
const CONFIG_SETTINGS: usize = 2;

/// `config` with setting `n` as by default: the latency, then the open question's heartbeat.
fn config(config: &GroupConfig, n: usize) -> Option<GroupConfig> {
    match n {
        0 => Some(GroupConfig {
            latency_ms: GroupConfig::default().latency_ms,
            ..config.clone()
        }),
        1 => Some(GroupConfig {
            heartbeat_between_revoke_and_assign: false,
            ..config.clone()
        }),
        _ => None,
    }
}

/// `schedule` up to and with the first step where `hazard` shows.
fn cut(schedule: &Schedule, hazard: Hazard) -> Option<Schedule> {
    let (step, _) = schedule.first(hazard)?;
    Some(Schedule {
        config: schedule.config.clone(),
        steps: schedule.steps[..=step].to_vec(),
    })
}

/// `schedule` with the gap before step `i` shrunk: to nothing (`keep` 0), to a tenth (1) or to
/// half (2) of what it was; the later steps move with it.
fn closer(schedule: &Schedule, i: usize, keep: u64) -> Schedule {
    let previous = i
        .checked_sub(1)
        .and_then(|j| schedule.steps.get(j))
        .map_or(0, |(at, _)| at.0);
    let Some((at, _)) = schedule.steps.get(i) else {
        return schedule.clone();
    };
    let gap = at.0.saturating_sub(previous);
    let shorter = match keep {
        0 => 0,
        1 => gap / 10,
        _ => gap / 2,
    };
    let by = gap - shorter;
    let mut out = schedule.clone();
    for (at, _) in out.steps.iter_mut().skip(i) {
        *at = Millis(at.0.saturating_sub(by));
    }
    out
}
