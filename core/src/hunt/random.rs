//! Random group schedules, each made again from (seed, index) alone: joins, closes, kills, held
//! and dropped messages, slow callbacks, injected errors, new partitions and time, at random; then
//! the calm after them (holds released, callbacks run, time for the group to settle).
//!
//! The generator is SplitMix64, written out here rather than taken from a crate: a counterexample
//! is named by its seed and must be the same schedule on every machine and every later build,
//! which the small generators of the random-number crates do not promise across their versions.

use super::Schedule;
use crate::group::{Assignor, GroupConfig, GroupInput};
use crate::machine::model::Model;
use crate::protocol::error_code::ErrorCode;
use crate::protocol::input::Outcome;
use crate::protocol::time::Millis;

/// SplitMix64 (Steele, Lea and Flood, 2014).
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }

    fn pick<T: Clone>(&mut self, items: &[T]) -> T {
        let at = usize::try_from(self.below(items.len() as u64)).unwrap_or(0);
        items[at.min(items.len() - 1)].clone()
    }

    fn chance(&mut self, one_in: u64) -> bool {
        self.below(one_in) == 0
    }
}

/// The names members get: a few, so that closes, kills and restarts meet the same member.
pub const NAMES: [&str; 4] = ["A", "B", "C", "D"];

/// Schedule `index` of the hunt seeded `seed`, its members running `model`: the same schedule
/// for every model, so that what one model shows and another does not is the models' doing.
pub fn schedule(seed: u64, index: u64, model: Model) -> Schedule {
    let mut rng = Rng::new(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03));
    let mut config = GroupConfig {
        latency_ms: 5 + rng.below(395),
        heartbeat_between_revoke_and_assign: rng.chance(2),
        model,
        ..GroupConfig::default()
    };
    config.coordinator.assignor = rng.pick(&[Assignor::Uniform, Assignor::Range]);
    config.coordinator.topics = [("t".to_owned(), 4), ("u".to_owned(), 3)].into();
    let count = 1 + rng.below(30);
    let mut at = 0u64;
    let mut steps = Vec::new();
    for _ in 0..count {
        // One gap in four is short: inputs land while messages are in flight.
        at += if rng.chance(4) {
            rng.below(50)
        } else {
            rng.below(4000)
        };
        steps.push((Millis(at), input(&mut rng)));
    }
    steps.extend(calm(&config, at));
    Schedule { config, steps }
}

fn input(rng: &mut Rng) -> GroupInput {
    let name = rng.pick(&NAMES).to_owned();
    // Weights as the group's property tests draw them.
    match rng.below(22) {
        0..=3 => {
            let topics = match rng.below(3) {
                0 => ["t"].as_slice(),
                1 => ["u"].as_slice(),
                _ => ["t", "u"].as_slice(),
            };
            GroupInput::AddMember {
                instance_id: rng.chance(5).then(|| format!("static-{name}")),
                name,
                topics: topics.iter().map(|t| (*t).to_owned()).collect(),
                model: None,
            }
        }
        4 => GroupInput::CloseMember { name },
        5 => GroupInput::KillMember { name },
        6 | 7 => GroupInput::Hold {
            name,
            held: rng.chance(2),
        },
        8 => GroupInput::Drop { name },
        9 | 10 => GroupInput::DelayCallbacks {
            name,
            delayed: rng.chance(2),
        },
        11 | 12 => GroupInput::Complete {
            name,
            outcome: Outcome::Ok,
        },
        13 => GroupInput::InjectError {
            name,
            code: rng.pick(&[
                ErrorCode::FencedMemberEpoch,
                ErrorCode::NotCoordinator,
                ErrorCode::UnknownMemberId,
            ]),
        },
        14 => GroupInput::SetPartitions {
            topic: rng.pick(&["t", "u"]).to_owned(),
            count: 2 + u32::try_from(rng.below(7)).unwrap_or(0),
        },
        _ => GroupInput::Tick,
    }
}

/// The calm after a schedule that ended at `last`: every hold released and every callback run,
/// then time for dead members to expire and the rest to settle, twice the session timeout in all.
pub fn calm(config: &GroupConfig, last: u64) -> Vec<(Millis, GroupInput)> {
    let mut out = Vec::new();
    for name in NAMES {
        let name = name.to_owned();
        out.push((
            Millis(last),
            GroupInput::Hold {
                name: name.clone(),
                held: false,
            },
        ));
        out.push((
            Millis(last),
            GroupInput::DelayCallbacks {
                name: name.clone(),
                delayed: false,
            },
        ));
        // Callbacks already waiting when the delay was lifted.
        for _ in 0..3 {
            out.push((
                Millis(last),
                GroupInput::Complete {
                    name: name.clone(),
                    outcome: Outcome::Ok,
                },
            ));
        }
    }
    let session = config.coordinator.session_timeout_ms;
    let heartbeat = u64::from(config.coordinator.heartbeat_interval_ms);
    out.push((Millis(last + session + 8 * heartbeat), GroupInput::Tick));
    out.push((Millis(last + 2 * session + 8 * heartbeat), GroupInput::Tick));
    out
}
