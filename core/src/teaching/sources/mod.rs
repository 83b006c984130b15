//! Where each claim about Kafka comes from: a Kafka class and method, a schema file, a KIP
//! section, a JIRA ticket or pull request, Kafka's own documentation, or the project's statement
//! of the seed model (`docs/seed-model.md`) — and the Kafka releases the claim was checked
//! against. The glossary, the quiz's rules, the scenarios, the review's causes and the book's
//! footnotes name their sources by id from [`SOURCES`]; a test fails on an id that is not here
//! and on a Kafka source without versions (`core/tests/sources.rs`), and on a sentence of the
//! book that names a config, error, field, epoch or release without a source that holds for it
//! (`core/tests/claims.rs`).
//!
//! Over 300 lines: the registry of every source the project cites is one table; the commits where code was read are in read.rs.
//!
//! Sources are read, never guessed: a Kafka source of 3.7 to 3.9 was read at those release
//! commits; one of 4.0 to 4.3 at the commit [`read::READ_AT`] names, or it was not read and says
//! so ([`Source::unread`]).

mod read;
mod registry;

pub use read::READ_AT;
pub use registry::SOURCES;
use serde::Serialize;

// The releases a claim is checked against are the ones the Java client's model follows.
use crate::protocol::version::ClientVersion;

/// The releases a claim holds for, both ends included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Versions {
    pub from: ClientVersion,
    /// `None`: up to [`ClientVersion::NEWEST`] (what the project has read; later ones are not known).
    pub until: Option<ClientVersion>,
}

impl Versions {
    /// The newest release of the range.
    pub fn last(self) -> ClientVersion {
        self.until.unwrap_or(ClientVersion::NEWEST)
    }

    /// `3.8–4.3`, or `4.3` for a single release.
    pub fn words(self) -> String {
        let last = self.last();
        if last == self.from {
            format!("Kafka {}", self.from.as_str())
        } else {
            format!("Kafka {}–{}", self.from.as_str(), last.as_str())
        }
    }
}

/// From `release` to the newest read.
pub const fn since(release: ClientVersion) -> Option<Versions> {
    Some(Versions {
        from: release,
        until: None,
    })
}

/// From `from` to `until`, both included.
pub const fn between(from: ClientVersion, until: ClientVersion) -> Option<Versions> {
    Some(Versions {
        from,
        until: Some(until),
    })
}

/// What a source is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Origin {
    /// A file of `apache/kafka` and the member the claim rests on (`Class.method`).
    Kafka {
        path: &'static str,
        symbol: &'static str,
    },
    /// A Kafka Improvement Proposal, and the section meant.
    Kip { number: u16, section: &'static str },
    /// A ticket of Kafka's JIRA (`KAFKA-17621`).
    Jira { key: &'static str },
    /// A pull request of `apache/kafka`.
    KafkaPr { number: u32 },
    /// A page of Kafka's documentation, as a file of `apache/kafka`, and its section.
    KafkaDocs {
        path: &'static str,
        section: &'static str,
    },
    /// A section of the project's seed model (`docs/seed-model.md`, `§5.4`).
    SeedModel { section: &'static str },
    /// A file of librdkafka (`confluentinc/librdkafka`) at the release the model follows
    /// ([`LIBRDKAFKA_TAG`]), and the function the claim rests on.
    Librdkafka {
        path: &'static str,
        symbol: &'static str,
    },
    /// A file of confluent-kafka for Python at the release that bundles that librdkafka.
    ConfluentPython {
        path: &'static str,
        symbol: &'static str,
    },
}

/// The librdkafka release the third model follows and the live harness runs (the PyPI package
/// confluent-kafka of the same version bundles it).
pub const LIBRDKAFKA_TAG: &str = "v2.15.0";

/// One source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Source {
    /// Stable id, named by glossary entries, quiz rules, scenarios and footnotes.
    pub id: &'static str,
    pub origin: Origin,
    /// The Kafka releases checked. Required for everything read in Kafka's code or docs.
    pub versions: Option<Versions>,
}

/// Where a KIP's page is on the wiki: its title as the wiki spells it in the address, or its id.
fn kip_page(number: u16) -> Option<&'static str> {
    Some(match number {
        62 => "https://cwiki.apache.org/confluence/display/KAFKA/KIP-62%3A+Allow+consumer+to+send+heartbeats+from+a+background+thread",
        345 => "https://cwiki.apache.org/confluence/display/KAFKA/KIP-345%3A+Introduce+static+membership+protocol+to+reduce+consumer+rebalances",
        429 => "https://cwiki.apache.org/confluence/display/KAFKA/KIP-429%3A+Kafka+Consumer+Incremental+Rebalance+Protocol",
        848 => "https://cwiki.apache.org/confluence/display/KAFKA/KIP-848%3A+The+Next+Generation+of+the+Consumer+Rebalance+Protocol",
        1082 => "https://cwiki.apache.org/confluence/display/KAFKA/KIP-1082%3A+Require+Client-Generated+IDs+over+the+ConsumerGroupHeartbeat+RPC",
        // The page's title has changed since it was written; its id has not.
        1092 => "https://cwiki.apache.org/confluence/pages/viewpage.action?pageId=321719077",
        1237 => "https://cwiki.apache.org/confluence/display/KAFKA/KIP-1237%3A+Deprecate+group.coordinator.rebalance.protocols+config",
        1251 => "https://cwiki.apache.org/confluence/display/KAFKA/KIP-1251%3A+Assignment+epochs+for+consumer+groups",
        1263 => "https://cwiki.apache.org/confluence/display/KAFKA/KIP-1263%3A+Group+Coordinator+Assignment+Batching+and+Offload",
        1274 => "https://cwiki.apache.org/confluence/display/KAFKA/KIP-1274%3A+Deprecate+and+remove+support+for+Classic+rebalance+protocol+in+KafkaConsumer",
        _ => return None,
    })
}

