//! Putting an import together: the chosen consumer's lines, its configuration, the steps, the
//! trace, the report of every line, and the divergences.

use super::divergence::{divergences, Findings};
use super::report::{count, Ignored, Recognised, Report};
use super::source::cut;
use crate::import::read::config::{trace_config, ClientVersion};
use crate::import::read::consumers::{Class, Owner};
use crate::import::read::text::Record;
use crate::import::rebuild::builder::Builder;
use crate::import::rebuild::reconstruct::{guess_version, reconstruct, VersionEvidence};
use crate::import::recognise::event::{Event, DAMAGED};
use crate::import::ImportError;
use crate::import::Imported;
use crate::import::ParsedLog;
use crate::import::INFERRED_GAP_MS;
use crate::machine::model::Model;
use crate::protocol::config::Config;
use crate::session::limits::{MAX_NAME_CHARS, MAX_STEPS, MAX_TEXT_CHARS};
use crate::session::trace::Trace;

fn recognised(event: &Event) -> Option<Recognised> {
    Some(match event {
        Event::Transition { .. } => Recognised::Transition,
        Event::Block(_) => Recognised::Reconciliation,
        Event::Revoking { .. } => Recognised::Revocation,
        Event::Callback { .. } => Recognised::Callback,
        Event::CallbackFailed { .. } => Recognised::CallbackFailure,
        Event::Leaving { .. } | Event::Released => Recognised::Leave,
        Event::Abandoned => Recognised::Abandoned,
        Event::HeartbeatError { .. } => Recognised::HeartbeatError,
        Event::HeartbeatFailed => Recognised::HeartbeatFailure,
        Event::Fatal => Recognised::Fatal,
        Event::Subscribed { .. } => Recognised::Subscription,
        Event::PollExpired | Event::PollResumed => Recognised::PollTimer,
        Event::Unregistered { .. } => Recognised::Close,
        Event::Version { .. } => Recognised::Version,
        Event::Config { .. } => Recognised::Config,
        Event::Request(_) => Recognised::WireRequest,
        Event::Response(_) => Recognised::WireResponse,
        Event::Noted { .. } => Recognised::Other,
        Event::Classic | Event::Damaged => return None,
    })
}

/// How one record counts in the report of consumer `chosen`.
fn tally(
    report: &mut Report,
    record: &Record,
    (class, owner, broker): (&Class, Owner, bool),
    chosen: usize,
) {
    let example = Some((record.line, record.text.as_str()));
    let ignored = match (owner, class) {
        (Owner::Consumer(c), _) if c != chosen => Ignored::OtherConsumer,
        (Owner::Foreign, _) => Ignored::OtherClient,
        (_, Class::Event(Event::Classic)) => Ignored::Classic,
        (_, Class::Event(event)) => match recognised(event) {
            Some(kind) => return count(&mut report.recognised, kind, example),
            None => Ignored::NotMembership,
        },
        (_, Class::Malformed) => Ignored::Malformed,
        (Owner::Nobody, Class::Other) if broker => Ignored::Broker,
        (_, Class::Other) => Ignored::NotMembership,
    };
    count(&mut report.ignored, ignored, example);
}

fn report_of(parsed: &ParsedLog, chosen: usize) -> Report {
    let mut report = Report {
        lines: parsed.counts.lines,
        ..Report::default()
    };
    let a = &parsed.attribution;
    for (i, record) in parsed.records.iter().enumerate() {
        let broker = parsed.broker.get(i).copied().unwrap_or(false);
        tally(
            &mut report,
            record,
            (&a.classes[i], a.owners[i], broker),
            chosen,
        );
    }
    for _ in 0..parsed.counts.orphans {
        count(&mut report.ignored, Ignored::BeforeFirstRecord, None);
    }
    for _ in 0..parsed.counts.overflow {
        count(&mut report.ignored, Ignored::TooManyContinuationLines, None);
    }
    report
}

/// The chosen consumer's events, with their records (process-wide lines it owns included).
fn events_of(parsed: &ParsedLog, chosen: usize) -> Vec<(&Record, &Event)> {
    let a = &parsed.attribution;
    parsed
        .records
        .iter()
        .zip(a.classes.iter().zip(&a.owners))
        .filter_map(|(record, (class, owner))| match (class, owner) {
            (Class::Event(event), Owner::Consumer(c)) if *c == chosen => Some((record, event)),
            (Class::Malformed, Owner::Consumer(c)) if *c == chosen => Some((record, &DAMAGED)),
            _ => None,
        })
        .collect()
}

