//! One consumer's lines → the trace's steps, through a live shipped-model member. The heartbeat
//! interval inferred answers carry is Kafka's default (`group.consumer.heartbeat.interval.ms`,
//! 5000 ms) unless the wire shows it, or the log needs a shorter one: when an answer is due before
//! the model would have sent a heartbeat, the build runs again with the interval that fits.

use super::ahead::Ahead;
use super::builder::Builder;
use super::config::ClientVersion;
use super::event::{BlockForm, Event};
use super::names::TopicNames;
use super::text::Record;
use super::view::MemberView;
use crate::config::Config;
use crate::limits::MAX_NAME_CHARS;
use crate::state::StateName;
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

/// The version the templates give away, when no `Kafka version` line says.
pub(crate) fn guess_version(events: &[(&Record, &Event)]) -> Option<ClientVersion> {
    for (record, event) in events {
        let logger = record.logger.as_deref().unwrap_or_default();
        let guess = match event {
            Event::Block(b) if b.form == BlockForm::Updating => ClientVersion::V3_7,
            Event::Block(b)
                if matches!(
                    b.form,
                    BlockForm::ReconcilingSwapped | BlockForm::UpdatingLocalEpoch
                ) =>
            {
                ClientVersion::V3_8
            }
            _ if logger.ends_with("ConsumerMembershipManager") => ClientVersion::V4_0,
            Event::Transition { .. } if logger.ends_with("MembershipManagerImpl") => {
                ClientVersion::V3_9
            }
            _ => continue,
        };
        return Some(guess);
    }
    None
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
            Event::Fatal => self.view.state = Some(StateName::Fatal),
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
