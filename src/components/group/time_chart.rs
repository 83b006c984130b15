//! The drawing under every chart of the group's life over time: a line per row (a partition, a
//! member's lane), time left to right, a bar per span the core computed, a tick every round
//! interval and a line at "now". Integer geometry: float formatting costs the bundle.

use leptos::prelude::*;

const WIDTH: u64 = 1000;
const ROW: u64 = 22;
const TOP: u64 = 22;

/// One bar: a span of a row.
#[derive(Clone, PartialEq)]
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
#[derive(Clone, PartialEq)]
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

/// The chart's SVG for lines that do not change: `lines` over `0..end` ms, names in a `left` px
/// column, a "now" line that follows `now`.
pub fn time_chart(
    lines: Vec<Line>,
    end: u64,
    now: Signal<u64>,
    left: u64,
    ids: (String, &'static str),
) -> impl IntoView {
    live_time_chart(Signal::stored(lines), Signal::stored(end), now, left, ids)
}

/// The chart's SVG for lines that change as a run plays. Each row and each bar is kept from one
/// step to the next (by partition, and by where a bar starts and what it shows), so that a bar
/// whose end moves grows on screen instead of being drawn anew, and only what changed is touched.
pub fn live_time_chart(
    lines: Signal<Vec<Line>>,
    end: Signal<u64>,
    now: Signal<u64>,
    left: u64,
    (labelled_by, testid): (String, &'static str),
) -> impl IntoView {
    let end = Memo::new(move |_| end.get().max(1_000));
    let count = Memo::new(move |_| lines.with(Vec::len) as u64);
    let height = Memo::new(move |_| TOP + ROW * count.get() + 4);
    let x = move |t: u64| left + t.min(end.get()) * (WIDTH - left - 8) / end.get();
    let ticks = move || {
        let (end, height) = (end.get(), height.get());
        let step = tick_step(end);
        (0..=end / step)
            .map(|i| i * step)
            .map(|t| {
                let tx = left + t * (WIDTH - left - 8) / end;
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
            .collect_view()
    };
    // The names change only when a row comes, goes or is marked: not at every step.
    let named = Memo::new(move |_| {
        lines.with(|ls| {
            ls.iter()
                .map(|l| (l.name.clone(), l.title.clone(), l.hazard.clone()))
                .collect::<Vec<_>>()
        })
    });
    // About 7 px a character at 12 px monospace.
    let fits = (left.saturating_sub(8) / 7) as usize;
    let names = move || {
        named.with(|named| {
            named
                .iter()
                .enumerate()
                .map(|(i, (name, title, hazard))| name_label(i, name, title, hazard.as_ref(), fits))
                .collect_view()
        })
    };
    let keys =
        Memo::new(move |_| lines.with(|ls| ls.iter().map(|l| l.key.clone()).collect::<Vec<_>>()));
    let rows = view! {
        <For each=move || keys.get().into_iter().enumerate() key=|row| row.clone()
            children=move |(i, key)| chart_row(i, key, lines, x, left) />
    };
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
    let view_box = move || format!("0 0 {WIDTH} {}", height.get());
    view! {
        <div class="chart-frame">
            <svg node_ref=chart class="ownership-chart" viewBox=view_box role="img"
                aria-labelledby=labelled_by data-testid=testid preserveAspectRatio="xMinYMin meet">
                {ticks}
                {rows}
                <line class="now-line" data-testid="now-line" data-at=move || now.get() x1=nx y1=TOP - 4 x2=nx y2=height />
            </svg>
            // Drawn at the chart's scale (its width is `left` thousandths of the chart's), over
            // the chart's own left column: sticky, so the names stay while the bars scroll by.
            <svg class="chart-names ownership-chart" viewBox=move || format!("0 0 {left} {}", height.get()) aria-hidden="true"
                preserveAspectRatio="xMinYMin meet" style=format!("width:{}.{}%", left / 10, left % 10)>
                <rect class="names-ground" x="0" y="0" width=left height=height />
                {names}
            </svg>
        </div>
    }
}

/// A line's name in the names' column, cut to `fits` characters, marked when a hazard is on it.
fn name_label(
    i: usize,
    name: &str,
    title: &str,
    hazard: Option<&(&'static str, String)>,
    fits: usize,
) -> AnyView {
    let y = TOP + ROW * i as u64;
    let shown = if name.chars().count() > fits {
        let cut: String = name.chars().take(fits.saturating_sub(1)).collect();
        format!("{cut}…")
    } else {
        name.to_owned()
    };
    match hazard {
        Some((id, words)) => view! {
            <text x="4" y=y + 15 class="row-label hazard" data-testid="row-label" data-hazard=*id>{format!("⚠ {shown}")}<title>{format!("{title} — hazard: {words}")}</title></text>
        }.into_any(),
        None => view! { <text x="4" y=y + 15 class="row-label" data-testid="row-label">{shown}<title>{title.to_owned()}</title></text> }.into_any(),
    }
}

/// Where a bar starts and what it shows: what keeps it the same bar while its end moves.
type BarKey = (u64, &'static str, String);

/// Row `i` of the chart, the line `key`: its hazard mark, its rule and its bars, kept by [`BarKey`].
fn chart_row(
    i: usize,
    key: String,
    lines: Signal<Vec<Line>>,
    x: impl Fn(u64) -> u64 + Copy + Send + Sync + 'static,
    left: u64,
) -> impl IntoView {
    let y = TOP + ROW * i as u64;
    let data_key = key.clone();
    let line = Memo::new(move |_| {
        lines.with(|ls| {
            ls.iter().find(|l| l.key == key).map(|l| {
                let bars = l
                    .bars
                    .iter()
                    .map(|b| ((b.from, b.kind, b.label.clone()), b.to, b.title.clone()))
                    .collect::<Vec<_>>();
                (l.testids, bars, l.hazard.as_ref().map(|h| h.0))
            })
        })
    });
    let (row_id, bar_id) = line.with_untracked(|l| l.as_ref().map_or(("", ""), |l| l.0));
    let hazard = move || line.with(|l| l.as_ref().and_then(|l| l.2));
    let bar_keys = move || {
        line.with(|l| {
            l.as_ref()
                .map(|l| l.1.iter().map(|b| b.0.clone()).collect::<Vec<BarKey>>())
                .unwrap_or_default()
        })
    };
    view! {
        <g class="chart-row" data-testid=row_id data-partition=data_key data-hazard=hazard>
            {move || hazard().map(|_| view! { <rect class="row-hazard" x=left y=y width=WIDTH - left height=ROW /> })}
            <line class="row-rule" x1=left y1=y + ROW x2=WIDTH y2=y + ROW />
            <For each=bar_keys key=|k| k.clone() children=move |k| chart_bar(k, line, bar_id, x, y) />
        </g>
    }
}

/// The bars of a row as [`chart_row`] keeps them: each one's key, end and hover text.
type RowBars = Option<(
    (&'static str, &'static str),
    Vec<(BarKey, u64, String)>,
    Option<&'static str>,
)>;

/// One bar: its start and look fixed, its end (and so its width and label) following the line.
fn chart_bar(
    key: BarKey,
    line: Memo<RowBars>,
    bar_id: &'static str,
    x: impl Fn(u64) -> u64 + Copy + Send + Sync + 'static,
    y: u64,
) -> impl IntoView {
    let (from, kind, label) = key.clone();
    let now = Memo::new(move |_| {
        line.with(|l| {
            l.as_ref()
                .and_then(|l| l.1.iter().find(|b| b.0 == key))
                .map(|b| (b.1, b.2.clone()))
                .unwrap_or((from, String::new()))
        })
    });
    let x0 = move || x(from);
    let w = move || x(now.with(|n| n.0)).saturating_sub(x0()).max(2);
    let words = label.clone();
    // About 6.5 px a character at 11 px: a label cut to its bar, none in a sliver.
    let shown = move || {
        let room = (w().saturating_sub(6) * 10 / 65) as usize;
        (room >= 3).then(|| {
            if words.chars().count() > room {
                let cut: String = words.chars().take(room - 1).collect();
                format!("{cut}…")
            } else {
                words.clone()
            }
        })
    };
    view! {
        <g class=format!("bar {kind}") data-testid=bar_id
            data-segment=kind data-label=label data-from=from data-to=move || now.with(|n| n.0)>
            <rect x=x0 y=y + 3 width=w height=ROW - 6 rx="3">
                <title>{move || now.with(|n| n.1.clone())}</title>
            </rect>
            <text x=move || x0() + 4 y=y + 15 class="bar-label">{shown}</text>
        </g>
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
