//! One consumer's lines → the trace's steps, through a live shipped-model member. The heartbeat
//! interval inferred answers carry is Kafka's default (`group.consumer.heartbeat.interval.ms`,
//! 5000 ms) unless the wire shows it, or the log needs a shorter one: when an answer is due before
//! the model would have sent a heartbeat, the build runs again with the interval that fits.

use super::ahead::Ahead;
use super::builder::Builder;
use crate::import::outcome::view::MemberView;
use crate::import::read::config::ClientVersion;
use crate::import::read::names::TopicNames;
use crate::import::read::text::Record;
use crate::import::recognise::event::Event;
use crate::import::recognise::templates::{java, recognise};
use crate::protocol::config::Config;
use crate::protocol::state::StateName;
use crate::session::limits::MAX_NAME_CHARS;
use serde::Serialize;
use std::collections::BTreeSet;

/// Kafka's default `group.consumer.heartbeat.interval.ms`.
pub const DEFAULT_INTERVAL_MS: u32 = 5_000;

/// How the client's version was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum VersionEvidence {
    /// `Kafka version: …` (`AppInfoParser`).
    VersionLine,
    /// The templates its lines use (a reconciliation block's form, the membership class's name).
    Templates,
    Unknown,
}

/// The releases whose templates print every one of the consumer's lines that a template reads
/// (a bit set over [`java::READ`]); `None` when no line narrows it.
pub(crate) fn template_releases(events: &[(&Record, &Event)]) -> Option<u16> {
    let all = (1u16 << java::READ.len()) - 1;
    // The classes were split and renamed in 4.0: a logger name tells the side of that line.
    const BEFORE_4_0: u16 = 0b000_0001_1111;
    let by_logger = |record: &Record| {
        let logger = record.logger.as_deref().unwrap_or_default();
        if logger.ends_with("MembershipManagerImpl") || logger.ends_with(".HeartbeatRequestManager")
        {
            Some(BEFORE_4_0)
        } else if logger.ends_with("ConsumerMembershipManager")
            || logger.ends_with("ConsumerHeartbeatRequestManager")
        {
            Some(all & !BEFORE_4_0)
        } else {
            None
        }
    };
    let masks = events.iter().flat_map(|(record, _)| {
        let template = recognise(&record.message).map(|m| m.template.versions);
        template.into_iter().chain(by_logger(record))
    });
    let mask = masks.fold(all, |mask, versions| {
        // A line no release prints alone (a same-text row of another release) keeps the rest.
        let narrowed = mask & versions;
        if narrowed == 0 {
            mask
        } else {
            narrowed
        }
    });
    (mask != all).then_some(mask)
}

/// The oldest and newest release lines in a template mask.
pub(crate) fn lines_of(mask: u16) -> Option<(ClientVersion, ClientVersion)> {
    let lines: Vec<ClientVersion> = java::READ
        .iter()
        .enumerate()
        .filter(|(i, _)| mask & (1 << i) != 0)
        .filter_map(|(_, r)| ClientVersion::of_release(r))
        .collect();
    Some((*lines.first()?, *lines.last()?))
}

/// The version the templates give away, when no `Kafka version` line says: the oldest release
/// line whose templates print every recognised line.
pub(crate) fn guess_version(events: &[(&Record, &Event)]) -> Option<ClientVersion> {
    template_releases(events)
        .and_then(lines_of)
        .map(|(oldest, _)| oldest)
}

fn member_id(id: &str) -> Option<String> {
    let id = id.trim();
    let usable =
        !id.is_empty() && id != "null" && id != "<no ID>" && id.chars().count() <= MAX_NAME_CHARS;
    usable.then(|| id.to_owned())
}

impl Builder {
    fn on_subscribed(&mut self, topics: &BTreeSet<String>) {
        let topics: BTreeSet<String> = topics
            .iter()
            .filter(|t| t.chars().count() <= MAX_NAME_CHARS)
            .cloned()
            .collect();
        if topics.is_empty() {
            return;
        }
        self.topics = Some(topics);
        self.subscribed_line = Some(self.line.clone());
        self.subscribe(None);
    }

    fn dispatch(&mut self, event: &Event, ahead: Ahead) {
        self.returns(event);
        match event {
            Event::Transition {
                member_id: id,
                epoch,
                from,
                to,
            } => {
                if let Some(id) = member_id(id) {
                    self.member_id = Some(id);
                }
                self.on_transition(*epoch, *from, *to, ahead);
            }
            Event::Block(block) => self.on_block(block, ahead),
            Event::Callback {
                callback,
                partitions,
            } => self.on_callback(*callback, partitions, ahead),
            Event::Leaving { partitions } => self.on_leaving(partitions),
            Event::Released => self.on_released(),
            Event::Abandoned => self.on_abandoned(),
            Event::HeartbeatError { code, epoch } => self.on_error(code, *epoch),
            Event::HeartbeatFailed => self.on_failed(),
            Event::Fatal => {
                self.go_fatal();
                self.view.state = Some(StateName::Fatal);
            }
            Event::Damaged => self.on_damaged(),
            other => self.dispatch_application(other),
        }
    }

    /// The application's lines, the process's, and the wire's.
    fn dispatch_application(&mut self, event: &Event) {
        match event {
            Event::Subscribed { topics } => self.on_subscribed(topics),
            Event::PollExpired => self.on_poll(true),
            Event::PollResumed => self.on_poll(false),
            Event::Unregistered { .. } => self.on_unregistered(),
            Event::Request(request) => self.on_request(request),
            Event::Response(response) => self.on_response(response),
            _ => {}
        }
    }

    /// After a damaged line the log no longer says where the member is.
    fn on_damaged(&mut self) {
        let held = self.view.held.take();
        self.view = MemberView {
            held,
            ..MemberView::default()
        };
    }
}

/// One pass over the consumer's lines with `interval`.
fn pass(
    events: &[(&Record, &Event)],
    config: &Config,
    interval: u32,
    names: &TopicNames,
) -> Builder {
    let mut builder = Builder::new(config.clone(), interval, names.clone());
    let only: Vec<&Event> = events.iter().map(|(_, e)| *e).collect();
    for (i, (record, event)) in events.iter().enumerate() {
        builder.enter(record);
        let ahead = Ahead {
            events: only.get(i + 1..).unwrap_or_default(),
        };
        builder.dispatch(event, ahead);
        builder.settle_after_leaving();
        builder.leave();
    }
    builder
}

/// The steps of one consumer's lines, with the interval that lets every answer find a heartbeat.
pub(crate) fn reconstruct(events: &[(&Record, &Event)], config: &Config) -> Builder {
    let names = TopicNames::from_events(events.iter().map(|(_, e)| *e));
    let wire = events.iter().any(|(_, e)| matches!(e, Event::Response(_)));
    let mut interval = DEFAULT_INTERVAL_MS;
    let mut built = pass(events, config, interval, &names);
    // A few passes settle it; a hostile log could otherwise shrink it one step at a time.
    for _ in 0..PASSES {
        match built.needs_interval {
            // The wire's answers carry the real interval; only an INFO log's is ours to choose.
            Some(needed) if needed < interval && !wire => interval = needed,
            _ => break,
        }
        built = pass(events, config, interval, &names);
    }
    built
}

/// Passes after the first at most.
const PASSES: usize = 4;
