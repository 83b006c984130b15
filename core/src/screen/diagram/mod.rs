//! The state diagram of each model as plain data: where every state's box is, which edge draws
//! which allowed transitions, where each label sits. The app, the SVG export and the tests all draw
//! or measure this one geometry, so what the tests prove is what the reader sees.
//!
//! Each model has a designed layout ([`layout`]), portrait, so that it stays legible in a column
//! 375 px wide without scrolling (every text at least 11 px there). Every edge carries the trigger
//! of its transitions. A transition that leaves every state of a set the same way (a fence, a fatal
//! error, a leave) is ONE edge: either it starts at the border of a [`Group`] box drawn round the
//! states (a composite state, as in UML statecharts), or it gathers the states' own short lines
//! ([`Stub`]) into one trunk. Every allowed transition of the model is drawn by exactly one edge.
//!
//! ```
//! use kip848_core::screen::diagram::{layout, to_svg, Theme};
//! use kip848_core::{Model, StateName};
//!
//! let diagram = layout(Model::Kafka);
//! let (stable, fenced) = (StateName::Stable, StateName::Fenced);
//! assert_eq!(diagram.edge_for(stable, fenced).unwrap().group, Some("heartbeating"));
//! let svg = to_svg(&diagram, Some(fenced), Some((stable, fenced)), Theme::Light);
//! assert!(svg.starts_with("<svg"));
//! ```

#[cfg(test)]
mod checks;
mod draw;
pub mod drawn;
pub mod geom;
pub(crate) mod kafka;
pub(crate) mod librdkafka;
pub mod path;
pub(crate) mod seed;
mod svg;
#[cfg(test)]
mod tests;

pub use drawn::drawn;
pub use geom::{Point, Rect};
pub use svg::{to_svg, Theme};

use crate::machine::model::Model;
use crate::protocol::state::StateName;
use serde::Serialize;

/// Text sizes, in viewBox units. A layout's width is chosen with them so that at 375 px the
/// smallest is at least 11 px ([`Diagram::smallest_text_at`]).
pub const NODE_FONT: f64 = 13.0;
pub const LABEL_FONT: f64 = 13.0;
pub const TITLE_FONT: f64 = 13.0;

/// A text placed in its box (the box includes a little padding: what must stay clear).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Label {
    /// The text; lines are separated by `\n`.
    pub text: &'static str,
    pub size: f64,
    pub rect: Rect,
}

/// A state's box.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Node {
    pub state: StateName,
    pub rect: Rect,
    /// The state's name, centred in the box.
    pub label: Label,
}

/// A box drawn round states that share outgoing transitions, titled on its top border (the border
/// is drawn open where the title sits, so no line crosses it).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Group {
    pub name: &'static str,
    pub members: Vec<StateName>,
    pub rect: Rect,
    pub title: Label,
    /// The border as path data: the box, open where the title is.
    pub border: String,
}

/// A line into a gathered edge's trunk: from one state's box, or from a group's border (then it
/// stands for every member).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Stub {
    pub from: Vec<StateName>,
    /// Path data from the state's box (or the group's border) to where the trunk starts.
    pub path: String,
}

/// One drawn edge: an arrow with one label, standing for one or more transitions to `to`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Edge {
    /// Every state this edge leaves from: each `(from, to)` is one transition it stands for.
    pub from: Vec<StateName>,
    pub to: StateName,
    /// The group whose border the edge leaves from, when it stands for that group's members.
    pub group: Option<&'static str>,
    /// The trunk, as path data: from the source (a state, a group's border, or where the stubs
    /// meet) to the border of `to`, where the arrowhead is. Left open where the label sits.
    pub path: String,
    /// The lines that meet where the trunk starts (empty for a plain edge).
    pub stubs: Vec<Stub>,
    /// The arrowhead, a closed triangle (path data) with its tip on the border of `to`.
    pub head: String,
    /// The trigger.
    pub label: Label,
    /// More about the trigger (shown as the edge's tooltip).
    pub note: Option<&'static str>,
}

