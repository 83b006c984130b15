//! Acting in the past forks the session: the later steps are dropped. This says so, with what was
//! dropped, and offers Undo (both views).

use leptos::prelude::*;

/// The fork just made, if any, and the way back.
#[component]
pub fn ForkUndo(
    /// The step acted at and how many later steps were dropped, while Undo can bring them back.
    #[prop(into)]
    forked: Signal<Option<(usize, usize)>>,
    /// Brings the session back as it was.
    undo: Callback<()>,
    /// Test id prefix (`group-` in the group view).
    #[prop(optional)]
    prefix: &'static str,
) -> impl IntoView {
    move || {
        forked.get().map(|(at, dropped)| {
            let text = format!(
                "You acted at step {at}: the {dropped} later step{} of this session {} dropped.",
                if dropped == 1 { "" } else { "s" },
                if dropped == 1 { "was" } else { "were" }
            );
            view! {
                <p class="notice info fork-undo" role="status" data-testid=format!("{prefix}fork-undo")>
                    {text} " "
                    <button data-testid=format!("{prefix}undo-fork") on:click=move |_| undo.run(())>"Undo"</button>
                </p>
            }
        })
    }
}
