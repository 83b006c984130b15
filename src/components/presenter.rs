//! Presenter mode (`present=1`), for talks and design reviews: large type, the diagram and the
//! chips large, the scenario's note as speaker text, a slide list built from the notes, one key
//! press = one effect (→, PageDown, Space or "." forward; ←, PageUp back — a clicker sends
//! these), and `b` to blank the screen.

use crate::session::context::{use_session, Session};
use crate::teaching::lesson::noted;
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

/// The address of this page with presenter mode on (or off): the same options, the same link.
fn presenter_href(on: bool) -> String {
    let location = window().location();
    let search = location.search().unwrap_or_default();
    let mut pairs: Vec<String> = search
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty() && !p.starts_with("present="))
        .map(str::to_owned)
        .collect();
    if on {
        pairs.push("present=1".to_owned());
    }
    let query = if pairs.is_empty() {
        String::new()
    } else {
        format!("?{}", pairs.join("&"))
    };
    format!(
        "{}{query}{}",
        location.pathname().unwrap_or_default(),
        location.hash().unwrap_or_default()
    )
}

/// A visible way into presenter mode, and out of it: this page again with `present=1` (or without),
/// so it opens as it is now, large. The address is read on the click, not at render: the session
/// (in the address's fragment) has moved on since, and a first-paint snapshot must not freeze the
/// path it was taken under.
#[component]
pub fn PresenterToggle(
    /// Whether the page is in presenter mode now.
    present: bool,
) -> impl IntoView {
    let go = move |_| {
        // A refused navigation leaves the page as it is; there is nothing to lose.
        let _ = window().location().set_href(&presenter_href(!present));
    };
    if present {
        view! {
            <button class="presenter-exit" data-testid="presenter-exit" on:click=go>"Leave presenter mode"</button>
        }
        .into_any()
    } else {
        view! {
            <button data-testid="presenter-enter" on:click=go
                title="Large type, the drawing and the notes only; → and ← (or a clicker) step, b blanks the screen">"Presenter mode"</button>
        }
        .into_any()
    }
}
