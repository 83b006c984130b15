//! The book, claim by claim. The unit is a sentence: one that states behaviour of Kafka (it names
//! a config, an error code or coordinator state, a heartbeat field, an epoch, or a Kafka release)
//! carries its own footnote, so a reader sees which sentence each source backs. A footnote must
//! fit its sentence: every release the sentence names is one a cited source holds for (a 3.7
//! behaviour cited to a source read at 3.8 and later fails), a sentence that rests on a KIP, a
//! JIRA ticket, a pull request or 4.x code not read here (`Source::unread`) alone names that KIP,
//! ticket or pull request in its words, and a sentence about librdkafka cites librdkafka. The
//! chapters about the app itself are held to the release rule only, and a sentence about the
//! app's own tools (the importer, `kip848-…`, `make …`) or about the book ("The book …") states
//! no claim.

use kip848_core::import::ClientVersion;
use kip848_core::teaching::sources::{source, Origin, Source};
use std::fs;
use std::path::{Path, PathBuf};

#[path = "common/chapters.rs"]
mod chapters;
use chapters::{blocks, footnotes, names_kafka, releases, sentences};

/// Chapters that describe the app, its files and its tools: their sentences name epochs and
/// fields of the app's screens, not claims about Kafka.
const ABOUT_THE_APP: [&str; 4] = [
    "using-the-app.md",
    "sharing-and-hosting.md",
    "importing-logs.md",
    "README.md",
];

fn chapters() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/book/src");
    let mut out: Vec<PathBuf> = fs::read_dir(root.join("chapters"))
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    out.retain(|p| p.extension().is_some_and(|x| x == "md"));
    out.push(root.join("README.md"));
    out.sort();
    out
}

/// What is wrong with one sentence, if anything. `defined`: the footnotes its chapter defines
/// itself.
fn problem(sentence: &str, about_the_app: bool, defined: &[&str]) -> Option<String> {
    let ids = footnotes(sentence);
    if let Some(id) = ids
        .iter()
        .find(|id| source(id).is_none() && !defined.contains(id))
    {
        return Some(format!("[^{id}] is not a source"));
    }
    // The app's own tools: what they do is the app's, tested where they are.
    if ["the import", "The import", "kip848-", "`make "]
        .iter()
        .any(|w| sentence.contains(w))
        || sentence.split_whitespace().take(2).eq(["The", "book"])
    {
        return None;
    }
    let named = releases(sentence);
    let claim = if about_the_app {
        (!named.is_empty()).then(|| "a release".to_owned())
    } else {
        names_kafka(sentence).or_else(|| (!named.is_empty()).then(|| "a release".to_owned()))
    };
    let claim = claim?;
    if ids.is_empty() {
        return Some(format!("names `{claim}` without a footnote"));
    }
    let cited: Vec<_> = ids.iter().filter_map(|id| source(id)).collect();
    // A KIP, a ticket, a pull request, or 4.x code that was not read: what they announce.
    let announced = |s: &Source| {
        s.unread()
            || matches!(
                s.origin,
                Origin::Kip { .. } | Origin::Jira { .. } | Origin::KafkaPr { .. }
            )
    };
    let says_announced = ["KIP-", "KAFKA-", "pull request"]
        .iter()
        .any(|w| sentence.contains(w));
    for release in &named {
        let holds = cited.iter().any(|s| {
            s.versions
                .is_some_and(|v| v.from <= *release && *release <= v.last())
        });
        if !holds {
            return Some(format!(
                "names {} but no source it cites holds for {}",
                release.as_str(),
                release.as_str()
            ));
        }
        // What a release does, known only from what was announced for it, is said as such.
        let read = cited.iter().any(|s| {
            !announced(s)
                && s.versions
                    .is_some_and(|v| v.from <= *release && *release <= v.last())
        });
        if !read && !says_announced {
            return Some(format!(
                "states {} behaviour known only from a KIP, ticket or unread code without saying so",
                release.as_str()
            ));
        }
    }
    if !cited.is_empty() && cited.iter().all(|s| announced(s)) && !says_announced {
        return Some("rests on a KIP, ticket or pull request alone without saying so".to_owned());
    }
    let rdk = |o: &Origin| {
        matches!(
            o,
            Origin::Librdkafka { .. } | Origin::ConfluentPython { .. }
        )
    };
    if sentence.contains("librdkafka") && !cited.is_empty() && !cited.iter().any(|s| rdk(&s.origin))
    {
        return Some("speaks of librdkafka without a librdkafka source".to_owned());
    }
    None
}

