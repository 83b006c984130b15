//! The application lane: commits and callbacks as bars from invoke to completion (Jepsen timeline
//! style), with their partitions; pending ones say who waits on them. Bars, labels and statuses
//! are the frame's; only the geometry is drawn here.

use crate::components::glossary::Term;
use crate::session::context::use_frame;
use leptos::prelude::*;

/// Steps shown on the lane's axis (the frame holds the spans of these steps).
const WINDOW: usize = kip848_core::screen::frame::LANE_STEPS;

/// A span on screen: its key (the step and effect it started at), label, words, status, and its
/// bar's left and width in thousandths of the track.
type Row = ((usize, usize), String, String, &'static str, usize, usize);

/// The lane, over the last steps up to the cursor.
#[component]
pub fn AppLane(
    /// The frame to show (the member view's own by default).
    #[prop(optional, into)]
    frame: Option<Signal<kip848_core::Frame>>,
    /// Prefix of the element ids, unique when two lanes share a page.
    #[prop(optional)]
    ids: &'static str,
) -> impl IntoView {
    let frame: Signal<kip848_core::Frame> = frame.unwrap_or_else(|| use_frame().into());
    let rows: Memo<Vec<Row>> = Memo::new(move |_| {
        frame.with(|f| {
            let cursor = f.cursor.step;
            let first = cursor.saturating_sub(WINDOW);
            // Positions in permille: integers keep float formatting out of the bundle.
            let width = (cursor - first).max(1);
            // The frame's lane holds only the spans of these steps.
            f.lane
                .iter()
                .map(|s| {
                    let start = s.started.max(first);
                    let end = s.ended.map_or(cursor, |e| e + 1).max(start + 1);
                    let left = (start - first) * 1000 / width;
                    let span_width = ((end - start) * 1000 / width).min(1000 - left);
                    (
                        (s.started, s.effect),
                        s.label.clone(),
                        s.words.clone(),
                        s.status,
                        left,
                        span_width,
                    )
                })
                .collect::<Vec<_>>()
        })
    });
    // Where the lane is capped (the laptop's stage) it scrolls: the newest span, at its end, stays
    // in view.
    let list = NodeRef::<leptos::html::Ol>::new();
    // Measured in the next frame, as the log does: a read of the lane's height here would lay
    // the page out in the middle of the other panels' updates (a forced layout on every seek).
    Effect::new(move |_| {
        rows.track();
        if let Some(ol) = list.get() {
            request_animation_frame(move || {
                if ol.scroll_height() > ol.client_height() {
                    ol.set_scroll_top(ol.scroll_height());
                }
            });
        }
    });
    view! {
        // Two lanes on a page (the review view): each is named by its side's title too.
        <section class="panel lane" aria-labelledby=if ids.is_empty() { "lane-title".to_owned() } else { format!("{ids}lane-title {ids}title") }>
            <h2 id=format!("{ids}lane-title")>"Application lane"</h2>
            <Show when=move || rows.with(Vec::is_empty)>
                <p class="muted">"No commit or callback yet."</p>
            </Show>
            <Show when=move || frame.with(|f| f.model != kip848_core::Model::Librdkafka)
                fallback=|| view! { <p class="muted legend">"Callbacks: the " <Term id="rebalance-callback">"rebalance callback"</Term> "'s on_revoke, on_assign and on_lost (librdkafka)"</p> }>
                <p class="muted legend">"Callbacks: " <Term id="revoke">"onPartitionsRevoked"</Term> ", " <Term id="assign">"onPartitionsAssigned"</Term> ", " <Term id="on-partitions-lost">"onPartitionsLost"</Term> " (the Java client)"</p>
            </Show>
            <ol class="spans" data-testid="app-lane" node_ref=list>
                // Keyed by the span alone: its bar is one element for its whole life, so that a
                // callback that runs on is seen growing (its width moves, a CSS transition) instead
                // of being drawn anew at each step.
                <For each=move || rows.with(|r| r.iter().map(|row| row.0).collect::<Vec<_>>()) key=|k| *k let:key>
                    {
                        let row = Memo::new(move |_| rows.with(|r| r.iter().find(|row| row.0 == key).cloned()));
                        let part = move |f: fn(&Row) -> String| row.with(|r| r.as_ref().map(f).unwrap_or_default());
                        view! {
                            <li class=move || format!("span {}", part(|r| r.3.to_owned())) data-status=move || part(|r| r.3.to_owned()) data-testid="span">
                                <span class="span-label">{move || unbroken(&part(|r| r.1.clone()))}</span>
                                <span class="span-track">
                                    <span class="span-bar" style=move || part(|r| format!("left:{}.{}%;width:{}.{}%", r.4 / 10, r.4 % 10, r.5 / 10, r.5 % 10))></span>
                                </span>
                                <span class="span-status muted">{move || part(|r| r.2.clone())}</span>
                            </li>
                        }
                    }
                </For>
            </ol>
        </section>
    }
}

/// A callback's label (`onPartitionsAssigned(orders-0, orders-1)`) that breaks only between its
/// name and its partitions, never inside one: each piece whole, a break allowed after `(` and `, `.
fn unbroken(label: &str) -> impl IntoView {
    let mut pieces: Vec<String> = Vec::new();
    let mut rest = label;
    while let Some(at) = rest.find(['(', ',']) {
        let end = at + 1 + usize::from(rest[at + 1..].starts_with(' '));
        pieces.push(rest[..end].to_owned());
        rest = &rest[end..];
    }
    pieces.push(rest.to_owned());
    pieces
        .into_iter()
        .map(|piece| view! { <span class="nowrap">{piece}</span><wbr/> })
        .collect_view()
}
