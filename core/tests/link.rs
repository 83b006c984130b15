//! Share links: round trips, and every kind of damage gives an error, never a panic.

use kip848_core::session::link::{decode, encode, LinkError, Shared, View, PREFIX};
use kip848_core::session::trace::Trace;
use kip848_core::session::workload::session;

/// A link holding `json` as its envelope, sealed the way `encode` seals one.
fn sealed(json: &str) -> String {
    use base64::Engine;
    let deflated = miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 9);
    format!(
        "{PREFIX}{}",
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(deflated)
    )
}

fn shared(len: usize) -> Shared {
    Shared {
        trace: session(len),
        step: len / 2,
        view: View {
            speed: 2,
            guided: true,
            scenario: Some("s".into()),
            lesson: true,
            quiz: true,
        },
    }
}

#[test]
fn a_session_survives_a_link_round_trip() {
    let original = shared(300);
    let link = encode(&original);
    assert!(link.starts_with(PREFIX));
    assert!(
        link.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)),
        "URL-safe"
    );
    assert_eq!(decode(&link), Ok(original.clone()));
    assert_eq!(decode(&format!("#{link}")), Ok(original));
}

#[test]
fn damaged_links_say_what_is_wrong() {
    let link = encode(&shared(50));
    assert_eq!(decode("#nonsense"), Err(LinkError::NotALink));
    assert_eq!(decode(&format!("{PREFIX}***")), Err(LinkError::Encoding));
    let truncated = &link[..link.len() / 2];
    assert!(
        matches!(
            decode(truncated),
            Err(LinkError::Compression | LinkError::Encoding)
        ),
        "{:?}",
        decode(truncated)
    );
    let mut flipped: Vec<char> = link.chars().collect();
    let middle = flipped.len() / 2;
    flipped[middle] = if flipped[middle] == 'A' { 'B' } else { 'A' };
    let flipped: String = flipped.into_iter().collect();
    assert!(decode(&flipped).is_err());
}

#[test]
fn a_link_cannot_inflate_past_the_limit() {
    use base64::Engine;
    let bomb = miniz_oxide::deflate::compress_to_vec(
        &vec![b' '; kip848_core::session::limits::MAX_TRACE_BYTES + 10],
        9,
    );
    let link = format!(
        "{PREFIX}{}",
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bomb)
    );
    assert_eq!(decode(&link), Err(LinkError::TooLarge));
}

#[test]
fn the_envelope_and_the_trace_inside_are_validated() {
    assert!(matches!(
        decode(&sealed(r#"{"trace":{},"colour":1}"#)),
        Err(LinkError::Envelope(_))
    ));
    assert!(matches!(
        decode(&sealed("[1,2]")),
        Err(LinkError::Envelope(_) | LinkError::Trace(_))
    ));
    let bad_trace =
        r#"{"trace":{"format":"kip848-trace/1","steps":[{"at":0,"input":"jump"}]},"step":0}"#;
    let Err(LinkError::Trace(e)) = decode(&sealed(bad_trace)) else {
        panic!("a trace error")
    };
    assert_eq!(e.step, Some(0));
    let far =
        r#"{"trace":{"format":"kip848-trace/1","steps":[{"at":0,"input":"tick"}]},"step":99}"#;
    assert_eq!(
        decode(&sealed(far)).map(|s| s.step),
        Ok(1),
        "the step is clamped to the trace"
    );
    let empty = Trace::default();
    assert_eq!(
        decode(&encode(&Shared {
            trace: empty.clone(),
            step: 0,
            view: View::default()
        }))
        .map(|s| s.trace),
        Ok(empty)
    );
}

/// A group trace from the golden traces (the §7.10 worked example).
fn group_trace() -> kip848_core::group::GroupTrace {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/traces/group/s6-worked-example-third-member-joins.json"
    );
    let text = std::fs::read_to_string(path).expect("the golden group trace");
    kip848_core::group::GroupTrace::parse(&text).expect("a valid group trace")
}

#[test]
fn a_group_session_survives_a_link_round_trip_and_is_told_apart() {
    use kip848_core::session::link::{decode_link, encode_group, Link, SharedGroup};
    let original = SharedGroup {
        trace: group_trace(),
        step: 3,
    };
    assert!(original.trace.steps.len() > 3);
    let link = encode_group(&original);
    assert!(link.starts_with(PREFIX));
    assert_eq!(decode_link(&link), Ok(Link::Group(original.clone())));
    assert_eq!(decode(&link), Err(LinkError::Group), "not a member session");
    let member = shared(20);
    assert_eq!(decode_link(&encode(&member)), Ok(Link::Member(member)));
    let far = encode_group(&SharedGroup {
        step: 10_000,
        ..original.clone()
    });
    let Ok(Link::Group(clamped)) = decode_link(&far) else {
        panic!("a group link")
    };
    assert_eq!(
        clamped.step,
        original.trace.steps.len(),
        "the step is clamped"
    );
}

#[test]
fn a_group_link_is_validated_like_a_member_link() {
    use kip848_core::session::link::decode_link;
    assert!(matches!(
        decode_link(&sealed(r#"{"group":{},"step":0,"view":{}}"#)),
        Err(LinkError::Envelope(_))
    ));
    assert!(matches!(
        decode_link(&sealed(
            r#"{"group":{"format":"kip848-trace/1","model":"group","steps":[]}}"#
        )),
        Err(LinkError::Envelope(_))
    ));
    let bad = r#"{"group":{"format":"kip848-trace/1","model":"group","steps":[{"at":0,"input":"jump"}]},"step":0}"#;
    let Err(LinkError::Trace(e)) = decode_link(&sealed(bad)) else {
        panic!("a trace error")
    };
    assert_eq!(e.step, Some(0));
}

/// The pages without the group view read a link with `decode_member_link`: a member session the
/// same as `decode_link` reads it, a group session only as being one (its trace is the group page's
/// to read and to refuse), and a damaged envelope as damaged.
#[test]
fn the_member_pages_read_a_group_link_only_as_one() {
    use kip848_core::session::link::{
        decode_link, decode_member_link, encode_group, MemberLink, SharedGroup,
    };
    let member = shared(20);
    assert_eq!(
        decode_member_link(&encode(&member)),
        Ok(MemberLink::Member(member))
    );
    let group = encode_group(&SharedGroup {
        trace: group_trace(),
        step: 3,
    });
    assert_eq!(decode_member_link(&group), Ok(MemberLink::Group));
    // A group trace the group page refuses: still a group link here, so the group page says why.
    let bad = sealed(
        r#"{"group":{"format":"kip848-trace/1","model":"group","steps":[{"at":0,"input":"jump"}]},"step":0}"#,
    );
    assert_eq!(decode_member_link(&bad), Ok(MemberLink::Group));
    assert!(matches!(decode_link(&bad), Err(LinkError::Trace(_))));
    // An envelope that is neither: refused on every page, with the same error.
    let neither = sealed(r#"{"group":{},"step":0,"view":{}}"#);
    assert_eq!(
        decode_member_link(&neither).err(),
        decode_link(&neither).err()
    );
    assert!(matches!(
        decode_member_link(&neither),
        Err(LinkError::Envelope(_))
    ));
    let bad_member = sealed(
        r#"{"trace":{"format":"kip848-trace/1","steps":[{"at":0,"input":"jump"}]},"step":0}"#,
    );
    assert_eq!(
        decode_member_link(&bad_member).err(),
        decode_link(&bad_member).err()
    );
    assert!(matches!(
        decode_member_link(&bad_member),
        Err(LinkError::Trace(_))
    ));
}
