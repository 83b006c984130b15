//! The ownership chart: one line per partition, time left to right, a bar per stretch during which
//! the same members held it the same way (the core's `chart::rows`), and the alarm when two members
//! of the group own a partition at once. Integer geometry: float formatting costs the bundle.

use crate::group::use_group_session;
use kip848_core::group::chart::{rows, Row};
use kip848_core::group::Segment;
use leptos::prelude::*;

const LEFT: u64 = 64;
const WIDTH: u64 = 1000;
const ROW: u64 = 22;
const TOP: u64 = 22;

/// A round tick spacing for a chart `end` ms long (about five ticks).
fn tick_step(end: u64) -> u64 {
    [
        1_000, 2_000, 5_000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000,
    ]
    .into_iter()
    .find(|s| end / s <= 6)
    .unwrap_or(3_600_000)
}

#[component]
pub fn OwnershipChart() -> impl IntoView {
    let session = use_group_session();
    let chart = Memo::new(move |_| {
        session.timeline.with(|t| {
            let sim = t.sim();
            (rows(sim.history(), sim.now()), sim.now().0)
        })
    });
    let now_double = move || {
        session.timeline.with(|t| {
            // The history's newest entry is the group as it is now.
            t.sim()
                .history()
                .entries()
                .last()
                .into_iter()
                .flat_map(|(_, now)| now.iter())
                .filter(|(_, h)| h.segment() == Segment::Double)
                .map(|((topic, p), h)| format!("{topic}-{p} ({})", h.owners.join(" and ")))
                .collect::<Vec<_>>()
        })
    };
    let ever = move || {
        session
            .timeline
            .with(|t| t.sim().double_owned().to_string())
    };
    let alarm = move || {
        let now = now_double();
        if !now.is_empty() {
            (
                "now",
                format!("Alarm: two owners at once: {}", now.join(", ")),
            )
        } else if ever() != "{}" {
            (
                "past",
                format!("Two members owned {} at once earlier in this run.", ever()),
            )
        } else {
            ("none", "No partition has had two owners.".to_owned())
        }
    };
    let svg = move || {
        let (rows, now) = chart.get();
        let end = now.max(1_000);
        let span = WIDTH - LEFT - 8;
        let x = move |t: u64| LEFT + t.min(end) * span / end;
        let height = TOP + ROW * rows.len() as u64 + 4;
        let step = tick_step(end);
        let ticks = (0..=end / step)
            .map(|i| i * step)
            .map(|t| {
                let tx = x(t);
                let anchor = if tx + 24 > WIDTH { "end" } else { "middle" };
                view! {
                    <g class="tick">
                        <line x1=tx y1=TOP - 4 x2=tx y2=height />
                        <text x=tx y=TOP - 8 text-anchor=anchor>{format!("{}s", t / 1000)}</text>
                    </g>
                }
            })
            .collect_view();
        let lines = rows.iter().enumerate().map(|(i, row): (usize, &Row)| {
            let y = TOP + ROW * i as u64;
            let name = format!("{}-{}", row.topic, row.partition);
            let bars = row.spans.iter().map(|s| {
                let (x0, x1) = (x(s.from.0), x(s.to.0));
                let w = (x1.saturating_sub(x0)).max(2);
                let label = (w >= 26).then(|| view! {
                    <text x=x0 + 4 y=y + 15 class="bar-label">{s.label.clone()}</text>
                });
                view! {
                    <g class=format!("bar {}", s.segment.as_str()) data-testid="chart-span"
                        data-segment=s.segment.as_str() data-label=s.label.clone()>
                        <rect x=x0 y=y + 3 width=w height=ROW - 6 rx="3">
                            <title>{format!("{name}: {} — {}, {}–{} ms", s.label, s.segment.meaning(), s.from.0, s.to.0)}</title>
                        </rect>
                        {label}
                    </g>
                }
            }).collect_view();
            view! {
                <g class="chart-row" data-testid="chart-row" data-partition=name.clone()>
                    <text x="4" y=y + 15 class="row-label">{name.clone()}</text>
                    <line class="row-rule" x1=LEFT y1=y + ROW x2=WIDTH y2=y + ROW />
                    {bars}
                </g>
            }
        }).collect_view();
        let nx = x(now);
        view! {
            <svg class="ownership-chart" viewBox=format!("0 0 {WIDTH} {height}") role="img"
                aria-labelledby="ownership-title" data-testid="ownership-chart" preserveAspectRatio="xMinYMin meet">
                {ticks}
                {lines}
                <line class="now-line" x1=nx y1=TOP - 4 x2=nx y2=height />
            </svg>
        }
    };
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
