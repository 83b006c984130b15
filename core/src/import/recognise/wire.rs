//! DEBUG `NetworkClient` lines for CONSUMER_GROUP_HEARTBEAT:
//! `Sending {api} request with header {header} and timeout {ms} to node {node}: {request}` and
//! `Received {api} response from node {node} for request with header {header}: {response}`. The
//! bodies are the generated messages' `toString()`: `Name(field=value, …)`, strings in single
//! quotes, `null`, lists in brackets. With them the coordinator's answers are exact.

use crate::protocol::error_code::ErrorCode;
use serde::Serialize;

/// Topic ids with partition numbers, as the wire carries an assignment.
pub type TopicIds = Vec<(String, Vec<u32>)>;

/// A heartbeat request the client sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WireRequest {
    pub correlation: Option<i64>,
    pub member_id: Option<String>,
    pub member_epoch: Option<i32>,
    pub subscribed: Option<Vec<String>>,
    /// The owned partitions it acknowledges (`null`: not sent).
    pub owned: Option<TopicIds>,
}

/// A heartbeat response the client received.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WireResponse {
    pub correlation: Option<i64>,
    pub error_code: i16,
    pub member_id: Option<String>,
    pub member_epoch: Option<i32>,
    pub heartbeat_interval_ms: Option<u32>,
    /// The whole new assignment, or `None` (`assignment=null`: unchanged).
    pub assignment: Option<TopicIds>,
}

/// Where the value starting `s` ends: at a top-level `,` or closing bracket, quotes respected.
fn value_end(s: &str) -> usize {
    let mut depth = 0u32;
    let mut quoted = false;
    for (i, c) in s.char_indices() {
        match c {
            '\'' => quoted = !quoted,
            _ if quoted => {}
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' if depth == 0 => return i,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => return i,
            _ => {}
        }
    }
    s.len()
}

/// The top-level `key=value` pairs of `Name(k=v, …)` (a body cut short keeps what it has).
fn fields(body: &str) -> Vec<(&str, &str)> {
    let Some(open) = body.find('(') else {
        return Vec::new();
    };
    let mut rest = &body[open + 1..];
    let mut out = Vec::new();
    while let Some((key, after)) = rest.split_once('=') {
        let end = value_end(after);
        out.push((key.trim(), after[..end].trim()));
        match after[end..].strip_prefix(',') {
            Some(next) => rest = next,
            None => break,
        }
    }
    out
}

fn get<'a>(fields: &[(&str, &'a str)], key: &str) -> Option<&'a str> {
    fields.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
}

/// `'text'` → `text`; `null` → `None`.
fn quoted(value: &str) -> Option<String> {
    let inner = value.strip_prefix('\'')?.strip_suffix('\'')?;
    Some(inner.to_owned())
}

/// The items of a `[a, b(…), c]` list, split at top-level commas.
fn items(list: &str) -> Vec<&str> {
    let Some(mut rest) = list.strip_prefix('[') else {
        return Vec::new();
    };
    let mut out = Vec::new();
    loop {
        let end = value_end(rest);
        let item = rest[..end].trim();
        if !item.is_empty() {
            out.push(item);
        }
        match rest[end..].strip_prefix(',') {
            Some(next) => rest = next,
            None => return out,
        }
    }
}

/// `[TopicPartitions(topicId=X, partitions=[0, 1]), …]`, or `None` for `null` or a damaged list.
fn topic_ids(list: &str) -> Option<TopicIds> {
    if !list.starts_with('[') || !list.ends_with(']') {
        return None;
    }
    let mut out = Vec::new();
    for item in items(list) {
        let f = fields(item);
        let id = get(&f, "topicId")?.to_owned();
        let partitions = items(get(&f, "partitions")?)
            .iter()
            .map(|p| p.parse().ok())
            .collect::<Option<Vec<u32>>>()?;
        out.push((id, partitions));
    }
    Some(out)
}

/// `correlationId=N` inside the request header.
fn correlation(message: &str) -> Option<i64> {
    let header = &message[message.find("RequestHeader(")?..];
    get(&fields(header), "correlationId")?.parse().ok()
}

