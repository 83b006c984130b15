//! The coordinator console: the answer to the heartbeat in flight, linted before it is sent.

use crate::components::assignment_editor::AssignmentEditor;
use crate::components::glossary::Term;
use crate::session::context::{use_session, CLICK_GAP_MS};
use crate::shell::shortcuts::{shortcut_of, Action};
use kip848_core::screen::composer::{same_as_now, AssignmentDraft, Draft};
use kip848_core::screen::lint::{lint, Verdict};
use kip848_core::screen::narration::purpose_name;
use kip848_core::{ErrorClass, ErrorCode, Machine, PartitionSet};
use leptos::prelude::*;

/// The kind of answer being drafted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Success,
    Error,
    NoAnswer,
}

fn kind_of(draft: &Draft) -> Kind {
    match draft {
        Draft::Success { .. } => Kind::Success,
        Draft::Error(_) => Kind::Error,
        Draft::NoAnswer => Kind::NoAnswer,
    }
}

/// Edits one field of a drafted success; other drafts are left alone.
fn edit_success(
    draft: &mut Draft,
    f: impl FnOnce(&mut String, &mut i32, &mut u32, &mut AssignmentDraft),
) {
    if let Draft::Success {
        member_id,
        member_epoch,
        heartbeat_interval_ms,
        assignment,
    } = draft
    {
        f(member_id, member_epoch, heartbeat_interval_ms, assignment);
    }
}

/// The composer for the coordinator's answer.
#[component]
pub fn Console() -> impl IntoView {
    let session = use_session();
    let draft = session.draft;
    let field_error = RwSignal::new(None::<String>);
    let in_flight = move || {
        // An answer goes after the whole current step, so it answers what is in flight then.
        session
            .timeline
            .with(|t| match t.member().facts().in_flight {
                Some(purpose) => format!(
                    "Answering the {} heartbeat in flight",
                    purpose_name(purpose).to_ascii_lowercase()
                ),
                None => "No heartbeat is in flight yet: nothing to answer.".to_owned(),
            })
    };
    let lint_result = Memo::new(move |_| {
        let input = draft.with(Draft::to_input);
        session
            .timeline
            .with(|t| lint(t.member(), t.now().plus(CLICK_GAP_MS), &input))
    });
    let future = move || session.timeline.with(|t| t.future());
    // Nothing to answer: the buttons wait, and the lint line says what would change that.
    let waiting = move || lint_result.with(|l| l.verdict == Verdict::Waiting);
    let set_kind = move |kind: Kind| {
        let next = match kind {
            Kind::Success => None,
            Kind::Error => Some(Draft::Error(ErrorCode::FencedMemberEpoch)),
            Kind::NoAnswer => Some(Draft::NoAnswer),
        };
        match next {
            Some(d) => draft.set(d),
            None => session.reset_draft(),
        }
    };
    let kind = Memo::new(move |_| draft.with(kind_of));
    let kind_radio = move |choice: Kind, label: &'static str, id: &'static str| {
        view! {
            <label class="choice">
                <input type="radio" name="answer-kind" data-testid=id
                    prop:checked=move || kind.get() == choice
                    on:change=move |_| set_kind(choice) />
                {label}
            </label>
        }
    };
    view! {
        <section class="panel console" aria-labelledby="console-title">
            <h2 id="console-title">"Coordinator console"</h2>
            <p class="muted" data-testid="in-flight-line">{in_flight}</p>
            {move || session.frame.with(|f| (f.cursor.shown < f.effects).then(|| view! {
                <p class="muted" data-testid="partway-note">
                    {format!("Step {} is shown part-way ({} of {} effects): an answer goes after all of it.", f.cursor.step, f.cursor.shown, f.effects)}
                </p>
            }))}
            <fieldset class="kinds">
                <legend>"Answer"</legend>
                {kind_radio(Kind::Success, "Success", "kind-success")}
                {kind_radio(Kind::Error, "Error", "kind-error")}
                {kind_radio(Kind::NoAnswer, "No answer (timeout)", "kind-none")}
            </fieldset>
            // Drawn again only when the kind of answer changes: each new draft (every step gives one)
            // updates the fields in place.
            {move || match kind.get() {
                Kind::Success => view! { <SuccessFields field_error=field_error/> }.into_any(),
                Kind::Error => view! { <ErrorPicker/> }.into_any(),
                Kind::NoAnswer => view! { <p class="muted">"The heartbeat times out or the connection drops: retriable."</p> }.into_any(),
            }}
            <p class="field-error" role="alert" data-testid="field-error">{move || field_error.get()}</p>
            <p class="lint" data-testid="lint" data-verdict=move || format!("{:?}", lint_result.with(|l| l.verdict)).to_ascii_lowercase()>
                {move || lint_result.with(|l| l.message.clone())}
            </p>
            <Show when=move || { future() > 0 }>
                <p class="fork-warning" data-testid="fork-warning" role="note">
                    {move || format!("You are in the past: sending drops the {} later step{}.", future(), if future() == 1 { "" } else { "s" })}
                </p>
            </Show>
            <div class="row">
                <button class="primary" data-testid="send" aria-keyshortcuts=shortcut_of(Action::SendDraft)
                    disabled=waiting on:click=move |_| session.send_draft()>"Send answer"</button>
                <button data-testid="answer" aria-keyshortcuts=shortcut_of(Action::DefaultAnswer) disabled=waiting
                    title="The everyday answer: the same epoch, no new assignment"
                    on:click=move |_| crate::shell::shortcuts::run(session, Action::DefaultAnswer)>
                    "Routine answer: same epoch"
                </button>
                <button data-testid="answer-new" aria-keyshortcuts=shortcut_of(Action::NewAssignment) disabled=waiting
                    title="A new target: the next epoch, with one more partition"
                    on:click=move |_| crate::shell::shortcuts::run(session, Action::NewAssignment)>
                    "New assignment, next epoch"
                </button>
            </div>
        </section>
    }
}

