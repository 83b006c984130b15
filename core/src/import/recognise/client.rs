//! The consumer's membership templates (the template table in `import/templates`), matched by hand: a prefix, then the
//! values between fixed words. A line that starts like a template but does not parse (cut short,
//! say) is [`Malformed`], so the report can count it apart from lines that are simply not ours.
//!
//! Over 300 lines: one hand-written matcher per membership template, beside the shared reading of values.

use super::block::block;
use super::errors::heartbeat_error;
use super::event::{Callback, Event};
use super::templates::{recognise, starts_like_one, Kind, Slot};
use super::wire;
use crate::import::read::partitions::partition_list;
use crate::import::read::text::Record;
use crate::kafka::STATES;
use crate::protocol::error_code::ErrorCode;
use crate::protocol::state::StateName;

/// A line that starts like a membership template but does not parse.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Malformed;

type Matched = Result<Option<Event>, Malformed>;

fn state(name: &str) -> Option<StateName> {
    STATES.iter().copied().find(|s| s.as_str() == name)
}

/// `Member {id} with epoch {e} transitioned from {A} to {B}.` (or without `with epoch {e}`).
fn transition(message: &str) -> Matched {
    let Some(rest) = message.strip_prefix("Member ") else {
        return Ok(None);
    };
    if rest.contains(" transitioned to fatal state") {
        return Ok(Some(Event::Fatal));
    }
    let Some((who, states)) = rest.split_once(" transitioned from ") else {
        return Ok(None);
    };
    let (member_id, epoch) = match who.rsplit_once(" with epoch ") {
        Some((id, e)) => (id, Some(e.trim().parse().map_err(|_| Malformed)?)),
        None => (who, None),
    };
    let (from, to) = states.split_once(" to ").ok_or(Malformed)?;
    let to = to.trim().trim_end_matches('.');
    Ok(Some(Event::Transition {
        member_id: member_id.to_owned(),
        epoch,
        from: state(from.trim()).ok_or(Malformed)?,
        to: state(to).ok_or(Malformed)?,
    }))
}

/// The three callbacks of `ConsumerRebalanceListenerInvoker`, and `Revoking previously assigned
/// partitions` (the membership manager starting a revocation).
fn partitions_line(message: &str) -> Matched {
    const FORMS: [(&str, Option<Callback>); 4] = [
        (
            "Adding newly assigned partitions:",
            Some(Callback::Assigned),
        ),
        (
            "Revoke previously assigned partitions",
            Some(Callback::Revoked),
        ),
        ("Lost previously assigned partitions", Some(Callback::Lost)),
        ("Revoking previously assigned partitions", None),
    ];
    for (prefix, callback) in FORMS {
        if let Some(list) = message.strip_prefix(prefix) {
            let partitions = partition_list(list).ok_or(Malformed)?.set;
            return Ok(Some(match callback {
                Some(callback) => Event::Callback {
                    callback,
                    partitions,
                },
                None => Event::Revoking { partitions },
            }));
        }
    }
    Ok(None)
}

/// `User provided listener {class} failed on invocation of {method} for partitions {list}`.
fn callback_failed(message: &str) -> Matched {
    let Some((_, rest)) = message.split_once(" failed on invocation of ") else {
        return Ok(None);
    };
    let callback = [Callback::Assigned, Callback::Revoked, Callback::Lost]
        .into_iter()
        .find(|c| rest.starts_with(c.method()));
    Ok(callback.map(|callback| Event::CallbackFailed { callback }))
}

/// Leaving: `Member {id} is triggering callbacks to release assignment {list} and leave group`,
/// then `Member {id} completed callback to release assignment…` (or `callback to release
/// assignment failed`).
fn leaving(message: &str) -> Matched {
    if let Some((_, rest)) = message.split_once(" is triggering callbacks to release assignment ") {
        let list = rest.strip_suffix(" and leave group").ok_or(Malformed)?;
        let partitions = partition_list(list).ok_or(Malformed)?.set;
        return Ok(Some(Event::Leaving { partitions }));
    }
    if message.starts_with("Interrupting reconciliation that is not relevant anymore") {
        return Ok(Some(Event::Abandoned));
    }
    let done = message.starts_with("Member ")
        && (message.contains(" completed callback to release assignment")
            || message.contains(" callback to release assignment failed"));
    Ok(done.then_some(Event::Released))
}

