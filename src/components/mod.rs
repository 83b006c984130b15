//! One component per panel.

pub mod member_panel;
pub mod quick_actions;
