//! The vocabulary the two layouts are written in: boxes for states and groups, labels placed
//! beside a point, edges routed as polylines with rounded corners and an arrowhead at the end.

use super::geom::{pt, text_width, Point, Rect, LINE_EM};
use super::path;
use super::{Edge, Group, Label, Node, Stub, LABEL_FONT, NODE_FONT, TITLE_FONT};
use crate::protocol::state::StateName;

/// Padding inside a label's box: what keeps lines and other labels clear of the glyphs.
pub const PAD_X: f64 = 3.0;
pub const PAD_Y: f64 = 2.0;
/// Gap between a line and the label beside it.
pub const GAP: f64 = 4.0;
/// Radius of an edge's rounded corners.
pub const CORNER: f64 = 8.0;
/// Height of every state's box; its width fits the name.
pub const NODE_H: f64 = 32.0;
/// The narrowest state box, so that short names do not make boxes too small to aim at.
pub const NODE_MIN_W: f64 = 88.0;

impl Label {
    /// `text` with the point `(ax, ay)` of its box (fractions of its width and height) at `p`.
    pub fn at(text: &'static str, size: f64, p: Point, ax: f64, ay: f64) -> Label {
        let lines = text.split('\n');
        let chars = lines.clone().map(|l| l.chars().count()).max().unwrap_or(0);
        let w = text_width(chars, size) + 2.0 * PAD_X;
        let h = lines.count() as f64 * size * LINE_EM + 2.0 * PAD_Y;
        Label {
            text,
            size,
            rect: Rect {
                x: p.x - ax * w,
                y: p.y - ay * h,
                w,
                h,
            },
        }
    }

    pub fn lines(&self) -> impl Iterator<Item = &'static str> {
        self.text.split('\n')
    }

    /// The vertical centre of line `i` (the renderers set text with a central baseline).
    pub fn line_y(&self, i: usize) -> f64 {
        self.rect.y + PAD_Y + (i as f64 + 0.5) * self.size * LINE_EM
    }
}

/// An edge label sitting on its line, centred at `(x, y)`: the line stops at the label's box and
/// starts again after it, so the label needs no room beside the line and no line crosses it.
pub fn on(text: &'static str, x: f64, y: f64) -> Label {
    Label::at(text, LABEL_FONT, pt(x, y), 0.5, 0.5)
}

/// An edge label beside a vertical line at `x`, on its right, centred on `y` (for two lines close
/// together, where a label on either would reach over the other).
pub fn right_of(text: &'static str, x: f64, y: f64) -> Label {
    Label::at(text, LABEL_FONT, pt(x + GAP, y), 0.0, 0.5)
}

/// An edge label beside a vertical line at `x`, on its left, centred on `y`.
pub fn left_of(text: &'static str, x: f64, y: f64) -> Label {
    Label::at(text, LABEL_FONT, pt(x - GAP, y), 1.0, 0.5)
}

/// A state's box centred at `(x, y)`, its name on one line.
pub fn node(state: StateName, x: f64, y: f64) -> Node {
    named(state, state.as_str(), x, y)
}

/// A state's box with its name set as `text` (a long name broken after its underscore, so the
/// box stays narrow enough for a 375 px column).
pub fn named(state: StateName, text: &'static str, x: f64, y: f64) -> Node {
    debug_assert_eq!(text.replace('\n', ""), state.as_str());
    let label = Label::at(text, NODE_FONT, pt(x, y), 0.5, 0.5);
    let w = (label.rect.w + 16.0).max(NODE_MIN_W);
    let h = (label.rect.h + 10.0).max(NODE_H);
    Node {
        state,
        rect: Rect::centred(pt(x, y), w, h),
        label,
    }
}

/// The states' boxes, looked up by state while a layout routes its edges.
pub struct Nodes(pub Vec<Node>);

