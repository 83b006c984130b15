//! The Java consumer's template table (`import::java_templates`): every statement of every
//! release read renders to a line the importer reads as what it means, and imports to the input
//! or state it implies; the table has no release missing for the statements a replay needs.

use kip848_core::import::java_templates::{READ, TEMPLATES};
use kip848_core::import::{
    Callback, ClientVersion, Event, ParsedLog, Template, TemplateKind, TemplateSlot,
};
use kip848_core::session::timeline::Timeline;
use kip848_core::{Effect, ErrorCode, Input, Machine, StateName};

/// A value of each slot kind, in the form the statement prints it.
fn value(t: &Template, slot: TemplateSlot, index: usize) -> String {
    let bracketed = t.text.contains("[{}]");
    match slot {
        TemplateSlot::MemberId => "kUKm9a1eT9yR6pXyBq4xIw".to_owned(),
        TemplateSlot::Epoch => "3".to_owned(),
        // A transition from JOINING to RECONCILING; any other state where one is named.
        TemplateSlot::State => ["JOINING", "RECONCILING"][index.min(1)].to_owned(),
        TemplateSlot::Partitions if bracketed => "orders-0, orders-1".to_owned(),
        TemplateSlot::Partitions => "[orders-0, orders-1]".to_owned(),
        TemplateSlot::IdPartitions => "[KpXh1QYqQjOLLXlqO3bFmQ:orders-0]".to_owned(),
        TemplateSlot::ErrorName => match t.kind {
            TemplateKind::ErrorNamed if t.id.contains("topic_authorization") => {
                "TOPIC_AUTHORIZATION_FAILED".to_owned()
            }
            _ => "INVALID_REQUEST".to_owned(),
        },
        TemplateSlot::Number => "42".to_owned(),
        TemplateSlot::Text => "orders".to_owned(),
    }
}

/// The statement with a value in each slot.
fn render(t: &Template) -> String {
    let mut out = String::new();
    let mut states = 0;
    for (i, piece) in t.text.split("{}").enumerate() {
        out.push_str(piece);
        if let Some(slot) = t.slots.get(i) {
            let n = if *slot == TemplateSlot::State {
                states
            } else {
                0
            };
            states += usize::from(*slot == TemplateSlot::State);
            out.push_str(&value(t, *slot, n));
        }
    }
    out
}

/// A log line of `class`, layout logback, with the statement's level.
fn line(t: &Template, at: &str, message: &str) -> String {
    format!(
        "2025-03-01 10:00:{at} {:?} [consumer_background_thread] org.apache.kafka.clients.consumer.internals.{} - [Consumer clientId=c1, groupId=g] {message}",
        t.level, t.class
    )
    .replace(" Info ", " INFO ")
    .replace(" Debug ", " DEBUG ")
    .replace(" Warn ", " WARN ")
    .replace(" Error ", " ERROR ")
    .replace(" Trace ", " TRACE ")
}

fn expected_code(t: &Template) -> Option<ErrorCode> {
    match &t.kind {
        TemplateKind::Error(code) => Some(code.clone()),
        TemplateKind::ErrorNamed => {
            Some(ErrorCode::from(if t.id.contains("topic_authorization") {
                "TOPIC_AUTHORIZATION_FAILED"
            } else {
                "INVALID_REQUEST"
            }))
        }
        TemplateKind::FailedFatal => Some(ErrorCode::UnknownServerError),
        _ => None,
    }
}

