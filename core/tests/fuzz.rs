//! Bounded fuzzing in `make test` (FUZZ_CASES raises it; `make fuzz` runs long): the trace parsers,
//! the link decoder and the machine never panic, whatever they are given. A crash found here
//! becomes a named regression test below.

use kip848_core::group::GroupTrace;
use kip848_core::session::link::{
    decode, decode_link, decode_member_link, encode, encode_group, Link, LinkError, MemberLink,
    Shared, SharedGroup, View,
};
use kip848_core::session::trace::Trace;
use kip848_core::session::workload::session;
use kip848_core::*;
use proptest::prelude::*;

fn cases(default: u32) -> ProptestConfig {
    let cases = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(default);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// A valid trace text to mutate.
fn seed() -> String {
    let mut trace = session(40);
    trace.steps[3].note = Some("ünïcødé <b>note</b>".into());
    trace.to_json()
}

/// A valid group trace text to mutate (the §7.10 worked example).
fn group_seed() -> String {
    include_str!("traces/group/s6-worked-example-third-member-joins.json").to_owned()
}

/// Byte-level damage: flips, deletions, insertions, truncation.
fn mutate(text: &str, edits: &[(usize, u8, u8)], cut: usize) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for &(at, kind, value) in edits {
        if bytes.is_empty() {
            break;
        }
        let at = at % bytes.len();
        match kind % 3 {
            0 => bytes[at] = value,
            1 => {
                bytes.remove(at);
            }
            _ => bytes.insert(at, value),
        }
    }
    bytes.truncate(bytes.len().saturating_sub(cut % 8));
    String::from_utf8_lossy(&bytes).into_owned()
}

fn arb_text() -> impl Strategy<Value = String> {
    prop_oneof![
        ".{0,40}",
        "[ -~]{0,12}",
        Just(String::new()),
        Just("\u{0}\u{feff}<script>".to_owned())
    ]
}

proptest! {
    #![proptest_config(cases(3000))]

    #[test]
    fn the_trace_parser_never_panics_on_damaged_traces(
        edits in proptest::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 0..6), cut in any::<usize>()
    ) {
        let text = mutate(&seed(), &edits, cut);
        let _ = Trace::parse(&text);
    }

    #[test]
    fn the_trace_parser_never_panics_on_arbitrary_text(text in "\\PC{0,200}") {
        let _ = Trace::parse(&text);
    }

    #[test]
    fn the_link_decoder_never_panics(
        edits in proptest::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 0..6), cut in any::<usize>(), text in "\\PC{0,80}"
    ) {
        let link = encode(&Shared { trace: session(30), step: 5, view: View::default() });
        let _ = decode(&mutate(&link, &edits, cut));
        let _ = decode(&text);
        let _ = decode(&format!("v1.{text}"));
    }

    #[test]
    fn group_traces_and_group_links_never_panic(
        edits in proptest::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 0..6), cut in any::<usize>()
    ) {
        let text = group_seed();
        let _ = GroupTrace::parse(&mutate(&text, &edits, cut));
        let trace = GroupTrace::parse(&text).expect("the seed group trace is valid");
        let link = encode_group(&SharedGroup { trace, step: 4 });
        let damaged = mutate(&link, &edits, cut);
        let whole = decode_link(&damaged);
        // The member pages' reading agrees with the whole one: the same member session, a group
        // link wherever the whole reading found a group session (or refused only its trace), and
        // the same error for the rest.
        match (decode_member_link(&damaged), whole) {
            (Ok(MemberLink::Member(a)), Ok(Link::Member(b))) => prop_assert_eq!(a, b),
            (Ok(MemberLink::Group), Ok(Link::Group(_)) | Err(LinkError::Trace(_))) => {}
            (Err(a), Err(b)) => prop_assert_eq!(a, b),
            (a, b) => prop_assert!(false, "member pages read {a:?}, the group page {b:?}"),
        }
    }

    #[test]
    fn the_machine_never_panics_on_extreme_inputs(
        steps in proptest::collection::vec((any::<u64>(), 0u8..11, arb_text(), any::<i32>(), any::<u32>(), any::<u32>()), 1..40)
    ) {
        let config = Config { retry_backoff_ms: u64::MAX, retry_backoff_max_ms: u64::MAX, ..Config::default() };
        let mut seed = Member::new(config.clone());
        let mut shipped = kip848_core::kafka::KafkaMember::new(Config { auto_complete: false, ..config });
        let mut sorted = steps;
        sorted.sort_by_key(|s| s.0);
        for (at, kind, text, epoch, interval, partition) in sorted {
            let input = match kind {
                0 => Input::Subscribe { topics: [text.clone()].into() },
                1 => Input::HeartbeatResponse(HeartbeatResponse {
                    member_id: text.clone(),
                    member_epoch: epoch,
                    heartbeat_interval_ms: interval,
                    assignment: Some(PartitionSet::of([(text.as_str(), &[partition, u32::MAX][..])])),
                }),
                2 => Input::HeartbeatError { code: ErrorCode::from(text.clone()) },
                3 => Input::HeartbeatFailed,
                4 => Input::Tick,
                5 => Input::Completed { outcome: Outcome::Failed },
                6 => Input::Metadata { topics: [text.clone()].into() },
                7 => Input::PollTimerExpired,
                8 => Input::Poll,
                9 => Input::Unsubscribe,
                _ => Input::Close,
            };
            let _ = seed.handle(Millis(at), &input);
            let _ = seed.poll_timeout();
            let _ = shipped.handle(Millis(at), &input);
            let _ = shipped.poll_timeout();
        }
    }
}

