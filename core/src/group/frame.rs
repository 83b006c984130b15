//! What the group view shows at a step: one [`GroupFrame`] for the cursor — the caption, the
//! latest note, each member's card, the coordinator's epochs, the messages in flight and the
//! alarm — so that the chart, the columns, the table, the lanes and the step list cannot show
//! different moments. Also the step list's rows, with runs of "time passes" folded into one.

use super::timeline::GroupTimeline;
use super::GroupInput;
use crate::machine::model::Model;
use crate::protocol::assignment::PartitionSet;
use crate::protocol::state::StateName;
use crate::screen::words::call_in;
use serde::Serialize;

/// One member's card.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct MemberCard {
    pub name: String,
    pub state: StateName,
    /// The member model this process runs.
    pub model: Model,
    /// Alive, and not finished (left and closed, or failed for good).
    pub running: bool,
    /// What the user or the scenario did to it ("messages held · callbacks wait for completion"), or
    /// that it was killed.
    pub status: String,
    pub member_epoch: i32,
    pub member_id: String,
    pub assigned: PartitionSet,
    /// The coordinator's target for its member id.
    pub target: PartitionSet,
    /// The commit or callback it is running, if any.
    pub awaiting: Option<String>,
    /// The hazards it is part of at this step ([`super::hazard`]).
    pub hazards: Vec<super::hazard::Hazard>,
}

/// Everything the group view shows at one step.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct GroupFrame {
    pub step: usize,
    pub steps: usize,
    pub at: u64,
    /// What the live region says: the step and what it did.
    pub caption: String,
    /// The latest narration at or before this step, and its step: it stays until the next one.
    pub note: Option<(usize, String)>,
    pub refused: Option<String>,
    pub members: Vec<MemberCard>,
    pub group_epoch: i32,
    pub assignment_epoch: i32,
    /// The coordinator's record of each member, each marked with what the step changed.
    pub records: Vec<super::table::Record>,
    /// The coordinator's epochs the step changed.
    pub epochs_changed: Vec<super::table::Field>,
    /// Messages in flight.
    pub messages: usize,
    /// `now` (two owners now), `past` (earlier in the run) or `none`, and its sentence.
    pub alarm: (&'static str, String),
    /// The hazards the group shows at this step ([`super::hazard`]).
    pub hazards: Vec<super::hazard::Sighting>,
    /// The step list's row (index into [`step_rows`]) the cursor is in, and the steps it
    /// covers (1-based, inclusive).
    pub row: Option<usize>,
    pub row_steps: Option<(usize, usize)>,
}

/// A row of the step list: one step, or a run of consecutive unnarrated "time passes" steps.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct StepRow {
    /// The steps it covers (0-based, inclusive).
    pub first: usize,
    pub last: usize,
    pub from_ms: u64,
    pub to_ms: u64,
    pub summary: String,
    pub refused: Option<String>,
    pub noted: bool,
}

/// Whether step `i` may be folded into a run of time passing.
fn quiet_tick(t: &GroupTimeline, i: usize) -> bool {
    let step = &t.steps()[i];
    step.input == GroupInput::Tick && step.note.is_none() && t.results()[i].is_ok()
}

/// The step list: consecutive quiet ticks become one row.
pub fn step_rows(t: &GroupTimeline) -> Vec<StepRow> {
    let mut rows: Vec<StepRow> = Vec::new();
    for (i, step) in t.steps().iter().enumerate() {
        let quiet = quiet_tick(t, i);
        if let Some(last) = rows.last_mut() {
            if quiet && last.last + 1 == i && quiet_tick(t, last.last) {
                last.last = i;
                last.to_ms = step.at.0;
                last.summary = format!("time passes ({} steps)", i - last.first + 1);
                continue;
            }
        }
        rows.push(StepRow {
            first: i,
            last: i,
            from_ms: step.at.0,
            to_ms: step.at.0,
            summary: step.input.summary(),
            refused: t.refusal(i).map(str::to_owned),
            noted: step.note.is_some(),
        });
    }
    rows
}