/// Lines about the application's use of the consumer, and the DEBUG wire.
fn application(message: &str) -> Matched {
    if let Some(list) = message.strip_prefix("Subscribed to topic(s): ") {
        let topics = list.split(", ").map(str::trim).filter(|t| !t.is_empty());
        return Ok(Some(Event::Subscribed {
            topics: topics.map(str::to_owned).collect(),
        }));
    }
    if message.eq_ignore_ascii_case("Consumer poll timeout has expired")
        || message.starts_with("Consumer poll timeout has expired.")
        || message.starts_with("consumer poll timeout has expired.")
    {
        return Ok(Some(Event::PollExpired));
    }
    if message.starts_with("Time between subsequent calls to poll() was longer than") {
        return Ok(Some(Event::PollResumed));
    }
    if message.starts_with("Sending CONSUMER_GROUP_HEARTBEAT request") {
        return wire::request(message)
            .map(Event::Request)
            .map(Some)
            .ok_or(Malformed);
    }
    if message.starts_with("Received CONSUMER_GROUP_HEARTBEAT response") {
        return wire::response(message)
            .map(Event::Response)
            .map(Some)
            .ok_or(Malformed);
    }
    Ok(None)
}

/// Lines without a client context that still speak of one: the version, the config, the close.
fn process(message: &str) -> Option<Event> {
    if let Some(version) = message.strip_prefix("Kafka version: ") {
        return Some(Event::Version {
            version: version.trim().to_owned(),
        });
    }
    if let Some(rest) = message.strip_prefix("App info kafka.consumer for ") {
        let client_id = rest.strip_suffix(" unregistered")?.to_owned();
        return Some(Event::Unregistered { client_id });
    }
    None
}

/// The event of a message one of the Java consumer's templates reads (`templates::java`).
fn from_template(record: &Record, message: &str) -> Matched {
    let Some(m) = recognise(message) else {
        return Ok(None);
    };
    let partitions = |n| {
        m.nth(Slot::Partitions, n)
            .and_then(partition_list)
            .map(|l| l.set)
            .ok_or(Malformed)
    };
    let epoch = || m.nth(Slot::Epoch, 0).and_then(|e| e.parse().ok());
    Ok(Some(match &m.template.kind {
        Kind::Transition => Event::Transition {
            member_id: m.nth(Slot::MemberId, 0).unwrap_or_default().to_owned(),
            epoch: epoch(),
            from: m.nth(Slot::State, 0).and_then(state).ok_or(Malformed)?,
            to: m.nth(Slot::State, 1).and_then(state).ok_or(Malformed)?,
        },
        Kind::Fatal => Event::Fatal,
        Kind::Block => return block(record),
        Kind::Revoking => Event::Revoking {
            partitions: partitions(0)?,
        },
        Kind::Callback(callback) => Event::Callback {
            callback: *callback,
            partitions: partitions(0)?,
        },
        Kind::CallbackFailed(callback) => Event::CallbackFailed {
            callback: *callback,
        },
        Kind::Leaving => Event::Leaving {
            partitions: partitions(0)?,
        },
        Kind::Released => Event::Released,
        Kind::Abandoned => Event::Abandoned,
        Kind::Error(code) => Event::HeartbeatError {
            code: code.clone(),
            epoch: epoch(),
        },
        Kind::ErrorNamed => Event::HeartbeatError {
            code: ErrorCode::from(m.nth(Slot::ErrorName, 0).ok_or(Malformed)?),
            epoch: None,
        },
        // A request the client could not send for good: the broker has no such API, or the
        // subscription needs a newer one.
        Kind::FailedFatal => Event::HeartbeatError {
            code: if message.contains("does not support") || message.contains("unsupported") {
                ErrorCode::UnsupportedVersion
            } else {
                ErrorCode::UnknownServerError
            },
            epoch: None,
        },
        Kind::HeartbeatFailed => Event::HeartbeatFailed,
        Kind::PollExpired => Event::PollExpired,
        Kind::PollResumed => Event::PollResumed,
        Kind::Subscribed => Event::Subscribed {
            topics: m
                .nth(Slot::Text, 0)
                .unwrap_or_default()
                .split(", ")
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(str::to_owned)
                .collect(),
        },
        Kind::Noted => Event::Noted {
            template: m.template.id,
        },
    }))
}

