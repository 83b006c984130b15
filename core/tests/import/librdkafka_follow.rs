//! Logs of librdkafka's consumers followed on the librdkafka model: every consumer the live harness
//! recorded agrees with it, a log changed by one line does not, and
//! the golden traces are these logs followed.
//!
//! Over 300 lines: every recorded consumer followed, with the one-line changes that must not agree, over the same fixtures.

use super::librdkafka::{callbacks, librdkafka_log};
use super::logs_dir;
use kip848_core::import::librdkafka::follow::{follow, Aspect, Callback, Seen};

/// Every log the live harness recorded (`tests/live/`, librdkafka 2.15.0 against its mock
/// cluster), followed on the librdkafka model: every consumer passes through the join states the
/// library logged, sends the heartbeats it sent (epoch, full or not) and hands the application the
/// callbacks it handed (kind, how many partitions), in order, and the model takes every input.
#[test]
fn every_consumer_the_harness_recorded_agrees_with_the_librdkafka_model() {
    let dir = logs_dir().join("librdkafka");
    let mut logs: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/logs/librdkafka")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "log"))
        .collect();
    logs.sort();
    let mut consumers = 0;
    for path in &logs {
        let text = std::fs::read_to_string(path).expect("a log");
        let followed = follow(&text);
        assert!(!followed.is_empty(), "{}", path.display());
        let seen = callbacks(&text);
        for f in &followed {
            consumers += 1;
            // Every step has its source: a line, or the line it is inferred from.
            assert_eq!(f.sources.len(), f.trace.steps.len(), "{}", path.display());
            assert_eq!(f.lines.len(), f.trace.steps.len(), "{}", path.display());
            assert!(
                f.agrees(),
                "{} {}: {:?} {:?}",
                path.display(),
                f.handle,
                f.differences,
                f.refused
            );
            // The callbacks are also the ones the application's own callbacks recorded.
            let client = f.handle.split('#').next().unwrap_or_default();
            let model: Vec<(String, usize)> = f
                .model
                .iter()
                .filter_map(|o| match &o.seen {
                    Seen::Callback { call, partitions } => Some((
                        match call {
                            Callback::Assign => "on_assign",
                            Callback::Revoke => "on_revoke",
                            Callback::Lost => "on_lost",
                        }
                        .to_owned(),
                        *partitions,
                    )),
                    _ => None,
                })
                .collect();
            // A static member's second instance shares nothing; a client without callbacks none.
            if let Some(app) = seen.get(client) {
                assert_eq!(&model, app, "{} {}", path.display(), f.handle);
            }
        }
    }
    assert!(
        logs.len() >= 16 && consumers >= 20,
        "{} logs, {consumers} consumers",
        logs.len()
    );
}

/// The check can fail: one line of a log changed, and the model and the log part ways where it
/// was changed.
#[test]
fn a_log_changed_by_one_line_disagrees_with_the_model_there() {
    let text = librdkafka_log("v2.15.0-mock-second-join.log");
    let c1 = |text: &str| {
        follow(text)
            .into_iter()
            .find(|f| f.handle == "c1#consumer-4")
            .expect("c1")
    };
    assert!(c1(&text).agrees());
    for (from, to, aspect) in [
        // The empty on_assign after the revocation, said to carry a partition.
        (
            "delegating incremental assign of 0 partition(s)",
            "delegating incremental assign of 1 partition(s)",
            Aspect::Callbacks,
        ),
        // A heartbeat at an epoch the member never had.
        ("generation id 2,", "generation id 7,", Aspect::Heartbeats),
        // A join state the member never went through.
        (
            "changed join state wait-assign-call -> steady",
            "changed join state wait-assign-call -> init",
            Aspect::JoinStates,
        ),
    ] {
        let changed = text.replacen(from, to, 1);
        assert_ne!(changed, text, "{from}");
        let f = c1(&changed);
        assert!(
            f.differences.iter().any(|d| d.aspect == aspect),
            "{to}: {:?}",
            f.differences
        );
    }
}

