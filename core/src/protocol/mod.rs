//! The vocabulary every model and every layer shares: partitions, configuration, inputs, effects, error codes, rejections, state names and time.

pub mod assignment;
pub mod choice;
pub mod config;
pub mod effect;
pub mod error_code;
pub mod input;
pub mod rejected;
pub mod state;
pub mod time;
pub mod version;
