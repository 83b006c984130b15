//! Reading the book's chapters as claims: blocks (a paragraph, list item or table row), the
//! sentences in a block with the footnotes that close each, and what in a sentence makes it a
//! claim about Kafka (a config, an error code or coordinator state, a heartbeat field, an epoch,
//! a Kafka release).
#![allow(dead_code)]

use kip848_core::import::ClientVersion;

/// A paragraph, list item or table row of a chapter, with its first line's number.
pub fn blocks(markdown: &str) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut current: Option<(usize, String)> = None;
    let mut fence = false;
    let mut html = false;
    let flush = |current: &mut Option<(usize, String)>, out: &mut Vec<(usize, String)>| {
        if let Some(b) = current.take() {
            out.push(b);
        }
    };
    let lines: Vec<&str> = markdown.lines().collect();
    for (i, line) in lines.iter().copied().enumerate() {
        let n = i + 1;
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            fence = !fence;
            flush(&mut current, &mut out);
            continue;
        }
        if fence {
            continue;
        }
        // Figures (a live step and its caption) speak of the app's screen, not of Kafka.
        if trimmed.starts_with("<figure") {
            html = true;
        }
        if html {
            if trimmed.starts_with("</figure>") {
                html = false;
            }
            flush(&mut current, &mut out);
            continue;
        }
        let starts_item = trimmed.starts_with("- ")
            || trimmed.starts_with("* ")
            || trimmed
                .split_once(". ")
                .is_some_and(|(d, _)| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()));
        let is_row = trimmed.starts_with('|');
        if line.trim().is_empty()
            || trimmed.starts_with('#')
            || trimmed.starts_with("[^") && trimmed.contains("]:")
            || trimmed.starts_with('<')
        {
            flush(&mut current, &mut out);
            continue;
        }
        if is_row {
            flush(&mut current, &mut out);
            let separator = trimmed.replace(['|', '-', ':', ' '], "").is_empty();
            // A header row names the columns: the next line is the separator.
            let header = lines.get(i + 1).is_some_and(|next| {
                let next = next.trim();
                next.starts_with('|') && next.replace(['|', '-', ':', ' '], "").is_empty()
            });
            if !separator && !header {
                out.push((n, line.to_owned()));
            }
            continue;
        }
        if starts_item && line.len() - trimmed.len() < 2 {
            flush(&mut current, &mut out);
        }
        match &mut current {
            Some((_, text)) => {
                text.push('\n');
                text.push_str(line);
            }
            None => current = Some((n, line.to_owned())),
        }
    }
    flush(&mut current, &mut out);
    out
}

/// What in a block makes it a claim about Kafka: a config, an error code or coordinator state, a
/// heartbeat field, or an epoch.
pub fn names_kafka(block: &str) -> Option<String> {
    const FIELDS: [&str; 12] = [
        "MemberEpoch",
        "MemberId",
        "InstanceId",
        "RackId",
        "RebalanceTimeoutMs",
        "SubscribedTopicNames",
        "SubscribedTopicRegex",
        "ServerAssignor",
        "TopicPartitions",
        "HeartbeatIntervalMs",
        "TargetAssignment",
        "AssignmentEpoch",
    ];
    // Links (`[epochs and fencing](epochs-and-fencing.md)`) name other pages, and footnote labels
    // are ids: neither is a claim.
    let mut text = String::with_capacity(block.len());
    let mut rest = block;
    while let Some(open) = rest.find('[') {
        text.push_str(&rest[..open]);
        let after = &rest[open..];
        let Some(close) = after.find(']') else {
            text.push_str(after);
            rest = "";
            break;
        };
        let link_end = after[close..]
            .strip_prefix("](")
            .and_then(|t| t.find(')'))
            .map(|e| close + 2 + e + 1);
        rest = match (after.starts_with("[^"), link_end) {
            (true, _) => &after[close + 1..],
            (false, Some(end)) => &after[end..],
            (false, None) => {
                text.push('[');
                &after[1..]
            }
        };
    }
    text.push_str(rest);
    for raw in text.split(|c: char| c.is_whitespace() || "()[],;:`*'\"".contains(c)) {
        let word = raw.trim_end_matches(['.', '?', '!']);
        let config = word.contains('.')
            && word.split('.').count() >= 2
            && word.split('=').next().is_some_and(|key| {
                key.split('.').all(|part| {
                    !part.is_empty() && part.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')
                }) && key.split('.').count() >= 2
                    && key.split('.').any(|part| part.len() >= 3)
            })
            && !word.ends_with(".md")
            && !word.ends_with(".html")
            && !word.ends_with(".json")
            && !word.ends_with(".log");
        let code = word.contains('_')
            && word.len() > 4
            && word
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b == b'_' || b.is_ascii_digit());
        let field = FIELDS.contains(&word);
        let epoch = word.to_ascii_lowercase().contains("epoch");
        if config || code || field || epoch {
            return Some(word.to_owned());
        }
    }
    None
}

