//! Predict, then reveal: the question about what comes next, its choices (a radio group: arrow keys
//! move, Enter checks), the feedback with the rule that decides it, then the step revealed; a score
//! as it goes, and at the end. One panel for both views; each view says what is asked and what
//! checking and going on do.

use crate::components::source_links::SourceLinks;
use crate::session::context::use_session;
use crate::teaching::quiz::QuizState;
use kip848_core::screen::words::counted;
use kip848_core::teaching::quiz::{quiz_steps, Question};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Focuses the element with this test id (the feedback's button, the first choice).
fn focus(testid: &str) {
    let found = document()
        .query_selector(&format!("[data-testid={testid}]"))
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(e) = found {
        let _ = e.focus();
    }
}

/// The quiz panel of either view.
#[component]
pub fn QuizPanel(
    /// The step asked about and its questions, while one is asked.
    #[prop(into)]
    asked: Signal<Option<(usize, Vec<Question>)>>,
    /// The learner's progress.
    state: RwSignal<Option<QuizState>>,
    /// How many steps (or situations) the session asks about.
    #[prop(into)]
    total: Signal<usize>,
    /// Checks a choice of the question on screen.
    check: Callback<usize>,
    /// Goes on after the feedback.
    next: Callback<()>,
    /// What the title says is predicted ("step 4", "after step 4").
    what: fn(usize) -> String,
    /// The last question's button ("Reveal the step").
    go_on: &'static str,
) -> impl IntoView {
    let progress = move || state.get().unwrap_or_default();
    let picked = RwSignal::new(None::<usize>);
    // A new question: nothing picked, the keyboard on its first choice.
    let on_screen = Memo::new(move |_| {
        state.with(|q| q.as_ref().and_then(|q| q.asking.map(|a| (a, q.question))))
    });
    Effect::new(move |_| {
        let asked = on_screen.get();
        picked.set(None);
        if asked.is_some() {
            request_animation_frame(|| focus("quiz-choice-0"));
        }
    });
    let score = move || {
        let s = progress();
        format!("Score: {} right of {} answered", s.right(), s.answers.len())
    };
    view! {
        <section class="panel quiz" aria-labelledby="quiz-title" data-testid="quiz">
            {move || match asked.get() {
                Some((step, questions)) => {
                    let s = progress();
                    let Some(q) = questions.get(s.question).cloned() else { return view! { <p>"…"</p> }.into_any() };
                    let count = questions.len();
                    let checked = s.checked;
                    let last = s.question + 1 == count;
                    view! {
                        <h2 id="quiz-title">{format!("Predict {}", what(step))} <span class="muted">{format!(" · question {} of {count}", s.question + 1)}</span></h2>
                        <form on:submit=move |ev| { ev.prevent_default(); if let Some(c) = picked.get_untracked() { check.run(c); request_animation_frame(|| focus("quiz-next")); } }>
                            <fieldset class="choices" disabled=checked.is_some()>
                                <legend id="quiz-prompt" data-testid="quiz-prompt">{q.prompt.clone()}</legend>
                                {q.choices.iter().enumerate().map(|(i, c)| {
                                    let mark = match checked { Some(_) if i == q.answer => "right", Some(k) if k == i => "wrong", _ => "" };
                                    view! {
                                        <label class=format!("choice {mark}")>
                                            <input type="radio" name="quiz-choice" data-testid=format!("quiz-choice-{i}") value=i.to_string()
                                                prop:checked=move || picked.get() == Some(i) || checked == Some(i)
                                                on:change=move |_| picked.set(Some(i)) />
                                            " " {c.clone()}
                                        </label>
                                    }
                                }).collect_view()}
                            </fieldset>
                            <Show when=move || checked.is_none()>
                                <button type="submit" class="primary" data-testid="quiz-check" disabled=move || picked.get().is_none()>"Check"</button>
                            </Show>
                        </form>
                        {checked.map(|c| {
                            let right = c == q.answer;
                            view! {
                                <div class=format!("feedback {}", if right { "right" } else { "wrong" }) role="status" data-testid="quiz-feedback">
                                    <p><strong>{if right { "Right." } else { "Not quite." }}</strong>
                                        {(!right).then(|| format!(" The answer: {}.", q.choices[q.answer]))}</p>
                                    <p data-testid="quiz-rule">"Rule: " {q.rule.text} ". " <SourceLinks ids=q.rule.sources/></p>
                                    <p class="muted">{q.explanation.clone()}</p>
                                </div>
                                <button class="primary" data-testid="quiz-next" on:click=move |_| next.run(())>
                                    {if last { go_on } else { "Next question" }}
                                </button>
                            }
                        })}
                        <p class="muted" data-testid="quiz-score">{score}</p>
                    }.into_any()
                }
                None => view! {
                    <h2 id="quiz-title">"Predict, then reveal"</h2>
                    <p class="muted">{move || {
                        let s = progress();
                        let done = s.done.len();
                        if done > 0 && done == total.get() {
                            "Quiz finished.".to_owned()
                        } else {
                            format!("Step forward: {} you are asked what happens next.", counted(total.get(), "time"))
                        }
                    }}</p>
                    <p class="muted" data-testid="quiz-score">{score}</p>
                }.into_any(),
            }}
            // The quiz is a choice, not a trap: off again here (or with the switch that offered it).
            <button class="link-button" data-testid="quiz-stop" on:click=move |_| state.set(None)>"Stop the quiz"</button>
        </section>
    }
}

/// The member view's quiz.
#[component]
pub fn QuizCard() -> impl IntoView {
    let session = use_session();
    view! {
        <QuizPanel asked=Signal::derive(move || session.asked()) state=session.teaching.quiz
            total=Signal::derive(move || session.timeline.with(|t| quiz_steps(t).len()))
            check=Callback::new(move |c| session.check(c))
            next=Callback::new(move |()| session.after_feedback())
            what=|step| format!("step {step}") go_on="Reveal the step" />
    }
}
