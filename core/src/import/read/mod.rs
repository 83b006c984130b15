//! Reading a log: records from lines in any layout, each line's head (time, level, thread, logger), the client context, which consumer a line belongs to, its configuration, topic names and partition lists.

pub(crate) mod config;
pub(crate) mod consumers;
pub(crate) mod context;
pub(crate) mod head;
pub(crate) mod layout;
pub(crate) mod librdkafka;
pub(crate) mod names;
pub(crate) mod partitions;
pub(crate) mod stamp;
pub(crate) mod text;
