//! Each model's diagram as the app draws it, laid out ahead of time: every number already written
//! as the SVG attribute it becomes and every way a transition travels already joined. The layouts
//! are designed and checked in floating point ([`super::layout`]); the page needs only their result,
//! so it carries this table instead of the layout code, the path arithmetic and float formatting
//! (about 8 KB gzip of every page's wasm). `drawn_data.rs` is written from the layouts by a test,
//! which fails whenever the two differ: `KIP848_WRITE_DIAGRAMS=1 cargo test -p kip848-core drawn`
//! writes it again.

use crate::machine::model::Model;
use crate::protocol::state::StateName;

#[rustfmt::skip]
pub(crate) mod drawn_data;

/// A text in its box, a line per entry: `(text, y)`, centred on `x`.
#[derive(Debug, PartialEq)]
pub struct DrawnLabel {
    pub x: &'static str,
    pub size: &'static str,
    pub lines: &'static [(&'static str, &'static str)],
}

/// A state's box and its name.
#[derive(Debug, PartialEq)]
pub struct DrawnNode {
    pub state: StateName,
    /// `x`, `y`, `width`, `height`.
    pub rect: [&'static str; 4],
    pub label: DrawnLabel,
}

/// A box drawn round states that share outgoing transitions.
#[derive(Debug, PartialEq)]
pub struct DrawnGroup {
    pub name: &'static str,
    pub border: &'static str,
    pub title: DrawnLabel,
}

/// A line into a gathered edge's trunk.
#[derive(Debug, PartialEq)]
pub struct DrawnStub {
    pub from: &'static [StateName],
    pub path: &'static str,
}

/// One drawn edge ([`super::Edge`]), with the way each of its transitions travels.
#[derive(Debug, PartialEq)]
pub struct DrawnEdge {
    pub from: &'static [StateName],
    pub to: StateName,
    pub group: Option<&'static str>,
    pub path: &'static str,
    pub head: &'static str,
    pub stubs: &'static [DrawnStub],
    pub label: DrawnLabel,
    pub note: Option<&'static str>,
    /// `FROM-TO FROM-TO`, as [`super::Edge::transition_list`] writes it.
    pub transitions: &'static str,
    /// For each state it leaves from, its way: the state's stub (if any), then the trunk.
    pub ways: &'static [(StateName, &'static str)],
}

impl DrawnEdge {
    /// Whether it stands for more than one transition.
    pub fn is_grouped(&self) -> bool {
        self.from.len() > 1
    }
}

/// A model's diagram, drawn.
#[derive(Debug, PartialEq)]
pub struct Drawn {
    /// The SVG viewBox's width and height.
    pub size: [&'static str; 2],
    /// The narrowest the diagram may be drawn for its smallest text to stay 11 px tall, in px.
    pub min_width: &'static str,
    pub nodes: &'static [DrawnNode],
    pub groups: &'static [DrawnGroup],
    pub edges: &'static [DrawnEdge],
}

impl Drawn {
    /// Width over height: what a box of a given height makes its width.
    pub fn aspect(&self) -> f64 {
        let [w, h] = self.size.map(|n| n.parse::<f64>().unwrap_or(1.0));
        w / h.max(1.0)
    }

    /// The way `from → to` is drawn (stub then trunk), for a pulse along it; `None` for a pair the
    /// model does not allow.
    pub fn way(&self, from: StateName, to: StateName) -> Option<&'static str> {
        self.edges
            .iter()
            .filter(|e| e.to == to)
            .flat_map(|e| e.ways.iter())
            .find(|(f, _)| *f == from)
            .map(|(_, way)| *way)
    }
}

/// The designed diagram of `model`, drawn.
pub fn drawn(model: Model) -> &'static Drawn {
    (model.descriptor().drawn)()
}

#[cfg(test)]
mod tests {
    use super::super::geom::num;
    use super::super::{layout, Diagram, Label};
    use crate::machine::model::Model;
    use std::fmt::Write as _;

    fn label(l: &Label) -> String {
        let lines: Vec<String> = l
            .lines()
            .enumerate()
            .map(|(i, line)| format!("({line:?}, {:?})", num(l.line_y(i))))
            .collect();
        format!(
            "DrawnLabel {{ x: {:?}, size: {:?}, lines: &[{}] }}",
            num(l.rect.centre().x),
            num(l.size),
            lines.join(", ")
        )
    }

