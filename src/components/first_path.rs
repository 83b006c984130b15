//! The first path for a newcomer, above everything: start the first walkthrough, or do the next
//! legal thing (the core's hint, with its key), and a short "What is KIP-848" one click away.

use crate::components::model_switch::KafkaRelease;
use crate::components::scenario_panel::focus_transport;
use crate::components::source_links::SourceLinks;
use crate::session::context::{use_session, Session};
use crate::shell::shortcuts::{run, shortcut_of, Action};
use kip848_core::screen::hint::{next, Next};
use leptos::prelude::*;

/// The KIP's page (a link for the reader; the page loads nothing from it).
pub const KIP_URL: &str = "https://cwiki.apache.org/confluence/display/KAFKA/KIP-848%3A+The+Next+Generation+of+the+Consumer+Rebalance+Protocol";

/// The first walkthrough: a scenario that plays on every model (a test checks it).
pub const FIRST_WALKTHROUGH: &str = "01-first-join";

/// Starts the first walkthrough as a lesson, at its start, on the model in view.
pub fn start_walkthrough(session: Session) {
    let model = session.timeline.with_untracked(|t| t.model());
    if crate::teaching::scenarios::open_scenario_on(session, FIRST_WALKTHROUGH, model) {
        session.teaching.lesson.set(true);
        session.lesson_continue();
        focus_transport();
    }
}

/// The key that does what a hint proposes.
fn action_of(next: &Next) -> Option<Action> {
    match next {
        Next::Subscribe => Some(Action::Subscribe),
        Next::Welcome(_) => Some(Action::Welcome),
        Next::Answer => Some(Action::DefaultAnswer),
        Next::Complete => Some(Action::CompleteOk),
        Next::AdvanceTo(_) => Some(Action::AdvanceToDeadline),
        Next::Poll => Some(Action::Poll),
        Next::Done => None,
    }
}

/// The bar at the top of the member view.
#[component]
pub fn FirstPath() -> impl IntoView {
    let session = use_session();
    let hint = Memo::new(move |_| session.timeline.with(|t| next(t.member())));
    // Hints act at the end of the session; in a lesson or a quiz the lesson is the path.
    let hinting = move || {
        !session.teaching.lesson.get()
            && session.teaching.quiz.with(Option::is_none)
            && session.timeline.with(|t| t.future() == 0)
    };
    let writable = session.writable();
    let lesson = move || session.teaching.lesson.get();
    view! {
        <section class="first-path" aria-label="Where to start">
            <div class="row">
                <Show when=move || !lesson()>
                    <button class="primary" data-testid="start-walkthrough"
                        on:click=move |_| start_walkthrough(session)>"Start the first walkthrough"</button>
                </Show>
                {move || hinting().then(|| {
                    let h = hint.get();
                    let action = action_of(&h.next).filter(|_| writable);
                    view! {
                        <span class="next-hint" data-testid="next-hint">
                            {action.map(|action| {
                                let key = shortcut_of(action);
                                let shown_key = key.clone();
                                view! {
                                    <button data-testid="next-action" aria-keyshortcuts=key
                                        on:click=move |_| { session.transport.pause(); run(session, action); }>
                                        {h.action.clone()} " " <kbd>{shown_key}</kbd>
                                    </button>
                                }
                            })}
                            <span class="muted" data-testid="next-why">{h.why.clone()}</span>
                        </span>
                    }
                })}
                <button class="link-button" data-testid="about-button" aria-expanded=move || session.dialogs.about_open.get().to_string()
                    on:click=move |_| session.dialogs.about_open.update(|o| *o = !*o)>"What is KIP-848?"</button>
                <button class="link-button" data-testid="glossary-button" on:click=move |_| session.dialogs.glossary_open.set(true)>"Glossary"</button>
                <KafkaRelease/>
            </div>
            <Show when=move || session.dialogs.about_open.get()>
                <div class="about" data-testid="about">
                    {kip848_core::teaching::about::ABOUT.iter().map(|p| view! {
                        <p>{p.text} " " <span class="muted small">"(" <SourceLinks ids=p.sources/> ")"</span></p>
                    }).collect_view()}
                    <p>
                        "Here you play the coordinator for one member (or watch a whole group): every heartbeat, epoch and callback is shown one effect at a time. "
                        <a href=KIP_URL rel="noopener noreferrer" target="_blank">"Read KIP-848"</a>
                    </p>
                </div>
            </Show>
        </section>
    }
}
