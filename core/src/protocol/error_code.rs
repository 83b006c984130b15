//! Error codes: the broker's (data in an input that drives transitions) and the two the member
//! reports about its own application (a failed commit or callback).

use crate::protocol::version::ClientVersion;
use serde::{Deserialize, Serialize};
use std::fmt;

/// An error code as Kafka names it. Unknown names are kept verbatim: seed model §3 makes any code
/// outside §5.5 and §5.7 fatal, so a trace may carry codes this enum does not list.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(from = "String", into = "String")]
pub enum ErrorCode {
    // Fencing (§5.5)
    UnknownMemberId,
    FencedMemberEpoch,
    // Retriable (§5.7)
    CoordinatorNotAvailable,
    NotCoordinator,
    CoordinatorLoadInProgress,
    // Fatal (§5.8): the ones the heartbeat schema and the coordinator name
    GroupAuthorizationFailed,
    InvalidRequest,
    UnsupportedAssignor,
    GroupMaxSizeReached,
    UnreleasedInstanceId,
    FencedInstanceId,
    UnsupportedVersion,
    GroupIdNotFound,
    UnknownServerError,
    /// Fatal in the seed design and in the Java client before 4.0; from 4.0 (KAFKA-18813) and in
    /// librdkafka it is reported to the application and the member keeps its place.
    TopicAuthorizationFailed,
    // Reported by the member itself (§5.4)
    CommitFailed,
    CallbackFailed,
    /// Any other code: fatal when a heartbeat answer carries it.
    Other(String),
}

/// How the member reacts to an error answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorClass {
    /// Rejoin with epoch 0, keeping the member id (§5.5).
    Fencing,
    /// Retry with backoff (§5.7).
    Retriable,
    /// Terminate with the code as the failure (§5.8).
    Fatal,
}

const NAMED: [(ErrorCode, &str); 17] = [
    (ErrorCode::UnknownMemberId, "UNKNOWN_MEMBER_ID"),
    (ErrorCode::FencedMemberEpoch, "FENCED_MEMBER_EPOCH"),
    (
        ErrorCode::CoordinatorNotAvailable,
        "COORDINATOR_NOT_AVAILABLE",
    ),
    (ErrorCode::NotCoordinator, "NOT_COORDINATOR"),
    (
        ErrorCode::CoordinatorLoadInProgress,
        "COORDINATOR_LOAD_IN_PROGRESS",
    ),
    (
        ErrorCode::GroupAuthorizationFailed,
        "GROUP_AUTHORIZATION_FAILED",
    ),
    (ErrorCode::InvalidRequest, "INVALID_REQUEST"),
    (ErrorCode::UnsupportedAssignor, "UNSUPPORTED_ASSIGNOR"),
    (ErrorCode::GroupMaxSizeReached, "GROUP_MAX_SIZE_REACHED"),
    (ErrorCode::UnreleasedInstanceId, "UNRELEASED_INSTANCE_ID"),
    (ErrorCode::FencedInstanceId, "FENCED_INSTANCE_ID"),
    (ErrorCode::UnsupportedVersion, "UNSUPPORTED_VERSION"),
    (ErrorCode::GroupIdNotFound, "GROUP_ID_NOT_FOUND"),
    (ErrorCode::UnknownServerError, "UNKNOWN_SERVER_ERROR"),
    (
        ErrorCode::TopicAuthorizationFailed,
        "TOPIC_AUTHORIZATION_FAILED",
    ),
    (ErrorCode::CommitFailed, "COMMIT_FAILED"),
    (ErrorCode::CallbackFailed, "CALLBACK_FAILED"),
];

impl ErrorCode {
    /// The codes a coordinator can answer a heartbeat with, in the order a composer lists them.
    pub fn heartbeat_codes() -> impl Iterator<Item = ErrorCode> {
        NAMED
            .into_iter()
            .map(|(code, _)| code)
            .filter(|c| !matches!(c, ErrorCode::CommitFailed | ErrorCode::CallbackFailed))
    }

    pub fn as_str(&self) -> &str {
        match self {
            ErrorCode::Other(name) => name,
            known => NAMED
                .iter()
                .find(|(code, _)| code == known)
                .map_or("", |(_, name)| name),
        }
    }

    pub fn class(&self) -> ErrorClass {
        match self {
            ErrorCode::UnknownMemberId | ErrorCode::FencedMemberEpoch => ErrorClass::Fencing,
            ErrorCode::CoordinatorNotAvailable
            | ErrorCode::NotCoordinator
            | ErrorCode::CoordinatorLoadInProgress => ErrorClass::Retriable,
            _ => ErrorClass::Fatal,
        }
    }
}

impl ErrorCode {
    /// The Java client release from which this code, answering a heartbeat, is reported to the
    /// application while the member keeps its place, instead of being fatal.
    pub fn reported_from(&self) -> Option<ClientVersion> {
        match self {
            ErrorCode::TopicAuthorizationFailed => Some(ClientVersion::V4_0),
            _ => None,
        }
    }
}

impl From<String> for ErrorCode {
    fn from(name: String) -> Self {
        NAMED
            .iter()
            .find(|(_, n)| *n == name)
            .map_or(ErrorCode::Other(name), |(code, _)| code.clone())
    }
}

impl From<&str> for ErrorCode {
    fn from(name: &str) -> Self {
        ErrorCode::from(name.to_owned())
    }
}

impl From<ErrorCode> for String {
    fn from(code: ErrorCode) -> Self {
        code.as_str().to_owned()
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
