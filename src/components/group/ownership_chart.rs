//! The ownership chart: one line per partition, time left to right, a bar per stretch during which
//! the same members held it the same way (the core's `chart::rows`), and the alarm when two members
//! of the group own a partition at once.

use super::time_chart::{live_time_chart, Bar, Line};
use crate::group::use_group_watched;
use kip848_core::group::chart::{rows, Row};
use kip848_core::group::Segment;
use leptos::prelude::*;

const LEFT: u64 = 64;

/// The chart's end for a run `t` ms long: the next page (10 s, 20 s, 30 s, 1, 2, 5, 10, 20, 30
/// minutes, then whole hours), so that the axis changes scale rarely, and never at every step.
pub fn page_end(t: u64) -> u64 {
    const PAGES: [u64; 9] = [
        10_000, 20_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_200_000, 1_800_000,
    ];
    PAGES
        .into_iter()
        .find(|&p| t <= p)
        .unwrap_or_else(|| t.div_ceil(3_600_000) * 3_600_000)
}

/// The chart's lines for `rows`: what [`time_chart`] draws, for the group view and a log's.
pub fn ownership_lines(rows: &[Row]) -> Vec<Line> {
    rows.iter()
        .map(|row| {
            let name = format!("{}-{}", row.topic, row.partition);
            let bars = row
                .spans
                .iter()
                .map(|s| Bar {
                    from: s.from.0,
                    to: s.to.0,
                    kind: s.segment.as_str(),
                    label: s.label.clone(),
                    title: format!(
                        "{name}: {} — {}, {}–{} ms",
                        s.label,
                        s.segment.meaning(),
                        s.from.0,
                        s.to.0
                    ),
                })
                .collect();
            // A coordinator's topic id is 22 characters: cut the topic, keep the partition.
            let shown = if row.topic.chars().count() > 10 {
                let topic: String = row.topic.chars().take(7).collect();
                format!("{topic}…-{}", row.partition)
            } else {
                name.clone()
            };
            Line {
                key: name.clone(),
                title: name,
                name: shown,
                testids: ("chart-row", "chart-span"),
                bars,
                hazard: None,
            }
        })
        .collect()
}

#[component]
pub fn OwnershipChart() -> impl IntoView {
    let session = use_group_watched();
    // The axis is the whole run's (its last step's time, or now when acting past it), by pages: it
    // keeps its scale while a scenario plays, and bars grow along it instead of everything moving.
    let chart = Memo::new(move |_| {
        session.timeline.with(|t| {
            let sim = t.sim();
            let last = t.steps().last().map_or(0, |s| s.at.0);
            let end = page_end(last.max(sim.now().0));
            (rows(sim.history(), sim.now()), sim.now().0, end)
        })
    });
    // The alarm and the hazards are the frame's: the core's words for this step.
    let alarm = move || session.frame.with(|f| f.alarm.clone());
    let hazards = Memo::new(move |_| {
        session.frame.with(|f| {
            f.hazards
                .iter()
                .flat_map(|s| {
                    s.partitions.iter().map(move |(t, p)| {
                        (format!("{t}-{p}"), (s.hazard.as_str(), s.words.clone()))
                    })
                })
                .collect::<Vec<_>>()
        })
    });
    let lines = Memo::new(move |_| {
        let mut lines = chart.with(|c| ownership_lines(&c.0));
        hazards.with(|marks| {
            for line in &mut lines {
                line.hazard = marks
                    .iter()
                    .find(|(key, _)| *key == line.key)
                    .map(|(_, h)| h.clone());
            }
        });
        lines
    });
    let svg = live_time_chart(
        lines.into(),
        Signal::derive(move || chart.with(|c| c.2)),
        Signal::derive(move || chart.with(|c| c.1)),
        LEFT,
        ("ownership-title".to_owned(), "ownership-chart"),
    );
    view! {
        <section class="panel ownership" aria-labelledby="ownership-title">
            <h2 id="ownership-title">"Partition ownership over time"</h2>
            {move || {
                let (kind, text) = alarm();
                let role = if kind == "now" { "alert" } else { "status" };
                view! { <p class=format!("alarm {kind}") role=role data-testid="ownership-alarm" data-kind=kind>{text}</p> }
            }}
            <div class="chart-scroll">{svg}</div>
            <ul class="chart-legend" aria-label="Legend">
                {Segment::ALL.into_iter().filter(|s| *s != Segment::Free).map(|s| view! {
                    <li><span class=format!("swatch {}", s.as_str())></span>{s.meaning()}</li>
                }).collect_view()}
            </ul>
        </section>
    }
}
