//! Every consumer of a log on one clock: each imported and replayed on the shipped model, laid
//! side by side by the log's timestamps, with who held each partition when (by the consumers' own
//! logs) and, when the log has the coordinator's lines, the group as the coordinator recorded it.
//!
//! Over 300 lines: laying every consumer on one clock and reading who held what are one pass over the same lives.
//!
//! This is what the group view draws for a log, not a group simulation: a log shows what each side
//! did, not every input that made it do so. The clocks are the log's: lines merged from several
//! hosts carry those hosts' clock skew, and the chart cannot correct it.

use super::broker::{BrokerChange, GroupHistory, Removal};
use super::coordinator_view::{coordinator_view, CoordinatorView};
use super::lane::{lane, LaneKind, LaneSpan};
use crate::group::chart::{rows, Row};
use crate::group::ownership::{History, Snapshot, Zombie, ZombieCause};
use crate::group::Segment;
use crate::import::ImportError;
use crate::import::Imported;
use crate::import::ParsedLog;
use crate::machine::Machine;
use crate::protocol::assignment::PartitionSet;
use crate::protocol::state::StateName;
use crate::protocol::time::Millis;
use crate::session::timeline::Timeline;
use serde::Serialize;

/// Consumers drawn together at most; the others are listed as skipped.
pub const MAX_TOGETHER: usize = 16;

/// A log's consumers and coordinator on one clock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Together {
    /// Where the chart ends, in ms since the earliest timestamp used: a little past the last
    /// instant any line shows (a twentieth of the log's length, at least a second), so that the
    /// state the log ends in has room on screen.
    pub end: Millis,
    pub consumers: Vec<ConsumerLife>,
    /// Who held each partition when, by the consumers' replays (`owned` by one; `double` when two
    /// consumers' logs say they held it at once; `zombie` when one of them is one the coordinator's
    /// lines show fenced; `revoking` while its revocation runs).
    pub ownership: Vec<Row>,
    /// One per group the coordinator's lines speak of.
    pub coordinator: Vec<CoordinatorView>,
    /// Consumers left out, and why.
    pub skipped: Vec<Skipped>,
}

/// One consumer's life, from its imported trace replayed on the shipped model.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ConsumerLife {
    pub client_id: String,
    pub group_id: Option<String>,
    /// Its member id as the log shows it, else the last the model had (empty if none).
    pub member_id: String,
    /// Where its trace's time 0 is on the common clock.
    pub offset: Millis,
    /// The member after each step of its trace, on the common clock.
    pub points: Vec<ConsumerPoint>,
    /// Its state and member epoch over time.
    pub lane: Vec<LaneSpan>,
    /// Steps where the model parts ways with the log.
    pub divergences: usize,
}

/// A consumer after one step of its trace.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ConsumerPoint {
    pub at: Millis,
    /// The trace's step (0-based).
    pub step: usize,
    pub state: StateName,
    pub epoch: i32,
    /// Its assigned set, and the partitions whose revocation runs (still held).
    pub assigned: PartitionSet,
    pub revoking: PartitionSet,
}

/// A consumer the view leaves out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Skipped {
    pub client_id: String,
    pub why: String,
}

impl Together {
    /// The stretches during which two consumers held a partition at once, by their own logs:
    /// `(partition, the span)`.
    pub fn overlaps(&self) -> impl Iterator<Item = (String, &crate::group::chart::Span)> {
        self.ownership.iter().flat_map(|row| {
            row.spans
                .iter()
                .filter(|s| s.segment == Segment::Double)
                .map(move |s| (format!("{}-{}", row.topic, row.partition), s))
        })
    }

    /// Each consumer as it was at `at` (its last step at or before it), or `None` before its
    /// first step.
    pub fn at(&self, at: Millis) -> Vec<(&ConsumerLife, Option<&ConsumerPoint>)> {
        self.consumers
            .iter()
            .map(|c| (c, c.points.iter().take_while(|p| p.at <= at).last()))
            .collect()
    }
}