/// The event the statement must read as.
fn reads_as(t: &Template, event: &Event) -> bool {
    match (&t.kind, event) {
        (TemplateKind::Transition, Event::Transition { from, to, .. }) => {
            (*from, *to) == (StateName::Joining, StateName::Reconciling)
        }
        (TemplateKind::Fatal, Event::Fatal) => true,
        (TemplateKind::Block, Event::Block(b)) => {
            b.assigned.as_ref().is_some_and(|a| !a.is_empty())
        }
        (TemplateKind::Revoking, Event::Revoking { partitions }) => partitions.len() == 2,
        (
            TemplateKind::Callback(c),
            Event::Callback {
                callback,
                partitions,
            },
        ) => c == callback && partitions.len() == 2,
        (TemplateKind::CallbackFailed(c), Event::CallbackFailed { callback }) => c == callback,
        (TemplateKind::Leaving, Event::Leaving { partitions }) => partitions.len() == 2,
        (TemplateKind::Released, Event::Released)
        | (TemplateKind::Abandoned, Event::Abandoned)
        | (TemplateKind::HeartbeatFailed, Event::HeartbeatFailed)
        | (TemplateKind::PollExpired, Event::PollExpired)
        | (TemplateKind::PollResumed, Event::PollResumed)
        | (TemplateKind::Noted, Event::Noted { .. }) => true,
        (TemplateKind::Subscribed, Event::Subscribed { topics }) => topics.contains("orders"),
        (_, Event::HeartbeatError { code, .. }) => Some(code) == expected_code(t).as_ref(),
        _ => false,
    }
}

#[test]
fn every_statement_of_every_release_reads_as_what_it_means() {
    let mut read = 0;
    for t in TEMPLATES {
        for release in t.releases() {
            let message = render(t);
            let log = line(t, "00,000", &message);
            let parsed = ParsedLog::parse(&log).expect("within limits");
            let event = parsed.event(0);
            assert!(
                event.is_some_and(|e| reads_as(t, e)),
                "{} ({release}) read as {event:?}:\n{log}",
                t.id
            );
            read += 1;
        }
    }
    assert!(read > 1000, "{read} renderings");
}

#[test]
fn every_statement_that_moves_the_member_imports_as_its_input_and_state() {
    for t in TEMPLATES {
        let joining =
            "Member kUKm9a1eT9yR6pXyBq4xIw with epoch 0 transitioned from UNSUBSCRIBED to JOINING.";
        let first = line(t, "00,000", joining)
            .replace(t.class, "ConsumerMembershipManager")
            .replace(" TRACE ", " INFO ")
            .replace(" DEBUG ", " INFO ")
            .replace(" ERROR ", " INFO ")
            .replace(" WARN ", " INFO ");
        let log = format!("{first}\n{}", line(t, "00,010", &render(t)));
        let parsed = ParsedLog::parse(&log).expect("within limits");
        match (&t.kind, expected_code(t)) {
            (_, Some(code)) => {
                let imported = parsed
                    .import(None)
                    .unwrap_or_else(|e| panic!("{}: {e}", t.id));
                let timeline = Timeline::from_trace(imported.trace.clone());
                let inputs: Vec<&Input> = timeline.steps().iter().map(|s| &s.input).collect();
                assert!(
                    inputs
                        .iter()
                        .any(|i| **i == Input::HeartbeatError { code: code.clone() }),
                    "{}: {inputs:?}",
                    t.id
                );
                let end = timeline.member_at(timeline.len());
                let expect = code.class();
                let state = end.facts().state;
                let reported = code.as_str() == "TOPIC_AUTHORIZATION_FAILED"
                    && imported.version >= Some(ClientVersion::V4_0);
                match expect {
                    // From 4.0 (KAFKA-18813) reported, not fatal: the template is 4.x's.
                    kip848_core::ErrorClass::Fatal if reported => {
                        assert_ne!(state, StateName::Fatal, "{}", t.id)
                    }
                    kip848_core::ErrorClass::Fatal => {
                        assert_eq!(state, StateName::Fatal, "{}", t.id)
                    }
                    kip848_core::ErrorClass::Fencing => assert!(
                        matches!(state, StateName::Fenced | StateName::Joining),
                        "{}: {state:?}",
                        t.id
                    ),
                    kip848_core::ErrorClass::Retriable => {
                        assert_eq!(state, StateName::Joining, "{}", t.id)
                    }
                }
            }
            (TemplateKind::HeartbeatFailed, _) => {
                let imported = parsed
                    .import(None)
                    .unwrap_or_else(|e| panic!("{}: {e}", t.id));
                assert!(
                    imported
                        .trace
                        .steps
                        .iter()
                        .any(|s| s.input == Input::HeartbeatFailed),
                    "{}",
                    t.id
                );
            }
            (TemplateKind::Fatal, _) => {
                let imported = parsed
                    .import(None)
                    .unwrap_or_else(|e| panic!("{}: {e}", t.id));
                let timeline = Timeline::from_trace(imported.trace.clone());
                assert_eq!(
                    timeline.member_at(timeline.len()).facts().state,
                    StateName::Fatal,
                    "{}",
                    t.id
                );
            }
            (TemplateKind::Transition, _) => {
                // As in a real log, the reconciliation's block follows the transition.
                let block = "Reconciling assignment with local epoch 0\n\tMember:                                    kUKm9a1eT9yR6pXyBq4xIw\n\tAssigned partitions:                       [orders-0]\n\tCurrent owned partitions:                  []\n\tAdded partitions (assigned - owned):       [orders-0]\n\tRevoked partitions (owned - assigned):     []\n";
                let log = format!(
                    "{log}\n{}",
                    line(t, "00,011", block)
                        .replace(t.class, "ConsumerMembershipManager")
                        .replace(" TRACE ", " INFO ")
                        .replace(" DEBUG ", " INFO ")
                );
                let parsed = ParsedLog::parse(&log).expect("within limits");
                let imported = parsed
                    .import(None)
                    .unwrap_or_else(|e| panic!("{}: {e}", t.id));
                let timeline = Timeline::from_trace(imported.trace.clone());
                // With nothing to wait for, the reconciliation ends within its step: the
                // transition is among the step's effects.
                let states: Vec<StateName> = (0..timeline.len())
                    .flat_map(|s| timeline.effects_of(s).to_vec())
                    .filter_map(|e| match e {
                        Effect::Transition { to, .. } => Some(to),
                        _ => None,
                    })
                    .collect();
                assert!(
                    states.contains(&StateName::Reconciling),
                    "{}: {states:?}",
                    t.id
                );
            }
            _ => {}
        }
    }
}

