//! librdkafka's lines, recognised so that a log of one of its consumers (confluent-kafka for
//! Python, Go, .NET and Node, or C/C++ directly) is not read as a Java consumer's: the default
//! stderr logger's `%7|1796136253.413|CGRPJOINSTATE|c1#consumer-2| [thrd:main]: …`, what a
//! `logger=` handler receives, `CGRPJOINSTATE [c1#consumer-2] [thrd:main]: …`, and the
//! wrappers' own default frames (.NET's, Go's), under any prefix a handler adds.

/// The consumer handle (`c1#consumer-2`) a librdkafka line is from, if it is one's.
pub(crate) fn consumer_of(text: &str) -> Option<&str> {
    consumer_line(text).map(|(handle, _)| handle)
}

/// A librdkafka consumer's line: its handle, and the rest from `[thrd:…]` on. The handle
/// (`client.id#consumer-N`) comes before the line's first `[thrd:`, at most a facility and some
/// punctuation before it, in whatever frame the logger put around them: `|c1#consumer-2| [thrd:`
/// (stderr), `[c1#consumer-2] [thrd:` (Python's logging), `|c1#consumer-2|HEARTBEAT| [thrd:`
/// (.NET), `[c1#consumer-2][HEARTBEAT][7][thrd:` (Go).
pub(crate) fn consumer_line(text: &str) -> Option<(&str, &str)> {
    const MARK: &str = "#consumer-";
    const OPENERS: &[char] = &['|', '[', ' ', '\t', '"', '\'', ',', '=', '('];
    let thrd = text.find("[thrd:")?;
    let mut from = 0;
    while let Some(at) = text[from..thrd].find(MARK).map(|i| i + from) {
        from = at + MARK.len();
        let digits = text[from..].bytes().take_while(u8::is_ascii_digit).count();
        let end = from + digits;
        let start = text[..at].rfind(OPENERS).map_or(0, |i| i + 1);
        let between = &text[end..thrd];
        let closes = between.is_empty() || between.starts_with(['|', ']', ' ', ':', '"', ',', ')']);
        if digits == 0 || start == at || !closes || between.len() > 40 {
            continue;
        }
        return Some((&text[start..end], &text[thrd..]));
    }
    None
}

/// The librdkafka consumers of `lines`, in the order they first appear.
pub(crate) fn consumers<'a>(lines: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    for line in lines {
        if let Some(name) = consumer_of(line) {
            if !found.iter().any(|f| f == name) {
                found.push(name.to_owned());
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::consumer_of;

    #[test]
    fn both_layouts_name_the_consumer_and_other_lines_name_none() {
        let stderr = "%7|1796136253.413|CGRPJOINSTATE|c1#consumer-2| [thrd:main]: Group \"g1\" changed join state steady -> wait-unassign-call (state up)";
        assert_eq!(consumer_of(stderr), Some("c1#consumer-2"));
        let logger = "2026-12-01 10:00:00,123 DEBUG CGRPJOINSTATE [orders-app#consumer-1] [thrd:main]: Group \"g\" changed join state init -> wait-assign-call";
        assert_eq!(consumer_of(logger), Some("orders-app#consumer-1"));
        let producer = "%7|1796136253.413|INIT|mock#producer-1| [thrd:app]: librdkafka v2.15.0";
        assert_eq!(consumer_of(producer), None);
        let java = "[Consumer clientId=c#consumer-1, groupId=g] Member x transitioned to JOINING";
        assert_eq!(consumer_of(java), None);
        assert_eq!(consumer_of("#consumer-| [thrd:"), None);
        let dotnet = "Debug|2026-12-01 10:00:00.002|c1#consumer-7|HEARTBEAT| [thrd:main]: x";
        assert_eq!(consumer_of(dotnet), Some("c1#consumer-7"));
        let go = "[2026-12-01T10:00:00Z][c1#consumer-7][HEARTBEAT][7][thrd:main]: x";
        assert_eq!(consumer_of(go), Some("c1#consumer-7"));
        assert_eq!(consumer_of("|#consumer-1| [thrd:main]"), None);
    }
}
