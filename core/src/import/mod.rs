//! Real consumer logs in: a Kafka consumer's log (`group.protocol=consumer`, clients 3.7 to 4.1 at
//! INFO, DEBUG `NetworkClient` heartbeat lines when present) turned into a `"model": "kafka"`
//! trace, with where each step came from and where the shipped model parts ways with the log.
//! The coordinator's lines, when the log has them, become a timeline of the group.
//!
//! Over 300 lines: the importer's public entry points and their shared result types; each stage is a folder of its own.
//!
//! ```text
//!  text ──▶ records (layout: time, level, thread, logger, message; multi-line blocks)
//!        ──▶ events, by consumer (`[Consumer clientId=…]`)          ParsedLog::consumers
//!        ──▶ steps through a live shipped-model member:             ParsedLog::import
//!            a line's input as logged, or the smallest inferred one that explains it
//!        ──▶ Timeline::from_trace ── each step vs the log ──▶ divergences
//! ```
//!
//! No I/O, no clock: times come from the log's timestamps, in milliseconds from the first line
//! of the consumer that is used. Every step's `note` says where it came from (see
//! [`StepSource::note`]); the same is returned as data in [`Imported::steps`].
//!
//! ```
//! use kip848_core::import::ParsedLog;
//!
//! let log = "\
//! 2025-03-01 10:00:00,000 INFO [bg] o.a.k.c.c.i.ConsumerMembershipManager - [Consumer clientId=c1, groupId=g] Member m1 with epoch 0 transitioned from UNSUBSCRIBED to JOINING.
//! 2025-03-01 10:00:00,040 INFO [bg] o.a.k.c.c.i.ConsumerMembershipManager - [Consumer clientId=c1, groupId=g] Member m1 with epoch 1 transitioned from JOINING to RECONCILING.
//! 2025-03-01 10:00:00,041 INFO [bg] o.a.k.c.c.i.ConsumerMembershipManager - [Consumer clientId=c1, groupId=g] Reconciling assignment with local epoch 0
//! \tMember:                                    m1
//! \tAssigned partitions:                       [orders-0]
//! \tCurrent owned partitions:                  []
//! \tAdded partitions (assigned - owned):       [orders-0]
//! \tRevoked partitions (owned - assigned):     []
//! ";
//! let parsed = ParsedLog::parse(log).unwrap();
//! assert_eq!(parsed.consumers()[0].client_id, "c1");
//! let imported = parsed.import(None).unwrap();
//! assert_eq!(imported.trace.model, kip848_core::Model::Kafka);
//! assert!(imported.steps.iter().any(|s| s.inferred)); // the coordinator's answer
//! ```

mod group_view;
pub mod librdkafka;
mod outcome;
mod read;
mod rebuild;
mod recognise;

pub use group_view::broker::{
    BrokerChange, BrokerTimeline, GroupHistory, GroupPoint, MemberPoint, Removal,
    MAX_BROKER_MEMBERS,
};
pub use group_view::coordinator_view::{CoordinatorMember, CoordinatorView};
pub use group_view::lane::{LaneKind, LaneSpan, Tone};
pub use group_view::together::{ConsumerLife, ConsumerPoint, Skipped, Together, MAX_TOGETHER};
pub use outcome::divergence::{Aspect, Divergence, Reason};
pub use outcome::report::{Example, Ignored, Recognised, Report, Tally};
pub use outcome::source::StepSource;
pub use outcome::view::MemberView;
pub use read::config::ClientVersion;
pub use read::consumers::ConsumerSummary;
pub use read::context::{ClientContext, ClientKind};
pub use read::head::Level;
pub use read::text::{Record, INFERRED_GAP_MS};
pub use rebuild::reconstruct::{VersionEvidence, DEFAULT_INTERVAL_MS};
pub use recognise::event::{Block, BlockForm, Callback, Event};
pub use recognise::templates::{
    java as java_templates, Kind as TemplateKind, Slot as TemplateSlot, Template,
};
pub use recognise::wire::{WireRequest, WireResponse};

use crate::session::limits::{MAX_LOG_BYTES, MAX_LOG_LINES, MAX_STEPS};
use crate::session::trace::Trace;
use std::fmt;

