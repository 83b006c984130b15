//! librdkafka's diagram (`rdkafka_cgrp.c`'s join states). The way in runs down the left column,
//! `init` to `steady` through the assign callback; revocation runs up the right column, from
//! `wait-unassign-call` through the application's `incremental_unassign()` and back across to
//! the assign that follows it (an empty one, often). Leaving comes down the right column to a
//! full unassign and round the outside back to `init`, then `term`.
//!
//! ```text
//!   ┌──────────── init
//!   │ nothing     │ ▲  ▲
//!   │ held  adds  ▼ │  └── lost: rejoin ── wait-incr-unassign-to-complete ◀┐
//!   │     wait-assign-call ◀── assign (maybe []) ──┘                     │ incremental_unassign()
//!   │        ▼ ▲  └── closing ──────────────────────────▶ wait-unassign-call
//!   └────── steady ─────── revoke, lost, leave ────────────▶ │ full unassign
//!        │ closing, none held                        wait-unassign-to-complete ── leave sent ─▶ init
//!      term ◀── leave answered ── init
//! (and round the right, from wait-unassign-call back to init: unsubscribed while on_revoke
//! of everything held waits, the leave at once)
//! ```

use super::draw::{left_of, line, named, node, on, right_of, Nodes};
use super::geom::{pt, Rect};
use super::Diagram;
use crate::machine::model::Model;
use crate::protocol::state::StateName::*;

/// The left column (the way in) and the right one (revocation and leaving).
const X: f64 = 118.0;
const RX: f64 = 348.0;
/// Rows: `init` and `term`; the two callbacks' row; `steady`'s; the full unassign's.
const Y0: f64 = 40.0;
const Y1: f64 = 180.0;
const Y2: f64 = 320.0;
const Y3: f64 = 450.0;
/// The three lines round the left of `init`: the leave sent (outside), the leave answered down to
/// `term`, nothing held (inside).
const OUT_LEAVE: f64 = 14.0;
const OUT_TERM: f64 = 24.0;
const OUT_HELD: f64 = 34.0;
/// `term` below everything, left; the leave sent runs under it.
const TERM_X: f64 = 170.0;
const TERM_Y: f64 = 540.0;
const BOTTOM: f64 = 600.0;
/// The line up the right of everything from `wait-unassign-call`'s top: unsubscribed while
/// on_revoke waits, straight back to `init`.
const OUT_RIGHT: f64 = 420.0;