/// The index of the `)` that closes the parenthesis opened just before `s`.
fn closing(s: &str) -> Option<usize> {
    let mut depth = 0u32;
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => return Some(i),
            ')' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// The body: what follows the first `: ` after the request header.
fn body(message: &str) -> Option<&str> {
    let open = message.find("RequestHeader(")? + "RequestHeader(".len();
    let close = open + closing(&message[open..])?;
    message.get(close..)?.split_once(": ").map(|(_, b)| b)
}

/// A `Sending CONSUMER_GROUP_HEARTBEAT request …` message.
pub(crate) fn request(message: &str) -> Option<WireRequest> {
    let f = fields(body(message)?);
    Some(WireRequest {
        correlation: correlation(message),
        member_id: get(&f, "memberId").and_then(quoted),
        member_epoch: get(&f, "memberEpoch").and_then(|v| v.parse().ok()),
        subscribed: get(&f, "subscribedTopicNames")
            .filter(|v| v.starts_with('['))
            .map(|v| items(v).iter().map(|t| t.to_string()).collect()),
        owned: get(&f, "topicPartitions").and_then(topic_ids),
    })
}

/// A `Received CONSUMER_GROUP_HEARTBEAT response …` message.
pub(crate) fn response(message: &str) -> Option<WireResponse> {
    let f = fields(body(message)?);
    let assignment = get(&f, "assignment").filter(|v| *v != "null");
    Some(WireResponse {
        correlation: correlation(message),
        error_code: get(&f, "errorCode")?.parse().ok()?,
        member_id: get(&f, "memberId").and_then(quoted),
        member_epoch: get(&f, "memberEpoch").and_then(|v| v.parse().ok()),
        heartbeat_interval_ms: get(&f, "heartbeatIntervalMs").and_then(|v| v.parse().ok()),
        assignment: match assignment {
            Some(a) => Some(topic_ids(get(&fields(a), "topicPartitions")?)?),
            None => None,
        },
    })
}

/// Kafka's error codes (`Errors.java`) that a heartbeat can carry, by number.
const CODES: [(i16, &str); 17] = [
    (-1, "UNKNOWN_SERVER_ERROR"),
    (14, "COORDINATOR_LOAD_IN_PROGRESS"),
    (15, "COORDINATOR_NOT_AVAILABLE"),
    (16, "NOT_COORDINATOR"),
    (25, "UNKNOWN_MEMBER_ID"),
    (29, "TOPIC_AUTHORIZATION_FAILED"),
    (30, "GROUP_AUTHORIZATION_FAILED"),
    (35, "UNSUPPORTED_VERSION"),
    (42, "INVALID_REQUEST"),
    (69, "GROUP_ID_NOT_FOUND"),
    (81, "GROUP_MAX_SIZE_REACHED"),
    (82, "FENCED_INSTANCE_ID"),
    (110, "FENCED_MEMBER_EPOCH"),
    (111, "UNRELEASED_INSTANCE_ID"),
    (112, "UNSUPPORTED_ASSIGNOR"),
    (113, "STALE_MEMBER_EPOCH"),
    (128, "INVALID_REGULAR_EXPRESSION"),
];

/// The error code a number stands for (unknown numbers kept as `ERROR_<n>`, fatal as any other).
pub(crate) fn error_code(number: i16) -> ErrorCode {
    CODES.iter().find(|(n, _)| *n == number).map_or_else(
        || ErrorCode::Other(format!("ERROR_{number}")),
        |(_, name)| ErrorCode::from(*name),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "RequestHeader(apiKey=CONSUMER_GROUP_HEARTBEAT, apiVersion=1, clientId=c, correlationId=7, headerVersion=2)";

    #[test]
    fn a_request_gives_its_epoch_subscription_and_owned_partitions() {
        let message = format!(
            "Sending CONSUMER_GROUP_HEARTBEAT request with header {HEADER} and timeout 30000 to node 1: \
             ConsumerGroupHeartbeatRequestData(groupId='g', memberId='m-1', memberEpoch=3, instanceId=null, \
             rackId=null, rebalanceTimeoutMs=-1, subscribedTopicNames=[orders, pay], subscribedTopicRegex=null, \
             serverAssignor=null, topicPartitions=[TopicPartitions(topicId=T1, partitions=[0, 2])])"
        );
        let r = request(&message).expect("a request");
        assert_eq!(r.correlation, Some(7));
        assert_eq!(r.member_id.as_deref(), Some("m-1"));
        assert_eq!(r.member_epoch, Some(3));
        assert_eq!(
            r.subscribed,
            Some(vec!["orders".to_owned(), "pay".to_owned()])
        );
        assert_eq!(r.owned, Some(vec![("T1".to_owned(), vec![0, 2])]));
    }

    #[test]
    fn a_response_gives_the_answer_and_null_means_unchanged() {
        let message = format!(
            "Received CONSUMER_GROUP_HEARTBEAT response from node 1 for request with header {HEADER}: \
             ConsumerGroupHeartbeatResponseData(throttleTimeMs=0, errorCode=0, errorMessage=null, \
             memberId='m-1', memberEpoch=4, heartbeatIntervalMs=3000, assignment=Assignment(topicPartitions=\
             [TopicPartitions(topicId=T1, partitions=[1]), TopicPartitions(topicId=T2, partitions=[])]))"
        );
        let r = response(&message).expect("a response");
        assert_eq!(
            (r.error_code, r.member_epoch, r.heartbeat_interval_ms),
            (0, Some(4), Some(3000))
        );
        assert_eq!(
            r.assignment,
            Some(vec![("T1".to_owned(), vec![1]), ("T2".to_owned(), vec![])])
        );
        let unchanged = message.replace(
            "assignment=Assignment(topicPartitions=[TopicPartitions(topicId=T1, partitions=[1]), TopicPartitions(topicId=T2, partitions=[])])",
            "assignment=null",
        );
        assert_eq!(response(&unchanged).expect("a response").assignment, None);
    }

    #[test]
    fn damaged_bodies_give_nothing_rather_than_a_guess() {
        let cut = format!(
            "Received CONSUMER_GROUP_HEARTBEAT response from node 1 for request with header {HEADER}: \
             ConsumerGroupHeartbeatResponseData(throttleTimeMs=0, errorCode=0, errorMessage=null, memberId='m', \
             memberEpoch=4, heartbeatIntervalMs=3000, assignment=Assignment(topicPartitions=[TopicPartitions(topicId=T1, partitions=[1"
        );
        assert_eq!(response(&cut), None);
        assert_eq!(response("Received CONSUMER_GROUP_HEARTBEAT response"), None);
        assert_eq!(error_code(110), ErrorCode::FencedMemberEpoch);
        assert_eq!(error_code(999).as_str(), "ERROR_999");
    }
}
