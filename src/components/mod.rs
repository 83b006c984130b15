//! One component per panel, named after its place on screen.

pub mod app_actions;
pub mod app_lane;
pub mod assigned_set;
pub mod assignment_editor;
pub mod config_panel;
pub mod console;
pub mod diagram;
pub mod embed_dialog;
pub mod first_path;
pub mod glossary;
pub mod group;
pub mod help_dialog;
pub mod inspector;
pub mod lesson_panel;
pub mod live_region;
pub mod log;
pub mod log_import_panel;
pub mod member_facts;
pub mod presenter;
pub mod quiz_card;
pub mod review_view;
pub mod scenario_panel;
pub mod sequence;
pub mod session_panel;
pub mod share_controls;
pub mod time_controls;
