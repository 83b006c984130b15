//! The drawing under every chart of the group's life over time: a line per row (a partition, a
//! member's lane), time left to right, a bar per span the core computed, a tick every round
//! interval and a line at "now". Integer geometry: float formatting costs the bundle.

use leptos::prelude::*;

const WIDTH: u64 = 1000;
const ROW: u64 = 22;
const TOP: u64 = 22;

/// One bar: a span of a row.
pub struct Bar {
    pub from: u64,
    pub to: u64,
    /// The class the bar is drawn with, and its `data-segment`.
    pub kind: &'static str,
    pub label: String,
    /// What hovering says.
    pub title: String,
}

/// One line of the chart.
pub struct Line {
    /// Its `data-partition`: a partition's `topic-p`, a lane's name.
    pub key: String,
    /// Shown at the left (cut to fit; `title` has it whole).
    pub name: String,
    pub title: String,
    /// `data-testid` of the line and of its bars: `chart-row`/`chart-span`, `lane-row`/`lane-span`.
    pub testids: (&'static str, &'static str),
    pub bars: Vec<Bar>,
    /// A hazard on this line at the cursor (its id, and what it is in words): the line is
    /// marked where the reader looks for the partition.
    pub hazard: Option<(&'static str, String)>,
}

/// A round tick spacing for a chart `end` ms long (about five ticks).
fn tick_step(end: u64) -> u64 {
    [
        1_000, 2_000, 5_000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000,
    ]
    .into_iter()
    .find(|s| end / s <= 6)
    .unwrap_or(3_600_000)
}

/// `45s`, `2:40`, `1:02:00`.
fn tick_label(t: u64) -> String {
    let s = t / 1000;
    match s {
        0..60 => format!("{s}s"),
        60..3600 => format!("{}:{:02}", s / 60, s % 60),
        _ => format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60),
    }
}