#[test]
fn no_release_is_missing_for_the_statements_a_replay_needs() {
    const NEEDED: [&str; 16] = [
        "transition",
        "reconcile_block",
        "revoking",
        "invoker_assigned",
        "invoker_revoked",
        "invoker_lost",
        "hb_err_fenced_member_epoch",
        "hb_err_unknown_member_id",
        "hb_err_not_coordinator",
        "hb_err_coordinator_not_available",
        "hb_err_coordinator_load_in_progress",
        "hb_err_group_authorization_failed",
        "hb_err_unexpected",
        "hb_poll_timer_expired",
        "subscribe_topics",
        "fatal",
    ];
    let family = |t: &Template| {
        let id = t.id;
        NEEDED
            .iter()
            .find(|f| {
                id == **f
                    || id
                        .strip_prefix(**f)
                        .is_some_and(|rest| rest.starts_with("_v"))
            })
            .copied()
    };
    for needed in NEEDED {
        for (i, release) in READ.iter().enumerate() {
            let rows = TEMPLATES
                .iter()
                .filter(|t| family(t) == Some(needed) && t.versions & (1 << i) != 0)
                .count();
            assert!(rows >= 1, "{needed}: no template for {release}");
        }
    }
    // A statement's releases are one run: a gap would be a release not read.
    for t in TEMPLATES {
        let bits: Vec<bool> = (0..READ.len())
            .map(|i| t.versions & (1 << i) != 0)
            .collect();
        let first = bits.iter().position(|b| *b).expect("a release");
        let last = bits.iter().rposition(|b| *b).expect("a release");
        assert!(
            bits[first..=last].iter().all(|b| *b),
            "{}: a gap in its releases",
            t.id
        );
    }
    let _ = Callback::Assigned;
}
