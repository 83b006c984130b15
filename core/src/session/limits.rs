//! What a trace may hold. Generous for any real session, small enough that a hostile file, link
//! or stored value cannot exhaust the page: each is checked with a message that names the limit.

/// Bytes of trace text accepted (a file, a paste, a decoded link).
pub const MAX_TRACE_BYTES: usize = 16 * 1024 * 1024;
/// Steps in a trace.
pub const MAX_STEPS: usize = 200_000;
/// Characters in a member id, topic name, error code, group id, instance id or assignor name.
pub const MAX_NAME_CHARS: usize = 256;
/// Characters in a note, title or description.
pub const MAX_TEXT_CHARS: usize = 4_000;
/// Partitions in one assignment, and topics in one subscription.
pub const MAX_PARTITIONS: usize = 100_000;
/// Bytes of log text the importer accepts (a file or a paste): as much as a trace.
pub const MAX_LOG_BYTES: usize = 16 * 1024 * 1024;
/// Lines in an imported log. A 16 MiB log of ordinary lines has about 150,000.
pub const MAX_LOG_LINES: usize = 500_000;
/// Continuation lines kept with one log record (a multi-line block, a stack trace, a config
/// dump); the rest of a longer one is counted as ignored, so one record cannot grow without end.
pub const MAX_RECORD_LINES: usize = 1_000;

/// `Some(message)` when `text` is longer than `max` characters.
pub fn too_long(text: &str, max: usize) -> Option<String> {
    let chars = text.chars().count();
    (chars > max).then(|| format!("{chars} characters is over the limit of {max}"))
}