/// The chart's SVG: `lines` over `0..end` ms, names in a `left` px column, a "now" line that
/// follows `now` (only the line moves when it changes).
pub fn time_chart(
    lines: Vec<Line>,
    end: u64,
    now: Signal<u64>,
    left: u64,
    (labelled_by, testid): (String, &'static str),
) -> impl IntoView {
    let end = end.max(1_000);
    let span = WIDTH - left - 8;
    let x = move |t: u64| left + t.min(end) * span / end;
    let height = TOP + ROW * lines.len() as u64 + 4;
    let step = tick_step(end);
    let ticks = (0..=end / step)
        .map(|i| i * step)
        .map(|t| {
            let tx = x(t);
            // The first tick's words start at its line: centred, the names' column covered half.
            let anchor = match (t, tx + 24 > WIDTH) {
                (_, true) => "end",
                (0, false) => "start",
                _ => "middle",
            };
            view! {
                <g class="tick">
                    <line x1=tx y1=TOP - 4 x2=tx y2=height />
                    <text x=tx y=TOP - 8 text-anchor=anchor>{tick_label(t)}</text>
                </g>
            }
        })
        .collect_view();
    // About 7 px a character at 12 px monospace.
    let fits = (left.saturating_sub(8) / 7) as usize;
    // The names in a column of their own, which stays at the left when the chart scrolls sideways.
    let names = lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let y = TOP + ROW * i as u64;
            let shown = if line.name.chars().count() > fits {
                let cut: String = line.name.chars().take(fits.saturating_sub(1)).collect();
                format!("{cut}…")
            } else {
                line.name.clone()
            };
            match &line.hazard {
                Some((id, words)) => view! {
                    <text x="4" y=y + 15 class="row-label hazard" data-testid="row-label" data-hazard=*id>{format!("⚠ {shown}")}<title>{format!("{} — hazard: {words}", line.title)}</title></text>
                }.into_any(),
                None => view! { <text x="4" y=y + 15 class="row-label" data-testid="row-label">{shown}<title>{line.title.clone()}</title></text> }.into_any(),
            }
        })
        .collect_view();
    let rows = lines
        .into_iter()
        .enumerate()
        .map(|(i, line)| {
            let y = TOP + ROW * i as u64;
            let (row_id, bar_id) = line.testids;
            let bars = line
                .bars
                .into_iter()
                .map(|b| {
                    let (x0, x1) = (x(b.from), x(b.to));
                    let w = (x1.saturating_sub(x0)).max(2);
                    // About 6.5 px a character at 11 px: a label cut to its bar, none in a sliver.
                    let room = (w.saturating_sub(6) * 10 / 65) as usize;
                    let label = (room >= 3).then(|| {
                        let text = if b.label.chars().count() > room {
                            let cut: String = b.label.chars().take(room - 1).collect();
                            format!("{cut}…")
                        } else {
                            b.label.clone()
                        };
                        view! { <text x=x0 + 4 y=y + 15 class="bar-label">{text}</text> }
                    });
                    view! {
                        <g class=format!("bar {}", b.kind) data-testid=bar_id
                            data-segment=b.kind data-label=b.label.clone() data-from=b.from data-to=b.to>
                            <rect x=x0 y=y + 3 width=w height=ROW - 6 rx="3">
                                <title>{b.title}</title>
                            </rect>
                            {label}
                        </g>
                    }
                })
                .collect_view();
            let hazard = line.hazard.map(|(id, _)| id);
            view! {
                <g class="chart-row" data-testid=row_id data-partition=line.key data-hazard=hazard>
                    {hazard.map(|_| view! { <rect class="row-hazard" x=left y=y width=WIDTH - left height=ROW /> })}
                    <line class="row-rule" x1=left y1=y + ROW x2=WIDTH y2=y + ROW />
                    {bars}
                </g>
            }
        })
        .collect_view();
    let nx = move || x(now.get());
    let chart = NodeRef::<leptos::svg::Svg>::new();
    // On a narrow screen the chart scrolls sideways: "now" is kept in view as it moves (a third of
    // the view from its right edge when it has to scroll), or the reader watches an empty past.
    // Measured in the next frame, once the step's changes are in the page: reading sizes while the
    // page is being changed would force a layout on every step of playback.
    Effect::new(move |_| {
        let at = nx();
        let Some(svg) = chart.get() else { return };
        request_animation_frame(move || keep_in_view(&svg, at, left));
    });
    let now = view! {
        <line class="now-line" data-testid="now-line" data-at=move || now.get() x1=nx y1=TOP - 4 x2=nx y2=height />
    };
    view! {
        <div class="chart-frame">
            <svg node_ref=chart class="ownership-chart" viewBox=format!("0 0 {WIDTH} {height}") role="img"
                aria-labelledby=labelled_by data-testid=testid preserveAspectRatio="xMinYMin meet">
                {ticks}
                {rows}
                {now}
            </svg>
            // Drawn at the chart's scale (its width is `left` thousandths of the chart's), over
            // the chart's own left column: sticky, so the names stay while the bars scroll by.
            <svg class="chart-names ownership-chart" viewBox=format!("0 0 {left} {height}") aria-hidden="true"
                preserveAspectRatio="xMinYMin meet" style=format!("width:{}.{}%", left / 10, left % 10)>
                <rect class="names-ground" x="0" y="0" width=left height=height />
                {names}
            </svg>
        </div>
    }
}

/// Scrolls the chart's scroller so that `at` (in the chart's units) is in view, past the names'
/// column of `left`; nothing when the chart is not wider than its scroller.
fn keep_in_view(svg: &web_sys::Element, at: u64, left: u64) {
    let Some(scroller) = svg.closest(".chart-scroll").ok().flatten() else {
        return;
    };
    let view = scroller.client_width();
    let drawn = svg.client_width();
    if drawn <= view || view <= 0 {
        return;
    }
    let px = (at * drawn as u64 / WIDTH) as i32;
    let shown = scroller.scroll_left();
    if px < shown + (left * drawn as u64 / WIDTH) as i32 || px > shown + view - 16 {
        scroller.set_scroll_left(px - view * 2 / 3);
    }
}
