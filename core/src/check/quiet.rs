//! The orphan-after-calm sighting, taken without the quiet's length in the check's state.
//!
//! Every other property reads the group as it stands; this one also reads how long ago the last
//! disturbance came (two session timeouts of time alone). Kept in the state, that length told
//! apart states that differ in nothing else: two thirds of the Java client's states to the end
//! were such copies. But after a disturbance only time can run without ending the quiet, and
//! time running is one move, determined by the state. So the explorer keys states without the
//! quiet and hands this tracker what it sees: each state reached (and whether the sighting would
//! show there, however long the quiet), each move of time alone from one state to the next (an
//! edge: each state has at most one), and each state a disturbance leads to (a quiet starts
//! there). The tracker carries each quiet along the edges known, as far as the depth bound lets a
//! schedule go, and keeps for each state the quiets that reached it: one that arrives no longer,
//! and no sooner, than one already there is not carried again (the two go on alike, and the
//! longer meets the calm first). What was carried into a state before its edge was known is
//! carried on once it is. Where the sighting shows
//! and the quiet has lasted the calm, the sighting is reached: the shortest is kept, as where it
//! started (a move from a node of the explorer) and how many moves of time followed.

use super::growth::{map_growth, vec_growth};
use crate::group::hazard::Sighting;
use crate::group::GroupSim;
use std::collections::hash_map::Entry;
use std::collections::HashMap;

/// What the sighting after the calm sees in a state, the quiet aside (`hazard::unowned`; a test
/// puts its own predicate in its place).
pub(super) type CalmSighting = fn(&GroupSim) -> Option<Sighting>;

/// A quiet carried into a state.
#[derive(Clone, Copy)]
struct Point {
    /// Its length so far, up to the calm (beyond it every quiet is the same).
    quiet: u64,
    /// Moves from the empty group.
    moves: usize,
    /// Where it started, in [`Quiet::starts`].
    start: u32,
    /// Moves of time alone since it started.
    ticks: u32,
}

impl Point {
    /// Not longer and not sooner than `self`: carried from here, it finds nothing new.
    fn covers(&self, other: &Point) -> bool {
        self.quiet >= other.quiet && self.moves <= other.moves
    }
}

#[derive(Default)]
struct Known {
    /// Whether the sighting shows here once the quiet has lasted.
    shows: bool,
    /// Time's move from here: the state it leads to, and how long it ran.
    tick: Option<(u128, u64)>,
    /// The quiets carried in, none covering another (longer and sooner): each may find what
    /// the others do not, so each is carried on once the edge is known.
    points: Vec<Point>,
}

impl Known {
    fn covers(&self, point: &Point) -> bool {
        self.points.iter().any(|p| p.covers(point))
    }

    /// Whether `point` is one more quiet to carry on from here (not covered); keeps it if so.
    fn takes(&mut self, point: Point) -> bool {
        if self.covers(&point) {
            return false;
        }
        self.points.retain(|p| !point.covers(p));
        self.points.push(point);
        true
    }
}

/// A sighting reached: where its quiet started (the node a move was taken from and the move's
/// place among that state's moves; none for the empty group), the moves of time after it, and
/// the moves in all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Reached {
    pub start: Option<(u32, usize)>,
    pub ticks: u32,
    pub moves: usize,
}

/// Every state the explorer reached, with the quiets carried into it.
pub(super) struct Quiet {
    sight: CalmSighting,
    calm: u64,
    depth: usize,
    known: HashMap<u128, Known>,
    starts: Vec<Option<(u32, usize)>>,
    /// The shortest sighting reached so far.
    pub reached: Option<Reached>,
}

impl Quiet {
    pub fn new(sight: CalmSighting, session_timeout_ms: u64, depth: usize) -> Quiet {
        Quiet {
            sight,
            calm: 2 * session_timeout_ms,
            depth,
            known: HashMap::new(),
            starts: Vec::new(),
            reached: None,
        }
    }

    /// The bytes its tables would take next were `more` states reached (`super::growth`).
    pub fn growth_within(&self, more: usize) -> usize {
        map_growth(&self.known, more) + vec_growth(&self.starts, more)
    }

    /// What the sighting sees in `sim`, the quiet aside.
    pub fn sighting(&self, sim: &GroupSim) -> Option<Sighting> {
        (self.sight)(sim)
    }

    /// Distinct states reached.
    pub fn len(&self) -> usize {
        self.known.len()
    }

    /// Whether `key` (the state `sim`) is reached for the first time; remembers it.
    pub fn arrive(&mut self, key: u128, sim: &GroupSim) -> bool {
        match self.known.entry(key) {
            Entry::Occupied(_) => false,
            Entry::Vacant(v) => {
                v.insert(Known {
                    shows: (self.sight)(sim).is_some(),
                    ..Known::default()
                });
                true
            }
        }
    }

    /// A quiet starts at `key`, reached in `moves` moves by the move `start` (none: the empty
    /// group). The moves of time it was carried along.
    pub fn disturbed(&mut self, key: u128, start: Option<(u32, usize)>, moves: usize) -> u64 {
        let index = u32::try_from(self.starts.len()).unwrap_or(u32::MAX);
        let point = Point {
            quiet: 0,
            moves,
            start: index,
            ticks: 0,
        };
        if self.known.get(&key).is_some_and(|k| k.covers(&point)) {
            return 0;
        }
        self.starts.push(start);
        self.carry(key, point)
    }

    /// Time alone ran `by` ms from `from` to `to`: the edge, and what is carried along it.
    pub fn ticked(&mut self, from: u128, to: u128, by: u64) -> u64 {
        let Some(known) = self.known.get_mut(&from) else {
            return 0;
        };
        known.tick = Some((to, by));
        let on: Vec<Point> = known
            .points
            .clone()
            .into_iter()
            .filter_map(|p| self.along(p, by))
            .collect();
        on.into_iter().map(|p| self.carry(to, p)).sum()
    }

    /// `point` one move of time of `by` ms on, if a schedule may go that far.
    fn along(&self, point: Point, by: u64) -> Option<Point> {
        (point.moves < self.depth).then(|| Point {
            quiet: (point.quiet + by).min(self.calm),
            moves: point.moves + 1,
            ticks: point.ticks + 1,
            ..point
        })
    }

    /// Carries `point` into `key` and on along the edges known; the moves it was carried along.
    fn carry(&mut self, mut key: u128, mut point: Point) -> u64 {
        let mut cost = 0;
        while let Some(known) = self.known.get_mut(&key) {
            if !known.takes(point) {
                break;
            }
            let shows = known.shows && point.quiet >= self.calm;
            let tick = known.tick;
            if shows && self.reached.is_none_or(|r| r.moves > point.moves) {
                self.reached = Some(Reached {
                    start: self.starts.get(point.start as usize).copied().flatten(),
                    ticks: point.ticks,
                    moves: point.moves,
                });
            }
            let Some((next, by)) = tick else {
                break;
            };
            let Some(on) = self.along(point, by) else {
                break;
            };
            cost += 1;
            key = next;
            point = on;
        }
        cost
    }
}
