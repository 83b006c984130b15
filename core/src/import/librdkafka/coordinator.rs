//! The coordinator's own lines, where the log has them: librdkafka's mock cluster logs (facility
//! `MOCK`, `rdkafka_mock_cgrp.c` at 2.15.0) what it decides about each member of a consumer group
//! — a member marked active by a heartbeat, leaving, fenced, its session timed out. They are the
//! other side of the consumer's answers: a fence the consumer reads as `UNKNOWN_MEMBER_ID` is, in
//! the mock's words, a session that timed out.

use crate::protocol::input::Input;
use serde::Serialize;

/// What the coordinator says about a member.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "says", rename_all = "snake_case")]
pub enum Says {
    /// `Member … session timed out for group …`.
    SessionTimedOut,
    /// `Member … is fenced from group …`: removed from the group.
    Fenced,
    /// `Member … is leaving group …, is static: …, static leave: …`.
    Leaving { is_static: bool, static_leave: bool },
}

/// One of the coordinator's lines about a member.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CoordinatorLine {
    /// From 1.
    pub line: usize,
    pub member_id: String,
    #[serde(flatten)]
    pub says: Says,
}

impl CoordinatorLine {
    /// The line in a few words.
    pub fn words(&self) -> String {
        let what = match self.says {
            Says::SessionTimedOut => "timed its session out".to_owned(),
            Says::Fenced => "fenced it from the group".to_owned(),
            Says::Leaving {
                is_static,
                static_leave,
            } => format!(
                "saw it leave{}",
                match (is_static, static_leave) {
                    (true, true) => " (a static member, keeping its instance id)",
                    (true, false) => " (a static member, for good)",
                    _ => "",
                }
            ),
        };
        format!("line {}: the mock coordinator {what}", self.line)
    }
}

/// Keeps `said` (the coordinator's lines about this consumer's member) on the followed consumer,
/// and names each fence in the step of the answer that tells the consumer: the first error answer
/// after it.
pub(super) fn annotate<'a>(
    followed: &mut super::follow::Followed,
    said: impl Iterator<Item = &'a CoordinatorLine>,
) {
    for c in said {
        if c.says == Says::Fenced {
            let told = followed
                .lines
                .iter()
                .zip(&followed.trace.steps)
                .position(|(line, step)| {
                    *line > c.line && matches!(step.input, Input::HeartbeatError { .. })
                });
            if let Some(source) = told.and_then(|i| followed.sources.get_mut(i)) {
                source.why = format!("{} ({})", source.why, c.words());
            }
        }
        followed.coordinator.push(c.clone());
    }
}

/// Every line of `text` where the mock coordinator says something about a member, in order; with
/// how many times it marked each member active (once a heartbeat).
pub fn coordinator_lines(text: &str) -> (Vec<CoordinatorLine>, Vec<(String, usize)>) {
    let mut out = Vec::new();
    let mut active: Vec<(String, usize)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(message) = line
            .find("[thrd:")
            .and_then(|at| line[at..].find("]: ").map(|end| &line[at + end + 3..]))
        else {
            continue;
        };
        if let Some(id) = message.strip_prefix("Marking mock consumer group member ") {
            if let Some(id) = id.strip_suffix(" as active") {
                match active.iter_mut().find(|(m, _)| m == id) {
                    Some((_, n)) => *n += 1,
                    None => active.push((id.to_owned(), 1)),
                }
            }
            continue;
        }
        let Some(rest) = message.strip_prefix("Member ") else {
            continue;
        };
        let Some((member_id, rest)) = rest.split_once(' ') else {
            continue;
        };
        let says = if rest.starts_with("session timed out for group ") {
            Says::SessionTimedOut
        } else if rest.starts_with("is fenced from group ") {
            Says::Fenced
        } else if rest.starts_with("is leaving group ") {
            Says::Leaving {
                is_static: rest.contains("is static: true"),
                static_leave: rest.contains("static leave: true"),
            }
        } else {
            continue;
        };
        out.push(CoordinatorLine {
            line: i + 1,
            member_id: member_id.to_owned(),
            says,
        });
    }
    (out, active)
}

#[cfg(test)]
mod tests {
    use super::{coordinator_lines, Says};

    #[test]
    fn the_mocks_words_about_a_member_are_read_and_others_are_not() {
        let text = "%7|1796161512.001|MOCK|mock#producer-5| [thrd:mock]: Marking mock consumer group member m1 as active\n\
            %7|1796161512.002|MOCK|mock#producer-5| [thrd:mock]: Member m1 session timed out for group g1\n\
            %7|1796161512.002|MOCK|mock#producer-5| [thrd:mock]: Member m1 is fenced from group g1\n\
            %7|1796161512.003|MOCK|mock#producer-5| [thrd:mock]: Member m2 is leaving group g1, is static: true, static leave: true\n\
            %7|1796161512.004|MOCK|mock#producer-5| [thrd:mock]: Member m3 did something new\n\
            Member m4 is fenced from group g1";
        let (lines, active) = coordinator_lines(text);
        let said: Vec<(usize, &str, Says)> = lines
            .iter()
            .map(|l| (l.line, l.member_id.as_str(), l.says))
            .collect();
        assert_eq!(
            said,
            [
                (2, "m1", Says::SessionTimedOut),
                (3, "m1", Says::Fenced),
                (
                    4,
                    "m2",
                    Says::Leaving {
                        is_static: true,
                        static_leave: true
                    }
                ),
            ]
        );
        assert_eq!(active, [("m1".to_owned(), 1)]);
        assert_eq!(
            lines[0].words(),
            "line 2: the mock coordinator timed its session out"
        );
    }
}
