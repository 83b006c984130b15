//! Traces exported as Rust tests (`kip848-replay --rust-test FILE NAME > core/tests/exported/NAME.rs`,
//! then a `mod` line here): each asserts every step's whole effect list. `tests/export.rs` checks
//! that scenario 05's is exactly what the exporter writes today.

mod scenario_05;