/// The wiki's own anchor of a section of a KIP's page, so the link opens at the section: the
/// page's title and the heading, each without spaces and hyphens, joined by a hyphen
/// (`#KIP848:TheNextGenerationoftheConsumerRebalanceProtocol-MemberReconciliation`). Empty for
/// the whole page, or for a page known only by its id (no title to build it from).
pub fn kip_anchor(number: u16, section: &str) -> String {
    let title = kip_page(number)
        .and_then(|p| p.strip_prefix("https://cwiki.apache.org/confluence/display/KAFKA/"));
    match title {
        Some(title) if !section.is_empty() => {
            let squeeze = |t: &str| -> String {
                t.replace("%3A", ":")
                    .chars()
                    .filter(|c| !matches!(c, '+' | ' ' | '-'))
                    .collect()
            };
            format!("#{}-{}", squeeze(title), squeeze(section))
        }
        _ => String::new(),
    }
}

const KAFKA_REPO: &str = "https://github.com/apache/kafka";

impl Source {
    /// The source in a few words: `AbstractMembershipManager.leaveGroupEpoch`, `KIP-848 §Member
    /// Epoch`, `KAFKA-17621`, `seed model §5.4`.
    pub fn label(&self) -> String {
        match self.origin {
            Origin::Kafka { path, symbol } => {
                if symbol.is_empty() {
                    file_name(path).to_owned()
                } else {
                    symbol.to_owned()
                }
            }
            Origin::Kip {
                number,
                section: "",
            } => format!("KIP-{number}"),
            Origin::Kip { number, section } => format!("KIP-{number} §{section}"),
            Origin::Jira { key } => key.to_owned(),
            Origin::KafkaPr { number } => format!("apache/kafka#{number}"),
            Origin::KafkaDocs { path, section } => {
                format!("Kafka docs, {} §{section}", file_name(path))
            }
            Origin::SeedModel { section } => format!("seed model §{section}"),
            Origin::Librdkafka { path, symbol } | Origin::ConfluentPython { path, symbol } => {
                if symbol.is_empty() {
                    file_name(path).to_owned()
                } else {
                    symbol.to_owned()
                }
            }
        }
    }

    /// The label and the versions: `AbstractMembershipManager.leaveGroupEpoch (Kafka 3.8–4.3)`.
    pub fn citation(&self) -> String {
        let release = &LIBRDKAFKA_TAG[1..];
        match self.origin {
            Origin::Librdkafka { .. } => return format!("{} (librdkafka {release})", self.label()),
            Origin::ConfluentPython { .. } => {
                return format!("{} (confluent-kafka {release})", self.label())
            }
            _ => {}
        }
        match self.versions {
            Some(v) => format!("{} ({})", self.label(), v.words()),
            None => self.label(),
        }
    }

    /// Where a reader opens it. Kafka's code and docs at the tag of the newest release checked;
    /// the seed model as `seed-model.html#s5-4`, relative to the page that shows it (the app's
    /// pages and the book each have one).
    pub fn url(&self) -> String {
        let tag = self
            .versions
            .map_or(ClientVersion::NEWEST, Versions::last)
            .tag();
        match self.origin {
            Origin::Kafka { path, .. } | Origin::KafkaDocs { path, .. } => {
                // The version that was read, where a 4.x claim's code was read off a tag.
                let at = self.read_at().unwrap_or(tag);
                format!("{KAFKA_REPO}/blob/{at}/{path}")
            }
            // A KIP the project has not named opens the list of KIPs, never a search
            // (core/tests/sources.rs requires a page for every KIP cited).
            // Whole addresses in the table, so each literal in the binary is one the site
            // check recognises as a KIP's page (tests/site/check.mjs).
            Origin::Kip { number, section } => format!(
                "{}{}",
                kip_page(number).unwrap_or(
                    "https://cwiki.apache.org/confluence/display/KAFKA/Kafka+Improvement+Proposals"
                ),
                kip_anchor(number, section)
            ),
            Origin::Jira { key } => format!("https://issues.apache.org/jira/browse/{key}"),
            Origin::KafkaPr { number } => format!("{KAFKA_REPO}/pull/{number}"),
            Origin::SeedModel { section } => {
                format!("seed-model.html#s{}", section.replace('.', "-"))
            }
            Origin::Librdkafka { path, .. } => {
                format!("https://github.com/confluentinc/librdkafka/blob/{LIBRDKAFKA_TAG}/{path}")
            }
            Origin::ConfluentPython { path, .. } => format!(
                "https://github.com/confluentinc/confluent-kafka-python/blob/{LIBRDKAFKA_TAG}/{path}"
            ),
        }
    }

