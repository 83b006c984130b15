//! A librdkafka consumer's log followed on the `librdkafka` model: the log's lines become a trace
//! (what the application did, what the coordinator answered, when the heartbeat timer fired),
//! the model runs it, and what the model did is set beside what the library logged: the join
//! states it passed through, the heartbeats it sent (epoch, full or not) and the rebalance
//! callbacks it delegated (kind, how many partitions), each in order. The live harness checks
//! the model with this against the running library; the importer turns such a log into a trace.
//!
//! Over 300 lines: one pass over a consumer's log, each kind of line beside the others it waits on; what it gives is in followed.rs.

use super::coordinator::{annotate, coordinator_lines};
pub use super::followed::{Aspect, Callback, Difference, Followed, Observed, Refused, Seen};
use super::line::{read, RdkLine};
use super::reader::{interval, quoted_after, request, topic_names, Line, Reader};
use crate::import::outcome::source::StepSource;
use crate::librdkafka::RdkMember;
use crate::machine::model::Model;
use crate::machine::Machine;
use crate::protocol::config::Config;
use crate::protocol::effect::{Effect, Purpose};
use crate::protocol::input::Input;
use crate::protocol::time::Millis;
use crate::session::trace::{Step, Trace};
use std::collections::BTreeMap;

/// How much later than a heartbeat's line the model's timer may run out and still be the one
/// that sent it.
const TIMER_SLACK_MS: u64 = 50;

fn effects_seen(effects: &[Effect], line: usize, out: &mut Vec<Observed>) {
    for effect in effects {
        let seen = match effect {
            Effect::Transition { to, .. } => Seen::JoinState { state: *to },
            // librdkafka re-sends the failed request's buffer without logging it again.
            Effect::SendHeartbeat(r) if r.purpose == Purpose::Retry => continue,
            Effect::SendHeartbeat(r) => Seen::Heartbeat {
                epoch: r.member_epoch,
                full: r.is_full(),
            },
            Effect::InvokeOnPartitionsAssigned { partitions } => Seen::Callback {
                call: Callback::Assign,
                partitions: partitions.len(),
            },
            Effect::InvokeOnPartitionsRevoked { partitions } => Seen::Callback {
                call: Callback::Revoke,
                partitions: partitions.len(),
            },
            Effect::InvokeOnPartitionsLost { partitions } => Seen::Callback {
                call: Callback::Lost,
                partitions: partitions.len(),
            },
            _ => continue,
        };
        out.push(Observed { line, seen });
    }
}

/// The first difference in each aspect.
fn differences(log: &[Observed], model: &[Observed]) -> Vec<Difference> {
    let mut out = Vec::new();
    for aspect in [Aspect::JoinStates, Aspect::Heartbeats, Aspect::Callbacks] {
        let of = |all: &[Observed]| -> Vec<Observed> {
            all.iter()
                .filter(|o| o.seen.aspect() == aspect)
                .cloned()
                .collect()
        };
        let (l, m) = (of(log), of(model));
        let first = (0..l.len().max(m.len()))
            .find(|&i| l.get(i).map(|o| &o.seen) != m.get(i).map(|o| &o.seen));
        if let Some(index) = first {
            out.push(Difference {
                aspect,
                index,
                log: l.get(index).cloned(),
                model: m.get(index).cloned(),
            });
        }
    }
    out
}

/// Every librdkafka consumer of `text` (in the order they first appear), followed on the model.
pub fn follow(text: &str) -> Vec<Followed> {
    let text = super::records::relayout(text);
    let text = text.as_ref();
    let (said, _) = coordinator_lines(text);
    let lines: Vec<RdkLine<'_>> = text
        .lines()
        .enumerate()
        .filter_map(|(i, t)| read(i + 1, t))
        .collect();
    let names = topic_names(&lines);
    let interval_ms = interval(&lines);
    let mut handles: Vec<&str> = Vec::new();
    for l in &lines {
        if !handles.contains(&l.handle) {
            handles.push(l.handle);
        }
    }
    let version = super::version(text);
    handles
        .into_iter()
        .filter_map(|h| {
            let own: Vec<&RdkLine<'_>> = lines.iter().filter(|l| l.handle == h).collect();
            let mut one = follow_one(h, &own, &names, interval_ms)?;
            one.version.clone_from(&version);
            let ids: Vec<&str> = own
                .iter()
                .filter_map(|l| request(l.message))
                .map(|r| r.member_id)
                .collect();
            annotate(
                &mut one,
                said.iter().filter(|c| ids.contains(&c.member_id.as_str())),
            );
            Some(one)
        })
        .collect()
}