#[test]
fn every_sentence_about_kafka_cites_a_source_that_holds_for_it() {
    let (mut checked, mut problems) = (0, Vec::new());
    for path in chapters() {
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
        let about_the_app = ABOUT_THE_APP.contains(&name.as_str());
        for (line, block) in blocks(&text) {
            for sentence in sentences(&block) {
                checked += 1;
                if let Some(p) = problem(&sentence, about_the_app, &defined) {
                    let quoted: String = sentence.split_whitespace().collect::<Vec<_>>().join(" ");
                    problems.push(format!("{name}:{line}: {p}: {quoted:.160}"));
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} sentences:\n{}",
        problems.len(),
        problems.join("\n")
    );
    assert!(
        checked > 400,
        "only {checked} sentences read: the reader missed the chapters"
    );
}

/// The quiz's rules and the glossary are held to the same rules, every rule whether or not a
/// built-in scenario reaches it: each `cited(…)` written in the quiz's sources.
#[test]
fn every_quiz_rule_and_glossary_entry_cites_sources_that_hold_for_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut rules = 0;
    for file in [
        "teaching/quiz.rs",
        "teaching/quiz_rules.rs",
        "group/quiz.rs",
    ] {
        let text = fs::read_to_string(root.join(file)).unwrap_or_default();
        for (at, _) in text.match_indices("cited(\"") {
            let rest = &text[at + 7..];
            let Some(end) = rest.find("\", &[") else {
                continue;
            };
            let ids: Vec<&str> = rest[end + 5..]
                .split(']')
                .next()
                .unwrap_or_default()
                .split(',')
                .map(|id| id.trim().trim_matches('"'))
                .filter(|id| !id.is_empty())
                .collect();
            let marked: String = ids.iter().map(|id| format!("[^{id}]")).collect();
            let sentence = format!("{}{marked}", &rest[..end]);
            assert!(
                problem(&sentence, false, &[]).is_none(),
                "{file}: {:?}: {sentence}",
                problem(&sentence, false, &[])
            );
            rules += 1;
        }
    }
    assert!(rules >= 20, "only {rules} quiz rules read");
    let mut problems = Vec::new();
    for t in kip848_core::teaching::glossary::TERMS {
        let marked: String = t.sources.iter().map(|id| format!("[^{id}]")).collect();
        for text in [Some(t.definition), t.shipped].into_iter().flatten() {
            if let Some(p) = problem(&format!("{text}{marked}"), false, &[]) {
                problems.push(format!("glossary {}: {p}", t.id));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The check can fail: a sentence with no footnote, one whose footnote was read at other
/// releases, one that rests on a ticket without saying so, and librdkafka cited to the seed.
#[test]
fn the_check_fails_on_a_missing_or_wrong_footnote() {
    let check = |s: &str| problem(s, false, &[]);
    assert!(
        check("The member epoch moves at once.").is_some(),
        "no footnote"
    );
    assert!(
        check("From 4.0 the leave waits.[^client-heartbeat-fields-37]").is_some(),
        "read at 3.7 only"
    );
    assert!(
        check("In 3.7 the interval counted from the answer.[^client-heartbeat-timer-37]").is_none()
    );
    assert!(
        check("From 4.0 the error is reported.[^kafka-18813]").is_some(),
        "a ticket alone, unsaid"
    );
    assert!(check("KAFKA-18813 (4.0) reports the error.[^kafka-18813]").is_none());
    assert!(
        check("From 4.0, as announced, the error is reported.[^kafka-18813]").is_some(),
        "announced, but by what"
    );
    assert!(
        check("librdkafka retries COORDINATOR_LOAD_IN_PROGRESS.[^seed-5.7]").is_some(),
        "librdkafka cited to the seed"
    );
    assert!(
        check("See [joining](joining.md) and the app.").is_none(),
        "not a claim"
    );
    assert_eq!(
        sentences("One 3.8 claim.[^a] Two `x.y` here. Three").len(),
        3
    );
    assert_eq!(
        releases("librdkafka 2.15.0 and Kafka 3.7.0, 4.1 or 8.1.1-ce"),
        vec![ClientVersion::V3_7, ClientVersion::V4_1]
    );
    assert_eq!(blocks("a\nb\n\n- c\n- d\n\n| x |\n|---|\n| y |\n").len(), 4);
}
