//! Every consumer of a log on one clock, with the coordinator's side: the group view of a log, and its lanes.

pub(crate) mod broker;
pub(crate) mod coordinator_view;
pub(crate) mod lane;
pub(crate) mod together;