impl Nodes {
    pub fn rect(&self, state: StateName) -> Rect {
        self.0
            .iter()
            .find(|n| n.state == state)
            .map(|n| n.rect)
            .unwrap_or_else(|| panic!("{state} is laid out"))
    }
    /// A point on the top border, `dx` right of the centre.
    pub fn top(&self, s: StateName, dx: f64) -> Point {
        let r = self.rect(s);
        pt(r.centre().x + dx, r.top())
    }
    pub fn bottom(&self, s: StateName, dx: f64) -> Point {
        let r = self.rect(s);
        pt(r.centre().x + dx, r.bottom())
    }
    /// A point on the left border, `dy` below the centre.
    pub fn left(&self, s: StateName, dy: f64) -> Point {
        let r = self.rect(s);
        pt(r.left(), r.centre().y + dy)
    }
    pub fn right(&self, s: StateName, dy: f64) -> Point {
        let r = self.rect(s);
        pt(r.right(), r.centre().y + dy)
    }
}

/// A group box round `members`, its title set on the bottom border `title_x` from the left corner
/// (the border is left open there). The bottom, because lines into the group come from above.
pub fn group(name: &'static str, members: &[StateName], rect: Rect, title_x: f64) -> Group {
    let title = Label::at(
        name,
        TITLE_FONT,
        pt(rect.left() + title_x, rect.bottom()),
        0.0,
        0.5,
    );
    // The border runs clockwise from just before the title round to just after it.
    let corners = [
        pt(title.rect.left() - 2.0, rect.bottom()),
        pt(rect.left(), rect.bottom()),
        pt(rect.left(), rect.top()),
        pt(rect.right(), rect.top()),
        pt(rect.right(), rect.bottom()),
        pt(title.rect.right() + 2.0, rect.bottom()),
    ];
    Group {
        name,
        members: members.to_vec(),
        rect,
        title,
        border: path::write(&path::rounded(&corners, 12.0)),
    }
}

/// Where an edge or a stub starts: a state's box, or a group's border (standing for its members).
#[derive(Clone, Copy)]
pub enum Src<'a> {
    State(StateName),
    Group(&'a Group),
}

impl Src<'_> {
    fn states(&self) -> Vec<StateName> {
        match self {
            Src::State(s) => vec![*s],
            Src::Group(g) => g.members.clone(),
        }
    }
    fn group(&self) -> Option<&'static str> {
        match self {
            Src::State(_) => None,
            Src::Group(g) => Some(g.name),
        }
    }
}

/// An edge from `from` through `points` (rounded corners), its label sitting on it.
pub fn edge(from: Src, to: StateName, points: &[Point], label: Label) -> Edge {
    let segs = path::cut(&path::rounded(points, CORNER), &label.rect);
    let (tip, dir) = path::end(&segs);
    Edge {
        from: from.states(),
        to,
        group: from.group(),
        path: path::write(&segs),
        stubs: Vec::new(),
        head: path::write(&path::arrowhead(tip, dir)),
        label,
        note: None,
    }
}

/// An edge from one state.
pub fn line(from: StateName, to: StateName, points: &[Point], label: Label) -> Edge {
    edge(Src::State(from), to, points, label)
}

/// One edge gathering several sources: each stub's polyline ends where the trunk (`points`, with
/// the label on it) starts, so each transition can be followed from its state to `to`.
pub fn gathered(to: StateName, points: &[Point], stubs: &[(Src, &[Point])], label: Label) -> Edge {
    let mut edge = edge(Src::State(to), to, points, label);
    edge.from = stubs.iter().flat_map(|(src, _)| src.states()).collect();
    edge.group = stubs.iter().find_map(|(src, _)| src.group());
    edge.stubs = stubs
        .iter()
        .map(|(src, pts)| {
            debug_assert_eq!(
                pts.last(),
                points.first(),
                "a stub ends where the trunk starts"
            );
            Stub {
                from: src.states(),
                // A label may sit where the stubs run together as one line.
                path: path::write(&path::cut(&path::rounded(pts, CORNER), &edge.label.rect)),
            }
        })
        .collect();
    edge
}

impl Edge {
    pub fn with_note(mut self, note: &'static str) -> Edge {
        self.note = Some(note);
        self
    }
}
