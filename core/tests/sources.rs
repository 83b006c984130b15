//! Every claim about Kafka names its source: the glossary, the quiz's rules, the built-in
//! scenarios, the review's causes and the book's chapters. A chapter paragraph (or list item, or
//! table row) that names a config, an error code or server state, a heartbeat field or an epoch
//! must carry a footnote; every footnote must be a registered source or defined in its chapter.

use kip848_core::compare::Cause;
use kip848_core::group::{GroupTimeline, GroupTrace};
use kip848_core::session::timeline::Timeline;
use kip848_core::session::trace::Trace;
use kip848_core::teaching::glossary::TERMS;
use kip848_core::teaching::quiz::{questions, quiz_steps};
use kip848_core::teaching::sources::{source, SOURCES};
use kip848_core::Model;
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn files(dir: &str, ext: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = fs::read_dir(root().join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    out.sort();
    out
}

fn known(ids: &[&str], whose: &str) {
    assert!(!ids.is_empty(), "{whose} names no source");
    for id in ids {
        assert!(source(id).is_some(), "{whose}: unknown source {id}");
    }
}

#[test]
fn every_glossary_term_names_known_sources() {
    for t in TERMS {
        known(t.sources, t.id);
    }
}

#[test]
fn every_kafka_source_says_which_releases_it_holds_for() {
    for s in SOURCES {
        assert!(!s.is_kafka() || s.versions.is_some(), "{}", s.id);
    }
}

#[test]
fn every_built_in_scenario_names_known_sources() {
    for path in files("assets/scenarios", "json") {
        let trace = Trace::parse(&fs::read_to_string(&path).unwrap_or_default())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let ids: Vec<&str> = trace.sources.iter().map(String::as_str).collect();
        known(&ids, &path.display().to_string());
    }
    for path in files("assets/group", "json") {
        let trace = GroupTrace::parse(&fs::read_to_string(&path).unwrap_or_default())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let ids: Vec<&str> = trace.sources.iter().map(String::as_str).collect();
        known(&ids, &path.display().to_string());
    }
}

#[test]
fn every_quiz_rule_of_every_scenario_names_known_sources() {
    let mut asked = 0;
    for path in files("assets/scenarios", "json") {
        let text = fs::read_to_string(&path).unwrap_or_default();
        for model in Model::ALL {
            let Ok(mut trace) = Trace::parse(&text) else {
                continue;
            };
            trace.model = model;
            let timeline = Timeline::from_trace(trace);
            for step in quiz_steps(&timeline) {
                for q in questions(&timeline, step) {
                    known(
                        q.rule.sources,
                        &format!("{} step {step}: {}", path.display(), q.rule.text),
                    );
                    asked += 1;
                }
            }
        }
    }
    for path in files("assets/group", "json") {
        let trace = GroupTrace::parse(&fs::read_to_string(&path).unwrap_or_default())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for q in kip848_core::group::quiz::group_questions(&GroupTimeline::from_trace(trace)) {
            known(
                q.rule.sources,
                &format!("{}: {}", path.display(), q.rule.text),
            );
            asked += 1;
        }
    }
    assert!(
        asked > 100,
        "only {asked} questions: the walk missed the scenarios"
    );
}

#[test]
fn every_review_cause_names_known_sources_for_both_models() {
    for cause in Cause::ALL {
        if cause == Cause::Unexplained {
            continue;
        }
        let s = cause.source();
        known(s.seed, cause.as_str());
        known(s.shipped, cause.as_str());
        if cause.as_str().starts_with("librdkafka_") {
            known(s.librdkafka, cause.as_str());
        }
    }
}

/// A paragraph, list item or table row of a chapter, with its first line's number.
fn blocks(markdown: &str) -> Vec<(usize, String)> {
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
fn names_kafka(block: &str) -> Option<String> {
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
            && !word.ends_with(".json");
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

#[test]
fn every_chapter_paragraph_about_kafka_cites_a_source() {
    let mut checked = 0;
    let mut missing = Vec::new();
    let mut chapters = files("assets/book/src/chapters", "md");
    chapters.push(root().join("assets/book/src/README.md"));
    for path in chapters {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_owned();
        // Generated from the glossary, whose entries carry their sources as data.
        if name == "glossary.md" {
            continue;
        }
        let text = fs::read_to_string(&path).unwrap_or_default();
        let defined: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("[^")?.split_once("]:").map(|(id, _)| id))
            .collect();
        for (line, block) in blocks(&text) {
            if let Some(word) = names_kafka(&block) {
                checked += 1;
                if !block.contains("[^") {
                    missing.push(format!("{name}:{line}: names `{word}` without a footnote"));
                }
            }
            for (at, _) in block.match_indices("[^") {
                let id = block[at + 2..].split(']').next().unwrap_or_default();
                if source(id).is_none() && !defined.contains(&id) {
                    missing.push(format!("{name}:{line}: footnote [^{id}] is not a source"));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "{} problems:\n{}",
        missing.len(),
        missing.join("\n")
    );
    assert!(
        checked > 50,
        "only {checked} paragraphs checked: the reader missed the chapters"
    );
}

#[test]
fn the_checker_sees_configs_codes_fields_and_epochs() {
    assert!(names_kafka("set `group.protocol=consumer` first").is_some());
    assert!(names_kafka("answers FENCED_MEMBER_EPOCH.").is_some());
    assert!(names_kafka("the RackId field").is_some());
    assert!(names_kafka("its member epoch moves").is_some());
    assert!(names_kafka("see [joining](joining.md) and the app").is_none());
    assert_eq!(blocks("a\nb\n\n- c\n- d\n\n| x |\n|---|\n| y |\n").len(), 4);
}

/// Every link opens the thing it names: a KIP's own page (by title or page id), a JIRA ticket, a
/// pull request, a file at a release tag; never a search. Checked by the form of each address
/// (no network), for the registry and for every link written into a chapter.
#[test]
fn every_link_opens_what_it_names_never_a_search() {
    use kip848_core::teaching::sources::Origin;
    let search = |url: &str| {
        ["search", "cql=", "?q=", "&q="].iter().any(|w| url.to_ascii_lowercase().contains(w))
    };
    for s in SOURCES {
        let url = s.url();
        assert!(!search(&url), "{}: {url} is a search", s.id);
        let names_it = match s.origin {
            Origin::Kip { number, .. } => {
                url.contains(&format!("/KIP-{number}%3A")) || url.contains("viewpage.action?pageId=")
            }
            Origin::Jira { key } => url.ends_with(&format!("/browse/{key}")),
            Origin::KafkaPr { number } => url.ends_with(&format!("/pull/{number}")),
            Origin::Kafka { path, .. } | Origin::KafkaDocs { path, .. } => {
                url.starts_with("https://github.com/apache/kafka/blob/") && url.ends_with(path)
            }
            Origin::Librdkafka { path, .. } | Origin::ConfluentPython { path, .. } => url.ends_with(path),
            Origin::SeedModel { .. } => url.starts_with("seed-model.html#s"),
        };
        assert!(names_it, "{}: {url} does not open what it names", s.id);
    }
    for path in files("assets/book/src/chapters", "md") {
        let text = fs::read_to_string(&path).unwrap_or_default();
        for (at, _) in text.match_indices("http") {
            let url: String = text[at..].chars().take_while(|c| !c.is_whitespace() && !")>\"'".contains(*c)).collect();
            assert!(!search(&url), "{}: {url} is a search", path.display());
        }
    }
}
