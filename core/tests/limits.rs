//! Limits on what a trace may hold: each refusal names the step, the field and the limit.

use kip848_core::session::limits::*;
use kip848_core::session::trace::Trace;

fn steps(body: &str) -> String {
    format!(r#"{{"format":"kip848-trace/1","steps":[{body}]}}"#)
}

fn error(text: &str) -> String {
    Trace::parse(text)
        .map(|_| ())
        .expect_err("over a limit")
        .to_string()
}

#[test]
fn names_and_notes_are_limited() {
    let long = "x".repeat(MAX_NAME_CHARS + 1);
    let text = steps(&format!(
        r#"{{"at":0,"input":"heartbeat_response","member_id":"{long}","member_epoch":1,"heartbeat_interval_ms":1}}"#
    ));
    assert_eq!(
        error(&text),
        "step 0, field `member_id`: 257 characters is over the limit of 256"
    );
    let text = steps(&format!(
        r#"{{"at":0,"input":"subscribe","topics":["{long}"]}}"#
    ));
    assert_eq!(
        error(&text),
        "step 0, field `topics`: a topic name of 257 characters is over the limit of 256"
    );
    let note = "n".repeat(MAX_TEXT_CHARS + 1);
    assert_eq!(
        error(&steps(&format!(
            r#"{{"at":0,"input":"tick","note":"{note}"}}"#
        ))),
        "step 0, field `note`: 4001 characters is over the limit of 4000"
    );
    let text =
        format!(r#"{{"format":"kip848-trace/1","config":{{"group_id":"{long}"}},"steps":[]}}"#);
    assert_eq!(
        error(&text),
        "field `config.group_id`: 257 characters is over the limit of 256"
    );
    let within = "y".repeat(MAX_NAME_CHARS);
    assert!(Trace::parse(&steps(&format!(
        r#"{{"at":0,"input":"subscribe","topics":["{within}"]}}"#
    )))
    .is_ok());
}

#[test]
fn assignments_and_step_counts_are_limited() {
    let partitions: Vec<String> = (0..=MAX_PARTITIONS).map(|p| p.to_string()).collect();
    let text = steps(&format!(
        r#"{{"at":0,"input":"heartbeat_response","member_id":"m","member_epoch":1,"heartbeat_interval_ms":1,"assignment":{{"t":[{}]}}}}"#,
        partitions.join(",")
    ));
    assert_eq!(
        error(&text),
        "step 0, field `assignment`: 100001 entries is over the limit of 100000"
    );
    let many = vec![r#"{"at":0,"input":"tick"}"#; MAX_STEPS + 1].join(",");
    assert_eq!(
        error(&steps(&many)),
        "field `steps`: 200001 steps is over the limit of 200000"
    );
}

#[test]
fn the_text_itself_is_limited_before_it_is_parsed() {
    let text = " ".repeat(MAX_TRACE_BYTES + 1);
    assert_eq!(
        error(&text),
        format!(
            "the trace is {} bytes, over the limit of {MAX_TRACE_BYTES} bytes",
            MAX_TRACE_BYTES + 1
        )
    );
}

fn group_error(config: &str, steps: &str) -> String {
    let text = format!(
        r#"{{"format":"kip848-trace/1","model":"group","config":{config},"steps":[{steps}]}}"#
    );
    kip848_core::group::GroupTrace::parse(&text)
        .map(|_| ())
        .expect_err("over a limit")
        .to_string()
}

#[test]
fn a_group_is_small_enough_to_draw_and_cannot_spin() {
    assert_eq!(
        group_error(r#"{"coordinator":{"topics":{"t":65}}}"#, ""),
        "field `config`: t: a topic here has 1 to 64 partitions"
    );
    assert_eq!(
        group_error(r#"{"coordinator":{"heartbeat_interval_ms":0}}"#, ""),
        "field `config`: heartbeat_interval_ms is from 100 to 600000"
    );
}

#[test]
fn partitions_are_added_never_removed() {
    use kip848_core::group::GroupConfig;
    use kip848_core::group::{GroupInput, GroupSim};
    use kip848_core::Millis;
    let mut config = GroupConfig::default();
    config.coordinator.topics = [("t".to_owned(), 4)].into();
    let mut sim = GroupSim::new(config);
    let set = |count| GroupInput::SetPartitions {
        topic: "t".to_owned(),
        count,
    };
    let refused = sim.handle(Millis(0), &set(3)).expect_err("shrinking");
    assert_eq!(
        refused.to_string(),
        "t has 4 partitions; Kafka can add partitions, never remove them"
    );
    assert_eq!(sim.coordinator().config().topics.get("t"), Some(&4));
    assert!(sim.handle(Millis(0), &set(65)).is_err());
    sim.handle(Millis(0), &set(6)).expect("growing");
    assert_eq!(sim.coordinator().config().topics.get("t"), Some(&6));
}

mod logs {
    use kip848_core::import::{Ignored, ParsedLog, MAX_BROKER_MEMBERS};
    use kip848_core::session::limits::*;
    use kip848_core::session::trace::Trace;

    const JOIN: &str = "2025-01-01 00:00:00,000 INFO [bg] o.a.k.c.c.i.ConsumerMembershipManager - [Consumer clientId=c, groupId=g] Member m with epoch 0 transitioned from UNSUBSCRIBED to JOINING.\n";

    fn refusal(text: &str) -> String {
        ParsedLog::parse(text)
            .map(|_| ())
            .expect_err("over a limit")
            .to_string()
    }

    #[test]
    fn a_log_is_refused_over_its_size_and_its_lines_with_their_numbers() {
        assert_eq!(
            refusal(&" ".repeat(MAX_LOG_BYTES + 1)),
            format!(
                "the log is {} bytes, over the limit of {MAX_LOG_BYTES} bytes",
                MAX_LOG_BYTES + 1
            )
        );
        assert_eq!(
            refusal(&"\n".repeat(MAX_LOG_LINES + 1)),
            "the log has 500001 lines, over the limit of 500000 lines"
        );
        let at_the_limit = ParsedLog::parse(&"\n".repeat(MAX_LOG_LINES)).expect("within");
        assert_eq!(at_the_limit.lines(), MAX_LOG_LINES);
    }

    #[test]
    fn a_record_keeps_at_most_its_continuation_lines_and_the_rest_is_counted() {
        let mut text = JOIN.to_owned();
        text.push_str(&"\tat com.example.Deep.frame(Deep.java:1)\n".repeat(MAX_RECORD_LINES + 5));
        let parsed = ParsedLog::parse(&text).expect("within");
        assert_eq!(parsed.records()[0].more.len(), MAX_RECORD_LINES);
        let report = parsed.import(None).expect("a membership line").report;
        let over = report
            .ignored
            .iter()
            .find(|t| t.kind == Ignored::TooManyContinuationLines);
        assert_eq!(over.map(|t| t.count), Some(5));
    }

    #[test]
    fn long_names_and_lines_stay_within_the_trace_limits() {
        let long_id = "m".repeat(10_000);
        let long_topic = "t".repeat(MAX_NAME_CHARS + 1);
        let text = format!(
            "{}2025-01-01 00:00:01,000 INFO [bg] o.a.k.c.c.i.ConsumerMembershipManager - [Consumer clientId=c, groupId=g] Member {long_id} with epoch 3 transitioned from JOINING to RECONCILING.\n\
             2025-01-01 00:00:01,001 INFO [bg] o.a.k.c.c.i.ConsumerMembershipManager - [Consumer clientId=c, groupId=g] Reconciling assignment with local epoch 0\n\
             \tAssigned partitions:                       [{long_topic}-0]\n\
             \tCurrent owned partitions:                  []\n",
            JOIN.replace("Member m ", &format!("Member {long_id} "))
        );
        let imported = ParsedLog::parse(&text)
            .expect("within")
            .import(None)
            .expect("importable");
        for step in &imported.trace.steps {
            assert!(step
                .note
                .as_deref()
                .is_some_and(|n| n.chars().count() <= MAX_TEXT_CHARS));
        }
        assert_eq!(
            Trace::parse(&imported.trace.to_json()).expect("within the trace limits"),
            imported.trace
        );
        assert!(
            !imported.trace.to_json().contains(&long_topic),
            "a topic over the limit is not a name"
        );
    }

    #[test]
    fn a_group_keeps_at_most_its_members_in_the_coordinator_timeline() {
        let mut text = String::new();
        for i in 0..MAX_BROKER_MEMBERS + 3 {
            text.push_str(&format!(
                "[2025-01-01 00:00:00,000] INFO [GroupCoordinator id=1 topic=__consumer_offsets partition=0] [GroupId g] Member m{i} new assignment state: epoch=1, previousEpoch=0, state=STABLE, assignedPartitions=[] and revokedPartitions=[]. (org.apache.kafka.coordinator.group.GroupMetadataManager)\n"
            ));
        }
        let broker = ParsedLog::parse(&text)
            .expect("within")
            .broker()
            .expect("coordinator lines");
        assert_eq!(broker.dropped_members, 3);
        let last = broker.groups[0].points.last().expect("points");
        assert_eq!(last.members.len(), MAX_BROKER_MEMBERS);
    }
}
