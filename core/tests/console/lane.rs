//! The application lane: each callback or commit from its call to its completion.

use kip848_core::screen::application::{spans, SpanStatus};
use kip848_core::*;

#[test]
fn the_application_lane_pairs_each_call_with_its_completion() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/traces/fenced-mid-revocation.json"
    ))
    .expect("trace");
    let timeline =
        Timeline::from_trace(kip848_core::session::trace::Trace::parse(&text).expect("valid"));
    let lane = spans(&timeline, timeline.len());
    let summary: Vec<(&str, usize, Option<usize>, SpanStatus)> = lane
        .iter()
        .map(|s| (s.call.name(), s.started, s.ended, s.status))
        .collect();
    assert_eq!(
        summary,
        vec![
            (
                "invoke_on_partitions_assigned",
                1,
                Some(2),
                SpanStatus::Completed(Outcome::Ok)
            ),
            (
                "commit_offsets",
                5,
                Some(6),
                SpanStatus::Completed(Outcome::Ok)
            ),
            (
                "invoke_on_partitions_revoked",
                6,
                Some(9),
                SpanStatus::Discarded(Outcome::Failed)
            ),
            (
                "invoke_on_partitions_assigned",
                11,
                None,
                SpanStatus::Pending
            ),
        ]
    );
    assert_eq!(lane[3].waiting, Some(StateName::Assigning));
    let earlier = spans(&timeline, 8);
    assert_eq!(earlier[2].status, SpanStatus::Pending);
    assert_eq!(earlier[2].waiting, Some(StateName::Assigning));
}
