//! Every behaviour the Java client model follows by release (`RELEASE_DIFFERENCES`, shown where a
//! reader picks the release) is real: its golden trace, replayed on the release before and on the
//! release itself, differs in what the row is about (how the member ends, or which step sends each
//! heartbeat), and every release on one side replays it as that side does.

use kip848_core::machine::Machine;
use kip848_core::session::timeline::Timeline;
use kip848_core::session::trace::Trace;
use kip848_core::{ClientVersion, Effect, RELEASE_DIFFERENCES};
use std::path::Path;

/// What a row changes: how the member ends, or when it sends.
#[derive(Clone, Copy)]
enum Probe {
    End,
    Sends,
}

/// The golden trace of each row, in order, and what to compare.
const TRACES: [(&str, Probe); 5] = [
    ("theIntervalCountsFromEachHeartbeatSentFrom38", Probe::Sends),
    ("theLeaveGoesBesideAHeartbeatInFlightFrom38", Probe::Sends),
    (
        "aStaticMemberThatStopsPollingLeavesWithEpoch2From38",
        Probe::Sends,
    ),
    ("topicAuthorizationFailedIsRetriedFrom40", Probe::End),
    (
        "groupIdNotFoundAnsweringTheLeaveIsIgnoredFrom43",
        Probe::End,
    ),
];

fn replay(name: &str, release: ClientVersion, probe: Probe) -> String {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/traces/kafka/{name}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut trace = Trace::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    trace.config.kafka_version = Some(release);
    let timeline = Timeline::from_trace(trace);
    match probe {
        Probe::End => {
            let facts = timeline.member().facts();
            format!("{} {:?}", facts.state, facts.failure)
        }
        Probe::Sends => (0..timeline.len())
            .map(|i| {
                let sends: Vec<String> = timeline
                    .effects_of(i)
                    .iter()
                    .filter_map(|e| match e {
                        Effect::SendHeartbeat(r) => {
                            Some(format!("{:?} {}", r.purpose, r.member_epoch))
                        }
                        _ => None,
                    })
                    .collect();
                format!("{i}: {}", sends.join(", "))
            })
            .collect::<Vec<_>>()
            .join("; "),
    }
}

#[test]
fn each_release_difference_is_one_the_model_makes() {
    assert_eq!(
        RELEASE_DIFFERENCES.len(),
        TRACES.len(),
        "a difference without its trace"
    );
    for ((release, words), (name, probe)) in RELEASE_DIFFERENCES.iter().zip(TRACES) {
        let end_on = |name: &str, v: ClientVersion| replay(name, v, probe);
        let at = ClientVersion::CHOICES
            .iter()
            .position(|v| v == release)
            .unwrap_or(0);
        assert!(at > 0, "{words}: no release before {}", release.as_str());
        let before = ClientVersion::CHOICES[at - 1];
        assert_ne!(
            end_on(name, before),
            end_on(name, *release),
            "{words}: {name} ends the same on {} and {}",
            before.as_str(),
            release.as_str()
        );
        // Every release from it on behaves as it does, every one before as the one before.
        for v in ClientVersion::CHOICES {
            let expected = if v >= *release {
                end_on(name, *release)
            } else {
                end_on(name, before)
            };
            assert_eq!(
                end_on(name, v),
                expected,
                "{words}: {name} on {}",
                v.as_str()
            );
        }
    }
}
