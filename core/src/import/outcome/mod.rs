//! What an import gives back: where each step came from, where the model and the log part ways, what the log says of the member at a point, and the report of every line.

pub(crate) mod divergence;
pub(crate) mod report;
pub(crate) mod source;
pub(crate) mod summary;
pub(crate) mod view;
