//! The shipped client's diagram (Kafka's `MemberState` and `AbstractMembershipManager`). The four states that take assignments
//! (`canHandleNewAssignment`) run down one column, JOINING to STABLE; with the two leaving states
//! beside them they make the heartbeating states (the complement of `shouldSkipHeartbeat`), the
//! box a fence or a fatal error leaves from. The states that skip heartbeats sit outside: FATAL
//! and UNSUBSCRIBED, FENCED above, STALE below.
//!
//! Over 300 lines: the Java client's diagram is one layout: ten states and their edges placed against each other.
//!
//! ```text
//!                                          FATAL
//!                                            ▲ fatal error (heartbeating, UNSUBSCRIBED)
//!    FENCED ───unsubscribe───▶ UNSUBSCRIBED ◀───────────┐
//!   ▲ fenced │ lost done  subscribe │    │ leave        │ leave sent or fenced
//!  ┌┼ heartbeating ─────────────────┼────┼──────────────┼─┐
//!  │ ┌ taking assignments ─┐        │    ▼              │ │
//!  │ │ JOINING ◀────────────────────┘  PREPARE_LEAVING ─┤ │
//!  │ │   │ target          │               │ callbacks  │ │
//!  │ │ RECONCILING ◀ new target            ▼ done       │ │
//!  │ │   │ reconciled      │            LEAVING ────────┘ │
//!  │ │ ACKNOWLEDGING       │               │ stale leave  │
//!  │ │   │ ack sent        │               │ sent         │
//!  │ │ STABLE ◀ target = current           │              │
//!  │ └─────────────────────┘               │              │
//!  └───────────────────────────────────────┼──────────────┘
//!   ┌──── poll + lost done ─────────────── STALE
//!   └──▶ JOINING
//! ```

use super::draw::{edge, gathered, group, line, named, node, on, Nodes, Src};
use super::geom::{pt, Rect};
use super::Diagram;
use crate::machine::model::Model;
use crate::protocol::state::StateName::*;

/// The column JOINING … STABLE run down.
const X: f64 = 150.0;
/// The column of the leaving states.
const LX: f64 = 330.0;
/// FATAL's column: off the leaving column, so that the two lines out of UNSUBSCRIBED (up to FATAL,
/// down to PREPARE_LEAVING) do not read as one line through it.
const FATAL_X: f64 = 370.0;
/// Rows: FATAL; FENCED and UNSUBSCRIBED; the top of the heartbeating box; JOINING, and every next
/// state of the column `STEP` lower (room for a two-line label between two boxes).
const FATAL_Y: f64 = 24.0;
const OUT_Y: f64 = 150.0;
const TOP: f64 = 256.0;
const J: f64 = TOP + 70.0;
const STEP: f64 = 96.0;
const R: f64 = J + STEP;
const A: f64 = R + STEP;
const S: f64 = A + STEP;
/// The bottom of the heartbeating box, and STALE's row below it.
const BOTTOM: f64 = S + 64.0;
const STALE_Y: f64 = BOTTOM + 58.0;