fn follow_one(
    handle: &str,
    lines: &[&RdkLine<'_>],
    names: &BTreeMap<String, String>,
    interval_ms: u32,
) -> Option<Followed> {
    // Only a consumer of the consumer protocol: it sends ConsumerGroupHeartbeats.
    let first = lines.iter().find_map(|l| request(l.message))?;
    let origin = lines.iter().find_map(|l| l.at).unwrap_or(0);
    let group = lines
        .iter()
        .find_map(|l| quoted_after(l.message, "group id \""));
    let config = Config {
        group_id: group.unwrap_or("").to_owned(),
        instance_id: lines
            .iter()
            .filter_map(|l| request(l.message))
            .find_map(|r| r.instance_id)
            .map(str::to_owned),
        auto_complete: false,
        member_id: Some(first.member_id.to_owned()),
        ..Config::default()
    };
    let mut reader = Reader {
        names,
        member_id: Some(first.member_id.to_owned()),
        interval_ms,
        closing: false,
        lost: false,
    };
    let mut member = RdkMember::new(config.clone());
    let mut trace = Trace {
        model: Model::Librdkafka,
        title: Some(format!("librdkafka consumer {handle}")),
        description: None,
        sources: Vec::new(),
        config,
        steps: Vec::new(),
    };
    let (mut steps_lines, mut log, mut model, mut refused) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut sources: Vec<StepSource> = Vec::new();
    let (mut log_sent, mut model_sent) = (0usize, 0usize);
    let mut last_at = Millis::ZERO;
    for (i, l) in lines.iter().enumerate() {
        // A trace has at most MAX_STEPS steps: the rest of a longer log is not followed, and
        // the refusal says so.
        if trace.steps.len() + 2 > crate::session::limits::MAX_STEPS {
            refused.push(Refused {
                line: l.number,
                reason: format!(
                    "the trace reached the limit of {} steps: the log is not followed past this line",
                    crate::session::limits::MAX_STEPS
                ),
            });
            break;
        }
        let mut at =
            l.at.map_or(last_at, |t| Millis(u64::try_from(t - origin).unwrap_or(0)))
                .max(last_at);
        last_at = at;
        let input = match reader.line(l, lines.get(i + 1).copied()) {
            Line::Nothing => continue,
            Line::Seen(seen) => {
                log.push(Observed {
                    line: l.number,
                    seen,
                });
                continue;
            }
            Line::Sent(r) => {
                log.push(Observed {
                    line: l.number,
                    seen: Seen::Heartbeat {
                        epoch: r.epoch,
                        full: !r.topics.is_empty(),
                    },
                });
                if r.epoch < 0 {
                    continue;
                }
                log_sent += 1;
                if model_sent >= log_sent {
                    continue;
                }
                // The heartbeat timer fired. Its time is the line's, or a little later when the
                // model's timer runs out just after it: the expedited heartbeat's backoff is a
                // few milliseconds and the lines' times are cut to the millisecond.
                if let Some(due) = member.facts().next_deadline {
                    if due > at && due.0 - at.0 <= TIMER_SLACK_MS {
                        at = due;
                        last_at = at;
                    }
                }
                // (A `logger=` handler's lines carry the time the
                // application's poll delivered them, later and bunched when it polls seldom: the
                // model's timer may then not be due, and the heartbeats part ways. Only the stderr
                // layout's times are when librdkafka wrote the line.)
                Input::Tick
            }
            Line::Input(Input::Subscribe { .. }) => {
                // The subscribed topics: the next full heartbeat's.
                let topics = lines[i..]
                    .iter()
                    .filter_map(|n| request(n.message))
                    .find(|r| !r.topics.is_empty())
                    .map(|r| r.topics.iter().map(|t| (*t).to_owned()).collect())
                    .unwrap_or_default();
                Input::Subscribe { topics }
            }
            Line::Input(input) => input,
        };
        // An answer to a request librdkafka re-sent without logging it (a retry after
        // COORDINATOR_LOAD_IN_PROGRESS): the retry's tick comes first.
        // The library's backoff has jitter: when the answer comes before the model's backoff
        // ends, the answer moves to the end of it.
        let owed = input
            .is_answer()
            .then(|| member.facts())
            .filter(|facts| facts.in_flight.is_none())
            .and_then(|facts| facts.retry_owed);
        if let Some(retry) = owed {
            let tick_at = retry.due.max(last_at);
            at = at.max(tick_at);
            last_at = at;
            if let Ok(effects) = member.handle(tick_at, &Input::Tick) {
                effects_seen(&effects, l.number, &mut model);
                let source = StepSource::implied(
                    Some((l.number, l.message)),
                    "the retry of the failed request, which librdkafka does not log",
                );
                let mut step = Step::new(tick_at, Input::Tick);
                step.notes.insert(Model::Librdkafka, Some(source.note()));
                trace.steps.push(step);
                steps_lines.push(l.number);
                sources.push(source);
            }
        }
        match member.handle(at, &input) {
            Ok(effects) => {
                model_sent += effects
                    .iter()
                    .filter(|e| matches!(e, Effect::SendHeartbeat(r) if !matches!(r.purpose, Purpose::Leave | Purpose::Retry)))
                    .count();
                effects_seen(&effects, l.number, &mut model);
                let source = StepSource::logged(l.number, l.message, why(&input));
                let mut step = Step::new(at, input);
                step.notes.insert(Model::Librdkafka, Some(source.note()));
                trace.steps.push(step);
                steps_lines.push(l.number);
                sources.push(source);
            }
            Err(why) => refused.push(Refused {
                line: l.number,
                reason: why.to_string(),
            }),
        }
    }
    let differences = differences(&log, &model);
    Some(Followed {
        handle: handle.to_owned(),
        trace,
        lines: steps_lines,
        log,
        model,
        refused,
        differences,
        sources,
        version: None,
        coordinator: Vec::new(),
    })
}

/// Why a line became this input, in a few words.
fn why(input: &Input) -> &'static str {
    match input {
        Input::Subscribe { .. } => "the application subscribed",
        Input::Tick => "the heartbeat timer fired: the next heartbeat is the model's to send",
        Input::HeartbeatResponse(_) => "the coordinator answered the heartbeat",
        Input::HeartbeatError { .. } => "the coordinator answered the heartbeat with an error",
        Input::HeartbeatFailed => "the heartbeat got no answer (transport)",
        Input::Completed { .. } => "the application's incremental assign or unassign call",
        Input::Close => "the application closed the consumer",
        Input::Unsubscribe => "the application unsubscribed",
        Input::PollTimerExpired => "the application did not poll within max.poll.interval.ms",
        Input::Poll => "the application polled again after its poll interval passed",
        Input::Metadata { .. } => "",
    }
}
