//! librdkafka's lines as Node prints them: confluent-kafka for JavaScript hands each log line to
//! JavaScript as an object (`{ severity, fac, message, name }` from its `event.log` event; its
//! KafkaJS layer's default logger prints `{ message, fac, timestamp, name }` with `console.log`),
//! and Node writes objects with `util.inspect` — on one line when short, one field a line when
//! long — or a JSON logger writes them as JSON (`"msg"` for the message, `"time"` for the time).
//! Each such record is laid out again as the line the rest of the importer reads, in place of the
//! record's first line, its other lines left empty, so that every line keeps its number.

use std::borrow::Cow;

/// The longest record read: a log line's object has four or five fields.
const MAX_RECORD_LINES: usize = 12;

/// `text` with every Node or JSON record of a librdkafka line laid out as one line; `text` itself
/// when it has none.
pub fn relayout(text: &str) -> Cow<'_, str> {
    if !text.contains("#consumer-") || !text.contains("fac") || !text.contains("name") {
        return Cow::Borrowed(text);
    }
    let lines: Vec<&str> = text.lines().collect();
    let mut out: Vec<Cow<'_, str>> = Vec::with_capacity(lines.len());
    let mut changed = false;
    let mut i = 0;
    while let Some(line) = lines.get(i) {
        let trimmed = line.trim();
        let span = if trimmed.starts_with('{') && trimmed.ends_with('}') {
            1
        } else if trimmed == "{" {
            lines[i..]
                .iter()
                .take(MAX_RECORD_LINES)
                .position(|l| l.trim() == "}")
                .map_or(0, |end| end + 1)
        } else {
            0
        };
        let record = (span > 0)
            .then(|| lines[i..i + span].join(" "))
            .and_then(|joined| line_of(&joined));
        match record {
            Some(relaid) => {
                out.push(Cow::Owned(relaid));
                out.extend((1..span).map(|_| Cow::Borrowed("")));
                changed = true;
                i += span;
            }
            None => {
                out.push(Cow::Borrowed(line));
                i += 1;
            }
        }
    }
    if !changed {
        return Cow::Borrowed(text);
    }
    Cow::Owned(out.join("\n"))
}

/// The record's fields as librdkafka's own stderr line (`%7|1796130324.783|FAC|c1#consumer-1| …`),
/// or, with no time, `FAC [c1#consumer-1] …`; `None` when it is not a librdkafka line.
fn line_of(record: &str) -> Option<String> {
    let fields = fields(record)?;
    let get = |keys: &[&str]| {
        keys.iter()
            .find_map(|k| fields.iter().find(|(key, _)| key == k))
            .map(|(_, v)| v.as_str())
    };
    // A librdkafka handle: `client.id#consumer-N` (or the mock cluster's `…#producer-N`).
    let name = get(&["name"]).filter(|n| n.contains("#consumer-") || n.contains("#producer-"))?;
    let facility = get(&["fac"])?;
    let message = get(&["message", "msg"])?;
    // librdkafka puts the thread first unless `log.thread.name` is off.
    let message = if message.starts_with("[thrd:") {
        Cow::Borrowed(message)
    } else {
        Cow::Owned(format!("[thrd:?]: {message}"))
    };
    let level = get(&["severity"]).filter(|s| s.len() == 1).unwrap_or("7");
    let ms = get(&["timestamp", "time"]).and_then(|t| t.parse::<i64>().ok());
    Some(match ms {
        Some(ms) if ms > 0 => format!(
            "%{level}|{}.{:03}|{facility}|{name}| {message}",
            ms / 1000,
            ms % 1000
        ),
        _ => format!("{facility} [{name}] {message}"),
    })
}

/// `{ key: 'value', key: 7 }` (util.inspect) or `{"key":"value","key":7}` (JSON): each key and its
/// value as text, strings unescaped; `None` when the record does not read as one.
fn fields(record: &str) -> Option<Vec<(String, String)>> {
    let body = record.trim().strip_prefix('{')?.strip_suffix('}')?;
    let mut chars = body.chars().peekable();
    let mut out = Vec::new();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace() || *c == ',') {
            chars.next();
        }
        let Some(&first) = chars.peek() else {
            return Some(out);
        };
        let key = if is_quote(first) {
            chars.next();
            quoted(&mut chars, first)?
        } else {
            let mut key = String::new();
            while let Some(c) = chars.next_if(|c| c.is_alphanumeric() || *c == '_' || *c == '$') {
                key.push(c);
            }
            key
        };
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        if key.is_empty() || chars.next() != Some(':') {
            return None;
        }
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        let value = match chars.peek() {
            Some(&q) if is_quote(q) => {
                chars.next();
                quoted(&mut chars, q)?
            }
            // A nested object or array is not a log line's field: not read.
            Some('{' | '[') => return None,
            _ => {
                let mut value = String::new();
                while let Some(c) = chars.next_if(|c| *c != ',') {
                    value.push(c);
                }
                value.trim().to_owned()
            }
        };
        out.push((key, value));
    }
}

fn is_quote(c: char) -> bool {
    matches!(c, '\'' | '"' | '`')
}

/// The rest of a string opened by `quote`, its escapes undone.
fn quoted(chars: &mut std::iter::Peekable<std::str::Chars<'_>>, quote: char) -> Option<String> {
    let mut out = String::new();
    loop {
        match chars.next()? {
            '\\' => match chars.next()? {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                other => out.push(other),
            },
            c if c == quote => return Some(out),
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::relayout;

    const STDERR: &str = "%7|1796130324.783|CGRPJOINSTATE|c1#consumer-1| [thrd:main]: Group \"g\" changed join state init -> wait-assign-call (state up)";

    #[test]
    fn node_and_json_records_read_as_the_stderr_line_and_keep_every_line_number() {
        let inspect = "{\n  message: '[thrd:main]: Group \"g\" changed join state init -> wait-assign-call (state up)',\n  fac: 'CGRPJOINSTATE',\n  timestamp: 1796130324783,\n  name: 'c1#consumer-1'\n}\nnext";
        let relaid = relayout(inspect);
        let lines: Vec<&str> = relaid.lines().collect();
        assert_eq!(lines, [STDERR, "", "", "", "", "", "next"]);
        let json = "{\"level\":20,\"time\":1796130324783,\"msg\":\"[thrd:main]: Group \\\"g\\\" changed join state init -> wait-assign-call (state up)\",\"fac\":\"CGRPJOINSTATE\",\"name\":\"c1#consumer-1\"}";
        assert_eq!(relayout(json), STDERR);
        let event_log = "{ severity: 7, fac: 'CGRPJOINSTATE', message: '[thrd:main]: Group \"g\" changed join state init -> wait-assign-call (state up)', name: 'c1#consumer-1' }";
        assert_eq!(
            relayout(event_log),
            "CGRPJOINSTATE [c1#consumer-1] [thrd:main]: Group \"g\" changed join state init -> wait-assign-call (state up)"
        );
    }

    #[test]
    fn other_text_is_left_as_it_is_and_damaged_records_never_panic() {
        for text in [
            STDERR,
            "{ fac: 'X', name: 'c1#consumer-1' }",
            "{\n  message: 'unterminated,\n  fac: 'X',\n  name: 'c1#consumer-1'\n}",
            "{ message: 'm', fac: 'X', name: 'producer-1' }",
            "{ message: { nested: 1 }, fac: 'X', name: 'c1#consumer-1' }",
            "{\n  message: 'é\\",
            "{",
        ] {
            assert_eq!(relayout(text), text, "{text}");
        }
    }
}