impl Edge {
    /// The transitions this edge stands for.
    pub fn transitions(&self) -> Vec<(StateName, StateName)> {
        self.from.iter().map(|&from| (from, self.to)).collect()
    }

    pub fn stands_for(&self, from: StateName, to: StateName) -> bool {
        self.to == to && self.from.contains(&from)
    }

    /// The transitions it stands for as the app and the SVG write them: `FROM-TO FROM-TO`.
    pub fn transition_list(&self) -> String {
        self.transitions()
            .iter()
            .map(|(f, t)| format!("{}-{}", f.as_str(), t.as_str()))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Whether it stands for more than one transition.
    pub fn is_grouped(&self) -> bool {
        self.from.len() > 1
    }

    /// The way `from → to` travels along this edge, as path data: the state's stub (if it has one)
    /// then the trunk. What the app's pulse runs along and the export highlights.
    pub fn way(&self, from: StateName) -> String {
        let trunk = path::parse(&self.path);
        match self.stubs.iter().find(|s| s.from.contains(&from)) {
            Some(stub) => path::write(&path::join(&path::parse(&stub.path), &trunk)),
            None => self.path.clone(),
        }
    }
}

/// A model's diagram.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Diagram {
    pub model: Model,
    /// Always at the origin; `w` and `h` are the SVG viewBox's size.
    pub view_box: Rect,
    pub nodes: Vec<Node>,
    pub groups: Vec<Group>,
    pub edges: Vec<Edge>,
}

impl Diagram {
    pub fn node(&self, state: StateName) -> Option<&Node> {
        self.nodes.iter().find(|n| n.state == state)
    }

    /// The edge that draws `from → to`: the grouped one when that is where it is drawn. `None`
    /// for a pair the model does not allow.
    pub fn edge_for(&self, from: StateName, to: StateName) -> Option<&Edge> {
        self.edges.iter().find(|e| e.stands_for(from, to))
    }

    /// The way `from → to` is drawn (stub then trunk), for a pulse along it.
    pub fn way(&self, from: StateName, to: StateName) -> Option<String> {
        self.edge_for(from, to).map(|e| e.way(from))
    }

    /// Every text of the diagram: node names, group titles, edge labels.
    pub fn labels(&self) -> impl Iterator<Item = &Label> {
        let nodes = self.nodes.iter().map(|n| &n.label);
        let titles = self.groups.iter().map(|g| &g.title);
        nodes
            .chain(titles)
            .chain(self.edges.iter().map(|e| &e.label))
    }

    /// The size in CSS px of the smallest text when the diagram is drawn `width_px` wide.
    pub fn smallest_text_at(&self, width_px: f64) -> f64 {
        let smallest = self.labels().map(|l| l.size).fold(f64::MAX, f64::min);
        smallest * width_px / self.view_box.w
    }

    /// The narrowest the diagram may be drawn for its smallest text to stay `text_px` tall. The
    /// app draws it no narrower, in a frame that scrolls sideways when the column is narrower
    /// still (the shipped client's diagram in a 375 px window, whose column is about 330 px).
    pub fn min_width_px(&self, text_px: f64) -> f64 {
        self.view_box.w * text_px / self.smallest_text_at(self.view_box.w)
    }
}

/// The designed diagram of `model` (the pages draw [`drawn`]'s, but for the review's export).
pub fn layout(model: Model) -> Diagram {
    model.layout()
}

/// The colour family a state is drawn in when current (the stylesheet's `--state-*` tokens): the
/// shipped client's states take the family of the seed state they correspond to (the mapping in the book's chapter on the seed design and the shipped client).
pub fn tone(state: StateName) -> &'static str {
    use StateName::*;
    match state {
        New | Unsubscribed => "new",
        Joining | Fenced | Init => "joining",
        Joined | Stable | Steady => "joined",
        Assigning
        | Reconciling
        | Acknowledging
        | WaitAssignCall
        | WaitUnassignCall
        | WaitIncrUnassignToComplete => "assigning",
        Terminating | PrepareLeaving | Leaving | Stale | WaitUnassignToComplete => "terminating",
        Terminated | Fatal | Term => "terminated",
    }
}
