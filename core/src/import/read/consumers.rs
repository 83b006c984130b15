//! Which consumer each line belongs to. Kafka's clients prefix their lines with
//! `[Consumer clientId=…, groupId=…]`, so one log can hold several consumers; lines without a
//! context that still speak of a consumer (its config dump, its `Kafka version`) belong to the
//! next consumer that appears after them, and `App info kafka.consumer for {id} unregistered`
//! names its consumer itself.

use super::config::{self, ClientVersion};
use super::context::ClientKind;
use super::text::Record;
use crate::import::recognise::client::{classify, Malformed};
use crate::import::recognise::event::Event;
use serde::Serialize;

/// One consumer found in a log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ConsumerSummary {
    /// Its `client.id` (empty when the log's lines carry no client context at all).
    pub client_id: String,
    pub group_id: Option<String>,
    pub instance_id: Option<String>,
    /// The first line that names it.
    pub first_line: usize,
    /// Lines of its KIP-848 membership (transitions, reconciliations, errors, wire).
    pub membership_lines: usize,
    /// It speaks the classic protocol (`ConsumerCoordinator` lines) and has no KIP-848 line.
    pub classic: bool,
    /// From `Kafka version: …`, else from the templates its lines use.
    pub version: Option<ClientVersion>,
}

/// What a record is, for the import.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Class {
    Event(Event),
    /// Starts like a membership template but does not parse (cut short, damaged).
    Malformed,
    /// Not a line the import reads (application lines, other classes, noise).
    Other,
}

/// Whose a record is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Owner {
    Consumer(usize),
    /// Another kind of client (a producer, a share consumer, an admin client).
    Foreign,
    /// No client: a process-wide line, or the broker's.
    Nobody,
}

/// Every record's class and owner, and the consumers found.
#[derive(Debug, Clone, Default)]
pub(crate) struct Attribution {
    pub(crate) classes: Vec<Class>,
    pub(crate) owners: Vec<Owner>,
    pub(crate) consumers: Vec<ConsumerSummary>,
    /// Config dump values per consumer.
    pub(crate) configs: Vec<Vec<(String, String)>>,
    /// Share consumers (KIP-932): their lines look like a consumer's, their group is not one.
    pub(crate) share: Vec<String>,
}

fn class_of(record: &Record) -> Class {
    match classify(record) {
        Ok(Some(event)) => Class::Event(event),
        Ok(None) => Class::Other,
        Err(Malformed) => Class::Malformed,
    }
}

impl Attribution {
    fn consumer(&mut self, record: &Record, pending: &mut Vec<Event>) -> Option<usize> {
        let context = record.context.as_ref()?;
        if context.kind != ClientKind::Consumer {
            return None;
        }
        if let Some(i) = self
            .consumers
            .iter()
            .position(|c| c.client_id == context.client_id)
        {
            return Some(i);
        }
        self.consumers.push(ConsumerSummary {
            client_id: context.client_id.clone(),
            group_id: context.group_id.clone(),
            instance_id: context.instance_id.clone(),
            first_line: record.line,
            membership_lines: 0,
            classic: false,
            version: None,
        });
        self.configs.push(Vec::new());
        let index = self.consumers.len() - 1;
        for event in pending.drain(..) {
            self.attach(index, &event);
        }
        Some(index)
    }

    /// A process-wide line's facts, given to consumer `index`.
    fn attach(&mut self, index: usize, event: &Event) {
        match event {
            Event::Version { version } => {
                self.consumers[index].version = ClientVersion::parse(version)
            }
            Event::Config { values } => self.configs[index].clone_from(values),
            _ => {}
        }
    }

    fn by_client_id(&self, client_id: &str) -> Option<usize> {
        self.consumers.iter().position(|c| c.client_id == client_id)
    }

    /// The owner of a record without a consumer context.
    fn contextless(&mut self, record: &Record, class: &Class, pending: &mut Vec<Event>) -> Owner {
        if let Some(context) = &record.context {
            if context.kind == ClientKind::ShareConsumer && !self.share.contains(&context.client_id)
            {
                self.share.push(context.client_id.clone());
            }
            return Owner::Foreign;
        }
        match class {
            Class::Event(Event::Unregistered { client_id }) => self
                .by_client_id(client_id)
                .map_or(Owner::Nobody, Owner::Consumer),
            Class::Event(event @ Event::Config { values }) => {
                match config::value(values, "client.id").and_then(|id| self.by_client_id(id)) {
                    Some(index) => {
                        self.attach(index, event);
                        Owner::Consumer(index)
                    }
                    None => {
                        pending.push(event.clone());
                        Owner::Nobody
                    }
                }
            }
            Class::Event(event @ Event::Version { .. }) => {
                pending.push(event.clone());
                Owner::Nobody
            }
            _ => Owner::Nobody,
        }
    }
}

/// Classifies every record and finds the consumers.
pub(crate) fn attribute(records: &[Record], broker: &[bool]) -> Attribution {
    let mut out = Attribution::default();
    let mut pending = Vec::new();
    for (index, record) in records.iter().enumerate() {
        let class = if broker.get(index).copied().unwrap_or(false) {
            Class::Other
        } else {
            class_of(record)
        };
        let owner = match out.consumer(record, &mut pending) {
            Some(consumer) => Owner::Consumer(consumer),
            None => out.contextless(record, &class, &mut pending),
        };
        if let (Owner::Consumer(c), Class::Event(event)) = (owner, &class) {
            let summary = &mut out.consumers[c];
            summary.membership_lines += usize::from(event.is_membership());
            summary.classic |= *event == Event::Classic;
        }
        out.classes.push(class);
        out.owners.push(owner);
    }
    adopt_orphans(&mut out, records, &mut pending);
    let first_version = out.classes.iter().find_map(|c| match c {
        Class::Event(Event::Version { version }) => ClientVersion::parse(version),
        _ => None,
    });
    for c in &mut out.consumers {
        c.classic &= c.membership_lines == 0;
        // One process, one client library: a consumer that got no version line of its own
        // shares the log's first.
        c.version = c.version.or(first_version);
    }
    out
}

/// Membership lines with no client context at all (a layout that drops it, an excerpt): with no
/// consumer in the log they make one, unnamed; with exactly one consumer they are its.
fn adopt_orphans(out: &mut Attribution, records: &[Record], pending: &mut Vec<Event>) {
    let orphan = |(class, owner): (&Class, &Owner)| {
        *owner == Owner::Nobody && matches!(class, Class::Event(e) if e.is_membership())
    };
    let orphans: Vec<usize> = out
        .classes
        .iter()
        .zip(&out.owners)
        .enumerate()
        .filter(|(_, pair)| orphan(*pair))
        .map(|(i, _)| i)
        .collect();
    if orphans.is_empty() || out.consumers.len() > 1 {
        return;
    }
    if out.consumers.is_empty() {
        out.consumers.push(ConsumerSummary {
            client_id: String::new(),
            group_id: None,
            instance_id: None,
            first_line: records.get(orphans[0]).map_or(0, |r| r.line),
            membership_lines: 0,
            classic: false,
            version: None,
        });
        out.configs.push(Vec::new());
        for event in pending.drain(..) {
            out.attach(0, &event);
        }
    }
    for i in orphans {
        out.owners[i] = Owner::Consumer(0);
        out.consumers[0].membership_lines += 1;
    }
}
