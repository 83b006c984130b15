//! Group mode's panels: controls, the coordinator (and the manual assignor's target editor), the
//! members as columns, the ownership chart, the messages in flight and the step list. Each renders the group timeline's cursor.

pub mod controls;
pub mod coordinator;
pub mod lanes;
pub mod members;
pub mod ownership_chart;
pub mod settings;
pub mod steps;
pub mod target_editor;
pub mod time_chart;
pub mod view;

pub use view::GroupView;
