//! Share links: a whole session (trace, position, view options) in a URL fragment, deflated and
//! written in URL-safe base64; a member session or a group session. Decoding trusts nothing: a damaged link is an error, never a panic,
//! and a link cannot inflate past [`MAX_TRACE_BYTES`].

use crate::group::GroupTrace;
use crate::session::limits::MAX_TRACE_BYTES;
use crate::session::trace::{Trace, TraceError};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

/// The fragment prefix of this link format (after `#`).
pub const PREFIX: &str = "v1.";
/// Links longer than this (in characters) are too long for common limits: offer a file instead.
pub const MAX_LINK_CHARS: usize = 8 * 1024;

/// How the screen looked: restored with the session.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct View {
    /// Playback speed as a power of two (-2..=4).
    pub speed: i32,
    pub guided: bool,
    /// The built-in scenario's title, if the session is one.
    pub scenario: Option<String>,
    /// Lesson mode (the step is the lesson's position).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub lesson: bool,
    /// Predict-then-reveal quiz mode.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub quiz: bool,
}

/// A session as a link carries it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shared {
    pub trace: Trace,
    /// The cursor (clamped to the trace when loaded).
    pub step: usize,
    pub view: View,
}

/// A group session as a link carries it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SharedGroup {
    pub trace: GroupTrace,
    /// The cursor (clamped to the trace when loaded).
    pub step: usize,
}

/// What a link holds: the member view's session or the group view's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Link {
    Member(Shared),
    Group(SharedGroup),
}

/// Why a link could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkError {
    /// Not a link of this format (no `v1.` prefix).
    NotALink,
    /// Not URL-safe base64, or cut short.
    Encoding,
    /// The deflated data is damaged or truncated.
    Compression,
    /// Inflates past the trace size limit.
    TooLarge,
    /// The envelope is not the expected JSON.
    Envelope(String),
    /// The trace inside is invalid.
    Trace(TraceError),
    /// A group session where a member session was expected.
    Group,
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::NotALink => write!(
                f,
                "this is not a kip848-viz link (it should start with #{PREFIX})"
            ),
            LinkError::Encoding => f.write_str(
                "the link is damaged: it is not valid URL-safe base64 (was it cut short?)",
            ),
            LinkError::Compression => f.write_str(
                "the link is damaged or truncated: its compressed data does not inflate",
            ),
            LinkError::TooLarge => write!(
                f,
                "the link inflates past the limit of {MAX_TRACE_BYTES} bytes"
            ),
            LinkError::Envelope(e) => write!(f, "the link's content is not a session: {e}"),
            LinkError::Trace(e) => write!(f, "the trace in the link is invalid: {e}"),
            LinkError::Group => f.write_str("the link holds a group session, not a member's"),
        }
    }
}

impl std::error::Error for LinkError {}

/// The fragment (without `#`) that carries `shared`.
pub fn encode(shared: &Shared) -> String {
    let trace = shared.trace.to_value();
    seal(&serde_json::json!({ "trace": trace, "step": shared.step, "view": shared.view }))
}

/// The fragment (without `#`) that carries a group session.
pub fn encode_group(shared: &SharedGroup) -> String {
    seal(&serde_json::json!({ "group": shared.trace.to_value(), "step": shared.step }))
}

fn seal(envelope: &Value) -> String {
    let bytes = serde_json::to_vec(envelope).unwrap_or_default();
    let deflated = miniz_oxide::deflate::compress_to_vec(&bytes, 9);
    format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(deflated))
}

/// Reads a fragment (with or without its `#`) that holds a member session.
pub fn decode(fragment: &str) -> Result<Shared, LinkError> {
    match decode_member_link(fragment)? {
        MemberLink::Member(shared) => Ok(shared),
        MemberLink::Group => Err(LinkError::Group),
    }
}

/// A link as the pages without the group view read it.
// Read once when a page opens or a link is pasted: not worth a box.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MemberLink {
    Member(Shared),
    /// A group session, its trace not read: the group page reads it ([`decode_link`]).
    Group,
}

/// Reads a fragment (with or without its `#`) as far as a page without the group view needs: a
/// member session whole; a group session only as being one, which such a page hands to the group
/// page. Reading the group trace would put its reader, about 27 KB gzip, into those pages' wasm.
pub fn decode_member_link(fragment: &str) -> Result<MemberLink, LinkError> {
    Ok(match open(fragment)? {
        Sealed::Member(envelope) => MemberLink::Member(envelope.read()?),
        Sealed::Group(_) => MemberLink::Group,
    })
}

/// Reads a fragment (with or without its `#`): a member session or a group session.
pub fn decode_link(fragment: &str) -> Result<Link, LinkError> {
    Ok(match open(fragment)? {
        Sealed::Member(envelope) => Link::Member(envelope.read()?),
        Sealed::Group(envelope) => {
            let trace = GroupTrace::from_value(envelope.group).map_err(LinkError::Trace)?;
            let step = envelope.step.min(trace.steps.len());
            Link::Group(SharedGroup { trace, step })
        }
    })
}

/// A link's envelope, its trace not read yet.
enum Sealed {
    Member(Envelope),
    Group(GroupEnvelope),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Envelope {
    trace: Value,
    step: usize,
    #[serde(default)]
    view: View,
}

impl Envelope {
    fn read(self) -> Result<Shared, LinkError> {
        let trace = Trace::from_value(self.trace).map_err(LinkError::Trace)?;
        let step = self.step.min(trace.steps.len());
        Ok(Shared {
            trace,
            step,
            view: self.view,
        })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GroupEnvelope {
    group: Value,
    step: usize,
}

fn open(fragment: &str) -> Result<Sealed, LinkError> {
    let body = fragment
        .trim_start_matches('#')
        .strip_prefix(PREFIX)
        .ok_or(LinkError::NotALink)?;
    let deflated = URL_SAFE_NO_PAD
        .decode(body.trim())
        .map_err(|_| LinkError::Encoding)?;
    let bytes = miniz_oxide::inflate::decompress_to_vec_with_limit(&deflated, MAX_TRACE_BYTES)
        .map_err(|e| match e.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => LinkError::TooLarge,
            _ => LinkError::Compression,
        })?;
    // Text and a borrowed value, as every other reader of the app: each other way of reading
    // JSON (bytes, an owned value) would be a second copy of serde_json's parser in the page.
    let text = std::str::from_utf8(&bytes).map_err(|e| LinkError::Envelope(e.to_string()))?;
    let envelope: Value =
        serde_json::from_str(text).map_err(|e| LinkError::Envelope(e.to_string()))?;
    let unexpected = |e: serde_json::Error| LinkError::Envelope(e.to_string());
    if envelope.get("group").is_some() {
        return Ok(Sealed::Group(
            GroupEnvelope::deserialize(&envelope).map_err(unexpected)?,
        ));
    }
    Ok(Sealed::Member(
        Envelope::deserialize(&envelope).map_err(unexpected)?,
    ))
}