/// The boundary the extreme-input target aims at, pinned down: a deadline at the end of time
/// saturates instead of overflowing. (No crash has been found so far; any will be added here.)
#[test]
fn deadlines_saturate_at_the_end_of_time() {
    let mut member = Member::new(Config::default());
    member
        .handle(
            Millis(u64::MAX - 1),
            &Input::Subscribe {
                topics: ["t".to_owned()].into(),
            },
        )
        .expect("accepted");
    member
        .handle(Millis(u64::MAX), &Input::HeartbeatFailed)
        .expect("accepted");
    assert_eq!(member.poll_timeout(), Some(Millis(u64::MAX)));
    assert_eq!(
        member
            .handle(Millis(u64::MAX), &Input::Tick)
            .map(|e| e.len()),
        Ok(1)
    );
}

/// The test logs, as the importer's fuzzing seeds.
fn log_seeds() -> &'static [String] {
    static SEEDS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    SEEDS.get_or_init(|| {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/logs");
        // The Java logs, and librdkafka's (made by running it).
        let mut seeds: Vec<(std::path::PathBuf, String)> = std::fs::read_dir(&dir)
            .expect("tests/logs")
            .chain(std::fs::read_dir(dir.join("librdkafka")).expect("tests/logs/librdkafka"))
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "log"))
            .map(|p| {
                let text = String::from_utf8_lossy(&std::fs::read(&p).expect("log")).into_owned();
                (p, text)
            })
            .collect();
        seeds.sort();
        seeds.into_iter().map(|(_, t)| t).collect()
    })
}

/// Whatever the text: no panic; an import's trace is a valid trace file that replays.
fn import_anything(text: &str) {
    let _ = kip848_core::import::librdkafka::membership(text);
    // A librdkafka log followed: its trace is a valid trace file that replays.
    for followed in kip848_core::import::librdkafka::follow::follow(text) {
        let json = followed.trace.to_json();
        let trace = kip848_core::session::trace::Trace::parse(&json).expect("a valid trace");
        let _ = kip848_core::session::timeline::Timeline::from_trace(trace);
    }
    let Ok(parsed) = kip848_core::import::ParsedLog::parse(text) else {
        return;
    };
    let _ = parsed.broker();
    if let Ok(together) = parsed.together() {
        let spans = together.ownership.iter().flat_map(|r| &r.spans);
        assert!(spans
            .clone()
            .all(|s| s.from <= s.to && s.to <= together.end));
        let lanes = together.consumers.iter().flat_map(|c| &c.lane);
        assert!(lanes
            .clone()
            .all(|s| s.from <= s.to && s.to <= together.end));
    }
    let clients: Vec<String> = parsed
        .consumers()
        .iter()
        .map(|c| c.client_id.clone())
        .collect();
    for client in clients {
        if let Ok(imported) = parsed.import(Some(&client)) {
            let back = Trace::parse(&imported.trace.to_json());
            assert_eq!(back.as_ref().ok(), Some(&imported.trace), "{back:?}");
            let _ = kip848_core::session::replay::replay_to_string(&Timeline::from_trace(
                imported.trace,
            ));
        }
    }
}

proptest! {
    #![proptest_config(cases(300))]

    #[test]
    fn the_log_importer_never_panics_on_damaged_logs(
        which in any::<usize>(),
        edits in proptest::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 0..12),
        cut in any::<usize>()
    ) {
        let seeds = log_seeds();
        import_anything(&mutate(&seeds[which % seeds.len()], &edits, cut));
    }

    #[test]
    fn the_log_importer_never_panics_on_shuffled_lines(which in any::<usize>(), keys in proptest::collection::vec(any::<u32>(), 0..200)) {
        let seeds = log_seeds();
        let mut lines: Vec<(u32, &str)> = seeds[which % seeds.len()]
            .lines()
            .enumerate()
            .map(|(i, l)| (keys.get(i).copied().unwrap_or(u32::MAX), l))
            .collect();
        lines.sort_by_key(|(k, _)| *k);
        let text: Vec<&str> = lines.into_iter().map(|(_, l)| l).collect();
        import_anything(&text.join("\n"));
    }

    #[test]
    fn the_log_importer_never_panics_on_arbitrary_text(text in "\\PC{0,300}") {
        import_anything(&text);
        import_anything(&format!("2025-01-01 00:00:00,000 INFO [Consumer clientId=c, groupId=g] {text}"));
    }
}
