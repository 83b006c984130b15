//! Points, boxes and text sizes: the small geometry the layouts are written in and the tests
//! measure with.

use serde::Serialize;

/// The font every text of a diagram is set in. Monospace, so a width estimate per character holds
/// whatever the glyphs: DejaVu Sans Mono, Menlo and Liberation Mono advance 0.60 em, Consolas 0.55.
pub const FONT_FAMILY: &str =
    "'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', ui-monospace, monospace";
/// The advance of one character, in em, taken a little wider than any of the fonts above (bold
/// included), so a box measured with it holds the drawn text.
pub const CHAR_EM: f64 = 0.62;
/// Line height of a label of several lines, in em.
pub const LINE_EM: f64 = 1.25;

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

pub const fn pt(x: f64, y: f64) -> Point {
    Point { x, y }
}

impl Point {
    pub fn distance(self, other: Point) -> f64 {
        ((self.x - other.x).powi(2) + (self.y - other.y).powi(2)).sqrt()
    }
}

/// An axis-aligned box: top-left corner, width, height.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl Rect {
    pub fn centred(c: Point, w: f64, h: f64) -> Rect {
        Rect {
            x: c.x - w / 2.0,
            y: c.y - h / 2.0,
            w,
            h,
        }
    }
    pub fn from_edges(left: f64, top: f64, right: f64, bottom: f64) -> Rect {
        Rect {
            x: left,
            y: top,
            w: right - left,
            h: bottom - top,
        }
    }
    pub fn left(&self) -> f64 {
        self.x
    }
    pub fn right(&self) -> f64 {
        self.x + self.w
    }
    pub fn top(&self) -> f64 {
        self.y
    }
    pub fn bottom(&self) -> f64 {
        self.y + self.h
    }
    pub fn centre(&self) -> Point {
        pt(self.x + self.w / 2.0, self.y + self.h / 2.0)
    }
    /// The box grown by `d` on every side (shrunk for a negative `d`).
    pub fn inflate(&self, d: f64) -> Rect {
        Rect {
            x: self.x - d,
            y: self.y - d,
            w: self.w + 2.0 * d,
            h: self.h + 2.0 * d,
        }
    }
    pub fn contains(&self, p: Point) -> bool {
        p.x >= self.left() && p.x <= self.right() && p.y >= self.top() && p.y <= self.bottom()
    }
    /// Whether the two boxes share any point, borders included.
    pub fn intersects(&self, other: &Rect) -> bool {
        self.left() <= other.right()
            && other.left() <= self.right()
            && self.top() <= other.bottom()
            && other.top() <= self.bottom()
    }
    /// Whether `other` lies wholly inside this box.
    pub fn encloses(&self, other: &Rect) -> bool {
        other.left() >= self.left()
            && other.right() <= self.right()
            && other.top() >= self.top()
            && other.bottom() <= self.bottom()
    }
}

/// The width a line of `chars` characters takes at `size` px.
pub fn text_width(chars: usize, size: f64) -> f64 {
    chars as f64 * size * CHAR_EM
}

/// A number as SVG wants it: at most two decimals, no trailing zeros (deterministic text).
pub fn num(v: f64) -> String {
    // In hundredths, written with integer formatting: float formatting (`{:.2}`) would bring its
    // tables into every page's wasm for these numbers alone.
    let hundredths = (v * 100.0).round() as i64;
    let sign = if hundredths < 0 { "-" } else { "" };
    let (whole, frac) = (
        hundredths.unsigned_abs() / 100,
        hundredths.unsigned_abs() % 100,
    );
    match frac {
        0 => format!("{sign}{whole}"),
        f if f % 10 == 0 => format!("{sign}{whole}.{}", f / 10),
        f => format!("{sign}{whole}.{f:02}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_short_and_the_same_every_time() {
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(3.10), "3.1");
        assert_eq!(num(12.0), "12");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(-2.05), "-2.05");
        assert_eq!(num(-0.5), "-0.5");
        assert_eq!(num(100.999), "101");
    }

    /// The integer writing agrees with float formatting wherever a diagram has numbers.
    #[test]
    fn numbers_agree_with_float_formatting() {
        for i in -200_000..200_000 {
            let v = f64::from(i) / 137.0;
            let rounded = (v * 100.0).round() / 100.0;
            let text = format!("{rounded:.2}");
            let text = text.trim_end_matches('0').trim_end_matches('.');
            let expected = if text == "-0" { "0" } else { text };
            assert_eq!(num(v), expected, "{v}");
        }
    }
}