    /// Whether its address leaves the site (everything but the seed model, whose page sits beside
    /// the app's pages).
    pub fn links_out(&self) -> bool {
        !matches!(self.origin, Origin::SeedModel { .. })
    }

    /// Whether it speaks of Kafka itself (and so must say which releases; librdkafka's sources
    /// name their one release in [`LIBRDKAFKA_TAG`]).
    /// The commit of Kafka's repository where this source's code was read, for a 4.x claim.
    pub fn read_at(&self) -> Option<&'static str> {
        read::read_at(self.id)
    }

    /// Kafka code of a 4.x claim that was not read here: the claim rests on what its KIP or ticket
    /// announces.
    pub fn unread(&self) -> bool {
        matches!(self.origin, Origin::Kafka { .. } | Origin::KafkaDocs { .. })
            && self.versions.is_some_and(|v| v.from >= ClientVersion::V4_0)
            && self.read_at().is_none()
    }

    pub fn is_kafka(&self) -> bool {
        !matches!(
            self.origin,
            Origin::SeedModel { .. }
                | Origin::Kip { .. }
                | Origin::Librdkafka { .. }
                | Origin::ConfluentPython { .. }
        )
    }
}

fn file_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// A sentence about the protocol, with where it comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Cited {
    pub text: &'static str,
    /// Ids of [`SOURCES`].
    pub sources: &'static [&'static str],
}

/// A cited sentence.
pub const fn cited(text: &'static str, sources: &'static [&'static str]) -> Cited {
    Cited { text, sources }
}

/// The source with this id.
pub fn source(id: &str) -> Option<&'static Source> {
    SOURCES.iter().find(|s| s.id == id)
}

/// The sources of these ids, skipping unknown ones (the tests make sure there are none).
pub fn sources<'a>(ids: &'a [&'a str]) -> impl Iterator<Item = &'static Source> + 'a {
    ids.iter().filter_map(|id| source(id))
}

/// The known sources among a file's ids (a trace may name ones this build does not know).
pub fn known(ids: &[String]) -> Vec<&'static Source> {
    ids.iter().filter_map(|id| source(id)).collect()
}

/// The one-line JSON the book's build reads (`kip848-replay --sources`).
#[derive(Serialize)]
pub struct SourceLine {
    pub id: &'static str,
    pub label: String,
    pub citation: String,
    pub url: String,
    pub versions: Option<String>,
}

impl From<&Source> for SourceLine {
    fn from(s: &Source) -> SourceLine {
        SourceLine {
            id: s.id,
            label: s.label(),
            citation: s.citation(),
            url: s.url(),
            versions: s.versions.map(Versions::words),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_kafka_sources_say_their_versions() {
        for (i, s) in SOURCES.iter().enumerate() {
            assert!(SOURCES[..i].iter().all(|t| t.id != s.id), "{} twice", s.id);
            assert!(
                !s.is_kafka() || s.versions.is_some(),
                "{} has no versions",
                s.id
            );
            if let Some(v) = s.versions {
                assert!(
                    v.from <= v.last(),
                    "{}: a range that ends before it starts",
                    s.id
                );
            }
            assert!(s.url().starts_with("https://") || s.url().starts_with("seed-model.html#s"));
        }
    }

    #[test]
    fn a_kafka_source_links_to_the_tag_of_its_newest_release() {
        let s = Source {
            id: "x",
            origin: Origin::Kafka {
                path: "clients/A.java",
                symbol: "A.b",
            },
            versions: between(ClientVersion::V3_7, ClientVersion::V3_9),
        };
        assert_eq!(
            s.url(),
            "https://github.com/apache/kafka/blob/3.9.0/clients/A.java"
        );
        assert_eq!(s.citation(), "A.b (Kafka 3.7–3.9)");
        let seed = Source {
            id: "y",
            origin: Origin::SeedModel { section: "5.4" },
            versions: None,
        };
        assert_eq!(seed.url(), "seed-model.html#s5-4");
    }
}
