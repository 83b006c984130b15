//! The timestamp at the head of a log line: `2024-05-01 12:00:00,123`, `2024-05-01T12:00:00.123Z`,
//! `2024-05-01T12:00:00.123+02:00`, or a time of day alone (`12:00:00.123`, logback's default).
//! Read by hand rather than with a date crate: these few shapes cover log4j, logback and Kafka's
//! own layouts, and the importer ships in the page's wasm.

/// A timestamp: milliseconds since 1970-01-01 UTC, or since midnight when the layout prints no date.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Stamp {
    pub(crate) ms: i64,
    /// False for a time of day alone: the caller carries the day over midnight.
    pub(crate) dated: bool,
}

struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    fn eat(&mut self, c: u8) -> bool {
        let hit = self.bytes.get(self.at) == Some(&c);
        if hit {
            self.at += 1;
        }
        hit
    }

    /// Exactly `n` ASCII digits.
    fn number(&mut self, n: usize) -> Option<i64> {
        let digits = self.bytes.get(self.at..self.at + n)?;
        if !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        self.at += n;
        Some(digits.iter().fold(0, |v, d| v * 10 + i64::from(d - b'0')))
    }

    /// One to nine digits of a fraction of a second, as milliseconds.
    fn fraction(&mut self) -> i64 {
        let start = self.at;
        while self.at - start < 9 && self.bytes.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
        }
        let digits = &self.bytes[start..self.at];
        (0..3).fold(0, |ms, i| {
            ms * 10 + digits.get(i).map_or(0, |d| i64::from(d - b'0'))
        })
    }
}

/// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn date(c: &mut Cursor) -> Option<i64> {
    let year = c.number(4)?;
    c.eat(b'-').then_some(())?;
    let month = c.number(2).filter(|m| (1..=12).contains(m))?;
    c.eat(b'-').then_some(())?;
    let day = c.number(2).filter(|d| (1..=31).contains(d))?;
    (c.eat(b' ') || c.eat(b'T')).then_some(())?;
    Some(days_from_civil(year, month, day))
}

fn time_of_day(c: &mut Cursor) -> Option<i64> {
    let hour = c.number(2).filter(|h| *h < 24)?;
    c.eat(b':').then_some(())?;
    let minute = c.number(2).filter(|m| *m < 60)?;
    c.eat(b':').then_some(())?;
    let second = c.number(2).filter(|s| *s <= 60)?;
    let ms = if c.eat(b'.') || c.eat(b',') {
        c.fraction()
    } else {
        0
    };
    Some(((hour * 60 + minute) * 60 + second) * 1000 + ms)
}

/// `Z`, `+02:00`, `-0500` or nothing: the offset east of UTC, in milliseconds.
fn zone(c: &mut Cursor) -> i64 {
    if c.eat(b'Z') {
        return 0;
    }
    let sign = match c.bytes.get(c.at) {
        Some(b'+') => 1,
        Some(b'-') => -1,
        _ => return 0,
    };
    let start = c.at;
    c.at += 1;
    let Some(hours) = c.number(2) else {
        c.at = start;
        return 0;
    };
    c.eat(b':');
    let minutes = c.number(2).unwrap_or(0);
    sign * (hours * 60 + minutes) * 60_000
}

/// The timestamp at the very start of `text`, and the text after it.
pub(crate) fn stamp(text: &str) -> Option<(Stamp, &str)> {
    let mut c = Cursor {
        bytes: text.as_bytes(),
        at: 0,
    };
    let days = date(&mut c);
    if days.is_none() {
        c.at = 0;
    }
    let time = time_of_day(&mut c)?;
    let offset = zone(&mut c);
    let ms = days.unwrap_or(0) * 86_400_000 + time - offset;
    // Only ASCII was consumed, so `at` is a character boundary.
    let rest = text.get(c.at..)?;
    Some((
        Stamp {
            ms,
            dated: days.is_some(),
        },
        rest,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(text: &str) -> Option<i64> {
        stamp(text).map(|(s, _)| s.ms)
    }

    #[test]
    fn the_usual_shapes_read_to_the_same_instant() {
        let base = ms("2024-05-01 12:00:00,123 INFO").expect("log4j");
        assert_eq!(ms("2024-05-01T12:00:00.123Z"), Some(base));
        assert_eq!(ms("2024-05-01T14:00:00.123+02:00"), Some(base));
        assert_eq!(ms("2024-05-01 07:00:00.123-0500"), Some(base));
        assert_eq!(ms("2024-05-01 12:00:00.123456789"), Some(base));
        assert_eq!(base, 1_714_564_800_123);
    }

    #[test]
    fn a_time_of_day_alone_is_undated_and_the_rest_is_kept() {
        let (s, rest) = stamp("16:54:51.473 [main] INFO x").expect("time");
        assert!(!s.dated);
        assert_eq!(s.ms, ((16 * 60 + 54) * 60 + 51) * 1000 + 473);
        assert_eq!(rest, " [main] INFO x");
    }

    #[test]
    fn anything_else_is_no_timestamp() {
        for text in [
            "",
            "INFO x",
            "2024-13-01 00:00:00",
            "12:61:00",
            "2024-05-01",
            "1:2:3",
        ] {
            assert_eq!(ms(text), None, "{text}");
        }
    }
}
