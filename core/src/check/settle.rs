//! Convergence once the disturbances stop, along the explorer's own moves. The calm move from a
//! state (`converge::calm_move`: a commit or callback owed completes, else time runs) is one of the
//! moves the explorer takes from it anyway, so instead of walking a copy of the group from every
//! state, the explorer records each state's calm move as an edge (where it leads, and the time it
//! took) and whether the state is converged; a state it will not take moves from (the depth bound,
//! or a calm move it refuses) is walked as before (`converge::walk`), and how long that walk took
//! is recorded. Once the exploration is done, each state's time to converge is the sum along its
//! edges (a state on a cycle of calm moves with none converged never converges), and the state of
//! fewest moves whose calm takes longer than the calm allowed is the counterexample.

use super::growth::map_growth;
use std::collections::HashMap;

/// What follows a state when nothing disturbs it.
#[derive(Clone, Copy)]
enum Next {
    Converged,
    /// Not converged, and its calm move not taken yet.
    Open,
    /// Its calm move: the state it leads to, and the time it took.
    To(u128, u64),
    /// Walked: how long it took to converge (none: not within the calm).
    Walked(Option<u64>),
}

struct Entry {
    /// The explorer's node of its first arrival (nodes are numbered in breadth-first order).
    node: u32,
    next: Next,
}

/// Every state's calm so far.
pub(super) struct Settling {
    /// How long a calm may take, in ms.
    within: u64,
    entries: HashMap<u128, Entry>,
}

impl Settling {
    pub fn new(within: u64) -> Settling {
        Settling {
            within,
            entries: HashMap::new(),
        }
    }

    /// The bytes its table would take next were `more` states reached (`super::growth`).
    pub fn growth_within(&self, more: usize) -> usize {
        map_growth(&self.entries, more)
    }

    /// A state reached for the first time, as node `node`.
    pub fn arrive(&mut self, key: u128, node: u32, converged: bool) {
        let next = if converged {
            Next::Converged
        } else {
            Next::Open
        };
        self.entries.insert(key, Entry { node, next });
    }

    /// Whether the calm from `key` is still to be taken (it is not converged).
    pub fn open(&self, key: u128) -> bool {
        self.entries
            .get(&key)
            .is_some_and(|e| matches!(e.next, Next::Open))
    }

    /// The calm move from `from` led to `to` in `by` ms.
    pub fn calm_taken(&mut self, from: u128, to: u128, by: u64) {
        if let Some(e) = self.entries.get_mut(&from) {
            if matches!(e.next, Next::Open) {
                e.next = Next::To(to, by);
            }
        }
    }

    /// The calm from `key` walked: how long it took to converge, if it did within the calm.
    pub fn walked(&mut self, key: u128, took: Option<u64>) {
        if let Some(e) = self.entries.get_mut(&key) {
            e.next = Next::Walked(took);
        }
    }

    /// Once every move is taken: the node of fewest moves whose calm does not converge within
    /// the calm allowed, if any.
    pub fn unsettled(&self) -> Option<u32> {
        // Each state's time to converge (none: never, or not within the calm), found once.
        let mut took: HashMap<u128, Option<u64>> = HashMap::with_capacity(self.entries.len());
        let mut worst: Option<u32> = None;
        for (&start, entry) in &self.entries {
            let mut path: Vec<(u128, u64)> = Vec::new();
            let mut at = start;
            // Follow the calm until a state whose time is known.
            let mut end = loop {
                if let Some(&t) = took.get(&at) {
                    break t;
                }
                let Some(e) = self.entries.get(&at) else {
                    break None;
                };
                match e.next {
                    Next::Converged => break Some(0),
                    Next::Walked(t) => break t,
                    Next::Open => break None,
                    Next::To(to, by) => {
                        // A cycle of calm moves with no converged state on it.
                        if path.iter().any(|(k, _)| *k == at) {
                            break None;
                        }
                        path.push((at, by));
                        at = to;
                    }
                }
            };
            took.entry(at).or_insert(end);
            while let Some((key, by)) = path.pop() {
                end = end.map(|t| t + by).filter(|t| *t <= self.within);
                took.insert(key, end);
            }
            if took.get(&start).copied().flatten().is_none() && worst.is_none_or(|w| entry.node < w)
            {
                worst = Some(entry.node);
            }
        }
        worst
    }
}