/// The sentences of a block, each with the footnotes right after its last word or its full stop
/// (`… it.[^a][^b]`); a table row is one sentence. Full stops inside code spans or in a number
/// (`3.8`) do not end a sentence.
pub fn sentences(block: &str) -> Vec<String> {
    if block.trim_start().starts_with('|') {
        return vec![block.to_owned()];
    }
    let mut out = Vec::new();
    let mut current = String::new();
    let mut code = false;
    let mut chars = block.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        current.push(c);
        if c == '`' {
            code = !code;
        }
        let rest = &block[at + c.len_utf8()..];
        let ends = !code
            && matches!(c, '.' | '?' | '!')
            && (rest.is_empty() || rest.starts_with([' ', '\n']) || rest.starts_with("[^"));
        if !ends {
            continue;
        }
        // The footnotes that close the sentence belong to it.
        let mut tail = rest;
        while tail.starts_with("[^") {
            let Some(close) = tail.find(']') else { break };
            current.push_str(&tail[..=close]);
            for _ in 0..tail[..=close].chars().count() {
                chars.next();
            }
            tail = &tail[close + 1..];
        }
        out.push(std::mem::take(&mut current).trim().to_owned());
    }
    if !current.trim().is_empty() {
        out.push(current.trim().to_owned());
    }
    out
}

/// The footnote ids a sentence cites.
pub fn footnotes(sentence: &str) -> Vec<&str> {
    sentence
        .match_indices("[^")
        .filter_map(|(at, _)| sentence[at + 2..].split(']').next())
        .collect()
}

/// The Kafka releases a sentence names (`3.8`, `4.0`, `3.7.0`), librdkafka's and other products'
/// versions (`2.15.0`, `8.1.1-ce`) left out.
pub fn releases(sentence: &str) -> Vec<ClientVersion> {
    let mut out = Vec::new();
    let bytes = sentence.as_bytes();
    for (at, _) in sentence.match_indices('.') {
        let before = at.checked_sub(1).map(|i| bytes[i]);
        let after = bytes.get(at + 1).copied();
        let (Some(major), Some(minor)) = (before, after) else {
            continue;
        };
        let lead = at.checked_sub(2).map(|i| bytes[i]);
        let trail = bytes.get(at + 2).copied();
        // `2.15.0`, `12.3`: not a Kafka release; `3.7.0` is 3.7; `8.1.1-ce` is a Confluent build.
        if lead.is_some_and(|b| b.is_ascii_digit() || b == b'.')
            || trail.is_some_and(|b| b.is_ascii_digit())
            || !matches!(major, b'3' | b'4')
            || !minor.is_ascii_digit()
        {
            continue;
        }
        if sentence[at + 2..].starts_with(".1-") {
            continue;
        }
        if let Some(v) = ClientVersion::parse(&sentence[at - 1..at + 2]) {
            if v != ClientVersion::Later && !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}
