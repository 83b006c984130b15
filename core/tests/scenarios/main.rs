//! One named scenario per rule of seed model §5, each asserting whole effect lists on a virtual clock.

#[path = "../common/mod.rs"]
mod common;

mod fatal;
mod fencing;
mod heartbeats;
mod joining;
mod leaving;
mod reconciliation;
mod rejections;
mod retriable;
