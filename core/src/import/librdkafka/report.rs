//! A followed consumer as the import page shows it: divergences where the model and the log part
//! ways, and a few lines of report.

use super::follow::{Aspect, Callback, Followed, Observed, Seen};
use crate::import::outcome::divergence::{Aspect as ViewAspect, Divergence, Reason};
use crate::import::outcome::view::MemberView;

impl Followed {
    /// The differences as the import page lists divergences: after which step, on which line,
    /// what each side did.
    pub fn divergences(&self) -> Vec<Divergence> {
        let step_of = |line: usize| {
            self.lines
                .iter()
                .rposition(|l| *l <= line)
                .unwrap_or_default()
        };
        let words = |o: &Option<Observed>| match o.as_ref().map(|o| &o.seen) {
            None => "nothing".to_owned(),
            Some(Seen::JoinState { state }) => format!("join state {state}"),
            Some(Seen::Heartbeat { epoch, full }) => format!(
                "a {} heartbeat at epoch {epoch}",
                if *full { "full" } else { "partial" }
            ),
            Some(Seen::Callback { call, partitions }) => {
                let name = match call {
                    Callback::Assign => "on_assign",
                    Callback::Revoke => "on_revoke",
                    Callback::Lost => "on_lost",
                };
                format!("{name} of {partitions} partition(s)")
            }
        };
        let view = |o: &Option<Observed>| MemberView {
            state: match o.as_ref().map(|o| &o.seen) {
                Some(Seen::JoinState { state }) => Some(*state),
                _ => None,
            },
            epoch: match o.as_ref().map(|o| &o.seen) {
                Some(Seen::Heartbeat { epoch, .. }) => Some(*epoch),
                _ => None,
            },
            held: None,
        };
        let mut out: Vec<Divergence> = self
            .differences
            .iter()
            .map(|d| {
                let line = d.log.as_ref().or(d.model.as_ref()).map(|o| o.line);
                Divergence {
                    step: step_of(line.unwrap_or_default()),
                    line,
                    aspects: vec![match d.aspect {
                        Aspect::JoinStates => ViewAspect::State,
                        Aspect::Heartbeats => ViewAspect::Epoch,
                        Aspect::Callbacks => ViewAspect::Assigned,
                    }],
                    log: view(&d.log),
                    model: view(&d.model),
                    summary: format!("log: {}; model: {}", words(&d.log), words(&d.model)),
                    reason: None,
                }
            })
            .collect();
        out.extend(self.refused.iter().map(|r| Divergence {
            step: step_of(r.line),
            line: Some(r.line),
            aspects: vec![ViewAspect::Input],
            log: MemberView::default(),
            model: MemberView::default(),
            summary: "the model refused a logged input".to_owned(),
            reason: Some(Reason::Refused {
                reason: r.reason.clone(),
            }),
        }));
        out.sort_by_key(|d| (d.step, d.line));
        out
    }

    /// What was followed, in a few lines: the import page's report.
    pub fn report(&self) -> Vec<String> {
        let count = |all: &[Observed], aspect: Aspect| {
            all.iter().filter(|o| o.seen.aspect() == aspect).count()
        };
        let mut out = vec![format!(
            "librdkafka consumer {}{}, followed on the librdkafka model (librdkafka {})",
            self.handle,
            self.version
                .as_deref()
                .map_or(String::new(), |v| format!(" (librdkafka {v})")),
            &crate::teaching::sources::LIBRDKAFKA_TAG[1..],
        )];
        for (aspect, name) in [
            (Aspect::JoinStates, "join states"),
            (Aspect::Heartbeats, "heartbeats"),
            (Aspect::Callbacks, "rebalance callbacks"),
        ] {
            out.push(format!(
                "{name}: {} in the log, {} by the model",
                count(&self.log, aspect),
                count(&self.model, aspect)
            ));
        }
        if !self.coordinator.is_empty() {
            let said: Vec<String> = self.coordinator.iter().map(|c| c.words()).collect();
            out.push(format!("the coordinator's own lines: {}", said.join("; ")));
        }
        out.push(if self.agrees() {
            "the model did what the library did, in the same order".to_owned()
        } else {
            format!(
                "the model parts ways with the log: {} difference(s), {} input(s) refused",
                self.differences.len(),
                self.refused.len()
            )
        });
        out
    }
}
