//! The geometry of both diagrams, measured on the path data the renderers draw: nothing outside
//! the viewBox; labels clear of each other, of the states, of the arrowheads and of every line;
//! arrowheads apart; no two edges crossing. Each check lists what it finds, so that a failure says
//! where, and so that a test can show that it finds what the issue found in the old drawing.

use super::geom::{Point, Rect};
use super::path::{parse, sample};
use super::*;

/// How finely paths are sampled: finer than any gap the tests look for.
pub const STEP: f64 = 0.5;

pub fn both() -> [Diagram; Model::ALL.len()] {
    Model::ALL.map(layout)
}

/// Every line of the diagram with what it belongs to: trunks, stubs, arrowheads, group borders.
fn lines(d: &Diagram) -> Vec<(String, Vec<Point>)> {
    let mut out = Vec::new();
    for g in &d.groups {
        out.push((
            format!("border of {}", g.name),
            sample(&parse(&g.border), STEP),
        ));
    }
    for e in &d.edges {
        let name = format!("edge {:?} → {}", e.from, e.to);
        out.push((name.clone(), sample(&parse(&e.path), STEP)));
        out.push((format!("head of {name}"), sample(&parse(&e.head), STEP)));
        for s in &e.stubs {
            out.push((
                format!("stub {:?} of {name}", s.from),
                sample(&parse(&s.path), STEP),
            ));
        }
    }
    out
}

/// Strictly inside: a line may end on a box's border (a state's) or stop at it (a label's).
fn inside(r: &Rect, p: Point) -> bool {
    r.inflate(-0.5).contains(p)
}

/// What is clipped by the viewBox (or overflows its state's box).
fn clipped(d: &Diagram) -> Vec<String> {
    let vb = d.view_box;
    let mut out = Vec::new();
    for n in &d.nodes {
        if !vb.encloses(&n.rect) || !n.rect.encloses(&n.label.rect) {
            out.push(format!("{} clipped", n.state));
        }
    }
    for l in d.labels() {
        if !vb.encloses(&l.rect) {
            out.push(format!("{:?} clipped", l.text));
        }
    }
    for (name, pts) in lines(d) {
        if !pts.iter().all(|p| vb.contains(*p)) {
            out.push(format!("{name} leaves the view box"));
        }
    }
    out
}

/// Room kept round every label (beyond its padding), so that no text touches a box, another
/// text or an arrowhead.
const AIR: f64 = 3.0;

/// Labels that overlap (or touch) another label, a state or an arrowhead; states too close.
fn overlapping(d: &Diagram) -> Vec<String> {
    let mut out = Vec::new();
    let labels: Vec<&Label> = d.labels().collect();
    let heads: Vec<Rect> = d
        .edges
        .iter()
        .map(|e| bounds(&sample(&parse(&e.head), STEP)))
        .collect();
    for (i, a) in labels.iter().enumerate() {
        let room = a.rect.inflate(AIR);
        for b in &labels[i + 1..] {
            if room.intersects(&b.rect) {
                out.push(format!("{:?} overlaps {:?}", a.text, b.text));
            }
        }
        for h in &heads {
            if room.intersects(h) {
                out.push(format!(
                    "{:?} touches an arrowhead at {:?}",
                    a.text,
                    (h.x, h.y)
                ));
            }
        }
        for n in &d.nodes {
            if !std::ptr::eq(*a, &n.label) && room.intersects(&n.rect) {
                out.push(format!("{:?} overlaps {}", a.text, n.state));
            }
        }
    }
    for (i, a) in d.nodes.iter().enumerate() {
        for b in &d.nodes[i + 1..] {
            if a.rect.inflate(4.0).intersects(&b.rect) {
                out.push(format!("{} touches {}", a.state, b.state));
            }
        }
    }
    out
}

/// Lines (trunks, stubs, arrowheads, group borders) through a label or through a state.
fn crossed(d: &Diagram) -> Vec<String> {
    let lines = lines(d);
    let mut out = Vec::new();
    for l in d.labels() {
        for (name, pts) in &lines {
            if let Some(p) = pts.iter().find(|p| inside(&l.rect, **p)) {
                out.push(format!("{name} crosses {:?} at {p:?}", l.text));
            }
        }
    }
    for n in &d.nodes {
        for (name, pts) in &lines {
            if let Some(p) = pts.iter().find(|p| inside(&n.rect, **p)) {
                out.push(format!("{name} runs through {} at {p:?}", n.state));
            }
        }
    }
    out
}

#[test]
fn every_node_label_and_line_is_inside_the_view_box() {
    for d in both() {
        assert_eq!((d.view_box.x, d.view_box.y), (0.0, 0.0));
        assert_eq!(clipped(&d), Vec::<String>::new(), "{:?}", d.model);
    }
}

#[test]
fn labels_overlap_neither_each_other_nor_a_state() {
    for d in both() {
        assert_eq!(overlapping(&d), Vec::<String>::new(), "{:?}", d.model);
    }
}

