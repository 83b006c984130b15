//! A group session on the one timeline ([`TimelineOf`]): the group view rewinds, replays and
//! forks exactly like the single-member view, with the same code.

use super::trace::{GroupStep, GroupTrace};
use super::{GroupConfig, GroupInput, GroupSim};
use crate::protocol::time::Millis;
use crate::session::timeline::{Replay, TimelineOf};

/// A group session: its trace, what each step did, and the group at the cursor — the same
/// timeline as a member's, replaying a [`GroupSim`].
pub type GroupTimeline = TimelineOf<GroupSim>;

/// The group is kept every this many steps, so that seeking replays at most this many.
pub const GROUP_CHECKPOINT_EVERY: usize = <GroupSim as Replay>::CHECKPOINT_EVERY;

impl Replay for GroupSim {
    type Trace = GroupTrace;
    type Step = GroupStep;
    type Done = ();
    type Refusal = String;
    const CHECKPOINT_EVERY: usize = 32;

    fn start(trace: &GroupTrace) -> Self {
        GroupSim::new(trace.config.clone())
    }
    fn steps(trace: &GroupTrace) -> &[GroupStep] {
        &trace.steps
    }
    fn steps_mut(trace: &mut GroupTrace) -> &mut Vec<GroupStep> {
        &mut trace.steps
    }
    fn at(step: &GroupStep) -> Millis {
        step.at
    }
    fn apply(&mut self, step: &GroupStep) -> Result<(), String> {
        self.handle(step.at, &step.input).map_err(|e| e.to_string())
    }
    fn effect_count(_: &()) -> usize {
        0
    }
    type Observation = ();
}

/// What only a group session has: the group's own clock, and time that passes to the next event.
impl TimelineOf<GroupSim> {
    /// A new group with this configuration and no steps.
    pub fn new(config: GroupConfig) -> Self {
        GroupTimeline::from_trace(GroupTrace {
            config,
            ..GroupTrace::default()
        })
    }
    /// The narration of the step just taken, if it has one.
    pub fn note(&self) -> Option<&str> {
        let index = self.cursor().checked_sub(1)?;
        self.steps().get(index)?.note.as_deref()
    }
    /// Why step `index` (0-based) was refused, if it was.
    pub fn refusal(&self, index: usize) -> Option<&str> {
        self.results()
            .get(index)?
            .as_ref()
            .err()
            .map(String::as_str)
    }
    /// The group after the steps before the cursor.
    pub fn sim(&self) -> &GroupSim {
        self.machine()
    }
    /// The group's clock at the cursor.
    pub fn group_now(&self) -> Millis {
        self.sim().now()
    }

    /// Applies `input` at `at` at the cursor. Accepted: the steps after the cursor are dropped (a
    /// fork) and the step is appended. Refused: nothing changes, and the reason is returned.
    pub fn act(
        &mut self,
        at: Millis,
        input: GroupInput,
        note: Option<String>,
    ) -> Result<(), String> {
        self.act_step(GroupStep { at, input, note })
    }

    /// Lets time pass to the next message, timer or timeout (or by `at_most`, if nothing is due
    /// sooner): one beat of the group's animation.
    pub fn next_event(&mut self, at_most: u64) -> Result<(), String> {
        let now = self.group_now();
        let limit = now.plus(at_most);
        let at = self
            .sim()
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
            model: None,
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
            // From the start, no checkpoint: what a replay gives.
            let replayed = again.fold(cursor, |_, _, _, _| {});
            assert_eq!(timeline.sim(), &replayed, "at {cursor}");
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