impl ParsedLog {
    /// Every consumer with membership lines (up to [`MAX_TOGETHER`]) and the coordinator's lines,
    /// on the log's clock. Fails only when no consumer can be imported and the log has no
    /// coordinator line.
    pub fn together(&self) -> Result<Together, ImportError> {
        let mut imported: Vec<Imported> = Vec::new();
        let mut skipped = Vec::new();
        for consumer in self.importable() {
            if imported.len() == MAX_TOGETHER {
                skipped.push(Skipped {
                    client_id: consumer.client_id.clone(),
                    why: format!("only {MAX_TOGETHER} consumers are drawn together"),
                });
                continue;
            }
            match self.import(Some(&consumer.client_id)) {
                Ok(one) => imported.push(one),
                Err(e) => skipped.push(Skipped {
                    client_id: consumer.client_id.clone(),
                    why: e.to_string(),
                }),
            }
        }
        let broker = self.broker();
        if imported.is_empty() && broker.as_ref().is_none_or(|b| b.groups.is_empty()) {
            return Err(self
                .import(None)
                .err()
                .unwrap_or(ImportError::NoMembership {
                    client: None,
                    classic: Vec::new(),
                    share: Vec::new(),
                    librdkafka: Vec::new(),
                }));
        }
        let broker_origin = broker.as_ref().and_then(|b| b.origin);
        let origin = imported
            .iter()
            .filter_map(|i| i.origin)
            .chain(broker_origin)
            .min()
            .unwrap_or(0);
        let since = |ms: Option<i64>| {
            Millis(u64::try_from(ms.unwrap_or(origin).saturating_sub(origin)).unwrap_or(0))
        };
        let consumers: Vec<ConsumerLife> = imported
            .iter()
            .map(|one| life(one, since(one.origin)))
            .collect();
        let broker_offset = since(broker_origin);
        let groups = broker.map(|b| b.groups).unwrap_or_default();
        let last = consumers
            .iter()
            .filter_map(|c| c.points.last().map(|p| p.at))
            .chain(
                groups
                    .iter()
                    .filter_map(|g| g.points.last().map(|p| broker_offset.plus(p.at))),
            )
            .max()
            .unwrap_or(Millis::ZERO);
        let end = last.plus((last.0 / 20).max(1_000));
        let mut consumers = consumers;
        for c in &mut consumers {
            c.lane = lane(
                c.points.iter().map(|p| {
                    let word = (
                        LaneKind::Member(p.state),
                        format!("{} · {}", p.state, p.epoch),
                    );
                    (p.at, Some(word))
                }),
                end,
            );
        }
        let fenced: Vec<Vec<(Millis, Millis)>> = consumers
            .iter()
            .map(|c| fenced_spans(&groups, broker_offset, c, end))
            .collect();
        let ownership = rows(&consumer_history(&consumers, &fenced), end);
        let coordinator = groups
            .iter()
            .map(|g| coordinator_view(g, broker_offset, end, &consumers))
            .collect();
        Ok(Together {
            end,
            consumers,
            ownership,
            coordinator,
            skipped,
        })
    }
}

/// A consumer's trace replayed, its steps moved onto the common clock by `offset`.
fn life(one: &Imported, offset: Millis) -> ConsumerLife {
    let timeline = Timeline::from_trace(one.trace.clone());
    let mut points = Vec::with_capacity(timeline.len());
    let mut member_id = String::new();
    timeline.fold(timeline.len(), |step, s, _, member| {
        let member_facts = member.facts();
        if !member_facts.member_id.is_empty() {
            member_id = member_facts.member_id.to_owned();
        }
        let revoking = member_facts
            .local
            .as_ref()
            .map(|local| local.pending_revocation.clone())
            .unwrap_or_default();
        points.push(ConsumerPoint {
            at: offset.plus(s.at.0),
            step,
            state: member_facts.state,
            epoch: member_facts.member_epoch,
            assigned: member_facts.assigned,
            revoking,
        });
    });
    if let Some(logged) = &one.member_id {
        member_id.clone_from(logged);
    }
    ConsumerLife {
        client_id: one.client_id.clone(),
        group_id: one.group_id.clone(),
        member_id,
        offset,
        points,
        lane: Vec::new(),
        divergences: one.divergences.len(),
    }
}

