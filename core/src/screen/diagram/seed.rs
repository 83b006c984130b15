//! The seed design's diagram: the way in runs down one column, NEW to ASSIGNING;
//! the three states in the group share a box, and close and fatal error leave that box once each;
//! the two fences gather into one line back to JOINING; leaving runs along the bottom.
//!
//! ```text
//!        NEW ───────────── close ──┐
//!         │ subscribe              │
//!   ┌ in the group ───────────┐    │
//!   │   JOINING ◀─────┐       │    │
//!   │     │ success   │fenced │    │
//!   │   JOINED ───────┤       │    │
//!   │ target│ ▲reconciled     │    │
//!   │   ASSIGNING ────┘       │    │
//!   └──┬──────────────────┬───┘    │
//!      │ close            │ fatal error
//!   TERMINATING ─left─▶ TERMINATED ◀┘
//! ```

use super::draw::{edge, gathered, group, left_of, line, node, on, right_of, Nodes, Src};
use super::geom::{pt, Rect};
use super::Diagram;
use crate::machine::model::Model;
use crate::protocol::state::StateName::*;

/// The column the way in runs down.
const X: f64 = 150.0;

pub fn layout() -> Diagram {
    let n = Nodes(vec![
        node(New, X, 26.0),
        node(Joining, X, 136.0),
        node(Joined, X, 226.0),
        node(Assigning, X, 316.0),
        node(Terminating, 100.0, 444.0),
        node(Terminated, 310.0, 444.0),
    ]);
    let in_group = group(
        "in the group",
        &[Joining, Joined, Assigning],
        Rect::from_edges(30.0, 88.0, 314.0, 362.0),
        // On the bottom border between the two lines that leave it.
        90.0,
    );
    // Where the two fences meet, right of JOINED, and run up to JOINING.
    let fence_x = 270.0;
    let meet = pt(fence_x, n.right(Joined, 0.0).y);
    // Closed before subscribing: straight to the end, round the right of everything.
    let close_x = 348.0;
    let edges = vec![
        line(
            New,
            Joining,
            &[n.bottom(New, 0.0), n.top(Joining, 0.0)],
            on("subscribe", X, 64.0),
        )
        .with_note("subscribe in NEW: a full heartbeat with epoch 0"),
        line(
            New,
            Terminated,
            &[
                n.right(New, 0.0),
                pt(close_x, 26.0),
                pt(close_x, n.top(Terminated, 0.0).y),
            ],
            on("close", close_x, 226.0),
        )
        .with_note("close before subscribing"),
        line(
            Joining,
            Joined,
            &[n.bottom(Joining, 0.0), n.top(Joined, 0.0)],
            on("success", X, 180.0),
        )
        .with_note("the first successful heartbeat response"),
        // JOINED ⇄ ASSIGNING: two parallel arrows, each labelled on its own side.
        line(
            Joined,
            Assigning,
            &[n.bottom(Joined, -15.0), n.top(Assigning, -15.0)],
            left_of("target", X - 15.0, 271.0),
        )
        .with_note("a success with an assignment"),
        line(
            Assigning,
            Joined,
            &[n.top(Assigning, 15.0), n.bottom(Joined, 15.0)],
            right_of("reconciled", X + 15.0, 271.0),
        )
        .with_note(
            "the assigned set reached the newest target, after the acknowledging heartbeat \
            ",
        ),
        gathered(
            Joining,
            &[meet, pt(fence_x, 136.0), n.right(Joining, 0.0)],
            &[
                (Src::State(Joined), &[n.right(Joined, 0.0), meet]),
                (
                    Src::State(Assigning),
                    &[n.right(Assigning, 0.0), pt(fence_x, 316.0), meet],
                ),
            ],
            on("fenced", fence_x, 181.0),
        )
        .with_note(
            "UNKNOWN_MEMBER_ID or FENCED_MEMBER_EPOCH: the assignment cleared without \
             callbacks, a full join heartbeat",
        ),
        edge(
            Src::Group(&in_group),
            Terminating,
            &[pt(100.0, in_group.rect.bottom()), n.top(Terminating, 0.0)],
            on("close", 100.0, 394.0),
        )
        .with_note("close: revoke what is owned, then send the leave heartbeat"),
        edge(
            Src::Group(&in_group),
            Terminated,
            &[pt(290.0, in_group.rect.bottom()), n.top(Terminated, -20.0)],
            on("fatal error", 290.0, 394.0),
        )
        .with_note("fatal error; also close in JOINING before the member has an id"),
        line(
            Terminating,
            Terminated,
            &[n.right(Terminating, 0.0), n.left(Terminated, 0.0)],
            on("left", 204.0, 444.0),
        )
        .with_note("the leave heartbeat answered (or a fence or fatal error before it was sent)"),
    ];
    Diagram {
        model: Model::Seed,
        view_box: Rect::from_edges(0.0, 0.0, 378.0, 474.0),
        nodes: n.0,
        groups: vec![in_group],
        edges,
    }
}
