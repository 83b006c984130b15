//! Lesson mode beside the diagram: the note on screen, "note 3 of 9", Back (a true step back to
//! the previous note's state) and Continue (plays on to the next note). → or Space continue, ←
//! goes back.

use crate::session::context::use_session;
use kip848_core::screen::words::counted;
use leptos::prelude::*;

#[component]
pub fn LessonPanel() -> impl IntoView {
    let session = use_session();
    let lesson = Memo::new(move |_| session.lesson_position());
    let note = move || {
        let step = lesson.get().step;
        session.timeline.with(|t| {
            step.and_then(|s| t.steps().get(s - 1))
                .and_then(|s| s.note_for(t.model()).map(str::to_owned))
        })
    };
    let title = move || {
        session
            .scenario
            .get()
            .unwrap_or_else(|| "This session".to_owned())
    };
    let finished = move || {
        let l = lesson.get();
        l.note == l.of && session.timeline.with(|t| t.cursor() == t.len())
    };
    view! {
        <section class="panel lesson" aria-labelledby="lesson-title" data-testid="lesson">
            <h2 id="lesson-title">"Lesson: " {title}</h2>
            <p class="muted" data-testid="lesson-position">
                // Before the first note: said as what happens now (the walkthrough plays to it at once).
                {move || {
                    let l = lesson.get();
                    let playing = session.transport.playback.get() != crate::session::playback::Playback::Paused;
                    match (l.note, playing) {
                        (0, true) => format!("{}: playing to the first", counted(l.of, "note")),
                        (0, false) => format!("{}: press Continue to start", counted(l.of, "note")),
                        _ => format!("note {} of {}", l.note, l.of),
                    }
                }}
            </p>
            <blockquote class="narration lesson-note" data-testid="lesson-note" aria-live="polite">
                {move || note().unwrap_or_else(|| session.timeline.with(|t| t.trace().description.clone().unwrap_or_default()))}
            </blockquote>
            <div class="row">
                <button data-testid="lesson-back" aria-keyshortcuts="ArrowLeft" disabled=move || lesson.get().note == 0
                    on:click=move |_| session.lesson_back()>"◀ Back"</button>
                <button class="primary" data-testid="lesson-continue" aria-keyshortcuts="ArrowRight Space" disabled=finished
                    on:click=move |_| session.lesson_continue()>{move || if finished() { "Finished" } else { "Continue ▶" }}</button>
                <button data-testid="lesson-exit" on:click=move |_| session.teaching.lesson.set(false)>"Leave the lesson"</button>
            </div>
            <p class="muted keys">"Keys: → or Space continue, ← back."</p>
        </section>
    }
}