pub fn layout() -> Diagram {
    let n = Nodes(vec![
        node(Init, X, Y0),
        node(Term, TERM_X, TERM_Y),
        node(WaitAssignCall, X, Y1),
        named(
            WaitIncrUnassignToComplete,
            "wait-incr-\nunassign-to-\ncomplete",
            RX,
            Y1,
        ),
        node(Steady, X, Y2),
        node(WaitUnassignCall, RX, Y2),
        named(
            WaitUnassignToComplete,
            "wait-unassign-\nto-complete",
            RX,
            Y3,
        ),
    ]);
    let closing_x = 258.0;
    let closing_y = 270.0;
    let edges =
        vec![
        line(
            Init,
            WaitAssignCall,
            &[n.bottom(Init, -20.0), n.top(WaitAssignCall, -20.0)],
            left_of("adds", X - 20.0, 110.0),
        )
        .with_note(
            "an answer whose target adds partitions: they go to on_assign \
             (rd_kafka_cgrp_handle_assignment_cooperative)",
        ),
        line(
            Steady,
            WaitAssignCall,
            &[n.top(Steady, -20.0), n.bottom(WaitAssignCall, -20.0)],
            left_of("adds", X - 20.0, 235.0),
        )
        .with_note("a newer target that only adds partitions, once the last one was acknowledged"),
        line(
            WaitAssignCall,
            Steady,
            &[n.bottom(WaitAssignCall, 20.0), n.top(Steady, 20.0)],
            right_of("incremental_\nassign()", X + 20.0, 255.0),
        )
        .with_note(
            "the application's incremental_assign() (Python makes it when on_assign returns); \
             the acknowledgement goes at once",
        ),
        line(
            Steady,
            WaitUnassignCall,
            &[n.right(Steady, 8.0), n.left(WaitUnassignCall, 8.0)],
            on("revoke\nor leave", 213.0, Y2 + 8.0),
        )
        .with_note(
            "a target that takes partitions away (on_revoke), a fence (on_lost), \
             unsubscribe() or close() (on_revoke of everything)",
        ),
        line(
            WaitUnassignCall,
            WaitIncrUnassignToComplete,
            &[n.top(WaitUnassignCall, 20.0), n.bottom(WaitIncrUnassignToComplete, 20.0)],
            on("incremental_\nunassign()", RX + 20.0, 255.0),
        )
        .with_note("the application's incremental_unassign(): the revoked partitions stop"),
        line(
            WaitIncrUnassignToComplete,
            WaitAssignCall,
            &[n.left(WaitIncrUnassignToComplete, -12.0), n.right(WaitAssignCall, -12.0)],
            on("assign\nor []", 241.0, Y1 - 12.0),
        )
        .with_note(
            "after a revocation the coordinator asked for, on_assign with what the target adds, \
             an empty list when it adds nothing (rd_kafka_cgrp_consumer_incr_unassign_done)",
        ),
        line(
            WaitIncrUnassignToComplete,
            Init,
            &[
                n.top(WaitIncrUnassignToComplete, -30.0),
                pt(RX - 30.0, 100.0),
                pt(X + 20.0, 100.0),
                n.bottom(Init, 20.0),
            ],
            on("lost, unsubscribed:\nrejoin", 228.0, 100.0),
        )
        .with_note(
            "after on_lost (fenced, poll interval passed) or unsubscribe(): epoch 0, and the \
             leave first if one is owed (rd_kafka_cgrp_consumer_rejoin)",
        ),
        line(
            WaitAssignCall,
            WaitUnassignCall,
            &[
                n.right(WaitAssignCall, 10.0),
                pt(closing_x, Y1 + 10.0),
                pt(closing_x, closing_y),
                pt(RX - 40.0, closing_y),
                n.top(WaitUnassignCall, -40.0),
            ],
            on("close", closing_x, 220.0),
        )
        .with_note(
            "closing (or unsubscribing) while on_assign runs: on_revoke queues behind it; \
             closing, its answer is taken as an unassign",
        ),
        line(
            WaitUnassignCall,
            WaitUnassignToComplete,
            &[n.bottom(WaitUnassignCall, 20.0), n.top(WaitUnassignToComplete, 20.0)],
            on("full\nunassign", RX + 20.0, 385.0),
        )
        .with_note("closing (or after a fatal error): the answer becomes a full unassign"),
        line(
            WaitUnassignToComplete,
            Init,
            &[
                n.bottom(WaitUnassignToComplete, 0.0),
                pt(RX, BOTTOM),
                pt(OUT_LEAVE, BOTTOM),
                pt(OUT_LEAVE, Y0 - 8.0),
                n.left(Init, -8.0),
            ],
            on("leave sent", 250.0, BOTTOM),
        )
        .with_note("the leave heartbeat (epoch −1, or −2 for a static member) sent"),
        line(
            WaitUnassignCall,
            Init,
            &[
                n.top(WaitUnassignCall, OUT_RIGHT - RX),
                pt(OUT_RIGHT, Y0),
                n.right(Init, 0.0),
            ],
            on("unsubscribed:\nleave at once", 290.0, Y0),
        )
        .with_note(
            "unsubscribe() while on_revoke of everything held waits for the application: \
             nothing else to revoke, the leave goes at once and that on_revoke's answer is \
             served in init (rd_kafka_cgrp_consumer_rejoin)",
        ),
        line(
            Steady,
            Init,
            &[
                n.left(Steady, 0.0),
                pt(OUT_HELD, Y2),
                pt(OUT_HELD, Y0 + 8.0),
                n.left(Init, 8.0),
            ],
            right_of("none\nheld", OUT_HELD, 282.0),
        )
        .with_note(
            "fenced, unsubscribed or closing with nothing assigned, or a fatal error (a silent \
             unassign, no callback)",
        ),
        line(
            Init,
            Term,
            &[
                n.left(Init, 0.0),
                pt(OUT_TERM, Y0),
                pt(OUT_TERM, TERM_Y),
                n.left(Term, 0.0),
            ],
            on("leave\nanswered", 75.0, TERM_Y),
        )
        .with_note("closing: the leave answered, or none owed (rd_kafka_cgrp_terminate0)"),
        line(
            Steady,
            Term,
            &[
                n.bottom(Steady, 0.0),
                pt(X, 480.0),
                pt(TERM_X - 20.0, 480.0),
                n.top(Term, -20.0),
            ],
            on("closing,\nnone held", X, 420.0),
        )
        .with_note(
            "closing with nothing assigned: \"skipping rejoin\", the join state stays steady; \
             the leave answered (or none owed)",
        ),
    ];
    Diagram {
        model: Model::Librdkafka,
        view_box: Rect::from_edges(0.0, 0.0, 436.0, 620.0),
        nodes: n.0,
        groups: vec![],
        edges,
    }
}