fn describe(
    client: &str,
    version: Option<ClientVersion>,
    report: &Report,
    times_inferred: bool,
) -> String {
    let version = version.map_or_else(
        || "an unknown version".to_owned(),
        |v| format!("Kafka {}", v.as_str()),
    );
    let text = format!(
        "Imported from the log of consumer {client} ({version}): {} lines recognised, {} inputs inferred, \
         {} lines ignored. Each step's note names its log line, or says it was inferred.",
        report.recognised_count(),
        report.inferred_count(),
        report.ignored_count(),
    );
    let text = if times_inferred {
        format!("{text} The log has no timestamps: the steps keep its order, {INFERRED_GAP_MS} ms apart, and their times are inferred.")
    } else {
        text
    };
    cut(&text, MAX_TEXT_CHARS - 1)
}

/// The trace configuration of consumer `chosen`: its config dump, its group, a listener if any
/// callback line shows one.
fn config_of(parsed: &ParsedLog, chosen: usize, events: &[(&Record, &Event)]) -> Config {
    let consumer = &parsed.attribution.consumers[chosen];
    let listener = events
        .iter()
        .any(|(_, e)| matches!(e, Event::Callback { .. }));
    let short = |name: &&str| name.chars().count() <= MAX_NAME_CHARS;
    let group = consumer.group_id.as_deref().filter(short);
    let mut config = trace_config(&parsed.attribution.configs[chosen], group, listener);
    config.instance_id = config.instance_id.filter(|i| short(&i.as_str()));
    config.server_assignor = config.server_assignor.filter(|a| short(&a.as_str()));
    config
}

/// The first member id the consumer's lines show.
fn first_member_id(events: &[(&Record, &Event)]) -> Option<String> {
    let short =
        |id: &String| !id.is_empty() && id.chars().count() <= MAX_NAME_CHARS && !id.contains(' ');
    events.iter().find_map(|(_, e)| match e {
        Event::Transition { member_id, .. } => Some(member_id.clone()).filter(short),
        Event::Block(block) => block.member_id.clone().filter(short),
        _ => None,
    })
}

/// The report, with the trace's inferred inputs counted.
fn full_report(parsed: &ParsedLog, chosen: usize, built: &Builder) -> Report {
    let mut report = report_of(parsed, chosen);
    for (source, step) in built.sources.iter().zip(&built.steps) {
        if source.inferred {
            let example = source.line.zip(source.text.as_deref());
            count(&mut report.inferred, step.input.kind(), example);
        }
    }
    report
}

fn version_of(
    parsed: &ParsedLog,
    chosen: usize,
    events: &[(&Record, &Event)],
) -> (Option<ClientVersion>, VersionEvidence) {
    match (
        parsed.attribution.consumers[chosen].version,
        guess_version(events),
    ) {
        (Some(v), _) => (Some(v), VersionEvidence::VersionLine),
        (None, Some(v)) => (Some(v), VersionEvidence::Templates),
        (None, None) => (None, VersionEvidence::Unknown),
    }
}

/// Imports consumer `chosen` of `parsed`.
pub(crate) fn import(parsed: &ParsedLog, chosen: usize) -> Result<Imported, ImportError> {
    let consumer = &parsed.attribution.consumers[chosen];
    let events = events_of(parsed, chosen);
    let mut config = config_of(parsed, chosen, &events);
    // The member in the log is the member on screen: the id the log first shows (a 4.x client's
    // own, from its first line; a 3.8.x block's, in the slot of the local epoch) from step 0.
    config.member_id = first_member_id(&events);
    // A log replays on its own release's rules (what changed between releases follows it).
    let (version, version_evidence) = version_of(parsed, chosen, &events);
    config.kafka_version = version;
    let built = reconstruct(&events, &config);
    if built.steps.len() > MAX_STEPS {
        return Err(ImportError::TooManySteps {
            steps: built.steps.len(),
        });
    }
    let report = full_report(parsed, chosen, &built);
    let client = cut(&consumer.client_id, MAX_NAME_CHARS);
    let trace = Trace {
        model: Model::Kafka,
        title: Some(cut(&format!("Imported: {client}"), MAX_TEXT_CHARS - 1)),
        description: Some(describe(
            &client,
            version,
            &report,
            parsed.counts.times_inferred,
        )),
        sources: Vec::new(),
        config,
        steps: built.steps.clone(),
    };
    let findings = Findings {
        not_followed: &built.not_followed,
        epoch_gaps: &built.epoch_gaps,
    };
    let divergences = divergences(&trace, (&built.sources, &built.views), findings, version);
    Ok(Imported {
        trace,
        client_id: consumer.client_id.clone(),
        group_id: consumer.group_id.clone(),
        version,
        version_evidence,
        consumers: parsed.attribution.consumers.clone(),
        steps: built.sources,
        report,
        divergences,
        heartbeat_interval_ms: built.interval,
        origin: built.origin,
        member_id: built.member_id.clone().or_else(|| {
            events.iter().rev().find_map(|(_, e)| match e {
                Event::Transition { member_id, .. } if !member_id.is_empty() => {
                    Some(member_id.clone())
                }
                _ => None,
            })
        }),
        interval_from_log: events.iter().any(|(_, e)| matches!(e, Event::Response(_))),
        times_inferred: parsed.counts.times_inferred,
    })
}
