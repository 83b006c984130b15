//! Group playback (driven by `crate::session::playback::drive`): one step of the trace per beat, at the
//! member view's speeds. In guided play a run of "time passes" steps is one beat (one row of the
//! step list), and playback pauses on every narrated step, whose note then stays until the user
//! goes on.

use super::GroupSession;
use crate::session::playback::{Driven, Transport};
use kip848_core::group::step_rows;
use leptos::prelude::*;

impl Driven for GroupSession {
    fn transport(self) -> Transport {
        self.transport
    }
    fn playing_tracked(self) -> bool {
        let playing = self.transport.playback.get().is_playing();
        let (cursor, len) = self.timeline.with(|t| (t.cursor(), t.len()));
        if playing && cursor >= len {
            self.transport.pause();
            return false;
        }
        playing
    }
    fn beat(self) {
        let cursor = self.timeline.with_untracked(|t| t.cursor());
        advance(self, cursor)
    }
}

fn advance(session: GroupSession, cursor: usize) {
    let guided = session.transport.guided.get_untracked();
    let (next, noted) = session.timeline.with_untracked(|t| {
        let next = if guided {
            step_rows(t)
                .into_iter()
                .find(|r| r.last >= cursor)
                .map_or(cursor + 1, |r| r.last + 1)
        } else {
            cursor + 1
        };
        (
            next,
            t.steps().get(next - 1).is_some_and(|s| s.note.is_some()),
        )
    });
    session.seek(next);
    if guided && noted {
        session.transport.pause();
    }
}