/// Why a log could not be imported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportError {
    /// Over [`MAX_LOG_BYTES`].
    TooLarge { bytes: usize },
    /// Over [`MAX_LOG_LINES`].
    TooManyLines { lines: usize },
    /// No KIP-848 membership line (for this client, when one was named); the consumers that
    /// speak the classic protocol are named.
    NoMembership {
        client: Option<String>,
        classic: Vec<String>,
        /// Share consumers (KIP-932) the log has: a share group is not a consumer group.
        share: Vec<String>,
        /// librdkafka consumers the log has (`c1#consumer-2`): another client's state machine.
        librdkafka: Vec<String>,
    },
    /// The named client is not in the log; these are.
    UnknownClient { asked: String, known: Vec<String> },
    /// The trace would have more steps than a trace may.
    TooManySteps { steps: usize },
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::TooLarge { bytes } => {
                write!(
                    f,
                    "the log is {bytes} bytes, over the limit of {MAX_LOG_BYTES} bytes"
                )
            }
            ImportError::TooManyLines { lines } => {
                write!(
                    f,
                    "the log has {lines} lines, over the limit of {MAX_LOG_LINES} lines"
                )
            }
            ImportError::NoMembership {
                client,
                classic,
                share,
                librdkafka,
            } => {
                // A log of librdkafka's consumers has membership lines, of another state machine.
                if client.is_none() && !librdkafka.is_empty() {
                    let noun = if librdkafka.len() == 1 {
                        "consumer"
                    } else {
                        "consumers"
                    };
                    return write!(
                        f,
                        "this is a log of librdkafka's {noun} {} (librdkafka is the client of confluent-kafka for Python, Go, .NET and Node), with no Java consumer's membership line; librdkafka's own are followed only for a consumer of the consumer protocol (group.protocol=consumer) logged with debug=cgrp",
                        librdkafka.join(", ")
                    );
                }
                match client {
                    Some(c) => write!(f, "no KIP-848 membership line for consumer {c:?}")?,
                    None => f.write_str("no KIP-848 consumer membership line (transition, reconciliation, heartbeat error or DEBUG heartbeat) in this log")?,
                }
                if !classic.is_empty() {
                    let verb = if classic.len() == 1 {
                        "speaks"
                    } else {
                        "speak"
                    };
                    write!(f, "; {} {verb} the classic protocol", classic.join(", "))?;
                }
                if !share.is_empty() {
                    write!(
                        f,
                        "; {} {} a share consumer (KIP-932), whose share group is not a consumer group",
                        share.join(", "),
                        if share.len() == 1 { "is" } else { "are" }
                    )?;
                }
                if !librdkafka.is_empty() {
                    write!(
                        f,
                        "; librdkafka's consumers here: {}",
                        librdkafka.join(", ")
                    )?;
                }
                Ok(())
            }
            ImportError::UnknownClient { asked, known } if known.is_empty() => {
                write!(f, "no consumer {asked:?} with membership lines in this log")
            }
            ImportError::UnknownClient { asked, known } => {
                write!(
                    f,
                    "no consumer {asked:?} in this log; it has: {}",
                    known.join(", ")
                )
            }
            ImportError::TooManySteps { steps } => {
                write!(
                    f,
                    "the trace would have {steps} steps, over the limit of {MAX_STEPS}"
                )
            }
        }
    }
}

/// Whether `text` has a line only a KIP-848 consumer's log has (a transition, a reconciliation,
/// a heartbeat on the wire) or its coordinator's (a member's assignment state, a target): a cheap
/// first look that needs none of the importer, for a page that
/// hands logs to the importer's page. [`ParsedLog`] decides; this only says it is worth asking.
pub fn mentions_membership(text: &str) -> bool {
    text.lines().any(|line| {
        line.contains("CONSUMER_GROUP_HEARTBEAT")
            || line.contains("GroupHeartbeatRequest failed")
            || line.contains("Reconciling assignment with")
            || line.contains("Updating assignment with")
            || line.contains("Revoking previously assigned partitions")
            || line.contains("oll timeout has expired")
            || line.contains("Time between subsequent calls to poll() was longer than")
            || (line.contains("Member ")
                && (line.contains(" transitioned ") || line.contains(" release assignment")))
            // The group coordinator's: its timeline is drawn even without a consumer.
            || line.contains(" new assignment state: epoch=")
            || line.contains("Computed a new target assignment for epoch")
    })
}

impl std::error::Error for ImportError {}

impl ImportError {
    /// Whether the log may still be a librdkafka consumer's: the Java importer found no member (or
    /// not the one asked for, which may be a librdkafka handle), so the import page and
    /// `kip848-import` follow librdkafka's consumers instead.
    pub fn may_be_librdkafka(&self) -> bool {
        matches!(
            self,
            ImportError::NoMembership { .. } | ImportError::UnknownClient { .. }
        )
    }
}

/// A log split into records and attributed to its consumers: parse once, then list the consumers,
/// import one, or read the coordinator's timeline.
#[derive(Debug, Clone)]
pub struct ParsedLog {
    records: Vec<Record>,
    counts: read::text::LineCounts,
    attribution: read::consumers::Attribution,
    broker: Vec<bool>,
    /// librdkafka's consumers, named in a refusal.
    librdkafka: Vec<String>,
}

