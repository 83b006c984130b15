//! The heartbeat manager's error lines: `{request} failed …`, logged when an answer carries an
//! error (INFO via `logInfo` for fencing and coordinator errors, ERROR for fatal ones). 3.x's
//! `HeartbeatRequestManager` names the request `GroupHeartbeatRequest`, 4.x's
//! `AbstractHeartbeatRequestManager` `ConsumerGroupHeartbeatRequest`; the streams and share
//! groups' requests are not ours.

use super::client::Malformed;
use super::event::Event;
use crate::protocol::error_code::ErrorCode;

type Matched = Result<Option<Event>, Malformed>;

/// The answer's error, from `{request} failed …` (`HeartbeatRequestManager` 3.x names the request
/// `GroupHeartbeatRequest`, `AbstractHeartbeatRequestManager` 4.x `ConsumerGroupHeartbeatRequest`).
pub(crate) fn heartbeat_error(message: &str) -> Matched {
    let rest = match message.split_once("GroupHeartbeatRequest ") {
        Some((before, rest)) if before.is_empty() || before == "Consumer" => rest,
        _ => return Ok(None),
    };
    if rest.starts_with("failed because of the retriable exception") {
        return Ok(Some(Event::HeartbeatFailed));
    }
    let (code, epoch) = if let Some(fenced) = rest.split_once(" because epoch ") {
        let epoch = fenced.1.split(' ').next().and_then(|e| e.parse().ok());
        (ErrorCode::FencedMemberEpoch, epoch)
    } else if rest.contains("failed because member ") && rest.contains(" is unknown") {
        (ErrorCode::UnknownMemberId, None)
    } else if let Some(code) = coordinator_error(rest).or_else(|| fatal_error(rest)) {
        (code, None)
    } else {
        return Ok(None);
    };
    Ok(Some(Event::HeartbeatError { code, epoch }))
}

fn coordinator_error(rest: &str) -> Option<ErrorCode> {
    if !rest.starts_with("failed because the group coordinator ") {
        return None;
    }
    Some(if rest.contains(" is incorrect") {
        ErrorCode::NotCoordinator
    } else if rest.contains(" is not available") {
        ErrorCode::CoordinatorNotAvailable
    } else if rest.contains(" is still loading") {
        ErrorCode::CoordinatorLoadInProgress
    } else {
        return None;
    })
}

/// `failed due to group authorization failure`, `… unreleased instance id …`, `failed due to
/// {ERROR}: …`, `failed due to unexpected error {ERROR}: …`, `failed due to error: {ERROR}`.
fn fatal_error(rest: &str) -> Option<ErrorCode> {
    let cause = rest.strip_prefix("failed due to ")?;
    if cause.starts_with("group authorization failure") {
        return Some(ErrorCode::GroupAuthorizationFailed);
    }
    if cause.starts_with("unreleased instance id") || cause.starts_with("the instance id ") {
        return Some(ErrorCode::UnreleasedInstanceId);
    }
    if cause.starts_with("fatal error: ") {
        return cause
            .contains("does not support")
            .then_some(ErrorCode::UnsupportedVersion);
    }
    let name = cause
        .strip_prefix("unexpected error ")
        .or_else(|| cause.strip_prefix("error: "))
        .unwrap_or(cause);
    let name = name.split([':', ' ']).next().unwrap_or_default();
    let valid = name.len() > 2 && name.bytes().all(|b| b.is_ascii_uppercase() || b == b'_');
    valid.then(|| ErrorCode::from(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(message: &str) -> Matched {
        heartbeat_error(message)
    }

    #[test]
    fn heartbeat_errors_of_both_request_names() {
        let fenced = event("ConsumerGroupHeartbeatRequest failed for member m because epoch 4 is fenced. in 0ms: x");
        assert_eq!(
            fenced,
            Ok(Some(Event::HeartbeatError {
                code: ErrorCode::FencedMemberEpoch,
                epoch: Some(4)
            }))
        );
        let cases = [
            ("GroupHeartbeatRequest failed because member m is unknown. in 0ms: x", ErrorCode::UnknownMemberId),
            ("GroupHeartbeatRequest failed because the group coordinator b:9092 (id: 1) is still loading.Will retry in 90ms: x", ErrorCode::CoordinatorLoadInProgress),
            ("ConsumerGroupHeartbeatRequest failed due to GROUP_MAX_SIZE_REACHED: full", ErrorCode::GroupMaxSizeReached),
            ("GroupHeartbeatRequest failed due to unexpected error INVALID_REQUEST: no", ErrorCode::InvalidRequest),
            ("ConsumerGroupHeartbeatRequest failed due to group authorization failure: denied", ErrorCode::GroupAuthorizationFailed),
        ];
        for (message, code) in cases {
            assert_eq!(
                event(message),
                Ok(Some(Event::HeartbeatError { code, epoch: None })),
                "{message}"
            );
        }
        assert_eq!(
            event("StreamsGroupHeartbeatRequest failed because member m is unknown."),
            Ok(None)
        );
    }
}
