//! The state diagram of the seed model: the six states and every transition of cgmsm.md §5. The
//! current state is highlighted; the transition just shown is drawn along its edge.

use crate::context::{effects_of, use_session};
use kip848_core::{Effect, StateName, TRANSITIONS};
use leptos::prelude::*;

const WIDTH: i32 = 120;
const HEIGHT: i32 = 40;

/// Where each state's box is centred.
fn centre(state: StateName) -> (i32, i32) {
    match state {
        StateName::New => (60, 60),
        StateName::Joining => (230, 60),
        StateName::Joined => (420, 60),
        StateName::Assigning => (610, 60),
        StateName::Terminating => (330, 250),
        StateName::Terminated => (610, 250),
    }
}

/// The path of each edge and where its label sits (none for the fatal edges, labelled once).
fn edge(from: StateName, to: StateName) -> (&'static str, Option<(i32, i32, &'static str)>) {
    use StateName::*;
    match (from, to) {
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
    }
}

/// The distinct edges of §5 (JOINING → TERMINATED has two causes but one edge).
fn edges() -> Vec<(StateName, StateName)> {
    let mut out: Vec<(StateName, StateName)> = Vec::new();
    for (from, to, _) in TRANSITIONS {
        if !out.contains(&(from, to)) {
            out.push((from, to));
        }
    }
    out
}

fn edge_id(from: StateName, to: StateName) -> String {
    format!("edge-{}-{}", from.as_str(), to.as_str())
}

/// The SVG diagram.
#[component]
pub fn Diagram() -> impl IntoView {
    let session = use_session();
    let current = move || session.frame.with(|f| f.state);
    // The last transition shown in the current step, with where it is (to restart its animation).
    let firing = Memo::new(move |_| {
        let shown = session.shown.get();
        session.timeline.with(|t| {
            let index = t.cursor().checked_sub(1)?;
            let effects = effects_of(t, index);
            let upto = shown.unwrap_or(effects.len()).min(effects.len());
            effects[..upto]
                .iter()
                .enumerate()
                .rev()
                .find_map(|(i, e)| match e {
                    Effect::Transition { from, to } => Some((*from, *to, index, i)),
                    _ => None,
                })
        })
    });
    let edge_view = move |(from, to): (StateName, StateName)| {
        let (d, label) = edge(from, to);
        let fired = move || firing.with(|f| f.is_some_and(|(a, b, _, _)| a == from && b == to));
        view! {
            <g class="edge" class:fired=fired data-testid=edge_id(from, to)>
                <path d=d marker-end="url(#arrow)"></path>
                {label.map(|(x, y, text)| view! { <text x=x y=y text-anchor="middle">{text}</text> })}
            </g>
        }
    };
    let node = move |state: StateName| {
        let (x, y) = centre(state);
        let is_current = move || current() == state;
        view! {
            <g class="node" class:current=is_current data-state=state.as_str()
                data-testid=format!("node-{}", state.as_str())
                data-current=move || is_current().to_string()>
                <rect x=x - WIDTH / 2 y=y - HEIGHT / 2 width=WIDTH height=HEIGHT rx="8"></rect>
                <text x=x y=y + 5 text-anchor="middle">{state.as_str()}</text>
            </g>
        }
    };
    // Re-created for every newly shown transition, so its animation starts again.
    let pulse = move || {
        firing.get().map(|(from, to, _, _)| {
            let (d, _) = edge(from, to);
            view! { <path class="pulse" d=d data-testid="pulse"></path> }
        })
    };
    let title = move || {
        format!(
            "State diagram of the member; current state {}",
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
            {edges().into_iter().map(edge_view).collect_view()}
            {move || { let _ = firing.get(); pulse() }}
            {StateName::ALL.into_iter().map(node).collect_view()}
        </svg>
    }
}
