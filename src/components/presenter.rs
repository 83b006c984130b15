//! Presenter mode (`present=1`), for talks and design reviews: large type, the diagram and the
//! chips large, the scenario's note as speaker text, a slide list built from the notes, one key
//! press = one effect (→, PageDown, Space or "." forward; ←, PageUp back — a clicker sends
//! these), and `b` to blank the screen.

use crate::context::{use_session, Session};
use crate::lesson::noted;
use leptos::prelude::*;

/// What a key does in presenter mode; `None` leaves it to the page's shortcuts.
pub fn presenter_key(session: Session, key: &str, blank: RwSignal<bool>) -> Option<()> {
    match key {
        "ArrowRight" | "PageDown" | " " | "." => session.step_effect_forward(),
        "ArrowLeft" | "PageUp" => session.step_effect_back(),
        "b" | "B" => blank.update(|b| *b = !*b),
        _ => return None,
    }
    Some(())
}

/// The speaker text and the slide list.
#[component]
pub fn PresenterNotes() -> impl IntoView {
    let session = use_session();
    let lesson = Memo::new(move |_| session.lesson_position());
    let slides = Memo::new(move |_| {
        session.timeline.with(|t| {
            noted(t)
                .into_iter()
                .filter_map(|s| Some((s, t.steps().get(s - 1)?.note_for(t.model())?.to_owned())))
                .collect::<Vec<_>>()
        })
    });
    let note = move || {
        let step = lesson.get().step;
        slides.with(|all| {
            step.and_then(|s| all.iter().find(|(n, _)| *n == s))
                .map(|(_, n)| n.clone())
        })
    };
    view! {
        <section class="panel presenter-notes" aria-labelledby="presenter-title" data-testid="presenter-notes">
            <h2 id="presenter-title">"Speaker notes"</h2>
            <p class="speaker" data-testid="speaker-note">{move || note().unwrap_or_else(|| "(no note yet)".to_owned())}</p>
            <p class="muted keys">"→ PageDown Space . one effect forward · ← PageUp back · b blanks the screen"</p>
            <ol class="slides" data-testid="slides">
                {move || slides.get().into_iter().enumerate().map(|(i, (step, text))| {
                    let current = move || lesson.get().step == Some(step);
                    view! {
                        <li class:current=current>
                            <button class="log-seek" data-testid=format!("slide-{}", i + 1)
                                aria-current=move || current().then_some("step")
                                on:click=move |_| session.seek(step)>
                                <span class="step-no">{format!("{}", i + 1)}</span>
                                <span class="what">{text.clone()}</span>
                            </button>
                        </li>
                    }
                }).collect_view()}
            </ol>
        </section>
    }
}