/// Whether the record comes from the classic protocol's coordinator (`ConsumerCoordinator`).
fn classic(record: &Record) -> bool {
    let logger = record.logger.as_deref().unwrap_or_default();
    logger.ends_with("ConsumerCoordinator")
        || logger.ends_with(".AbstractCoordinator")
        || logger.ends_with("ClassicKafkaConsumer")
        || record.message.starts_with("(Re-)joining group")
        || record
            .message
            .starts_with("Successfully joined group with generation")
}

/// What a client record says, if it is one of ours.
pub(crate) fn classify(record: &Record) -> Matched {
    if classic(record) {
        return Ok(Some(Event::Classic));
    }
    let message = record.message.as_str();
    if message.starts_with("ConsumerConfig values:") {
        return Ok(Some(crate::import::read::config::config_dump(record)));
    }
    if let Some(event) = process(message) {
        return Ok(Some(event));
    }
    if let Some(event) = from_template(record, message)? {
        return Ok(Some(event));
    }
    let matchers: [fn(&str) -> Matched; 6] = [
        transition,
        partitions_line,
        callback_failed,
        leaving,
        heartbeat_error,
        application,
    ];
    for matcher in matchers {
        if let Some(event) = matcher(message)? {
            return Ok(Some(event));
        }
    }
    match block(record)? {
        Some(event) => Ok(Some(event)),
        None if starts_like_one(message) => Err(Malformed),
        None => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(message: &str) -> Matched {
        let record = Record {
            line: 1,
            at: None,
            level: None,
            logger: None,
            thread: None,
            context: None,
            message: message.to_owned(),
            more: Vec::new(),
            text: message.to_owned(),
        };
        classify(&record)
    }

    #[test]
    fn transitions_with_and_without_an_epoch() {
        let Ok(Some(Event::Transition {
            member_id,
            epoch,
            from,
            to,
        })) = event("Member oCpR-kJ2BVw with epoch 2 transitioned from JOINING to RECONCILING.")
        else {
            panic!("a transition")
        };
        assert_eq!((member_id.as_str(), epoch), ("oCpR-kJ2BVw", Some(2)));
        assert_eq!((from, to), (StateName::Joining, StateName::Reconciling));
        assert!(matches!(
            event("Member m transitioned from STABLE to FENCED."),
            Ok(Some(Event::Transition { epoch: None, .. }))
        ));
        assert_eq!(
            event("Member m with epoch 2 transitioned from STABLE to RECONC"),
            Err(Malformed)
        );
        assert_eq!(
            event("Member m with epoch 3 transitioned to fatal state"),
            Ok(Some(Event::Fatal))
        );
    }

    #[test]
    fn callbacks_in_brackets_or_joined() {
        for message in [
            "Adding newly assigned partitions: [t-0, t-1]",
            "Adding newly assigned partitions: t-0, t-1",
        ] {
            let Ok(Some(Event::Callback {
                callback: Callback::Assigned,
                partitions,
            })) = event(message)
            else {
                panic!("{message}")
            };
            assert_eq!(partitions.len(), 2);
        }
        assert!(matches!(
            event("Adding newly assigned partitions: "),
            Ok(Some(Event::Callback {
                callback: Callback::Assigned,
                ..
            }))
        ));
        assert_eq!(
            event("Revoke previously assigned partitions [t-0, t-"),
            Err(Malformed)
        );
        assert!(matches!(
            event("Member m is triggering callbacks to release assignment [t-0] and leave group"),
            Ok(Some(Event::Leaving { .. }))
        ));
    }

    #[test]
    fn application_lines_are_not_ours() {
        for message in [
            "Consumed key=1 value=1 from t-0 @ offset 3",
            "<html><body>",
            "Partitions assigned: [t-0]",
        ] {
            assert_eq!(event(message), Ok(None), "{message}");
        }
    }
}
