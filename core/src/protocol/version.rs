//! The Kafka client release a member follows: the Java client's behaviour changed between
//! releases, and a trace (an imported log's, above all) says which release it shows.

use serde::{Deserialize, Serialize};

/// The client versions whose templates the import knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum ClientVersion {
    V3_7,
    V3_8,
    V3_9,
    V4_0,
    V4_1,
    V4_2,
    V4_3,
    /// Later than 4.3: read with 4.3's templates.
    Later,
}

impl ClientVersion {
    pub fn as_str(self) -> &'static str {
        match self {
            ClientVersion::V3_7 => "3.7",
            ClientVersion::V3_8 => "3.8",
            ClientVersion::V3_9 => "3.9",
            ClientVersion::V4_0 => "4.0",
            ClientVersion::V4_1 => "4.1",
            ClientVersion::V4_2 => "4.2",
            ClientVersion::V4_3 => "4.3",
            ClientVersion::Later => "later than 4.3",
        }
    }

    /// `3.8.1`, `4.0.0`, and Confluent's builds (`7.7.1-ccs` is Kafka 3.7, `8.1.1-ce` is 4.1); a
    /// version before 3.7 has no KIP-848 consumer: `None`.
    pub fn parse(text: &str) -> Option<ClientVersion> {
        let mut parts = text.split(['.', '-']);
        let major: u32 = parts.next()?.trim().parse().ok()?;
        let minor: u32 = parts.next()?.trim().parse().ok()?;
        // Confluent Platform 7.x ships Kafka 3.x, 8.x ships 4.x, minor for minor.
        let (major, minor) = match major {
            7 => (3, minor),
            8 => (4, minor),
            _ => (major, minor),
        };
        Some(match (major, minor) {
            (3, 7) => ClientVersion::V3_7,
            (3, 8) => ClientVersion::V3_8,
            (3, 9) => ClientVersion::V3_9,
            (4, 0) => ClientVersion::V4_0,
            (4, 1) => ClientVersion::V4_1,
            (4, 2) => ClientVersion::V4_2,
            (4, 3) => ClientVersion::V4_3,
            (m, n) if (m, n) > (4, 3) => ClientVersion::Later,
            _ => return None,
        })
    }

    /// Apache Kafka's git tag of the release's first version (trunk for one later than 4.3).
    pub fn tag(self) -> &'static str {
        match self {
            ClientVersion::V3_7 => "3.7.0",
            ClientVersion::V3_8 => "3.8.0",
            ClientVersion::V3_9 => "3.9.0",
            ClientVersion::V4_0 => "4.0.0",
            ClientVersion::V4_1 => "4.1.0",
            ClientVersion::V4_2 => "4.2.0",
            ClientVersion::V4_3 => "4.3.0",
            ClientVersion::Later => "trunk",
        }
    }

    /// Before 4.0 the coordinator gave the member its id and `close()` left like `unsubscribe()`.
    pub fn is_3x(self) -> bool {
        self < ClientVersion::V4_0
    }
}

impl From<ClientVersion> for String {
    fn from(v: ClientVersion) -> String {
        match v {
            ClientVersion::Later => "4.4".to_owned(),
            v => v.as_str().to_owned(),
        }
    }
}

impl TryFrom<String> for ClientVersion {
    type Error = String;
    fn try_from(text: String) -> Result<Self, String> {
        ClientVersion::parse(&text).ok_or_else(|| {
            format!("{text:?} is not a Kafka client release with KIP-848 (3.7 or later)")
        })
    }
}

impl ClientVersion {
    /// The newest release the Java model follows: a trace that names none.
    pub const NEWEST: ClientVersion = ClientVersion::V4_3;

    /// The releases a reader can choose for the Java model, oldest first.
    pub const CHOICES: [ClientVersion; 7] = [
        ClientVersion::V3_7,
        ClientVersion::V3_8,
        ClientVersion::V3_9,
        ClientVersion::V4_0,
        ClientVersion::V4_1,
        ClientVersion::V4_2,
        ClientVersion::V4_3,
    ];
}

/// What the Java client model does differently from a release on: each row is a behaviour the
/// model follows by its configured release (`Config::kafka_version`), shown where a reader picks
/// the release. `core/tests/versions.rs` replays each on both sides of its release.
pub const RELEASE_DIFFERENCES: [(ClientVersion, &str); 5] = [
    (
        ClientVersion::V3_8,
        "the heartbeat interval counts from each heartbeat sent; 3.7 counted it from each successful answer",
    ),
    (
        ClientVersion::V3_8,
        "the leave goes at once, beside a heartbeat in flight; 3.7 waited for that heartbeat's answer",
    ),
    (
        ClientVersion::V3_8,
        "a static member that stops polling leaves with epoch -2 and keeps its place; 3.7 sent -1",
    ),
    (
        ClientVersion::V4_0,
        "TOPIC_AUTHORIZATION_FAILED is reported to poll() and the member stays; before 4.0 it is fatal (KAFKA-18813)",
    ),
    (
        ClientVersion::V4_3,
        "GROUP_ID_NOT_FOUND answering the leave of an unsubscribed member is ignored; before 4.3 it is fatal (pull request #21239)",
    ),
];
