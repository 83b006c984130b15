//! The review view, full width: the session's inputs through two of the three models (the seed
//! design, the client Kafka shipped, librdkafka) side by side — each with its own diagram, facts,
//! chips and lane — on one cursor, the differences grouped by root cause with *Align* switches,
//! both timelines row by row, and the review to take away (one HTML file, or a Rust test of every
//! step's effects).

use crate::components::source_links::SourceLinks;
use crate::components::{
    app_lane::AppLane, assigned_set::AssignedSet, diagram::Diagram, member_facts::MemberFacts,
};
use crate::session::context::{use_session, Notice};
use crate::session::review::ReviewSession;
use crate::shell::download::download;
use kip848_core::compare::html::review_html_with;
use kip848_core::compare::{Align, Pair, Side, Switch};
use kip848_core::screen::words::call_in;
use kip848_core::{Frame, Model};
use leptos::prelude::*;

/// One model's side: its diagram, facts, chips and lane, from its own frame.
#[component]
fn ReviewSide(
    frame: Signal<Frame>,
    title: &'static str,
    testid: &'static str,
    ids: &'static str,
) -> impl IntoView {
    view! {
        <section class="panel review-side" data-testid=testid aria-labelledby=format!("{ids}title")>
            <h2 id=format!("{ids}title")>{title}</h2>
            // The side's own sentence for the effect on screen (its step numbers are its own run's).
            <p class="review-caption" data-testid="review-caption">{move || frame.with(|f| f.effect.as_ref().map_or_else(|| f.summary.split_once(": ").map_or(f.caption.clone(), |(_, s)| s.to_owned()), |e| e.sentence.clone()))}</p>
            <Diagram frame=frame ids=ids/>
            <MemberFacts frame=frame/>
            <AssignedSet frame=frame ids=ids/>
            <AppLane frame=frame ids=ids/>
        </section>
    }
}

/// How a side names its model: (title, test id, element id prefix).
fn side_names(model: Model) -> (&'static str, &'static str, &'static str) {
    // The panels take their ids for the page's life; made once per model, so a bounded few.
    static NAMES: std::sync::OnceLock<Vec<(&'static str, &'static str)>> =
        std::sync::OnceLock::new();
    let names = NAMES.get_or_init(|| {
        Model::ALL
            .into_iter()
            .map(|m| {
                let test: &'static str = format!("review-{}", m.as_str()).leak();
                let ids: &'static str = format!("review-{}-", m.as_str()).leak();
                (test, ids)
            })
            .collect()
    });
    let at = Model::ALL.iter().position(|m| *m == model).unwrap_or(0);
    let (test, ids) = names
        .get(at)
        .copied()
        .unwrap_or(("review-side", "review-side-"));
    (model.descriptor().heading, test, ids)
}

/// A model as a column of the timelines names it.
fn column(model: Model) -> &'static str {
    model.descriptor().in_a_sentence.trim_start_matches("the ")
}

fn side_words(model: Model, side: &Side) -> String {
    match &side.rejected {
        Some(r) => format!("rejected: {r}"),
        None => {
            let calls: Vec<String> = side.callbacks.iter().map(|e| call_in(model, e)).collect();
            let calls = if calls.is_empty() {
                String::new()
            } else {
                format!(" · {}", calls.join(", "))
            };
            format!(
                "{} · epoch {} · {}{calls}",
                side.state, side.member_epoch, side.assigned
            )
        }
    }
}

/// Words that wrap only at spaces (never inside `orders-0` or a state name).
fn unbroken(text: String) -> impl IntoView {
    text.split(' ')
        .map(|w| view! { <span class="nowrap">{w.to_owned()}</span> " " })
        .collect_view()
}

