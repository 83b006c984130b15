//! A session as data: the trace (its file format, limits and share links), the timeline that replays it with its cursor, the replay lines, and synthetic workloads.

pub mod cursor;
pub mod limits;
pub mod link;
pub(crate) mod located;
pub mod replay;
pub mod timeline;
pub mod trace;
pub(crate) mod trace_file;
pub(crate) mod trace_limits;
pub mod workload;
