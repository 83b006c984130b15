//! Log text → records: one record per line that starts one (see [`super::head`]), with the lines
//! that continue it. The text's size and line count are checked first, each refused with its
//! number; binary or HTML content is just text that matches nothing.

use super::context::ClientContext;
use super::head::Level;
use super::layout::{read, unwrap_container, Line};
use crate::import::ImportError;
use crate::session::limits::{MAX_LOG_BYTES, MAX_LOG_LINES, MAX_RECORD_LINES};
use std::borrow::Cow;

/// One log record: a first line and the lines that continue it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The number of its first line (from 1).
    pub line: usize,
    /// Milliseconds: since 1970 (UTC), or since the first day's midnight when the layout prints no
    /// date. `None` when the line starts with a level but no timestamp.
    pub at: Option<i64>,
    pub level: Option<Level>,
    pub logger: Option<String>,
    pub thread: Option<String>,
    pub context: Option<ClientContext>,
    /// The first line's message, after the context.
    pub message: String,
    /// The lines that continue it (at most [`MAX_RECORD_LINES`]).
    pub more: Vec<String>,
    /// The first line as written.
    pub text: String,
}

/// What splitting the text into records counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct LineCounts {
    pub(crate) lines: usize,
    /// Lines before the first record (nothing to continue).
    pub(crate) orphans: usize,
    /// Continuation lines past [`MAX_RECORD_LINES`].
    pub(crate) overflow: usize,
    /// No record had a timestamp: each was given one, [`INFERRED_GAP_MS`] after the one before.
    pub(crate) times_inferred: bool,
}

/// The gap between two records of a log without timestamps: the order is the log's, the times
/// are not.
pub const INFERRED_GAP_MS: i64 = 100;

/// Removes terminal colour codes (`ESC [ … letter`), which would hide a timestamp.
fn strip_ansi(line: &str) -> Cow<'_, str> {
    if !line.contains('\u{1b}') {
        return Cow::Borrowed(line);
    }
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' && chars.peek() == Some(&'[') {
            chars.next();
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Refuses text over the size or line limits, with its number.
pub(crate) fn check_limits(text: &str) -> Result<usize, ImportError> {
    if text.len() > MAX_LOG_BYTES {
        return Err(ImportError::TooLarge { bytes: text.len() });
    }
    let lines = text.lines().count();
    if lines > MAX_LOG_LINES {
        return Err(ImportError::TooManyLines { lines });
    }
    Ok(lines)
}

/// Carries an undated layout's time of day over midnight.
#[derive(Default)]
struct Clock {
    day: i64,
    last: Option<i64>,
}

impl Clock {
    fn at(&mut self, head: &Line) -> Option<i64> {
        let stamp = head.stamp?;
        if stamp.dated {
            return Some(stamp.ms);
        }
        // A time of day more than twelve hours before the previous one is the next day.
        if self.last.is_some_and(|last| stamp.ms + 43_200_000 < last) {
            self.day += 1;
        }
        self.last = Some(stamp.ms);
        Some(self.day * 86_400_000 + stamp.ms)
    }
}

fn record(number: usize, line: &str, head: Line, clock: &mut Clock) -> Record {
    Record {
        line: number,
        at: clock.at(&head),
        level: head.level,
        logger: head.logger,
        thread: head.thread,
        context: head.context,
        message: head.message,
        more: head.more,
        text: line.to_owned(),
    }
}

/// Splits checked text into records.
pub(crate) fn split_records(text: &str) -> Result<(Vec<Record>, LineCounts), ImportError> {
    let lines = check_limits(text)?;
    let mut counts = LineCounts {
        lines,
        ..LineCounts::default()
    };
    let mut records: Vec<Record> = Vec::new();
    let mut clock = Clock::default();
    for (index, raw) in text.lines().enumerate() {
        let line = strip_ansi(raw.trim_end_matches('\r'));
        let (container, inner) = unwrap_container(&line);
        if let Some(mut head) = read(inner) {
            head.stamp = head.stamp.or(container);
            records.push(record(index + 1, &line, head, &mut clock));
            continue;
        }
        let line = inner;
        match records.last_mut() {
            None => counts.orphans += 1,
            Some(last) if last.more.len() >= MAX_RECORD_LINES => counts.overflow += 1,
            Some(last) => last.more.push(line.to_owned()),
        }
    }
    if !records.is_empty() && records.iter().all(|r| r.at.is_none()) {
        counts.times_inferred = true;
        for (i, record) in records.iter_mut().enumerate() {
            record.at = i64::try_from(i).ok().map(|i| i * INFERRED_GAP_MS);
        }
    }
    Ok((records, counts))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn continuation_lines_stay_with_their_record() {
        let text = "junk before\n\
            2024-05-01 12:00:00,000 INFO [bg] x.y.Z - [Consumer clientId=c, groupId=g] Reconciling\n\
            \tMember: m\n\
            \n\
            2024-05-01 12:00:01,000 INFO [main] x.y.Z - done\n";
        let (records, counts) = split_records(text).expect("within limits");
        assert_eq!(records.len(), 2);
        assert_eq!(records[0].line, 2);
        assert_eq!(
            records[0].more,
            vec!["\tMember: m".to_owned(), String::new()]
        );
        assert_eq!(
            records[0].context.as_ref().map(|c| c.client_id.as_str()),
            Some("c")
        );
        assert_eq!(
            records[1].at.zip(records[0].at).map(|(b, a)| b - a),
            Some(1000)
        );
        assert_eq!(counts.orphans, 1);
        assert_eq!(counts.lines, 5);
    }

    #[test]
    fn an_undated_layout_carries_the_day_over_midnight() {
        let text = "23:59:59.900 [main] INFO a.B - x\n00:00:00.100 [main] INFO a.B - y\n";
        let (records, _) = split_records(text).expect("within limits");
        assert_eq!(
            records[1].at.zip(records[0].at).map(|(b, a)| b - a),
            Some(200)
        );
    }

    #[test]
    fn colour_codes_and_compose_prefixes_do_not_hide_the_timestamp() {
        let text = "\u{1b}[32m2024-05-01 12:00:00,000\u{1b}[0m INFO a.B - x\n\
                    consumer-1  | 2024-05-01 12:00:00,000 INFO a.B - y\n";
        let (records, _) = split_records(text).expect("within limits");
        assert_eq!(records.len(), 2);
        assert_eq!(records[1].message, "y");
    }
}
