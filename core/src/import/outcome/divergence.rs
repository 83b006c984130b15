//! Where reality and the model part ways: the imported trace replayed on the shipped model
//! ([`Timeline::from_trace`]), and the model after each log line's inputs compared with what the
//! log says after that line. It differs in its state, epoch or held partitions (each compared only
//! where the log says, and after an inferred input only the state), or the model refused a logged
//! input, or could not follow a line at all.

use super::source::StepSource;
use super::view::MemberView;
use crate::import::read::config::ClientVersion;
use crate::import::rebuild::builder::NotFollowed;
use crate::machine::facts::Facts;
use crate::machine::model::Model;
use crate::machine::Machine;
use crate::protocol::effect::Purpose;
use crate::protocol::state::StateName;
use crate::session::timeline::Timeline;
use crate::session::trace::Trace;
use serde::Serialize;

/// What differs at a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Aspect {
    State,
    Epoch,
    Assigned,
    /// The model refused the step's input, or could not follow a line.
    Input,
}

/// Why, when it is known.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reason {
    /// The log's epoch is ahead: an answer INFO does not log moved it.
    UnloggedHeartbeat,
    /// The model waits for the heartbeat in flight before it acknowledges.
    HeartbeatInFlight,
    /// The model still waits on a commit or callback.
    AwaitingCompletion { effect: String },
    /// The client's version behaves otherwise than the model (4.x).
    VersionDifference { version: ClientVersion },
    /// The model refused a logged input.
    Refused { reason: String },
    /// The model could not follow a line.
    NotFollowed { why: String },
}

impl Reason {
    /// The reason in one line.
    pub fn text(&self) -> String {
        match self {
            Reason::UnloggedHeartbeat => "an unlogged heartbeat: the coordinator moved the epoch in an answer INFO does not show".into(),
            Reason::HeartbeatInFlight => "the model waits for the heartbeat in flight before it acknowledges; the client had none in flight".into(),
            Reason::AwaitingCompletion { effect } => format!("the model still waits for {effect}, which the log shows no end of"),
            Reason::VersionDifference { version } => format!("a version difference: before 4.0 ({}) close() left like unsubscribe(), and the model follows 4.x", version.as_str()),
            Reason::Refused { reason } => format!("the model refused this input: {reason}"),
            Reason::NotFollowed { why } => why.clone(),
        }
    }
}

/// One step where the log and the model differ.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Divergence {
    /// The step (from 0) after which they differ.
    pub step: usize,
    /// The last log line read before the next step (the line whose view differs), or the line the
    /// model could not follow.
    pub line: Option<usize>,
    pub aspects: Vec<Aspect>,
    /// What the log says (only what it shows).
    pub log: MemberView,
    /// The model, on the same points.
    pub model: MemberView,
    /// `log: STABLE at epoch 3; model: RECONCILING at epoch 3`.
    pub summary: String,
    pub reason: Option<Reason>,
}

/// The model's view, limited to what the log shows.
fn comparable(model: &MemberView, log: &MemberView) -> MemberView {
    MemberView {
        state: log.state.and(model.state),
        epoch: log.epoch.and(model.epoch),
        held: log.held.as_ref().and(model.held.clone()),
    }
}

fn aspects(log: &MemberView, model: &MemberView, inferred: bool) -> Vec<Aspect> {
    let mut out = Vec::new();
    if log.state.is_some() && log.state != model.state {
        out.push(Aspect::State);
    }
    if !inferred && log.epoch.is_some() && log.epoch != model.epoch {
        out.push(Aspect::Epoch);
    }
    if !inferred && log.held.is_some() && log.held != model.held {
        out.push(Aspect::Assigned);
    }
    out
}

fn reason(
    member: &Facts,
    log: &MemberView,
    aspects: &[Aspect],
    version: Option<ClientVersion>,
) -> Option<Reason> {
    let leaving = |s: Option<StateName>| {
        matches!(
            s,
            Some(StateName::PrepareLeaving | StateName::Leaving | StateName::Unsubscribed)
        )
    };
    if member.state == StateName::Acknowledging
        && member.in_flight.is_some_and(|p| p != Purpose::Leave)
    {
        return Some(Reason::HeartbeatInFlight);
    }
    if let Some(effect) = member
        .awaiting
        .as_ref()
        .filter(|_| aspects.contains(&Aspect::State))
    {
        return Some(Reason::AwaitingCompletion {
            effect: effect.name().to_owned(),
        });
    }
    let epoch = member.member_epoch;
    if aspects.contains(&Aspect::Epoch) && epoch >= 1 && log.epoch > Some(epoch) {
        return Some(Reason::UnloggedHeartbeat);
    }
    match version {
        Some(v) if v.is_3x() && (leaving(log.state) || leaving(Some(member.state))) => {
            Some(Reason::VersionDifference { version: v })
        }
        _ => None,
    }
}

