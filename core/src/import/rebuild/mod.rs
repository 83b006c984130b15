//! Rebuilding the inputs: one consumer's events through a live shipped-model member, the transitions followed, the answers and completions the log does not show inferred.

pub(crate) mod ahead;
pub(crate) mod answer;
pub(crate) mod builder;
pub(crate) mod drive;
pub(crate) mod follow;
pub(crate) mod reconstruct;
pub(crate) mod wire_follow;