/// When the coordinator's lines show `consumer` fenced out of its group (removed for an expired
/// session or a rebalance timeout) and not yet back: what it holds then, by its own log, the
/// coordinator no longer counts as its.
fn fenced_spans(
    groups: &[GroupHistory],
    offset: Millis,
    consumer: &ConsumerLife,
    end: Millis,
) -> Vec<(Millis, Millis)> {
    let mut spans = Vec::new();
    if consumer.member_id.is_empty() {
        return spans;
    }
    let mine = groups.iter().filter(|g| {
        consumer
            .group_id
            .as_deref()
            .is_none_or(|id| id == g.group_id)
    });
    for group in mine {
        let mut since = None;
        for point in &group.points {
            let at = offset.plus(point.at);
            match &point.change {
                BrokerChange::Removed { member_id, cause }
                    if *member_id == consumer.member_id && *cause != Removal::Left =>
                {
                    since.get_or_insert(at);
                }
                _ if point.members.contains_key(&consumer.member_id) => {
                    if let Some(from) = since.take() {
                        spans.push((from, at));
                    }
                }
                _ => {}
            }
        }
        if let Some(from) = since {
            spans.push((from, end));
        }
    }
    spans
}

/// Who held each partition, instant by instant, by the consumers' replays; a consumer's holdings
/// while the coordinator had fenced it are drawn as a zombie's (`fenced[c]`).
fn consumer_history(consumers: &[ConsumerLife], fenced: &[Vec<(Millis, Millis)>]) -> History {
    let mut moments: Vec<(Millis, usize, &ConsumerPoint)> = consumers
        .iter()
        .enumerate()
        .flat_map(|(c, life)| life.points.iter().map(move |p| (p.at, c, p)))
        .collect();
    moments.sort_by_key(|(at, c, p)| (*at, *c, p.step));
    // The instants the chart changes: each step, and each fence's start and end.
    let mut instants: Vec<Millis> = moments
        .iter()
        .map(|m| m.0)
        .chain(fenced.iter().flatten().flat_map(|(from, to)| [*from, *to]))
        .collect();
    instants.sort();
    instants.dedup();
    let mut now: Vec<Option<&ConsumerPoint>> = vec![None; consumers.len()];
    let mut history = History::default();
    let mut i = 0;
    for at in instants {
        while let Some((_, c, p)) = moments.get(i).filter(|m| m.0 == at) {
            now[*c] = Some(p);
            i += 1;
        }
        let mut snapshot = Snapshot::new();
        for (c, (life, point)) in consumers.iter().zip(&now).enumerate() {
            let Some(point) = point else { continue };
            let zombie = fenced
                .get(c)
                .is_some_and(|spans| spans.iter().any(|(from, to)| *from <= at && at < *to));
            let how = if zombie { Held::Fenced } else { Held::Counted };
            hold(
                &mut snapshot,
                &life.client_id,
                (&point.assigned, &point.revoking),
                how,
            );
        }
        history.record(at, snapshot);
    }
    history
}

/// How a holder is drawn: counted as the owner, or a zombie the coordinator fenced.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Held {
    Counted,
    Fenced,
}

/// Marks `name` in `snapshot` as holding its assigned partitions and those whose revocation runs
/// (still held), and as revoking the latter.
pub(super) fn hold(
    snapshot: &mut Snapshot,
    name: &str,
    (assigned, revoking): (&PartitionSet, &PartitionSet),
    how: Held,
) {
    for (t, p) in assigned.iter().chain(revoking.iter()) {
        let holding = snapshot.entry((t.to_owned(), p)).or_default();
        match how {
            Held::Fenced if !holding.zombies.iter().any(|z| z.name == name) => {
                holding.zombies.push(Zombie {
                    name: name.to_owned(),
                    cause: ZombieCause::Fenced,
                });
            }
            Held::Counted if !holding.owners.iter().any(|o| o == name) => {
                holding.owners.push(name.to_owned());
            }
            _ => {}
        }
    }
    for (t, p) in revoking.iter() {
        let holding = snapshot.entry((t.to_owned(), p)).or_default();
        holding.revoking.push(name.to_owned());
    }
}
