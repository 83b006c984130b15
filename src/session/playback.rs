//! The only timer of the app, for the member's and the group's transport alike: while it plays (or
//! reveals the rest of a step after an action) it moves the cursor one beat at a time. Paused, it
//! does nothing and no timer is scheduled; nor while the tab is hidden.

use gloo_timers::callback::Timeout;
use leptos::prelude::*;

/// The fastest speed: effects are shown all at once.
pub const MAX_SPEED: i32 = 4;

/// What the transport is doing, in the member view and the group view alike. Playback only moves
/// the cursor, so pausing stops everything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Playback {
    Paused,
    /// Revealing the rest of the current step (after an action), then pausing.
    Step,
    /// Playing on, step after step (pausing on notes in guided mode).
    Play,
}

impl Playback {
    /// Playing on, or paused.
    pub fn playing_if(play: bool) -> Playback {
        if play {
            Playback::Play
        } else {
            Playback::Paused
        }
    }

    pub fn is_playing(self) -> bool {
        self != Playback::Paused
    }

    /// What the play/pause button makes of it.
    pub fn toggled(self) -> Playback {
        Playback::playing_if(!self.is_playing())
    }
}

/// The transport, one shape for the member's session and the group's: whether and how it plays,
/// and the step range an embed keeps every move inside. The cursor it moves is the timeline's.
#[derive(Clone, Copy)]
pub struct Transport {
    pub playback: RwSignal<Playback>,
    /// Guided play: playback pauses on every narrated step (in the group view a run of "time
    /// passes" is one beat).
    pub guided: RwSignal<bool>,
    /// Playback speed as a power of two: -2 is ¼×, 0 is 1×, `MAX_SPEED` shows whole steps.
    pub speed: RwSignal<i32>,
    /// An embed's step range (`from`, `to`, either order): every move stays inside it.
    pub range: StoredValue<Option<(usize, usize)>>,
}

impl Transport {
    /// Paused, at 1×, not guided, inside `range`.
    pub fn new(range: Option<(usize, usize)>) -> Transport {
        Transport {
            playback: RwSignal::new(Playback::Paused),
            guided: RwSignal::new(false),
            speed: RwSignal::new(0),
            range: StoredValue::new(range),
        }
    }

    pub fn pause(self) {
        self.playback.set(Playback::Paused);
    }

    /// Whether effects are revealed one at a time (not at the fastest speed).
    pub fn animates(self) -> bool {
        self.speed.get_untracked() < MAX_SPEED
    }

    /// `cursor` inside the range, if one is set.
    pub fn clamp(self, cursor: usize) -> usize {
        match self.range.get_value() {
            Some((from, to)) => cursor.clamp(from.min(to), to.max(from)),
            None => cursor,
        }
    }
}

/// Milliseconds between two revealed effects at ¼×; each speed step halves it (800 ms at 1×).
const SLOWEST_DELAY_MS: u32 = 3200;

/// The delay between two revealed effects at `speed` (a power of two, -2 to `MAX_SPEED`).
/// Integer arithmetic: float formatting and maths cost the wasm bundle kilobytes for nothing.
pub fn delay_ms(speed: i32) -> u32 {
    let steps = (speed.clamp(-2, MAX_SPEED) + 2).unsigned_abs();
    SLOWEST_DELAY_MS >> steps
}

/// Keeps the page's motion (`--beat`, the length of every effect's animation) at three quarters of
/// the delay between two effects at the chosen speed, so that each motion ends before the next
/// effect shows; none at the fastest speed, which shows whole steps.
pub fn follow_speed(speed: RwSignal<i32>) {
    Effect::new(move |_| {
        let speed = speed.get();
        let beat = if speed >= MAX_SPEED {
            0
        } else {
            delay_ms(speed) * 3 / 4
        };
        if let Some(root) = document()
            .document_element()
            .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok())
        {
            let _ = root.style().set_property("--beat", &format!("{beat}ms"));
        }
    });
}

/// What the one playback driver moves: the member's session and the group's, each through its
/// [`Transport`].
pub trait Driven: Copy + 'static {
    fn transport(self) -> Transport;
    /// Whether it plays, read so that any move of its cursor schedules the next beat.
    fn playing_tracked(self) -> bool;
    /// One beat forward (and a pause where the beat says so).
    fn beat(self);
}

/// Starts the playback driver of `transport`; it lives as long as the calling component. No timer
/// is scheduled while paused or while the tab is hidden.
pub fn drive<T: Driven>(driven: T) {
    let transport = driven.transport();
    follow_speed(transport.speed);
    let visible = RwSignal::new(!document().hidden());
    let listener = window_event_listener(leptos::ev::visibilitychange, move |_| {
        visible.set(!document().hidden());
    });
    on_cleanup(move || listener.remove());
    let timer = StoredValue::new_local(None::<Timeout>);
    Effect::new(move |_| {
        let playing = driven.playing_tracked();
        let speed = transport.speed.get();
        // Dropping a gloo Timeout cancels it.
        timer.set_value(None);
        if !visible.get() || !playing {
            return;
        }
        timer.set_value(Some(Timeout::new(delay_ms(speed), move || driven.beat())));
    });
}