/// The divergence at step `index`, if any.
fn at_step(
    index: usize,
    result: &crate::session::timeline::StepResult,
    member: &crate::machine::any::AnyMember,
    (log, source, line): (&MemberView, &StepSource, usize),
    version: Option<ClientVersion>,
) -> Option<Divergence> {
    // Logs are the Java client's: only its model is compared with them.
    if member.model() != Model::Kafka {
        return None;
    }
    let member = member.facts();
    let model = MemberView::of(&member);
    let mut found = aspects(log, &model, source.inferred);
    let mut why = reason(&member, log, &found, version);
    let mut line = Some(line);
    if let Err(refused) = result {
        line = source.line;
        found.push(Aspect::Input);
        why = Some(Reason::Refused {
            reason: refused.to_string(),
        });
    }
    if found.is_empty() {
        return None;
    }
    let model = comparable(&model, log);
    Some(Divergence {
        step: index,
        line,
        aspects: found,
        summary: format!("log: {log}; model: {model}"),
        log: log.clone(),
        model,
        reason: why,
    })
}

/// A line the model could not follow, as a divergence after the step before it.
fn unfollowed(n: &NotFollowed) -> Divergence {
    Divergence {
        step: n.after_step.unwrap_or(0),
        line: Some(n.line),
        aspects: vec![Aspect::Input],
        log: MemberView::default(),
        model: MemberView::default(),
        summary: format!(
            "log line {}: {}",
            n.line,
            super::source::cut(n.text.trim(), 200)
        ),
        reason: Some(Reason::NotFollowed { why: n.why.clone() }),
    }
}

/// An epoch a line shows for the member (a fencing error's) where the model had another:
/// `(step, line, the log's, the model's)`.
pub(crate) type EpochGap = (usize, usize, i32, i32);

fn epoch_gap(&(step, line, log, model): &EpochGap) -> Divergence {
    let log = MemberView {
        epoch: Some(log),
        ..MemberView::default()
    };
    let model = MemberView {
        epoch: Some(model),
        ..MemberView::default()
    };
    Divergence {
        step,
        line: Some(line),
        aspects: vec![Aspect::Epoch],
        summary: format!("log: {log}; model: {model}"),
        log,
        model,
        reason: Some(Reason::UnloggedHeartbeat),
    }
}

/// The log's view after a line, and that line.
pub(crate) type LineView = (MemberView, usize);

/// What the build found besides the steps: lines the model could not follow, epochs it missed.
pub(crate) struct Findings<'a> {
    pub(crate) not_followed: &'a [NotFollowed],
    pub(crate) epoch_gaps: &'a [EpochGap],
}

/// Every divergence of an imported trace, in step order.
pub(crate) fn divergences(
    trace: &Trace,
    (sources, views): (&[StepSource], &[Option<LineView>]),
    findings: Findings,
    version: Option<ClientVersion>,
) -> Vec<Divergence> {
    let timeline = Timeline::from_trace(trace.clone());
    let mut out = Vec::new();
    timeline.fold(timeline.len(), |index, _, result, member| {
        if let (Some(Some((log, line))), Some(source)) = (views.get(index), sources.get(index)) {
            out.extend(at_step(
                index,
                result,
                member,
                (log, source, *line),
                version,
            ));
        }
    });
    for n in findings.not_followed.iter().filter(|n| n.refused.is_none()) {
        // A line the model could not follow usually explains the difference seen after it.
        match out
            .iter_mut()
            .find(|d| d.line == Some(n.line) && d.reason.is_none())
        {
            Some(d) => d.reason = Some(Reason::NotFollowed { why: n.why.clone() }),
            None => out.push(unfollowed(n)),
        }
    }
    out.extend(findings.epoch_gaps.iter().map(epoch_gap));
    out.sort_by_key(|d| (d.step, d.line));
    out
}
