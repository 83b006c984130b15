//! Virtual time. The machine never reads a clock: every input carries `now`, so a session can be
//! replayed, rewound and run inside a browser (where `Instant::now()` panics).

use serde::{Deserialize, Serialize};
use std::fmt;

/// Milliseconds since the session started.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Millis(pub u64);

impl Millis {
    pub const ZERO: Millis = Millis(0);

    /// Moved by `by`, wrapping: the bounded check hashes a state relative to its own now (a move
    /// there and back leaves every instant as it was).
    pub(crate) fn wrapping_shift(self, by: u64) -> Millis {
        Millis(self.0.wrapping_add(by))
    }

    /// `self + ms`, saturating: a deadline far in the future is still a deadline, never a wrap.
    pub fn plus(self, ms: u64) -> Millis {
        Millis(self.0.saturating_add(ms))
    }
}

impl fmt::Display for Millis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ms", self.0)
    }
}
