//! Predict, then reveal: the question about the next step, its choices (a radio group: arrow keys
//! move, Enter checks), the feedback with the rule that decides it, then the step revealed effect by
//! effect; a score as it goes, and at the end.

use crate::context::use_session;
use kip848_core::quiz::quiz_steps;
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

#[component]
pub fn QuizCard() -> impl IntoView {
    let session = use_session();
    let asked = Memo::new(move |_| session.asked());
    let state = move || session.quiz.get().unwrap_or_default();
    let picked = RwSignal::new(None::<usize>);
    // A new question: nothing picked, the keyboard on its first choice.
    Effect::new(move |_| {
        let q = session
            .quiz
            .with(|q| q.as_ref().map(|q| (q.asking, q.question)));
        picked.set(None);
        if q.is_some_and(|(a, _)| a.is_some()) {
            request_animation_frame(|| focus("quiz-choice-0"));
        }
    });
    let total = move || session.timeline.with(|t| quiz_steps(t).len());
    let score = move || {
        let s = state();
        format!("Score: {} right of {} answered", s.right(), s.answers.len())
    };
    view! {
        <section class="panel quiz" aria-labelledby="quiz-title" data-testid="quiz">
            {move || match asked.get() {
                Some((step, questions)) => {
                    let s = state();
                    let Some(q) = questions.get(s.question).cloned() else { return view! { <p>"…"</p> }.into_any() };
                    let count = questions.len();
                    let checked = s.checked;
                    let last = s.question + 1 == count;
                    view! {
                        <h2 id="quiz-title">{format!("Predict step {step}")} <span class="muted">{format!(" · question {} of {count}", s.question + 1)}</span></h2>
                        <form on:submit=move |ev| { ev.prevent_default(); if let Some(c) = picked.get_untracked() { session.check(c); request_animation_frame(|| focus("quiz-next")); } }>
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
                                    <p data-testid="quiz-rule">"Rule: " {q.rule.clone()}</p>
                                    <p class="muted">{q.explanation.clone()}</p>
                                </div>
                                <button class="primary" data-testid="quiz-next" on:click=move |_| session.after_feedback()>
                                    {if last { "Reveal the step" } else { "Next question" }}
                                </button>
                            }
                        })}
                        <p class="muted" data-testid="quiz-score">{score}</p>
                    }.into_any()
                }
                None => view! {
                    <h2 id="quiz-title">"Predict, then reveal"</h2>
                    <p class="muted">{move || {
                        let s = state();
                        let done = s.done.len();
                        if done > 0 && done == total() {
                            format!("Quiz finished: {} right of {} answered.", s.right(), s.answers.len())
                        } else {
                            format!("Step forward: before each of {} steps you are asked what happens next. {}", total(), score())
                        }
                    }}</p>
                    <p class="muted" data-testid="quiz-score">{score}</p>
                }.into_any(),
            }}
        </section>
    }
}