pub fn layout() -> Diagram {
    let n = Nodes(vec![
        node(Fatal, FATAL_X, FATAL_Y),
        node(Fenced, 90.0, OUT_Y),
        node(Unsubscribed, 320.0, OUT_Y),
        node(Joining, X, J),
        node(Reconciling, X, R),
        node(Acknowledging, X, A),
        node(Stable, X, S),
        named(PrepareLeaving, "PREPARE_\nLEAVING", LX, J + 130.0),
        node(Leaving, LX, J + 240.0),
        node(Stale, LX, STALE_Y),
    ]);
    let heartbeating = group(
        "heartbeating",
        &[
            Joining,
            Reconciling,
            Acknowledging,
            Stable,
            PrepareLeaving,
            Leaving,
        ],
        Rect::from_edges(22.0, TOP, 436.0, BOTTOM),
        14.0,
    );
    let assignable = group(
        "taking assignments",
        &[Joining, Reconciling, Acknowledging, Stable],
        Rect::from_edges(34.0, TOP + 30.0, 271.0, BOTTOM - 24.0),
        14.0,
    );
    // The two side lines of the column: new targets come in on the left, targets already
    // reached go down to STABLE on the right.
    let (new_x, same_x) = (72.0, 227.0);
    let new_meet = pt(new_x, R + 8.0);
    let same_meet = pt(same_x, R + 8.0);
    let between = |y: f64| y + STEP / 2.0;
    // Where leaving gathers above PREPARE_LEAVING; where the way back to UNSUBSCRIBED starts;
    // where fatal errors meet below FATAL.
    let leave_meet = pt(LX, J + 40.0);
    let back_x = 404.0;
    let back_meet = pt(back_x, n.right(PrepareLeaving, 0.0).y);
    let fatal_meet = pt(FATAL_X, 100.0);
    let mid = |a: f64, b: f64| (a + b) / 2.0;
    let edges = vec![
        line(
            Joining,
            Reconciling,
            &[n.bottom(Joining, 0.0), n.top(Reconciling, 0.0)],
            on("target", X, between(J)),
        )
        .with_note(
            "the first target, never the current assignment (processAssignmentReceived, \
             `AbstractMembershipManager.processAssignmentReceived`)",
        ),
        line(
            Reconciling,
            Acknowledging,
            &[n.bottom(Reconciling, 0.0), n.top(Acknowledging, 0.0)],
            on("reconciled", X, between(R)),
        )
        .with_note("the reconciliation finished: revoked, committed, assigned, callbacks done"),
        line(
            Acknowledging,
            Stable,
            &[n.bottom(Acknowledging, 0.0), n.top(Stable, 0.0)],
            on("ack sent", X, between(A)),
        )
        .with_note(
            "the acknowledging heartbeat generated, the target reached \
             (onHeartbeatRequestGenerated)",
        ),
        // A newer target while reconciling is RECONCILING → RECONCILING: a loop out of its left
        // side into the same line that brings new targets from ACKNOWLEDGING and STABLE.
        gathered(
            Reconciling,
            &[new_meet, n.left(Reconciling, 8.0)],
            &[
                (
                    Src::State(Reconciling),
                    &[n.left(Reconciling, -8.0), pt(new_x, R - 8.0), new_meet],
                ),
                (
                    Src::State(Acknowledging),
                    &[n.left(Acknowledging, 0.0), pt(new_x, A), new_meet],
                ),
                (
                    Src::State(Stable),
                    &[n.left(Stable, 0.0), pt(new_x, S), new_meet],
                ),
            ],
            // On the stretch ACKNOWLEDGING's and STABLE's lines share, beside RECONCILING's.
            on("new\ntarget", new_x, between(R)),
        )
        .with_note(
            "a target different from the current assignment: received in STABLE or \
             ACKNOWLEDGING, left after the acknowledgement, or newer while reconciling",
        ),
        gathered(
            Stable,
            &[same_meet, pt(same_x, S), n.right(Stable, 0.0)],
            &[
                (
                    Src::State(Joining),
                    &[n.right(Joining, 8.0), pt(same_x, J + 8.0), same_meet],
                ),
                (
                    Src::State(Reconciling),
                    &[n.right(Reconciling, 8.0), same_meet],
                ),
            ],
            on("target =\ncurrent", same_x, between(A)),
        )
        .with_note("an assignment equal to the current one: nothing to reconcile"),
        line(
            Unsubscribed,
            Joining,
            &[
                n.bottom(Unsubscribed, -40.0),
                pt(280.0, J - 8.0),
                n.right(Joining, -8.0),
            ],
            on("subscribe\n+ poll", 280.0, mid(OUT_Y + 16.0, TOP)),
        )
        .with_note("subscribe(), then the application polls (onConsumerPoll)"),
        line(
            Fenced,
            Joining,
            &[pt(120.0, n.rect(Fenced).bottom()), n.top(Joining, -30.0)],
            on("lost done", 120.0, TOP - 24.0),
        )
        .with_note("onPartitionsLost finished (even failed), the member still FENCED"),
        line(
            Fenced,
            Unsubscribed,
            &[n.right(Fenced, 0.0), n.left(Unsubscribed, 0.0)],
            on("unsubscribe", 192.0, OUT_Y),
        )
        .with_note("unsubscribe() or close() while FENCED: the assignment cleared, no leave"),
        edge(
            Src::Group(&heartbeating),
            Fenced,
            &[pt(70.0, TOP), n.bottom(Fenced, -20.0)],
            on("fenced", 70.0, OUT_Y + 46.0),
        )
        .with_note(
            "FENCED_MEMBER_EPOCH or UNKNOWN_MEMBER_ID; PREPARE_LEAVING and LEAVING are in the \
             table but go to UNSUBSCRIBED",
        ),
        gathered(
            Fatal,
            &[fatal_meet, n.bottom(Fatal, 0.0)],
            &[
                (
                    Src::Group(&heartbeating),
                    &[pt(420.0, TOP), pt(420.0, fatal_meet.y), fatal_meet],
                ),
                (
                    Src::State(Unsubscribed),
                    &[n.top(Unsubscribed, 50.0), fatal_meet],
                ),
            ],
            on("fatal error", FATAL_X, 68.0),
        )
        .with_note(
            "any other error; also from UNSUBSCRIBED, where nothing else happens \
             (transitionToFatal)",
        ),
        gathered(
            PrepareLeaving,
            &[leave_meet, n.top(PrepareLeaving, 0.0)],
            &[
                (
                    Src::Group(&assignable),
                    &[pt(assignable.rect.right(), leave_meet.y), leave_meet],
                ),
                (
                    Src::State(Unsubscribed),
                    &[n.bottom(Unsubscribed, 10.0), leave_meet],
                ),
            ],
            on("leave", LX, mid(leave_meet.y, n.rect(PrepareLeaving).top())),
        )
        .with_note(
            "unsubscribe(), close() or the poll timer expired (leaveGroup); from \
             UNSUBSCRIBED only in the table, leaveGroup leaves it unchanged",
        ),
        line(
            PrepareLeaving,
            Leaving,
            &[n.bottom(PrepareLeaving, 0.0), n.top(Leaving, 0.0)],
            on(
                "callbacks\ndone",
                LX,
                mid(n.rect(PrepareLeaving).bottom(), n.rect(Leaving).top()),
            ),
        )
        .with_note(
            "onPartitionsRevoked (or Lost) finished; at once when the poll timer expired \
            ",
        ),
        gathered(
            Unsubscribed,
            &[back_meet, pt(back_x, OUT_Y), n.right(Unsubscribed, 0.0)],
            &[
                (
                    Src::State(PrepareLeaving),
                    &[n.right(PrepareLeaving, 0.0), back_meet],
                ),
                (
                    Src::State(Leaving),
                    &[n.right(Leaving, 0.0), pt(back_x, J + 240.0), back_meet],
                ),
            ],
            on("leave\nsent or\nfenced", back_x, TOP + 60.0),
        )
        .with_note(
            "LEAVING: the leave heartbeat generated (or skipped, no coordinator), or a fence; \
             PREPARE_LEAVING: a fence cuts the leave short",
        ),
        line(
            Leaving,
            Stale,
            &[n.bottom(Leaving, 0.0), n.top(Stale, 0.0)],
            on(
                "stale leave\nsent",
                LX,
                mid(n.rect(Leaving).bottom(), BOTTOM),
            ),
        )
        .with_note("the leave heartbeat generated after max.poll.interval.ms expired"),
        line(
            Stale,
            Joining,
            &[
                n.left(Stale, 0.0),
                pt(10.0, STALE_Y),
                pt(10.0, J),
                n.left(Joining, 0.0),
            ],
            on("poll + lost done", 150.0, STALE_Y),
        )
        .with_note(
            "the application polls again and onPartitionsLost has finished \
             (maybeRejoinStaleMember)",
        ),
    ];
    Diagram {
        model: Model::Kafka,
        view_box: Rect::from_edges(0.0, 0.0, 440.0, STALE_Y + 30.0),
        nodes: n.0,
        groups: vec![heartbeating, assignable],
        edges,
    }
}
