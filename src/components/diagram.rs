//! The state diagram of the model in use: its states and every transition it allows. The current
//! state is highlighted; the transition just shown is drawn along its edge. The seed's six states
//! have a hand-laid diagram; the shipped client's ten are laid out on a grid, with its
//! allowed-transition table beside them.

use crate::components::glossary::Term;
use crate::context::use_session;
use kip848_core::{Model, StateName};
use leptos::prelude::*;

const WIDTH: i32 = 124;
const HEIGHT: i32 = 38;

/// Where each state's box is centred.
fn centre(state: StateName) -> (i32, i32) {
    use StateName::*;
    match state {
        New => (60, 60),
        Joining => (230, 60),
        Joined => (420, 60),
        Assigning => (610, 60),
        Terminating => (330, 250),
        Terminated => (610, 250),
        // The shipped client, on a 3-row grid (JOINING stays where the seed has it).
        Unsubscribed => (70, 60),
        Reconciling => (420, 60),
        Acknowledging => (610, 60),
        Fenced => (230, 165),
        Stable => (515, 165),
        Stale => (70, 275),
        Leaving => (230, 275),
        PrepareLeaving => (420, 275),
        Fatal => (610, 275),
    }
}

/// The seed's hand-drawn edges and their labels.
fn seed_edge(from: StateName, to: StateName) -> (String, Option<(i32, i32, &'static str)>) {
    use StateName::*;
    let (d, label) = match (from, to) {
        (New, Joining) => ("M120,60 L170,60", Some((145, 50, "subscribe"))),
        (New, Terminated) => ("M60,80 C60,325 610,325 610,270", Some((330, 314, "close"))),
        (Joining, Joined) => ("M290,52 L360,52", Some((325, 44, "success"))),
        (Joined, Joining) => ("M360,70 L290,70", Some((325, 88, "fenced"))),
        (Joined, Assigning) => ("M480,52 L550,52", Some((515, 44, "target"))),
        (Assigning, Joined) => ("M550,70 L480,70", Some((515, 88, "reconciled"))),
        (Assigning, Joining) => ("M610,40 C610,-4 230,-4 230,40", Some((420, 14, "fenced"))),
        (Joining, Terminating) => ("M245,80 L300,230", Some((255, 160, "close"))),
        (Joined, Terminating) => ("M405,80 L350,230", None),
        (Assigning, Terminating) => ("M585,80 L385,232", None),
        (Joining, Terminated) => ("M275,80 L565,230", Some((520, 176, "fatal error"))),
        (Joined, Terminated) => ("M455,80 L590,230", None),
        (Assigning, Terminated) => ("M625,80 L625,230", None),
        (Terminating, Terminated) => ("M390,250 L550,250", Some((470, 242, "left"))),
        _ => ("", None),
    };
    (d.to_owned(), label)
}

/// A straight edge between two boxes of the grid, bent a little when the reverse edge exists.
fn grid_edge(from: StateName, to: StateName, both_ways: bool) -> String {
    let ((x1, y1), (x2, y2)) = (centre(from), centre(to));
    let (dx, dy) = (x2 - x1, y2 - y1);
    // Leave and reach each box at its border: scale the centre-to-centre vector.
    let scale = |d: i32, half: i32| if d == 0 { 0 } else { half * d.signum() };
    let (sx, sy) = if dx.abs() * HEIGHT > dy.abs() * WIDTH {
        (scale(dx, WIDTH / 2), dy * (WIDTH / 2) / dx.abs().max(1))
    } else {
        (dx * (HEIGHT / 2) / dy.abs().max(1), scale(dy, HEIGHT / 2))
    };
    let (ax, ay, bx, by) = (x1 + sx, y1 + sy, x2 - sx, y2 - sy);
    if both_ways {
        // Offset perpendicular to the edge, so the two directions do not overlap.
        let len = ((dx * dx + dy * dy) as f32).sqrt().max(1.0);
        let (ox, oy) = (
            (-dy as f32 * 7.0 / len) as i32,
            (dx as f32 * 7.0 / len) as i32,
        );
        format!("M{},{} L{},{}", ax + ox, ay + oy, bx + ox, by + oy)
    } else {
        format!("M{ax},{ay} L{bx},{by}")
    }
}

fn edge_id(from: StateName, to: StateName) -> String {
    format!("edge-{}-{}", from.as_str(), to.as_str())
}

/// The SVG diagram.
#[component]
pub fn Diagram() -> impl IntoView {
    let session = use_session();
    let model = Memo::new(move |_| session.timeline.with(|t| t.model()));
    let current = move || session.frame.with(|f| f.facts.state);
    // The frame's edge, with where it is (to restart its animation).
    let firing = Memo::new(move |_| {
        session.frame.with(|f| {
            f.edge
                .map(|e| (e.from, e.to, f.cursor.step, f.cursor.shown))
        })
    });
    let path = move |from: StateName, to: StateName| match model.get() {
        Model::Seed => seed_edge(from, to),
        Model::Kafka => {
            let both = Model::Kafka.is_allowed(to, from);
            (grid_edge(from, to, both), None)
        }
    };
    let edges = move || {
        let model = model.get();
        model
            .transitions()
            .into_iter()
            .filter(|(from, to)| from != to)
            .map(|(from, to)| {
                let (d, label) = path(from, to);
                let fired = move || firing.with(|f| f.is_some_and(|(a, b, _, _)| a == from && b == to));
                view! {
                    <g class="edge" class:fired=fired data-testid=edge_id(from, to)>
                        <path d=d marker-end="url(#arrow)"></path>
                        {label.map(|(x, y, text)| view! { <text x=x y=y text-anchor="middle">{text}</text> })}
                    </g>
                }
            })
            .collect_view()
    };
    let nodes = move || {
        model
            .get()
            .states()
            .iter()
            .map(|&state| {
                let (x, y) = centre(state);
                let is_current = move || current() == state;
                let label = state.as_str();
                let small = label.len() > 11;
                view! {
                    <g class="node" class:current=is_current data-state=label
                        data-testid=format!("node-{label}")
                        data-current=move || is_current().to_string()>
                        <rect x=x - WIDTH / 2 y=y - HEIGHT / 2 width=WIDTH height=HEIGHT rx="8"></rect>
                        <text x=x y=y + 5 text-anchor="middle" class:small=small>{label}</text>
                    </g>
                }
            })
            .collect_view()
    };
    // Re-created for every newly shown transition, so its animation starts again.
    let pulse = move || {
        firing.get().map(|(from, to, _, _)| {
            let (d, _) = path(from, to);
            view! { <path class="pulse" d=d data-testid="pulse"></path> }
        })
    };
    let title = move || {
        format!(
            "State diagram of the {} model; current state {}",
            model.get().as_str(),
            current().as_str()
        )
    };
    view! {
        <svg class="diagram" viewBox="0 0 690 330" role="img" aria-labelledby="diagram-title" data-testid="diagram">
            <title id="diagram-title">{title}</title>
            <defs>
                <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                    <path d="M0,0 L10,5 L0,10 z" class="arrowhead"></path>
                </marker>
            </defs>
            {edges}
            {pulse}
            {nodes}
        </svg>
        <p class="muted legend">{move || match model.get() {
            Model::Seed => "ASSIGNING: the member is in a ",
            Model::Kafka => "RECONCILING: the member is in a ",
        }} <Term id="reconciliation">"reconciliation"</Term> "."</p>
        <Show when=move || model.get() == Model::Kafka>
            <TransitionTable/>
        </Show>
    }
}

/// The shipped client's "valid previous states" table (MemberState.java, reference §2.2).
#[component]
fn TransitionTable() -> impl IntoView {
    let session = use_session();
    let current = move || session.frame.with(|f| f.facts.state);
    view! {
        <details class="transition-table" data-testid="transition-table">
            <summary>"Allowed transitions (MemberState.java)"</summary>
            <table>
                <thead><tr><th scope="col">"to"</th><th scope="col">"from"</th></tr></thead>
                <tbody>
                    {kip848_core::kafka::ALLOWED.iter().map(|(to, from)| {
                        let to = *to;
                        let list = from.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ");
                        view! { <tr class:current=move || current() == to><th scope="row">{to.as_str()}</th><td>{list}</td></tr> }
                    }).collect_view()}
                </tbody>
            </table>
        </details>
    }
}
