//! A group session: its trace and a cursor, with the group at the cursor, so that the group view
//! can rewind, replay and fork exactly like the single-member view.

use super::trace::{GroupStep, GroupTrace};
use super::{GroupConfig, GroupInput, GroupSim};
use crate::protocol::time::Millis;

/// The group is kept every this many steps, so that seeking replays at most this many.
pub const GROUP_CHECKPOINT_EVERY: usize = 32;

/// A group trace, what each step did, and the group at the cursor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupTimeline {
    trace: GroupTrace,
    /// Per step: why it was refused, if it was.
    results: Vec<Option<String>>,
    /// The group after steps `0`, `N`, `2N`, … (N = [`GROUP_CHECKPOINT_EVERY`]).
    checkpoints: Vec<GroupSim>,
    cursor: usize,
    sim: GroupSim,
}

impl Default for GroupTimeline {
    fn default() -> Self {
        GroupTimeline::from_trace(GroupTrace::default())
    }
}

impl GroupTimeline {
    /// A timeline holding every step of `trace`, with the cursor at the end.
    pub fn from_trace(trace: GroupTrace) -> Self {
        let mut sim = GroupSim::new(trace.config.clone());
        let mut checkpoints = vec![sim.clone()];
        let mut results = Vec::with_capacity(trace.steps.len());
        for (i, step) in trace.steps.iter().enumerate() {
            results.push(
                sim.handle(step.at, &step.input)
                    .err()
                    .map(|e| e.to_string()),
            );
            if (i + 1) % GROUP_CHECKPOINT_EVERY == 0 {
                checkpoints.push(sim.clone());
            }
        }
        GroupTimeline {
            cursor: trace.steps.len(),
            trace,
            results,
            checkpoints,
            sim,
        }
    }

    /// A new group with this configuration and no steps.
    pub fn new(config: GroupConfig) -> Self {
        GroupTimeline::from_trace(GroupTrace {
            config,
            ..GroupTrace::default()
        })
    }

    pub fn trace(&self) -> &GroupTrace {
        &self.trace
    }
    pub fn steps(&self) -> &[GroupStep] {
        &self.trace.steps
    }
    /// Per step: `Some(reason)` when it was refused.
    pub fn results(&self) -> &[Option<String>] {
        &self.results
    }
    pub fn len(&self) -> usize {
        self.trace.steps.len()
    }
    pub fn is_empty(&self) -> bool {
        self.trace.steps.is_empty()
    }
    pub fn cursor(&self) -> usize {
        self.cursor
    }
    /// The narration of the step just taken, if it has one.
    pub fn note(&self) -> Option<&str> {
        let index = self.cursor.checked_sub(1)?;
        self.steps().get(index)?.note.as_deref()
    }
    /// The group after the steps before the cursor.
    pub fn sim(&self) -> &GroupSim {
        &self.sim
    }
    /// The group's clock at the cursor.
    pub fn now(&self) -> Millis {
        self.sim.now()
    }

    /// Moves the cursor (clamped), replaying from the nearest checkpoint.
    pub fn seek(&mut self, cursor: usize) {
        let cursor = cursor.min(self.len());
        if cursor == self.cursor {
            return;
        }
        let j = (cursor / GROUP_CHECKPOINT_EVERY).min(self.checkpoints.len().saturating_sub(1));
        let mut sim = match self.checkpoints.get(j) {
            Some(checkpoint) => checkpoint.clone(),
            None => GroupSim::new(self.trace.config.clone()),
        };
        for step in self
            .trace
            .steps
            .iter()
            .take(cursor)
            .skip(j * GROUP_CHECKPOINT_EVERY)
        {
            let _ = sim.handle(step.at, &step.input);
        }
        self.sim = sim;
        self.cursor = cursor;
    }

    /// Applies `input` at `at` at the cursor. Accepted: the steps after the cursor are dropped (a
    /// fork) and the step is appended. Refused: nothing changes, and the reason is returned.
    pub fn act(
        &mut self,
        at: Millis,
        input: GroupInput,
        note: Option<String>,
    ) -> Result<(), String> {
        let mut sim = self.sim.clone();
        sim.handle(at, &input).map_err(|e| e.to_string())?;
        self.sim = sim;
        self.trace.steps.truncate(self.cursor);
        self.results.truncate(self.cursor);
        self.checkpoints
            .truncate(self.cursor / GROUP_CHECKPOINT_EVERY + 1);
        self.trace.steps.push(GroupStep { at, input, note });
        self.results.push(None);
        self.cursor += 1;
        if self.cursor % GROUP_CHECKPOINT_EVERY == 0 {
            self.checkpoints.push(self.sim.clone());
        }
        Ok(())
    }

    /// Lets time pass to the next message, timer or timeout (or by `at_most`, if nothing is due
    /// sooner): one beat of the group's animation.
    pub fn next_event(&mut self, at_most: u64) -> Result<(), String> {
        let now = self.now();
        let limit = now.plus(at_most);
        let at = self
            .sim
            .next_event_at()
            .map_or(limit, |t| t.max(now).min(limit));
        self.act(at, GroupInput::Tick, None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn add(name: &str) -> GroupInput {
        GroupInput::AddMember {
            name: name.to_owned(),
            topics: ["t".to_owned()].into(),
            instance_id: None,
        }
    }

    #[test]
    fn seeking_anywhere_gives_the_group_that_replaying_gives() {
        let mut config = GroupConfig::default();
        config.coordinator.topics = [("t".to_owned(), 4)].into();
        let mut timeline = GroupTimeline::new(config);
        timeline.act(Millis(0), add("A"), None).expect("A");
        timeline.act(Millis(10), add("B"), None).expect("B");
        for _ in 0..80 {
            timeline.next_event(1_000).expect("time passes");
        }
        let whole = timeline.clone();
        let again = GroupTimeline::from_trace(whole.trace().clone());
        assert_eq!(again.sim(), whole.sim());
        for cursor in [0, 1, 2, 31, 32, 33, 64, 70, 82] {
            timeline.seek(cursor);
            let mut fresh = again.clone();
            fresh.checkpoints.truncate(1);
            fresh.seek(cursor);
            assert_eq!(timeline.sim(), fresh.sim(), "at {cursor}");
        }
        timeline.seek(82);
        assert_eq!(timeline.sim(), whole.sim());
    }

    #[test]
    fn a_refused_action_changes_nothing_and_an_accepted_one_forks() {
        let mut timeline = GroupTimeline::default();
        timeline.act(Millis(0), add("A"), None).expect("A");
        timeline
            .act(Millis(500), GroupInput::Tick, None)
            .expect("tick");
        let before = timeline.clone();
        let refused = timeline.act(Millis(600), add("A"), None);
        assert_eq!(refused, Err("A is already running".to_owned()));
        assert_eq!(timeline, before);
        timeline.seek(1);
        timeline.act(Millis(100), add("B"), None).expect("B");
        assert_eq!(timeline.len(), 2);
        assert_eq!(timeline.sim().members().len(), 2);
    }
}
