//! The review: the rows of a trace on two models, and their differences grouped by root cause.

use super::classify::Detail;
use super::{align, rows, Align, Aligned, Cause, Pair, Row, Source, Switch};
use crate::session::trace::Trace;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// Every difference one cause explains.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Group {
    pub cause: Cause,
    /// The first step (0-based) where it shows.
    pub first: usize,
    /// Every step it explains, in order (a step can belong to more than one group).
    pub steps: Vec<usize>,
    /// Why the models differ there, in one line.
    pub why: &'static str,
    /// Where each specification says so.
    pub source: Source,
    /// The *Align* switch that removes this cause, if one can.
    pub switch: Option<Switch>,
}

/// A trace on two models: the rows, and every difference grouped by its root cause.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    /// The two models compared.
    pub pair: Pair,
    /// The switches this review was computed with.
    pub align: Align,
    /// One row per step of the trace, each differing row explained by its most important cause.
    pub rows: Vec<Row>,
    /// One group per cause, most important first ([`Cause`]'s order). Every differing row is in
    /// at least one.
    pub groups: Vec<Group>,
    /// Both models' inputs after alignment, to replay either one effect by effect.
    pub aligned: Aligned,
}

impl Review {
    /// Reviews `trace` on the seed design and the Java client with the switches of `align` on. To
    /// see what remains once a cause is removed, review again with its switch on ([`Align::with`]).
    pub fn new(trace: &Trace, align: Align) -> Review {
        Review::of(trace, Pair::SEED_KAFKA, align)
    }

    /// Reviews `trace` on the two models of `pair`.
    pub fn of(trace: &Trace, pair: Pair, align: Align) -> Review {
        let align = align.for_pair(pair);
        let aligned = align::align(trace, pair, &align);
        let mut rows = rows(aligned.clone(), &align);
        let causes = causes(trace, pair, &align, &rows);
        let mut groups: BTreeMap<Cause, Vec<usize>> = BTreeMap::new();
        for (row, causes) in rows.iter_mut().zip(&causes) {
            row.explanation = causes.first().map(|c| c.why().to_owned());
            for cause in causes {
                groups.entry(*cause).or_default().push(row.index);
            }
        }
        let groups = groups
            .into_iter()
            .filter_map(|(cause, steps)| {
                Some(Group {
                    cause,
                    first: *steps.first()?,
                    steps,
                    why: cause.why(),
                    source: cause.source(),
                    switch: cause.switch(pair),
                })
            })
            .collect();
        Review {
            pair,
            align,
            rows,
            groups,
            aligned,
        }
    }

    /// The group of `cause`, if it explains any step.
    pub fn group(&self, cause: Cause) -> Option<&Group> {
        self.groups.iter().find(|g| g.cause == cause)
    }

    /// How many steps differ.
    pub fn differing(&self) -> usize {
        self.rows
            .iter()
            .filter(|r| !r.differences.is_empty())
            .count()
    }
}

/// Each row's causes, most important first (none for a row that does not differ).
fn causes(trace: &Trace, pair: Pair, align: &Align, rows: &[Row]) -> Vec<BTreeSet<Cause>> {
    let mut causes = vec![BTreeSet::new(); rows.len()];
    let base: Vec<_> = rows.iter().map(|r| Detail::of(r, align)).collect();
    let switches: Vec<Switch> = Switch::ALL
        .into_iter()
        .filter(|s| !align.is_on(*s) && s.can_matter(&trace.config, pair))
        .collect();
    for &switch in &switches {
        let with = align.with(switch);
        let other = super::rows(align::align(trace, pair, &with), &with);
        for (i, (row, detail)) in rows.iter().zip(&base).enumerate() {
            let changed = other.get(i).is_none_or(|o| Detail::of(o, &with) != *detail);
            if !row.differences.is_empty() && changed {
                causes[i].insert(switch.cause_in(pair));
            }
        }
    }
    let all = Align::all().for_pair(pair);
    let residual = super::rows(align::align(trace, pair, &all), &all);
    // The causes the rules named last since the models last agreed.
    let mut previous: BTreeSet<Cause> = BTreeSet::new();
    for (i, row) in rows.iter().enumerate() {
        if row.differences.is_empty() {
            previous.clear();
            continue;
        }
        if residual.get(i).is_none_or(|r| r.differences.is_empty()) {
            continue;
        }
        // The right side's rules: why it differs from a model listed before it.
        let named = pair
            .right()
            .descriptor()
            .differs
            .map(|rules| rules(&residual, &trace.steps, &trace.config, i))
            .unwrap_or_default();
        let like = named
            .like
            .filter(|&start| start < i)
            .and_then(|start| causes.get(start))
            .filter(|c| !c.is_empty());
        let found: BTreeSet<Cause> = if !named.causes.is_empty() {
            named.causes.into_iter().collect()
        } else if let Some(like) = like {
            like.clone()
        } else if !previous.is_empty() {
            previous.clone()
        } else {
            [Cause::Unexplained].into()
        };
        causes[i].extend(found.iter().copied());
        previous = found;
    }
    // Rows no single switch and no rule explains, though every switch together does: the causes
    // act together (the auto-commit and an empty onPartitionsAssigned both hold the shipped client
    // in RECONCILING). Each switch without which the row still differs explains it.
    let unexplained: Vec<usize> = (0..rows.len())
        .filter(|&i| !rows[i].differences.is_empty() && causes[i].is_empty())
        .collect();
    if !unexplained.is_empty() {
        for &switch in &switches {
            let without = all.without(switch);
            let other = super::rows(align::align(trace, pair, &without), &without);
            for &i in &unexplained {
                if other.get(i).is_some_and(|o| !o.differences.is_empty()) {
                    causes[i].insert(switch.cause_in(pair));
                }
            }
        }
    }
    for (row, causes) in rows.iter().zip(causes.iter_mut()) {
        if !row.differences.is_empty() && causes.is_empty() {
            causes.insert(Cause::Unexplained);
        }
    }
    causes
}