/// Golden traces of the librdkafka model, each the trace the follower makes of one consumer of a
/// recorded log: named after librdkafka's own test of the same case
/// (`tests/0147-consumer_group_consumer_mock.c`), or after what the run showed, several of them the
/// regression of a model fix the live runs found. `BLESS=1` writes them.
const GOLDEN: [(&str, &str, &str); 32] = [
    (
        "do_test_consumer_group_heartbeat_fenced_errors",
        "v2.15.0-mock-fenced.log",
        "c1#consumer-7",
    ),
    (
        "do_test_consumer_group_heartbeat_retriable_errors",
        "v2.15.0-mock-retriable.log",
        "c1#consumer-6",
    ),
    (
        "do_test_consumer_group_heartbeat_fatal_errors",
        "v2.15.0-mock-fatal-authz.log",
        "c1#consumer-8",
    ),
    (
        "do_test_max_poll_interval_rejoin_consume",
        "v2.15.0-mock-max-poll.log",
        "c1#consumer-2",
    ),
    (
        "do_test_adherence_to_hb_interval",
        "v2.15.0-mock-join-close.log",
        "c1#consumer-2",
    ),
    (
        "unknown-member-rejoins",
        "v2.15.0-mock-unknown-member.log",
        "c1#consumer-5",
    ),
    (
        "epoch-0-answer-while-partitions-move",
        "v2.15.0-mock-second-join.log",
        "c2#consumer-5",
    ),
    (
        "revoke-then-empty-assign",
        "v2.15.0-mock-second-join.log",
        "c1#consumer-4",
    ),
    (
        "expedited-rejoins-back-off",
        "v2.15.0-mock-duplicate-instance.log",
        "c2#consumer-7",
    ),
    (
        "close-with-nothing-held-terminates-from-steady",
        "v2.15.0-mock-random-14.log",
        "c1#consumer-2",
    ),
    (
        "fenced-then-stalled-past-the-poll-interval",
        "v2.15.0-mock-random-100.log",
        "c2#consumer-3",
    ),
    (
        "unsubscribe-then-subscribe-again",
        "v2.15.0-mock-unsubscribe.log",
        "c1#consumer-11",
    ),
    (
        "static-member-leaves-with-epoch-2",
        "v2.15.0-mock-static-close.log",
        "c1#consumer-2",
    ),
    (
        "empty-target-stays-in-init",
        "v2.15.0-mock-empty-member.log",
        "c2#consumer-9",
    ),
    (
        "the-interval-of-every-consumer",
        "v2.15.0-mock-random-65.log",
        "c5#consumer-295",
    ),
    (
        "leave-answered-before-an-earlier-heartbeat",
        "v2.15.0-mock-random-84.log",
        "c1#consumer-380",
    ),
    (
        "retry-after-unsubscribe-sets-the-epoch",
        "v2.15.0-mock-random-145.log",
        "c2#consumer-198",
    ),
    (
        "a-poll-after-the-interval-resumes-heartbeats",
        "v2.15.0-mock-random-228.log",
        "c1#consumer-130",
    ),
    (
        "the-commonest-gap-is-the-interval",
        "v2.15.0-mock-random-262.log",
        "c1#consumer-284",
    ),
    (
        "close-while-on-assign-runs-queues-on-revoke",
        "v2.15.0-mock-random-303.log",
        "c4#consumer-13",
    ),
    (
        "the-leaves-answer-terminates-before-the-queued-on-revoke",
        "v2.15.0-mock-empty-member-close-race.log",
        "c2#consumer-13",
    ),
    (
        "unsubscribe-while-on-assign-runs-queues-on-revoke",
        "v2.15.0-mock-random-442.log",
        "c2#consumer-7",
    ),
    (
        "expedited-heartbeats-are-not-the-interval",
        "v2.15.0-mock-session-timeout-few-heartbeats.log",
        "c1#consumer-15",
    ),
    (
        "a-retried-acknowledgement-still-acknowledges",
        "v2.15.0-mock-random-4250.log",
        "c2#consumer-40",
    ),
    (
        "the-poll-interval-passes-in-init-after-a-rejoin",
        "v2.15.0-mock-random-10030.log",
        "c2#consumer-144",
    ),
    (
        "close-while-on-revoke-runs-queues-on-revoke-of-the-rest",
        "v2.15.0-mock-random-50063.log",
        "c2#consumer-3",
    ),
    (
        "unsubscribe-while-on-revoke-waits-leaves-at-once",
        "v2.15.0-mock-random-50076.log",
        "c3#consumer-4",
    ),
    (
        "unsubscribe-while-part-is-revoked-leaves-from-steady",
        "v2.15.0-mock-unsubscribe-while-part-is-revoked.log",
        "c1#consumer-2",
    ),
    (
        "unsubscribe-while-fenced-sends-no-leave",
        "v2.15.0-mock-random-110153.log",
        "c1#consumer-2",
    ),
    (
        "a-heartbeat-is-retried-at-most-twice",
        "v2.15.0-mock-random-110169.log",
        "c3#consumer-4",
    ),
    (
        "the-third-error-to-a-join-sends-it-anew",
        "v2.15.0-mock-random-110210.log",
        "c3#consumer-4",
    ),
    (
        "a-subscription-waits-for-a-parked-assign-left-behind",
        "v2.15.0-mock-random-440234.log",
        "c2#consumer-3",
    ),
];

