//! The state diagram of the model in use, from the core's layout laid out ahead of time
//! (`kip848_core::screen::diagram::drawn`, which the core's tests hold equal to the layout): the
//! same geometry the SVG export draws and the core's tests measure. The current state is
//! highlighted; the transition just shown is drawn again along its way, with a pulse. The shipped
//! client's allowed-transition table is beside it.
//!
//! Test ids: `diagram` (the SVG), `node-<STATE>` (with `data-current`), and `edge-<FROM>-<TO>` for
//! every allowed transition, with class `fired` while it is the one shown. An edge standing for
//! several transitions is a `.edge-group` (`data-transitions="FROM-TO …"`, class `fired` when any
//! of them is) holding one `.edge` per transition: its own stub when it has one, else empty (its
//! line is the group's).

use crate::components::glossary::Term;
use crate::session::context::use_frame;
use kip848_core::screen::diagram::drawn::{DrawnEdge, DrawnLabel};
use kip848_core::screen::diagram::geom::FONT_FAMILY;
use kip848_core::screen::diagram::{drawn, tone};
use kip848_core::Frame;
use kip848_core::{Model, StateName};
use leptos::prelude::*;

fn edge_id(from: StateName, to: StateName) -> String {
    format!("edge-{}-{}", from.as_str(), to.as_str())
}

/// A label's text, a line per `tspan`, centred in its box.
fn text(label: &'static DrawnLabel) -> impl IntoView {
    let lines = label
        .lines
        .iter()
        .map(|&(line, y)| view! { <tspan x=label.x y=y>{line}</tspan> })
        .collect_view();
    view! {
        <text text-anchor="middle" dominant-baseline="central" font-size=label.size>{lines}</text>
    }
}