/// Member id, epoch, interval and assignment of a drafted success.
#[component]
fn SuccessFields(field_error: RwSignal<Option<String>>) -> impl IntoView {
    let session = use_session();
    let draft = session.draft;
    let get = move || match draft.get() {
        Draft::Success {
            member_id,
            member_epoch,
            heartbeat_interval_ms,
            assignment,
        } => (member_id, member_epoch, heartbeat_interval_ms, assignment),
        _ => (String::new(), 0, 0, AssignmentDraft::Unchanged),
    };
    let explicit = move || matches!(get().3, AssignmentDraft::Set(_));
    let set = Signal::derive(move || match get().3 {
        AssignmentDraft::Set(set) => set,
        AssignmentDraft::Unchanged => PartitionSet::new(),
    });
    let on_set = Callback::new(move |next: PartitionSet| {
        draft.update(|d| edit_success(d, |_, _, _, a| *a = AssignmentDraft::Set(next)));
    });
    let number = move |text: String, what: &str, apply: &dyn Fn(&mut Draft, i64) -> bool| match text
        .trim()
        .parse::<i64>()
    {
        Ok(n) => {
            let mut ok = false;
            draft.update(|d| ok = apply(d, n));
            field_error.set((!ok).then(|| format!("{what} is out of range")));
        }
        Err(_) => field_error.set(Some(format!("{what} must be a whole number"))),
    };
    view! {
        <div class="fields">
            <label for="draft-id">"Member id"</label>
            <input id="draft-id" data-testid="draft-member-id" type="text" maxlength="200"
                prop:value=move || get().0
                on:input=move |ev| {
                    let id = event_target_value(&ev);
                    draft.update(|d| edit_success(d, |m, _, _, _| *m = id));
                } />
            <label for="draft-epoch">"Member epoch"</label>
            <input id="draft-epoch" data-testid="draft-epoch" type="number" step="1"
                prop:value=move || get().1.to_string()
                on:input=move |ev| number(event_target_value(&ev), "The member epoch", &|d, n| {
                    let Ok(n) = i32::try_from(n) else { return false };
                    edit_success(d, |_, e, _, _| *e = n);
                    true
                }) />
            <label for="draft-interval">"Heartbeat interval (ms)"</label>
            <input id="draft-interval" data-testid="draft-interval" type="number" min="0" step="100"
                prop:value=move || get().2.to_string()
                on:input=move |ev| number(event_target_value(&ev), "The interval", &|d, n| {
                    let Ok(n) = u32::try_from(n) else { return false };
                    edit_success(d, |_, _, i, _| *i = n);
                    true
                }) />
        </div>
        <fieldset class="kinds">
            <legend>"Assignment"</legend>
            <label class="choice">
                <input type="radio" name="assignment-kind" data-testid="assignment-unchanged"
                    prop:checked=move || !explicit()
                    on:change=move |_| draft.update(|d| edit_success(d, |_, _, _, a| *a = AssignmentDraft::Unchanged)) />
                "Unchanged (null)"
            </label>
            <label class="choice">
                <input type="radio" name="assignment-kind" data-testid="assignment-explicit"
                    prop:checked=explicit
                    on:change=move |_| {
                        let now = session.timeline.with_untracked(|t| same_as_now(t.member()));
                        draft.update(|d| edit_success(d, |_, _, _, a| *a = AssignmentDraft::Set(now)));
                    } />
                "Explicit target"
            </label>
        </fieldset>
        <Show when=explicit>
            <AssignmentEditor set=set on_change=on_set/>
        </Show>
    }
}

/// Every error code of seed model §5, grouped by what the member does with it.
#[component]
fn ErrorPicker() -> impl IntoView {
    let session = use_session();
    let draft = session.draft;
    let selected = move || match draft.get() {
        Draft::Error(code) => code.to_string(),
        _ => String::new(),
    };
    let group = |class: ErrorClass, label: &'static str| {
        let codes: Vec<ErrorCode> = ErrorCode::heartbeat_codes()
            .filter(|c| c.class() == class)
            .collect();
        view! {
            <optgroup label=label>
                {codes.into_iter().map(|c| {
                    // A code whose class changed between releases says so where it is picked.
                    let words = match c.reported_from() {
                        Some(from) => format!("{c} (reported, not fatal: Java client {}+, librdkafka)", from.as_str()),
                        None => c.to_string(),
                    };
                    view! { <option value=c.to_string()>{words}</option> }
                }).collect_view()}
            </optgroup>
        }
    };
    view! {
        <label for="error-code">"Error code"</label>
        <p class="muted">"A " <Term id="fenced">"fencing"</Term> " code makes the member rejoin; a retriable one is retried; any other is fatal."</p>
        <select id="error-code" data-testid="error-code"
            prop:value=selected
            on:change=move |ev| draft.set(Draft::Error(ErrorCode::from(event_target_value(&ev))))>
            {group(ErrorClass::Fencing, "Fencing: rejoin with epoch 0")}
            {group(ErrorClass::Retriable, "Retriable: the member tries again")}
            {group(ErrorClass::Fatal, "Fatal: no more heartbeats")}
        </select>
    }
}
