//! The caption that says what the effect on screen did, in words (the frame's caption); screen
//! readers hear it as a live region.

use crate::session::context::{use_dialogs, use_frame, Notice};
use leptos::prelude::*;

/// The narration line and the notice (a rejection or a load message).
#[component]
pub fn LiveRegion() -> impl IntoView {
    let (dialogs, frame) = (use_dialogs(), use_frame());
    let notice = move || dialogs.notice.with(|n| n.as_ref().map(Notice::shown));
    view! {
        <section class="caption-box" aria-label="What the member just did">
            <div class="caption" role="status" aria-live="polite" aria-atomic="true" data-testid="live">
                {move || frame.with(|f| f.caption.clone())}
            </div>
            // The whole step's story, when the effect on screen does not already tell it.
            <Show when=move || frame.with(|f| {
                let story = f.summary.split_once(": ").map_or("", |(_, s)| s);
                f.effects > 1 && !f.caption.ends_with(story)
            })>
                // Said as where the step is going, not as what has happened: it is ahead of the
                // effects on screen.
                <p class="caption-summary muted" data-testid="live-summary">
                    {move || frame.with(|f| match f.summary.split_once(": ") {
                        Some((_, story)) if f.cursor.shown < f.effects => format!("Where step {} ends: {story}", f.cursor.step),
                        _ => f.summary.clone(),
                    })}
                </p>
            </Show>
        </section>
        // A landmark of its own: a message is page content, and a screen reader's region list finds it.
        {move || notice().map(|(kind, text)| view! {
            <section aria-label="Message">
                <p class=format!("notice {kind}") data-testid="notice" data-kind=kind>{text}</p>
            </section>
        })}
    }
}
