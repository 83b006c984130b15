//! Every behaviour the Java client model follows by release (`RELEASE_DIFFERENCES`, shown where a
//! reader picks the release) is real: its golden trace, replayed on the release before and on the
//! release itself, ends differently, and its golden traces are named for both sides.

use kip848_core::machine::Machine;
use kip848_core::session::timeline::Timeline;
use kip848_core::session::trace::Trace;
use kip848_core::{ClientVersion, RELEASE_DIFFERENCES};
use std::path::Path;

/// The golden traces of each row, in order: one trace replayed on both sides.
const TRACES: [&str; 2] = [
    "topicAuthorizationFailedIsRetriedFrom40",
    "groupIdNotFoundAnsweringTheLeaveIsIgnoredFrom43",
];

fn end_on(name: &str, release: ClientVersion) -> String {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/traces/kafka/{name}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut trace = Trace::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    trace.config.kafka_version = Some(release);
    let timeline = Timeline::from_trace(trace);
    let facts = timeline.member().facts();
    format!("{} {:?}", facts.state, facts.failure)
}

#[test]
fn each_release_difference_is_one_the_model_makes() {
    assert_eq!(
        RELEASE_DIFFERENCES.len(),
        TRACES.len(),
        "a difference without its trace"
    );
    for ((release, words), name) in RELEASE_DIFFERENCES.iter().zip(TRACES) {
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
