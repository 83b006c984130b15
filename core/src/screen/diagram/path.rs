//! SVG path data, written and read here (absolute M, L, Q, C only) so that the tests sample exactly
//! the string the renderers draw: polylines with rounded corners, arrowheads, gaps for labels.

use super::geom::{num, pt, Point, Rect};

/// One command of path data, in absolute coordinates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Seg {
    Move(Point),
    Line(Point),
    Quad(Point, Point),
    Cubic(Point, Point, Point),
}

/// Writes path data.
pub fn write(segs: &[Seg]) -> String {
    let p = |p: Point| format!("{},{}", num(p.x), num(p.y));
    segs.iter()
        .map(|s| match *s {
            Seg::Move(a) => format!("M{}", p(a)),
            Seg::Line(a) => format!("L{}", p(a)),
            Seg::Quad(c, a) => format!("Q{} {}", p(c), p(a)),
            Seg::Cubic(c1, c2, a) => format!("C{} {} {}", p(c1), p(c2), p(a)),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads path data written by [`write`] (or by hand in the same absolute commands).
pub fn parse(d: &str) -> Vec<Seg> {
    let mut out = Vec::new();
    let mut cmd = ' ';
    let mut nums: Vec<f64> = Vec::new();
    let flush = |cmd: char, nums: &mut Vec<f64>, out: &mut Vec<Seg>| {
        let p: Vec<Point> = nums.chunks(2).map(|c| pt(c[0], c[1])).collect();
        match (cmd, p.as_slice()) {
            ('M', [a]) => out.push(Seg::Move(*a)),
            ('L', [a]) => out.push(Seg::Line(*a)),
            ('Q', [c, a]) => out.push(Seg::Quad(*c, *a)),
            ('C', [c1, c2, a]) => out.push(Seg::Cubic(*c1, *c2, *a)),
            ('Z', []) | (' ', []) => {}
            _ => panic!("path data not understood: {cmd} {nums:?}"),
        }
        nums.clear();
    };
    let mut token = String::new();
    for ch in d.chars().chain(std::iter::once(' ')) {
        if ch.is_ascii_digit() || ch == '.' || (ch == '-' && token.is_empty()) {
            token.push(ch);
            continue;
        }
        if !token.is_empty() {
            nums.push(token.parse().expect("a number"));
            token.clear();
        }
        if ch.is_ascii_alphabetic() {
            flush(cmd, &mut nums, &mut out);
            cmd = ch;
        } else if ch == '-' {
            token.push(ch);
        }
    }
    flush(cmd, &mut nums, &mut out);
    out
}

/// Points along the path, no farther than `step` apart on each segment (Béziers sampled by their
/// parameter at a step their control polygon bounds).
pub fn sample(segs: &[Seg], step: f64) -> Vec<Point> {
    let mut out = Vec::new();
    let mut at = pt(0.0, 0.0);
    for seg in segs {
        let (len, f): (f64, Box<dyn Fn(f64) -> Point>) = match *seg {
            Seg::Move(a) => {
                at = a;
                out.push(a);
                continue;
            }
            Seg::Line(a) => (
                at.distance(a),
                Box::new(move |t| pt(at.x + (a.x - at.x) * t, at.y + (a.y - at.y) * t)),
            ),
            Seg::Quad(c, a) => (
                at.distance(c) + c.distance(a),
                Box::new(move |t| {
                    let u = 1.0 - t;
                    pt(
                        u * u * at.x + 2.0 * u * t * c.x + t * t * a.x,
                        u * u * at.y + 2.0 * u * t * c.y + t * t * a.y,
                    )
                }),
            ),
            Seg::Cubic(c1, c2, a) => (
                at.distance(c1) + c1.distance(c2) + c2.distance(a),
                Box::new(move |t| {
                    let u = 1.0 - t;
                    let (w0, w1, w2, w3) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
                    pt(
                        w0 * at.x + w1 * c1.x + w2 * c2.x + w3 * a.x,
                        w0 * at.y + w1 * c1.y + w2 * c2.y + w3 * a.y,
                    )
                }),
            ),
        };
        let n = (len / step).ceil().max(1.0) as usize;
        out.extend((1..=n).map(|i| f(i as f64 / n as f64)));
        at = match *seg {
            Seg::Move(a) | Seg::Line(a) | Seg::Quad(_, a) | Seg::Cubic(_, _, a) => a,
        };
    }
    out
}

/// A polyline with its corners rounded (radius `r`, less where a leg is short), as path data.
/// The layouts route every edge as such a polyline: straight legs read better than curves.
pub fn rounded(points: &[Point], r: f64) -> Vec<Seg> {
    let mut segs = vec![Seg::Move(points[0])];
    for i in 1..points.len() {
        let (a, b) = (points[i - 1], points[i]);
        let Some(&c) = points.get(i + 1) else {
            segs.push(Seg::Line(b));
            break;
        };
        // Cut each corner where it starts and ends, at most half of each leg away.
        let radius = r.min(a.distance(b) / 2.0).min(b.distance(c) / 2.0);
        let toward = |from: Point, to: Point, d: f64| {
            let len = from.distance(to).max(f64::EPSILON);
            pt(
                from.x + (to.x - from.x) * d / len,
                from.y + (to.y - from.y) * d / len,
            )
        };
        segs.push(Seg::Line(toward(b, a, radius)));
        segs.push(Seg::Quad(b, toward(b, c, radius)));
    }
    segs
}

/// Where a path ends and the direction it arrives from (a unit vector along its last segment).
pub fn end(segs: &[Seg]) -> (Point, Point) {
    let pts = sample(segs, 1.0);
    let tip = pts[pts.len() - 1];
    let back = pts
        .iter()
        .rev()
        .find(|p| p.distance(tip) >= 4.0)
        .copied()
        .unwrap_or(pts[0]);
    let len = back.distance(tip).max(f64::EPSILON);
    (tip, pt((tip.x - back.x) / len, (tip.y - back.y) / len))
}

/// The arrowhead's length and half width.
pub const HEAD_LEN: f64 = 10.0;
pub const HEAD_HALF: f64 = 4.5;

/// An arrowhead, a closed triangle with its tip at `tip`, pointing along `dir`.
pub fn arrowhead(tip: Point, dir: Point) -> Vec<Seg> {
    let base = pt(tip.x - dir.x * HEAD_LEN, tip.y - dir.y * HEAD_LEN);
    let (nx, ny) = (-dir.y * HEAD_HALF, dir.x * HEAD_HALF);
    vec![
        Seg::Move(tip),
        Seg::Line(pt(base.x + nx, base.y + ny)),
        Seg::Line(pt(base.x - nx, base.y - ny)),
        Seg::Line(tip),
    ]
}

/// The path with the part of every straight segment inside `r` left out (the line stops at a label
/// sitting on it and starts again after it). Curves are kept whole: labels sit on straight legs.
pub fn cut(segs: &[Seg], r: &Rect) -> Vec<Seg> {
    let mut out = Vec::new();
    let mut at = pt(0.0, 0.0);
    for seg in segs {
        match *seg {
            Seg::Line(b) => match clip(at, b, r) {
                Some((t0, t1)) if t1 - t0 > 1e-9 => {
                    let p = |t: f64| pt(at.x + (b.x - at.x) * t, at.y + (b.y - at.y) * t);
                    if t0 > 0.0 {
                        out.push(Seg::Line(p(t0)));
                    }
                    out.push(Seg::Move(p(t1)));
                    if t1 < 1.0 {
                        out.push(Seg::Line(b));
                    }
                }
                _ => out.push(*seg),
            },
            _ => out.push(*seg),
        }
        at = match *seg {
            Seg::Move(a) | Seg::Line(a) | Seg::Quad(_, a) | Seg::Cubic(_, _, a) => a,
        };
    }
    out
}

/// The parameters where the segment `a → b` enters and leaves `r` (Liang–Barsky), if it meets it.
fn clip(a: Point, b: Point, r: &Rect) -> Option<(f64, f64)> {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (p, q) in [
        (-dx, a.x - r.left()),
        (dx, r.right() - a.x),
        (-dy, a.y - r.top()),
        (dy, r.bottom() - a.y),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else if p < 0.0 {
            t0 = t0.max(q / p);
        } else {
            t1 = t1.min(q / p);
        }
    }
    (t0 <= t1).then_some((t0, t1))
}

/// The path `b` continued after `a`, when `b` starts where `a` ends (one stroke, for the pulse).
pub fn join(a: &[Seg], b: &[Seg]) -> Vec<Seg> {
    let mut out = a.to_vec();
    let skip = match (sample(a, 1.0).last(), b.first()) {
        (Some(end), Some(Seg::Move(start))) if end.distance(*start) < 0.5 => 1,
        _ => 0,
    };
    out.extend_from_slice(&b[skip..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_data_reads_back_as_written() {
        let segs = vec![
            Seg::Move(pt(1.5, -2.0)),
            Seg::Line(pt(10.0, 2.25)),
            Seg::Quad(pt(12.0, 2.0), pt(12.0, 4.0)),
            Seg::Cubic(pt(12.0, 9.0), pt(20.0, 9.0), pt(20.0, 4.0)),
        ];
        assert_eq!(parse(&write(&segs)), segs);
    }

    #[test]
    fn samples_are_close_enough_to_find_a_crossing() {
        let segs = rounded(&[pt(0.0, 0.0), pt(100.0, 0.0), pt(100.0, 50.0)], 8.0);
        let pts = sample(&segs, 1.0);
        for w in pts.windows(2) {
            assert!(w[0].distance(w[1]) <= 1.01, "{w:?}");
        }
        assert_eq!(*pts.last().unwrap(), pt(100.0, 50.0));
        let (tip, dir) = end(&segs);
        assert_eq!((tip, dir), (pt(100.0, 50.0), pt(0.0, 1.0)));
    }
}