#[test]
fn the_librdkafka_golden_traces_are_the_recorded_logs_followed() {
    let dir = logs_dir().join("../traces/librdkafka");
    let bless = std::env::var_os("BLESS").is_some();
    for (name, file, handle) in GOLDEN {
        let followed = follow(&librdkafka_log(file))
            .into_iter()
            .find(|f| f.handle == handle)
            .unwrap_or_else(|| panic!("{file} has no {handle}"));
        let mut trace = followed.trace;
        trace.title = Some(name.replace(['_', '-'], " "));
        trace.description = Some(format!(
            "Consumer {handle} of core/tests/logs/librdkafka/{file}: real librdkafka 2.15.0 \
             against its mock cluster, recorded by the live harness (tests/live/) and followed \
             on the librdkafka model; each step's note is the log line it came from."
        ));
        let json = trace.to_json();
        let path = dir.join(format!("{name}.json"));
        if bless {
            std::fs::create_dir_all(&dir).expect("traces/librdkafka");
            std::fs::write(&path, &json).expect("written");
        }
        let golden = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (BLESS=1 writes it)", path.display()));
        assert!(golden == json, "{} is not the log followed", path.display());
    }
}

/// The mock coordinator's own lines are read beside each consumer's: a member whose session timed
/// out is fenced in the coordinator's words, and the answer that tells the consumer says so.
#[test]
fn the_mock_coordinators_lines_are_read_beside_the_consumer_that_they_are_about() {
    use kip848_core::import::librdkafka::coordinator::Says;
    use kip848_core::protocol::input::Input;
    let followed = follow(&librdkafka_log("v2.15.0-mock-session-timeout.log"));
    let timed_out: Vec<_> = followed
        .iter()
        .filter(|f| {
            f.coordinator
                .iter()
                .any(|c| c.says == Says::SessionTimedOut)
        })
        .collect();
    assert_eq!(timed_out.len(), 1, "one consumer stalled past its session");
    let f = timed_out[0];
    let says: Vec<Says> = f.coordinator.iter().map(|c| c.says).collect();
    let at = says
        .iter()
        .position(|s| *s == Says::SessionTimedOut)
        .expect("timed out");
    assert_eq!(says.get(at + 1), Some(&Says::Fenced));
    // Every line is about this consumer's own member id.
    let ids: Vec<&str> = f.coordinator.iter().map(|c| c.member_id.as_str()).collect();
    assert!(
        ids.iter()
            .all(|id| Some(*id) == f.trace.config.member_id.as_deref()),
        "{ids:?}"
    );
    // The first error answer after the fence names it.
    let fence = &f.coordinator[at + 1];
    let told = f
        .lines
        .iter()
        .zip(&f.trace.steps)
        .position(|(line, step)| {
            *line > fence.line && matches!(step.input, Input::HeartbeatError { .. })
        })
        .expect("the consumer is told");
    assert!(
        f.sources[told]
            .why
            .contains("the mock coordinator fenced it from the group"),
        "{}",
        f.sources[told].why
    );
    assert!(
        f.report().iter().any(|l| l.contains("mock coordinator")),
        "{:?}",
        f.report()
    );
}
