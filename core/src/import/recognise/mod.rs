//! Recognising what a line says: the Java consumer's membership statements by release (templates), the reconciliation blocks, heartbeat errors, DEBUG wire lines and the coordinator's lines, as events.

pub(crate) mod block;
pub(crate) mod broker_lines;
pub(crate) mod client;
pub(crate) mod errors;
pub(crate) mod event;
pub(crate) mod templates;
pub(crate) mod wire;