impl GroupTimeline {
    /// The group view at the timeline's cursor.
    pub fn current_frame(&self) -> GroupFrame {
        let sim = self.sim();
        let step = self.cursor();
        let index = step.checked_sub(1);
        let refused = index.and_then(|i| self.refusal(i)).map(str::to_owned);
        let before = index.map(|i| self.machine_at(i));
        let caption = match index.and_then(|i| self.steps().get(i)) {
            None => "At the start: no member has joined yet".to_owned(),
            Some(s) => match &refused {
                Some(r) => format!(
                    "Step {step} · {} ms: {} — refused: {r}",
                    s.at.0,
                    s.input.summary()
                ),
                None => {
                    // The partitions that changed hands at this step, said with it.
                    let moved = before
                        .as_ref()
                        .map_or_else(Vec::new, |b| super::moves::moves(b, sim));
                    let moved = if moved.is_empty() {
                        String::new()
                    } else {
                        format!(" — {}", moved.join("; "))
                    };
                    format!("Step {step} · {} ms: {}{moved}", s.at.0, s.input.summary())
                }
            },
        };
        let note = (0..step).rev().find_map(|i| {
            let note = self.steps().get(i)?.note.as_ref()?;
            Some((i + 1, note.clone()))
        });
        let coordinator = sim.coordinator();
        let hazards = super::hazard::sightings(sim, self.quiet_since(step));
        let members = sim
            .members()
            .iter()
            .map(|m| {
                let mut flags = Vec::new();
                if m.held {
                    flags.push("messages held");
                }
                if m.delay_callbacks {
                    flags.push("callbacks wait for completion");
                }
                if m.inject.is_some() {
                    flags.push("error armed");
                }
                let id = m.facts.member_id.as_str();
                MemberCard {
                    name: m.name.clone(),
                    state: m.facts.state,
                    model: m.model(),
                    running: m.running(),
                    status: if m.alive {
                        flags.join(" · ")
                    } else {
                        "killed: no heartbeats".to_owned()
                    },
                    member_epoch: m.facts.member_epoch,
                    member_id: if id.is_empty() {
                        "(none yet)".to_owned()
                    } else {
                        id.to_owned()
                    },
                    assigned: m.facts.assigned.clone(),
                    target: coordinator.target().get(id).cloned().unwrap_or_default(),
                    awaiting: m
                        .alive
                        .then(|| m.facts.awaiting.as_ref().map(|e| call_in(m.model(), e)))
                        .flatten(),
                    hazards: hazards
                        .iter()
                        .filter(|h| h.members.contains(&m.name))
                        .map(|h| h.hazard)
                        .collect(),
                }
            })
            .collect();
        let (records, epochs_changed) = super::table::changes(before.as_ref(), sim);
        let rows = step_rows(self);
        let row = index.and_then(|i| rows.iter().position(|r| r.first <= i && i <= r.last));
        GroupFrame {
            step,
            steps: self.len(),
            at: sim.now().0,
            caption,
            note,
            refused,
            members,
            group_epoch: coordinator.group_epoch(),
            assignment_epoch: coordinator.assignment_epoch(),
            records,
            epochs_changed,
            messages: sim.messages().len(),
            alarm: self.alarm(&hazards),
            hazards,
            row,
            row_steps: row
                .and_then(|r| rows.get(r))
                .map(|r| (r.first + 1, r.last + 1)),
        }
    }

    /// The group view at step `step` (a copy of the timeline is moved there).
    pub fn frame(&self, step: usize) -> GroupFrame {
        let mut at = self.clone();
        at.seek(step);
        at.current_frame()
    }

    /// When the last input before `step` that was not time passing was applied.
    fn quiet_since(&self, step: usize) -> crate::protocol::time::Millis {
        self.steps()
            .iter()
            .take(step)
            .rev()
            .find(|s| !matches!(s.input, super::GroupInput::Tick))
            .map_or(crate::protocol::time::Millis::ZERO, |s| s.at)
    }

    fn alarm(&self, hazards: &[super::hazard::Sighting]) -> (&'static str, String) {
        let sim = self.sim();
        let now = sim.double_owned_now();
        if !now.is_empty() {
            (
                "now",
                format!("Alarm: two owners at once: {}", now.join(", ")),
            )
        } else if !sim.double_owned().is_empty() {
            (
                "past",
                format!(
                    "Two members owned {} at once earlier in this run.",
                    sim.double_owned()
                ),
            )
        } else if !hazards.is_empty() {
            // Not an all-clear beside a hazard on screen: no two owners *yet*.
            let mut titles: Vec<&str> = hazards.iter().map(|h| h.hazard.title()).collect();
            titles.sort_unstable();
            titles.dedup();
            (
                "watch",
                format!(
                    "No partition has had two owners yet, but this step shows a hazard: {}.",
                    titles.join("; ")
                ),
            )
        } else {
            ("none", "No partition has had two owners.".to_owned())
        }
    }
}
