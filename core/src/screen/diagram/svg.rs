//! A diagram as one self-contained SVG document (its colours in its own `<style>`), for an HTML
//! export, the README and for looking at a layout outside the app.

use super::geom::{num, FONT_FAMILY};
use super::{tone, Diagram, Edge, Label};
use crate::protocol::state::StateName;
use std::fmt::Write;

/// Which colours the document carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Theme {
    Light,
    Dark,
    /// Light, and dark when the reader's system prefers it (a media query inside the SVG).
    Auto,
}

/// The colours of one theme: the app's design tokens (style/main.css), so an export looks like
/// the page it came from.
struct Palette {
    bg: &'static str,
    node: &'static str,
    node_border: &'static str,
    text: &'static str,
    muted: &'static str,
    line: &'static str,
    group: &'static str,
    accent: &'static str,
    /// new, joining, joined, assigning, terminating, terminated.
    tones: [&'static str; 6],
}

const LIGHT: Palette = Palette {
    bg: "#ffffff",
    node: "#eef1f5",
    node_border: "#9aa4ae",
    text: "#1b1f24",
    muted: "#4f5964",
    line: "#6b7580",
    group: "#8c96a1",
    accent: "#0b5cad",
    tones: [
        "#5a6470", "#8a5a00", "#1d6b33", "#0b5cad", "#8e3b8e", "#b00020",
    ],
};

const DARK: Palette = Palette {
    bg: "#1a1f26",
    node: "#232a33",
    node_border: "#5d6978",
    text: "#e8ecf1",
    muted: "#a9b4c0",
    line: "#8b96a3",
    group: "#6f7b88",
    accent: "#7cb8ff",
    tones: [
        "#b5bec8", "#f0c060", "#6fd38b", "#7cb8ff", "#e09ae0", "#ff8a98",
    ],
};

const TONES: [&str; 6] = [
    "new",
    "joining",
    "joined",
    "assigning",
    "terminating",
    "terminated",
];

/// The app's rules for the diagram (style/main.css), with this palette's colours in place of
/// its tokens: the export draws the same DOM the app does, so it looks the same.
fn rules(p: &Palette) -> String {
    let mut css = format!(
        ".bg{{fill:{bg}}}\
         .group path{{fill:none;stroke:{group};stroke-width:1.5;stroke-dasharray:6 4}}\
         .group text{{fill:{muted};font-style:italic}}\
         .edge path,.edge-group path{{fill:none;stroke:{line};stroke-width:1.6}}\
         .edge text,.edge-group text{{fill:{muted}}}\
         path.head{{fill:{line};stroke:none}}\
         .fired>path.line{{stroke:{accent};stroke-width:2.6}}\
         .fired>path.head{{fill:{accent}}}\
         .fired>text{{fill:{accent};font-weight:700}}\
         .way{{fill:none;stroke:{accent};stroke-width:2.6;stroke-linecap:round}}\
         .node rect{{fill:{node};stroke:{border};stroke-width:1.5}}\
         .node text{{fill:{text};font-weight:700}}\
         .node.current rect{{fill:{bg};stroke-width:3.5}}",
        bg = p.bg,
        group = p.group,
        muted = p.muted,
        line = p.line,
        accent = p.accent,
        node = p.node,
        border = p.node_border,
        text = p.text,
    );
    for (name, colour) in TONES.iter().zip(p.tones) {
        let _ = write!(
            css,
            ".node.current[data-tone=\"{name}\"] rect{{stroke:{colour}}}"
        );
    }
    css
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn text(out: &mut String, label: &Label) {
    let x = num(label.rect.centre().x);
    let _ = write!(
        out,
        "<text text-anchor=\"middle\" dominant-baseline=\"central\" font-size=\"{}\">",
        num(label.size)
    );
    for (i, line) in label.lines().enumerate() {
        let _ = write!(
            out,
            "<tspan x=\"{x}\" y=\"{}\">{}</tspan>",
            num(label.line_y(i)),
            escape(line)
        );
    }
    out.push_str("</text>");
}

/// One edge, as the app draws it: a `.edge` for a single transition; for several, a `.edge-group`
/// holding a `.edge` per transition (with its own stub, if it has one). `fired`: the transition
/// shown, when this edge stands for it.
fn edge_svg(out: &mut String, edge: &Edge, fired: Option<(StateName, StateName)>) {
    let class = |name: &str, on: bool| {
        if on {
            format!("{name} fired")
        } else {
            name.to_owned()
        }
    };
    let kind = if edge.is_grouped() {
        "edge-group"
    } else {
        "edge"
    };
    let _ = write!(
        out,
        "<g class=\"{}\" data-transitions=\"{}\">",
        class(kind, fired.is_some()),
        edge.transition_list()
    );
    if let Some(note) = edge.note {
        let _ = write!(out, "<title>{}</title>", escape(note));
    }
    if edge.is_grouped() {
        for stub in edge.stubs.iter().filter(|s| s.from.len() > 1) {
            let _ = write!(out, "<path class=\"stub\" d=\"{}\"/>", stub.path);
        }
        for &from in &edge.from {
            let on = fired.is_some_and(|(f, _)| f == from);
            let _ = write!(
                out,
                "<g class=\"{}\" data-from=\"{from}\">",
                class("edge", on)
            );
            if let Some(stub) = edge.stubs.iter().find(|s| s.from == [from]) {
                let _ = write!(out, "<path class=\"stub\" d=\"{}\"/>", stub.path);
            }
            out.push_str("</g>");
        }
    }
    let _ = write!(out, "<path class=\"line\" d=\"{}\"/>", edge.path);
    let _ = write!(out, "<path class=\"head\" d=\"{}\"/>", edge.head);
    text(out, &edge.label);
    out.push_str("</g>");
}

/// The diagram as SVG: `current` drawn with a heavy border in its state's colour, `fired` (the
/// last transition shown) along its edge in the accent colour.
pub fn to_svg(
    diagram: &Diagram,
    current: Option<StateName>,
    fired: Option<(StateName, StateName)>,
    theme: Theme,
) -> String {
    let vb = diagram.view_box;
    let (w, h) = (num(vb.w), num(vb.h));
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" \
         width=\"{w}\" height=\"{h}\" font-family=\"{}\" role=\"img\" aria-label=\"State diagram of the {} model\">",
        FONT_FAMILY.replace('\'', "&apos;"),
        diagram.model.as_str()
    );
    let css = match theme {
        Theme::Light => rules(&LIGHT),
        Theme::Dark => rules(&DARK),
        Theme::Auto => format!(
            "{}@media (prefers-color-scheme: dark){{{}}}",
            rules(&LIGHT),
            rules(&DARK)
        ),
    };
    let _ = write!(out, "<style>{css}</style>");
    let _ = write!(out, "<rect class=\"bg\" width=\"{w}\" height=\"{h}\"/>");
    for group in &diagram.groups {
        let _ = write!(out, "<g class=\"group\"><path d=\"{}\"/>", group.border);
        text(&mut out, &group.title);
        out.push_str("</g>");
    }
    let fired_edge = fired.and_then(|(f, t)| diagram.edge_for(f, t));
    for edge in &diagram.edges {
        edge_svg(&mut out, edge, fired.filter(|_| fired_edge == Some(edge)));
    }
    // The fired transition's whole way (its own stub too) drawn again over every other line.
    if let (Some((from, _)), Some(edge)) = (fired, fired_edge) {
        let _ = write!(out, "<path class=\"way\" d=\"{}\"/>", edge.way(from));
    }
    for node in &diagram.nodes {
        let r = node.rect;
        let current = if current == Some(node.state) {
            " current"
        } else {
            ""
        };
        let _ = write!(
            out,
            "<g class=\"node{current}\" data-tone=\"{}\" data-state=\"{}\">\
             <rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"7\"/>",
            tone(node.state),
            node.state.as_str(),
            num(r.x),
            num(r.y),
            num(r.w),
            num(r.h)
        );
        text(&mut out, &node.label);
        out.push_str("</g>");
    }
    out.push_str("</svg>\n");
    out
}