impl ParsedLog {
    /// Splits and classifies `text`, refusing it over [`MAX_LOG_BYTES`] or [`MAX_LOG_LINES`].
    pub fn parse(text: &str) -> Result<ParsedLog, ImportError> {
        let (records, counts) = read::text::split_records(text)?;
        let broker: Vec<bool> = records.iter().map(group_view::broker::is_broker).collect();
        let attribution = read::consumers::attribute(&records, &broker);
        // Every line as written: a librdkafka line has no head this reader knows, so it is only
        // ever a continuation of a record (or an orphan).
        let relaid = librdkafka::records::relayout(text);
        let librdkafka = read::librdkafka::consumers(relaid.lines());
        Ok(ParsedLog {
            records,
            counts,
            attribution,
            broker,
            librdkafka,
        })
    }

    /// The consumers found, in order of their first line.
    pub fn consumers(&self) -> &[ConsumerSummary] {
        &self.attribution.consumers
    }

    /// The consumers with KIP-848 membership lines: the ones [`ParsedLog::import`] takes.
    pub fn importable(&self) -> impl Iterator<Item = &ConsumerSummary> {
        self.consumers().iter().filter(|c| c.membership_lines > 0)
    }

    /// Lines in the text.
    pub fn lines(&self) -> usize {
        self.counts.lines
    }

    /// The records, in order.
    pub fn records(&self) -> &[Record] {
        &self.records
    }

    /// What record `index` says, when it is a line the import reads.
    pub fn event(&self, index: usize) -> Option<&Event> {
        match self.attribution.classes.get(index)? {
            read::consumers::Class::Event(event) => Some(event),
            _ => None,
        }
    }

    /// The coordinator's timeline, when the log has `GroupMetadataManager` lines.
    pub fn broker(&self) -> Option<BrokerTimeline> {
        group_view::broker::broker_timeline(&self.records)
    }

    /// Imports the consumer with `client_id`, or the first with membership lines.
    pub fn import(&self, client_id: Option<&str>) -> Result<Imported, ImportError> {
        let index = self.choose(client_id)?;
        outcome::summary::import(self, index)
    }

    fn choose(&self, client_id: Option<&str>) -> Result<usize, ImportError> {
        let consumers = self.consumers();
        let classic = || {
            consumers
                .iter()
                .filter(|c| c.classic)
                .map(|c| c.client_id.clone())
                .collect()
        };
        let share = || self.attribution.share.clone();
        let librdkafka = || self.librdkafka.clone();
        let Some(asked) = client_id else {
            return consumers
                .iter()
                .position(|c| c.membership_lines > 0)
                .ok_or_else(|| ImportError::NoMembership {
                    client: None,
                    classic: classic(),
                    share: share(),
                    librdkafka: librdkafka(),
                });
        };
        match consumers.iter().position(|c| c.client_id == asked) {
            Some(i) if consumers[i].membership_lines > 0 => Ok(i),
            Some(_) => Err(ImportError::NoMembership {
                client: Some(asked.to_owned()),
                classic: classic(),
                share: share(),
                librdkafka: librdkafka(),
            }),
            None => Err(ImportError::UnknownClient {
                asked: asked.to_owned(),
                known: consumers.iter().map(|c| c.client_id.clone()).collect(),
            }),
        }
    }
}

/// One consumer's log, imported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    /// The trace (`"model": "kafka"`); each step's `note` names its log line.
    pub trace: Trace,
    pub client_id: String,
    pub group_id: Option<String>,
    pub version: Option<ClientVersion>,
    pub version_evidence: VersionEvidence,
    /// Every consumer of the log (the imported one among them).
    pub consumers: Vec<ConsumerSummary>,
    /// Where each step came from (`steps[i]` belongs to `trace.steps[i]`).
    pub steps: Vec<StepSource>,
    pub report: Report,
    /// Where the model and the log differ, in step order.
    pub divergences: Vec<Divergence>,
    /// The heartbeat interval inferred answers carry, and whether the log showed it.
    pub heartbeat_interval_ms: u32,
    pub interval_from_log: bool,
    /// The log's timestamp (ms on its own clock) that is the trace's time 0, when it has one.
    pub origin: Option<i64>,
    /// The member id the log shows (a reconciliation block's, else the last transition's).
    pub member_id: Option<String>,
    /// The log has no timestamps: the steps keep its order, [`read::text::INFERRED_GAP_MS`] apart.
    pub times_inferred: bool,
}

/// Parses `text` and imports one consumer (see [`ParsedLog`]).
pub fn import_log(text: &str, client_id: Option<&str>) -> Result<Imported, ImportError> {
    ParsedLog::parse(text)?.import(client_id)
}