/// One drawn edge. `fired(from, to)`: whether that transition is the one shown.
fn edge_view<F>(edge: &'static DrawnEdge, fired: F) -> AnyView
where
    F: Fn(StateName, StateName) -> bool + Copy + Send + Sync + 'static,
{
    let to = edge.to;
    let title = edge.note.map(|note| view! { <title>{note}</title> });
    let trunk = view! {
        <path class="line" d=edge.path></path>
        <path class="head" d=edge.head></path>
    };
    if !edge.is_grouped() {
        let from = edge.from[0];
        return view! {
            <g class="edge" class:fired=move || fired(from, to) data-testid=edge_id(from, to)
                data-transitions=edge.transitions>
                {title}{trunk}{text(&edge.label)}
            </g>
        }
        .into_any();
    }
    let from = edge.from;
    let any = move || from.iter().any(|&f| fired(f, to));
    // A group's own line into the trunk belongs to all its members.
    let shared = edge
        .stubs
        .iter()
        .filter(|s| s.from.len() > 1)
        .map(|s| view! { <path class="stub" d=s.path></path> })
        .collect_view();
    let members = edge
        .from
        .iter()
        .map(|&from| {
            let own = edge
                .stubs
                .iter()
                .find(|s| s.from == [from])
                .map(|s| view! { <path class="stub" d=s.path></path> });
            view! {
                <g class="edge" class:fired=move || fired(from, to) data-testid=edge_id(from, to)
                    data-from=from.as_str()>{own}</g>
            }
        })
        .collect_view();
    view! {
        <g class="edge-group" class:fired=any data-transitions=edge.transitions data-group=edge.group>
            {title}{shared}{members}{trunk}{text(&edge.label)}
        </g>
    }
    .into_any()
}

/// The SVG diagram.
#[component]
pub fn Diagram(
    /// The frame to draw (the member view's own by default; the review view gives each model's).
    #[prop(optional, into)]
    frame: Option<Signal<Frame>>,
    /// Prefix of the element ids, unique when two diagrams share a page.
    #[prop(optional)]
    ids: &'static str,
) -> impl IntoView {
    let frame: Signal<Frame> = frame.unwrap_or_else(|| use_frame().into());
    let model = Memo::new(move |_| frame.with(|f| f.model));
    let shape = move || drawn(model.get());
    let current = move || frame.with(|f| f.facts.state);
    // The frame's edge (the step's last transition shown so far), with its step: a new transition
    // restarts the motion; a later effect of the same step that is no transition does not.
    let firing = Memo::new(move |_| frame.with(|f| f.edge.map(|e| (e.from, e.to, f.cursor.step))));
    let fired = move |from: StateName, to: StateName| {
        firing.with(|f| f.is_some_and(|(a, b, _)| a == from && b == to))
    };
    let groups = move || {
        shape()
            .groups
            .iter()
            .map(|g| {
                view! {
                    <g class="group" data-group=g.name>
                        <path d=g.border></path>
                        {text(&g.title)}
                    </g>
                }
            })
            .collect_view()
    };
    let edges = move || {
        shape()
            .edges
            .iter()
            .map(|e| edge_view(e, fired))
            .collect_view()
    };
    let nodes = move || {
        shape()
            .nodes
            .iter()
            .map(|node| {
                let state = node.state;
                let [x, y, w, h] = node.rect;
                let is_current = move || current() == state;
                view! {
                    <g class="node" class:current=is_current data-state=state.as_str()
                        data-tone=tone(state) data-testid=format!("node-{}", state.as_str())
                        data-current=move || is_current().to_string()>
                        <rect x=x y=y width=w height=h rx="7"></rect>
                        {text(&node.label)}
                    </g>
                }
            })
            .collect_view()
    };
    // The way of the transition shown (its own stub, then the trunk), over every other line: drawn
    // along its length, with a token travelling from the old state to the new. Keyed by where the
    // cursor is, so each newly shown transition gets new elements and its motion starts again (an
    // element kept and only given a new `d` would keep its finished animation: the way would be
    // fully drawn at once).
    let shown = move || {
        firing
            .get()
            .and_then(|key| shape().way(key.0, key.1).map(|way| (key, way)))
    };
    let shown = view! {
        <For each=move || shown().into_iter() key=|(key, _)| *key let:way>
            <path class="way" d=way.1></path>
            <path class="pulse" d=way.1 data-testid="pulse"></path>
            <circle class="token" r="5" data-testid="token" style=format!("offset-path: path('{}')", way.1)></circle>
        </For>
    };
    let title = move || {
        format!(
            "State diagram of the {} model; current state {}",
            model.get().as_str(),
            current().as_str()
        )
    };
    let view_box = move || {
        let [w, h] = shape().size;
        format!("0 0 {w} {h}")
    };
    // Never wider than its own size (text 13 px), never narrower than text 11 px: in a narrower
    // column the frame scrolls sideways (the shipped client's diagram in a 375 px window).
    let widths = move || {
        let d = shape();
        // The aspect lets the stage size it by the height it has (style/views.css).
        format!(
            "max-width: {}px; min-width: {}px; --min-width: {}px; --aspect: {}",
            d.size[0],
            d.min_width,
            d.min_width,
            d.aspect()
        )
    };
    // On a laptop's stage a diagram taller than the stage scrolls in its frame: the frame follows
    // the current state, so the state that just changed is in view (the page itself never moves).
    let frame_box = NodeRef::<leptos::html::Div>::new();
    let state = Memo::new(move |_| current());
    Effect::new(move |_| {
        let state = state.get();
        if let Some(div) = frame_box.get() {
            // In the next frame: measuring now would force a layout mid-update.
            request_animation_frame(move || follow(&div, state));
        }
    });
    view! {
        <div class="diagram-frame" node_ref=frame_box>
            <svg class="diagram" viewBox=view_box style=widths font-family=FONT_FAMILY role="img"
                aria-labelledby=format!("{ids}diagram-title") data-testid="diagram" data-model=move || model.get().as_str()>
                <title id=format!("{ids}diagram-title")>{title}</title>
                {groups}
                {edges}
                {shown}
                {nodes}
            </svg>
        </div>
        // A key to the diagram, not the current state: said so, so nobody reads it as status.
        <p class="muted legend">{move || model.get().descriptor().key} <Term id="reconciliation">"reconciliation"</Term> "."
            <Show when=move || model.get() == Model::Librdkafka>
                " Each " <Term id="join-state">"join state"</Term> " names what the application was handed."
            </Show>
        </p>
        {move || {
            let descriptor = model.get().descriptor();
            descriptor.table.map(|source| view! { <TransitionTable frame=frame descriptor=descriptor source=source/> })
        }}
    }
}

/// Scrolls `frame` (where it scrolls, up and down or sideways) so that `state`'s box is in its
/// middle.
fn follow(frame: &web_sys::HtmlDivElement, state: StateName) {
    let (tall, wide) = (
        frame.scroll_height() > frame.client_height(),
        frame.scroll_width() > frame.client_width(),
    );
    if !tall && !wide {
        return;
    }
    let selector = format!("[data-testid=\"node-{}\"]", state.as_str());
    let Ok(Some(node)) = frame.query_selector(&selector) else {
        return;
    };
    let (outer, inner) = (
        frame.get_bounding_client_rect(),
        node.get_bounding_client_rect(),
    );
    if tall {
        let top = inner.top() - outer.top() + f64::from(frame.scroll_top());
        let target = top - (outer.height() - inner.height()) / 2.0;
        frame.set_scroll_top(target.max(0.0).round() as i32);
    }
    if wide {
        let left = inner.left() - outer.left() + f64::from(frame.scroll_left());
        let target = left - (outer.width() - inner.width()) / 2.0;
        frame.set_scroll_left(target.max(0.0).round() as i32);
    }
}

/// A real client's own table of allowed transitions (the Java client's "valid previous states",
/// `MemberState.java`): each state beside the states it may be entered from, in the table's order.
#[component]
fn TransitionTable(
    frame: Signal<Frame>,
    descriptor: &'static kip848_core::machine::descriptor::Descriptor,
    source: &'static str,
) -> impl IntoView {
    let current = move || frame.with(|f| f.facts.state);
    let mut rows: Vec<(StateName, Vec<StateName>)> = Vec::new();
    for (from, to) in (descriptor.transitions)() {
        match rows.iter_mut().find(|(t, _)| *t == to) {
            Some((_, froms)) => froms.push(from),
            None => rows.push((to, vec![from])),
        }
    }
    view! {
        <details class="transition-table" data-testid="transition-table">
            <summary>{format!("Allowed transitions ({source})")}</summary>
            <table>
                <thead><tr><th scope="col">"to"</th><th scope="col">"from"</th></tr></thead>
                <tbody>
                    {rows.into_iter().map(|(to, from)| {
                        let list = from.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ");
                        view! { <tr class:current=move || current() == to><th scope="row">{to.as_str()}</th><td>{list}</td></tr> }
                    }).collect_view()}
                </tbody>
            </table>
        </details>
    }
}