/// The view.
#[component]
pub fn ReviewView(review: ReviewSession) -> impl IntoView {
    let session = use_session();
    let left = Signal::derive(move || review.frames.with(|(l, _)| l.clone()));
    let right = Signal::derive(move || review.frames.with(|(_, r)| r.clone()));
    let pair = review.pair;
    let position = move || {
        let here = review.cursor.get();
        review.screen.with(|s| {
            let c = s.normal(here);
            let effects = s.effects(c.step);
            let of = if effects > 0 {
                format!(" · effect {} of {effects}", c.shown)
            } else {
                String::new()
            };
            format!("Step {} of {}{of}", c.step, s.len())
        })
    };
    let title = move || {
        session
            .timeline
            .with(|t| t.trace().title.clone())
            .unwrap_or_else(|| "This session".to_owned())
    };
    let hunt = crate::components::hunt_panel::HuntView::default();
    let export_html = move |_| {
        let html = session.timeline.with_untracked(|t| {
            review
                .review
                .with_untracked(|r| review_html_with(t.trace(), r, hunt.summary().as_ref()))
        });
        if download("kip848-review.html", &html).is_none() {
            session.dialogs.notice.set(Some(Notice::Error(
                "The browser refused the download.".to_owned(),
            )));
        }
    };
    let export_test = move |_| {
        let text = session.timeline.with_untracked(|t| {
            let name =
                kip848_core::export::test_name(t.trace().title.as_deref().unwrap_or("review"));
            kip848_core::export::rust_test(t.trace(), &name)
        });
        if download("kip848_review_test.rs", &text).is_none() {
            session.dialogs.notice.set(Some(Notice::Error(
                "The browser refused the download.".to_owned(),
            )));
        }
    };
    let picked = RwSignal::new(crate::session::review::COLD_START.to_owned());
    // The picker names the scenario under review when it is a built-in one (an address can open
    // any), as the member view's does.
    Effect::new(move |_| {
        if let Some(id) = crate::teaching::scenarios::loaded_id(session) {
            picked.set(id.to_owned());
        }
    });
    view! {
        <main class="review-layout" data-testid="review-view">
            <section class="panel review-head" aria-labelledby="review-title">
                <h2 id="review-title" data-testid="review-title">"Design review: " {title}</h2>
                <p class="muted">"The same inputs through two models on one cursor — the seed design (the project's seed model), the client Kafka shipped (Java) or librdkafka (2.15.0, the client of confluent-kafka for Python, Go, .NET and Node): → and ← one effect, Shift+→ and Shift+← one input."</p>
                <p class="muted small" data-testid="review-release">
                    {move || format!("The Java client here follows Kafka {}, the release this session names (the newest unless a trace or log says otherwise). ", session.timeline.with(|t| t.config().kafka_version()).as_str())}
                    {kip848_core::RELEASE_DIFFERENCES.into_iter().map(|(from, words)| format!("From {}: {words}. ", from.as_str())).collect::<String>()}
                </p>
                <div class="row">
                    <label for="review-pair">"Compare "</label>
                    <select id="review-pair" data-testid="review-pair" prop:value=move || pair.get().as_str()
                        on:change=move |ev| {
                            if let Some(p) = Pair::parse(&event_target_value(&ev)) {
                                review.compare(p);
                            }
                        }>
                        {Pair::all().into_iter().map(|p| view! { <option value=p.as_str()>{p.title()}</option> }).collect_view()}
                    </select>
                </div>
                <div class="row transport-row">
                    <button class="transport" data-testid="review-to-start" aria-label="Go to the start" title="Go to the start" on:click=move |_| review.seek(0)>"|◀"</button>
                    <button class="transport" data-testid="review-row-back" aria-label="One step back" title="One step back" on:click=move |_| review.row_back()>"◀◀"</button>
                    <button class="transport" data-testid="review-back" aria-label="One effect back" title="One effect back" on:click=move |_| review.effect_back()>"◁"</button>
                    <button class="transport" data-testid="review-forward" aria-label="One effect forward" title="One effect forward" on:click=move |_| review.effect_forward()>"▷"</button>
                    <button class="transport" data-testid="review-row-forward" aria-label="One step forward" title="One step forward" on:click=move |_| review.row_forward()>"▶▶"</button>
                    <button class="transport" data-testid="review-to-end" aria-label="Go to the end" title="Go to the end" on:click=move |_| review.seek(usize::MAX)>"▶|"</button>
                    <span class="position" data-testid="review-position" role="status">{position}</span>
                </div>
                <div class="row">
                    <label for="review-scenario">"Review a scenario "</label>
                    <select id="review-scenario" data-testid="review-scenario" prop:value=move || picked.get()
                        on:change=move |ev| picked.set(event_target_value(&ev))>
                        {crate::teaching::scenarios::titles().map(|(id, title)| {
                            view! { <option value=id>{title}</option> }
                        }).collect_view()}
                    </select>
                    <button data-testid="review-open-scenario" on:click=move |_| {
                        if crate::teaching::scenarios::open_scenario(session, &picked.get_untracked()) {
                            review.seek(0);
                        }
                    }>"Open"</button>
                    <span class="muted">"or the session of the member view, whatever it is."</span>
                </div>
            </section>
            // The causes beside both sides on a laptop: what differs, and both diagrams, in one view.
            <div class="review-main">
            <section class="panel review-causes" aria-labelledby="causes-title" data-testid="review-causes">
                <h2 id="causes-title">{move || format!("Differences, by cause: {} of {} steps differ", review.review.with(|r| r.differing()), review.review.with(|r| r.rows.len()))}</h2>
                <ol class="causes">
                    {move || review.review.with(|r| r.groups.clone()).into_iter().map(|g| {
                        let first = g.first;
                        let steps: Vec<String> = g.steps.iter().map(|s| (s + 1).to_string()).collect();
                        view! {
                            <li data-testid="review-cause" data-cause=g.cause.as_str()>
                                <strong>{g.cause.title()}</strong> ": " {g.why}
                                <span class="muted">{format!(" {} {}. ", if steps.len() == 1 { "Step" } else { "Steps" }, steps.join(", "))} {
                                    let (l, r) = pair.get_untracked().models();
                                    [l, r].into_iter().filter(|m| !g.source.of(*m).is_empty()).map(|m| view! {
                                        {format!("{}: ", m.title())} <SourceLinks ids=g.source.of(m)/> "; "
                                    }).collect_view()
                                }</span>
                                " "
                                <button class="link-button" data-testid="review-cause-go" on:click=move |_| {
                                    review.seek_difference(first + 1);
                                    show_sides();
                                }>{format!("Go to step {}", first + 1)}</button>
                            </li>
                        }
                    }).collect_view()}
                </ol>
                <fieldset class="align">
                    <legend>"Align: remove a known cause from both runs, to see what remains"</legend>
                    {move || Switch::ALL.into_iter().filter(|sw| Align::all().for_pair(pair.get()).is_on(*sw)).map(|sw| view! {
                        <label class="choice">
                            <input type="checkbox" data-testid=format!("review-align-{}", sw.cause().as_str())
                                prop:checked=move || review.align.with(|a| a.is_on(sw))
                                on:change=move |ev| { let on = event_target_checked(&ev); review.align.update(|a| *a = if on { a.with(sw) } else { a.without(sw) }); } />
                            {sw.label()}
                        </label>
                    }).collect_view()}
                </fieldset>
            </section>
            <div class="review-sides" data-testid="review-sides">
                {move || {
                    let (l, r) = pair.get().models();
                    let ((lt, ltest, lids), (rt, rtest, rids)) = (side_names(l), side_names(r));
                    view! {
                        <ReviewSide frame=left title=lt testid=ltest ids=lids/>
                        <ReviewSide frame=right title=rt testid=rtest ids=rids/>
                    }
                }}
            </div>
            </div>
            <section class="panel review-rows" aria-labelledby="rows-title">
                <h2 id="rows-title">"Both timelines"</h2>
                <div class="table-wrap">
                    <table data-testid="review-rows">
                        <thead><tr><th scope="col">"step"</th><th scope="col">{move || column(pair.get().left())}</th><th scope="col">{move || column(pair.get().right())}</th><th scope="col">"why they differ"</th></tr></thead>
                        <tbody>
                            {move || { let (lm, rm) = review.review.with(|r| r.pair.models()); review.review.with(|r| r.rows.clone()).into_iter().map(move |row| {
                                let step = row.index + 1;
                                let current = move || review.cursor.with(|c| review.screen.with(|s| s.normal(*c).step == step));
                                view! {
                                    <tr class:differs=!row.differences.is_empty() class:current=current>
                                        <th scope="row"><button class="link-button" on:click=move |_| review.seek(step)>{step.to_string()}</button></th>
                                        <td>{unbroken(side_words(lm, &row.left))}</td>
                                        <td>{unbroken(side_words(rm, &row.right))}</td>
                                        <td>{row.explanation.clone().unwrap_or_default()}</td>
                                    </tr>
                                }
                            }).collect_view()}}
                        </tbody>
                    </table>
                </div>
            </section>
            <crate::components::hunt_panel::HuntPanel view=hunt/>
            <crate::components::check_panel::CheckPanel/>
            <section class="panel review-export" aria-label="Take the review away">
                <div class="row">
                    <button data-testid="review-export-html" on:click=export_html>"Export the review (HTML)"</button>
                    <button data-testid="review-export-test" on:click=export_test>"Export as a Rust test"</button>
                </div>
                <p class="muted">"One HTML file with the causes, both diagrams and both timelines (and the hazard hunt's result, when one ran), to attach to a design review; or a #[test] for kip848-core that asserts every step's effects (on the session's own model)."</p>
            </section>
        </main>
    }
}

/// Brings both sides' diagrams into view (after "Go to step": the step is what they show).
fn show_sides() {
    let sides = document()
        .query_selector("[data-testid=review-sides]")
        .ok()
        .flatten();
    if let Some(sides) = sides {
        // Top-aligned: the sides' titles and diagrams are what the step changed.
        sides.scroll_into_view_with_bool(true);
    }
}