    fn states(states: &[crate::StateName]) -> String {
        let names: Vec<String> = states.iter().map(|s| format!("S::{s:?}")).collect();
        format!("&[{}]", names.join(", "))
    }

    fn model(out: &mut String, name: &str, d: &Diagram) {
        let _ = writeln!(out, "pub static {name}: Drawn = Drawn {{");
        let (w, h) = (num(d.view_box.w), num(d.view_box.h));
        let min = num(d.min_width_px(11.0).ceil());
        let _ = writeln!(out, "    size: [{w:?}, {h:?}], min_width: {min:?},");
        out.push_str("    nodes: &[\n");
        for n in &d.nodes {
            let r = [n.rect.x, n.rect.y, n.rect.w, n.rect.h].map(num);
            let _ = writeln!(
                out,
                "        DrawnNode {{ state: S::{:?}, rect: {r:?}, label: {} }},",
                n.state,
                label(&n.label)
            );
        }
        out.push_str("    ],\n    groups: &[\n");
        for g in &d.groups {
            let _ = writeln!(
                out,
                "        DrawnGroup {{ name: {:?}, border: {:?}, title: {} }},",
                g.name,
                g.border,
                label(&g.title)
            );
        }
        out.push_str("    ],\n    edges: &[\n");
        for e in &d.edges {
            let stubs: Vec<String> = e
                .stubs
                .iter()
                .map(|s| {
                    format!(
                        "DrawnStub {{ from: {}, path: {:?} }}",
                        states(&s.from),
                        s.path
                    )
                })
                .collect();
            let ways: Vec<String> = e
                .from
                .iter()
                .map(|&f| format!("(S::{f:?}, {:?})", e.way(f)))
                .collect();
            let _ = writeln!(
                out,
                "        DrawnEdge {{ from: {}, to: S::{:?}, group: {:?}, path: {:?}, head: {:?}, stubs: &[{}], label: {}, note: {:?}, transitions: {:?}, ways: &[{}] }},",
                states(&e.from),
                e.to,
                e.group,
                e.path,
                e.head,
                stubs.join(", "),
                label(&e.label),
                e.note,
                e.transition_list(),
                ways.join(", ")
            );
        }
        out.push_str("    ],\n};\n");
    }

    /// The table as the layouts give it now.
    fn source() -> String {
        let mut out = String::from(
            "//! Written from the layouts by `drawn.rs`'s test (`KIP848_WRITE_DIAGRAMS=1 cargo test -p\n\
             //! kip848-core drawn`): do not edit.\n\n\
             use super::{Drawn, DrawnEdge, DrawnGroup, DrawnLabel, DrawnNode, DrawnStub};\n\
             use crate::protocol::state::StateName as S;\n\n",
        );
        for (name, m) in [
            ("SEED", Model::Seed),
            ("KAFKA", Model::Kafka),
            ("LIBRDKAFKA", Model::Librdkafka),
        ] {
            model(&mut out, name, &layout(m));
        }
        out
    }

    #[test]
    fn the_drawn_diagrams_are_the_layouts() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src/screen/diagram/drawn/drawn_data.rs"
        );
        let now = source();
        if std::env::var_os("KIP848_WRITE_DIAGRAMS").is_some() {
            std::fs::write(path, &now).expect("the source tree is writable");
        }
        let kept = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            kept == now,
            "drawn_data.rs is not what the layouts give: run KIP848_WRITE_DIAGRAMS=1 cargo test -p kip848-core drawn"
        );
    }

    #[test]
    fn every_allowed_transition_has_one_way() {
        for m in [Model::Seed, Model::Kafka, Model::Librdkafka] {
            let (d, drawn) = (layout(m), super::drawn(m));
            for e in &d.edges {
                for (from, to) in e.transitions() {
                    assert_eq!(
                        drawn.way(from, to),
                        d.way(from, to).as_deref(),
                        "{m:?} {from:?}→{to:?}"
                    );
                }
            }
            assert_eq!(drawn.edges.len(), d.edges.len());
        }
    }
}