#[test]
fn no_line_crosses_a_label_or_runs_through_a_state() {
    for d in both() {
        assert_eq!(crossed(&d), Vec::<String>::new(), "{:?}", d.model);
    }
}

/// The checks find what the issue found in the old diagram: a state clipped at the left, a label
/// on two states, a label struck through by an edge; and two edges crossing.
#[test]
fn the_checks_catch_a_clipped_state_an_overlap_a_crossed_label_and_crossing_edges() {
    use StateName::*;
    let mut d = layout(Model::Seed);
    d.nodes[0].rect.x = -10.0;
    assert!(clipped(&d).contains(&"NEW clipped".to_owned()));

    let mut d = layout(Model::Seed);
    let subscribe = d
        .edges
        .iter_mut()
        .find(|e| e.stands_for(New, Joining))
        .unwrap();
    subscribe.label.rect.y += 50.0;
    let found = overlapping(&d);
    assert!(
        found.contains(&"\"subscribe\" overlaps JOINING".to_owned()),
        "{found:?}"
    );

    // A line drawn straight through the fence's label, as the highlighted edge once was.
    let mut d = layout(Model::Seed);
    let fenced = d.edge_for(Joined, Joining).unwrap().label.rect;
    let (y, left, right) = (fenced.centre().y, fenced.left() - 5.0, fenced.right() + 5.0);
    d.edges[1].path = format!("M{left},{y} L{right},{y}");
    let found = crossed(&d);
    assert!(
        found.iter().any(|p| p.contains("crosses \"fenced\"")),
        "{found:?}"
    );
    assert!(crossings(&d)
        .iter()
        .any(|p| p.contains("crosses [Joined, Assigning] → JOINING")));
}

#[test]
fn each_label_sits_on_or_beside_its_own_lines() {
    for d in both() {
        for e in &d.edges {
            let mut pts = sample(&parse(&e.path), STEP);
            for s in &e.stubs {
                pts.extend(sample(&parse(&s.path), STEP));
            }
            let near = pts.iter().any(|p| e.label.rect.inflate(6.0).contains(*p));
            assert!(near, "{:?} floats away from its edge", e.label.text);
        }
    }
}

/// The smallest box round some points.
fn bounds(pts: &[Point]) -> Rect {
    let (mut lo, mut hi) = (pts[0], pts[0]);
    for p in pts {
        (lo.x, lo.y) = (lo.x.min(p.x), lo.y.min(p.y));
        (hi.x, hi.y) = (hi.x.max(p.x), hi.y.max(p.y));
    }
    Rect::from_edges(lo.x, lo.y, hi.x, hi.y)
}

#[test]
fn arrowheads_are_not_piled_up() {
    for d in both() {
        let heads: Vec<(StateName, Point, Rect)> = d
            .edges
            .iter()
            .map(|e| {
                let pts = sample(&parse(&e.head), STEP);
                (e.to, pts[0], bounds(&pts))
            })
            .collect();
        for (i, (to, tip, rect)) in heads.iter().enumerate() {
            let node = d.node(*to).unwrap().rect;
            assert!(
                node.inflate(0.5).contains(*tip),
                "the head into {to} ends on its border"
            );
            for (other, other_tip, other_rect) in &heads[i + 1..] {
                let apart = tip.distance(*other_tip) >= 14.0 && !rect.intersects(other_rect);
                assert!(apart, "heads into {to} and {other} pile up at {tip:?}");
            }
        }
    }
}

/// Whether segments `a–b` and `c–d` properly cross (touching ends do not count).
fn cross(a: Point, b: Point, c: Point, d: Point) -> bool {
    let side = |p: Point, q: Point, r: Point| (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
    let (d1, d2) = (side(c, d, a), side(c, d, b));
    let (d3, d4) = (side(a, b, c), side(a, b, d));
    d1 * d2 < 0.0 && d3 * d4 < 0.0
}

/// Where the lines of two different edges cross each other.
fn crossings(d: &Diagram) -> Vec<String> {
    let edges: Vec<(String, Vec<Vec<Point>>)> = d
        .edges
        .iter()
        .map(|e| {
            let mut paths = vec![sample(&parse(&e.path), 2.0)];
            paths.extend(e.stubs.iter().map(|s| sample(&parse(&s.path), 2.0)));
            (format!("{:?} → {}", e.from, e.to), paths)
        })
        .collect();
    let mut out = Vec::new();
    for (i, (a, pa)) in edges.iter().enumerate() {
        for (b, pb) in &edges[i + 1..] {
            let hit = pa.iter().flat_map(|p| p.windows(2)).any(|s| {
                pb.iter()
                    .flat_map(|q| q.windows(2))
                    .any(|t| cross(s[0], s[1], t[0], t[1]))
            });
            if hit {
                out.push(format!("{a} crosses {b}"));
            }
        }
    }
    out
}

/// Lines cross only group borders, never each other: each edge can be followed by eye.
#[test]
fn no_two_edges_cross() {
    for d in both() {
        assert_eq!(crossings(&d), Vec::<String>::new(), "{:?}", d.model);
    }
}
