//! Every claim about Kafka names its source: the glossary, the quiz's rules, the built-in
//! scenarios and the review's causes name registered sources, and every link opens what it names.
//! The book's chapters are checked sentence by sentence in `claims.rs`.

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

/// Every link opens the thing it names: a KIP's own page (by title or page id), a JIRA ticket, a
/// pull request, a file at a release tag; never a search. Checked by the form of each address
/// (no network), for the registry and for every link written into a chapter.
#[test]
fn every_link_opens_what_it_names_never_a_search() {
    use kip848_core::teaching::sources::Origin;
    let search = |url: &str| {
        ["search", "cql=", "?q=", "&q="]
            .iter()
            .any(|w| url.to_ascii_lowercase().contains(w))
    };
    for s in SOURCES {
        let url = s.url();
        assert!(!search(&url), "{}: {url} is a search", s.id);
        let names_it = match s.origin {
            // A section opens at its heading: the wiki's anchor, the page's title and the
            // heading squeezed (its form from links to the wiki found in Kafka's own docs).
            Origin::Kip { number, section } => {
                let page = url.contains(&format!("/KIP-{number}%3A"))
                    || url.contains("viewpage.action?pageId=");
                let heading: String = section.chars().filter(|c| !" -".contains(*c)).collect();
                let anchored = section.is_empty()
                    || (url.contains(&format!("#KIP{number}:"))
                        && url.ends_with(&format!("-{heading}")));
                page && anchored
            }
            Origin::Jira { key } => url.ends_with(&format!("/browse/{key}")),
            Origin::KafkaPr { number } => url.ends_with(&format!("/pull/{number}")),
            Origin::Kafka { path, .. } | Origin::KafkaDocs { path, .. } => {
                url.starts_with("https://github.com/apache/kafka/blob/") && url.ends_with(path)
            }
            Origin::Librdkafka { path, .. } | Origin::ConfluentPython { path, .. } => {
                url.ends_with(path)
            }
            Origin::SeedModel { .. } => url.starts_with("seed-model.html#s"),
        };
        assert!(names_it, "{}: {url} does not open what it names", s.id);
    }
    for path in files("assets/book/src/chapters", "md") {
        let text = fs::read_to_string(&path).unwrap_or_default();
        for (at, _) in text.match_indices("http") {
            let url: String = text[at..]
                .chars()
                .take_while(|c| !c.is_whitespace() && !")>\"'".contains(*c))
                .collect();
            assert!(!search(&url), "{}: {url} is a search", path.display());
        }
    }
}

/// Each 4.x claim's code names the commit where it was read, or counts as not read: every entry
/// of READ_AT is a Kafka source of 4.0 or later, at a commit id.
#[test]
fn every_commit_a_4x_source_was_read_at_is_a_commit_of_a_4x_kafka_source() {
    use kip848_core::import::ClientVersion;
    use kip848_core::teaching::sources::READ_AT;
    for (id, commit) in READ_AT {
        let s = source(id).unwrap_or_else(|| panic!("READ_AT names {id}, not a source"));
        assert!(
            s.is_kafka() && s.versions.is_some_and(|v| v.from >= ClientVersion::V4_0),
            "{id} is not a 4.x Kafka source"
        );
        assert!(
            commit.len() >= 12 && commit.bytes().all(|b| b.is_ascii_hexdigit()),
            "{id}: {commit} is not a commit id"
        );
        assert!(
            s.url().contains(&format!("/blob/{commit}/")),
            "{id}: {} does not open what was read",
            s.url()
        );
    }
    let unread = SOURCES.iter().filter(|s| s.unread()).count();
    assert!(
        unread > 0 && READ_AT.len() > 20,
        "{unread} unread, {} read",
        READ_AT.len()
    );
}
