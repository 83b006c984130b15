//! What an import did with each line: recognised (and as what), inferred (which inputs the log
//! does not show), ignored (and why), with counts and a few examples of each.

use super::source::cut;
use crate::protocol::input::InputKind;
use serde::Serialize;

/// Examples kept per kind.
const EXAMPLES: usize = 3;
/// Characters of a line kept in an example.
const EXAMPLE_CHARS: usize = 200;

/// A recognised line's template.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Recognised {
    Transition,
    Reconciliation,
    Revocation,
    Callback,
    CallbackFailure,
    Leave,
    Abandoned,
    HeartbeatError,
    HeartbeatFailure,
    Fatal,
    Subscription,
    PollTimer,
    Close,
    Config,
    Version,
    WireRequest,
    WireResponse,
    /// Other statements of the template table (DEBUG detail, commits, closing).
    Other,
}

impl Recognised {
    pub fn as_str(self) -> &'static str {
        match self {
            Recognised::Transition => "state transitions",
            Recognised::Reconciliation => "reconciliation blocks",
            Recognised::Revocation => "revocations",
            Recognised::Callback => "rebalance callbacks",
            Recognised::CallbackFailure => "callback failures",
            Recognised::Leave => "leaving",
            Recognised::Abandoned => "abandoned reconciliations",
            Recognised::HeartbeatError => "heartbeat errors",
            Recognised::HeartbeatFailure => "heartbeat failures",
            Recognised::Fatal => "fatal errors",
            Recognised::Subscription => "subscriptions",
            Recognised::PollTimer => "poll timer",
            Recognised::Close => "close",
            Recognised::Config => "config dumps",
            Recognised::Version => "version lines",
            Recognised::WireRequest => "heartbeat requests (DEBUG)",
            Recognised::WireResponse => "heartbeat responses (DEBUG)",
            Recognised::Other => "other membership lines",
        }
    }
}

/// Why a line was not used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ignored {
    /// Another consumer's line (import it with its client id).
    OtherConsumer,
    /// A producer's, an admin client's, a share consumer's line.
    OtherClient,
    /// The classic protocol's coordinator (`ConsumerCoordinator`).
    Classic,
    /// The group coordinator's line (see the broker timeline).
    Broker,
    /// Application lines, other classes, noise, binary or HTML text.
    NotMembership,
    /// Starts like a membership line but is cut short or damaged.
    Malformed,
    /// A membership line the model could not follow (a divergence names it).
    NotFollowed,
    /// Text before the first line with a timestamp or level.
    BeforeFirstRecord,
    /// Continuation lines past the limit of one record.
    TooManyContinuationLines,
}

impl Ignored {
    pub fn as_str(self) -> &'static str {
        match self {
            Ignored::OtherConsumer => "other consumers",
            Ignored::OtherClient => "other clients",
            Ignored::Classic => "classic protocol",
            Ignored::Broker => "group coordinator",
            Ignored::NotMembership => "not membership lines",
            Ignored::Malformed => "cut short or damaged",
            Ignored::NotFollowed => "not followed by the model",
            Ignored::BeforeFirstRecord => "before the first record",
            Ignored::TooManyContinuationLines => "continuation lines over the limit",
        }
    }
}

/// A line quoted in a report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Example {
    pub line: usize,
    pub text: String,
}

/// How many lines (or inputs) of one kind, with the first few.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Tally<K> {
    pub kind: K,
    pub count: usize,
    pub examples: Vec<Example>,
}

/// Adds one of `kind` to `tallies`, in order of first appearance.
pub(crate) fn count<K: PartialEq>(
    tallies: &mut Vec<Tally<K>>,
    kind: K,
    example: Option<(usize, &str)>,
) {
    let index = match tallies.iter().position(|t| t.kind == kind) {
        Some(i) => i,
        None => {
            tallies.push(Tally {
                kind,
                count: 0,
                examples: Vec::new(),
            });
            tallies.len() - 1
        }
    };
    let tally = &mut tallies[index];
    tally.count += 1;
    if let Some((line, text)) = example.filter(|_| tally.examples.len() < EXAMPLES) {
        tally.examples.push(Example {
            line,
            text: cut(text.trim(), EXAMPLE_CHARS),
        });
    }
}

/// What the import did with the log's lines.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Report {
    /// Lines in the text.
    pub lines: usize,
    pub recognised: Vec<Tally<Recognised>>,
    /// Inputs of the trace that no line shows, by kind.
    pub inferred: Vec<Tally<InputKind>>,
    pub ignored: Vec<Tally<Ignored>>,
}

fn total<K>(tallies: &[Tally<K>]) -> usize {
    tallies.iter().map(|t| t.count).sum()
}

/// ` (kind n, kind m)`, or nothing when there is nothing to break down.
fn breakdown<K: Copy>(tallies: &[Tally<K>], name: impl Fn(K) -> &'static str) -> String {
    let parts: Vec<String> = tallies
        .iter()
        .filter(|t| t.count > 0)
        .map(|t| format!("{} {}", name(t.kind), t.count))
        .collect();
    if parts.is_empty() {
        String::new()
    } else {
        format!(" ({})", parts.join(", "))
    }
}

/// `1 line`, `3 lines`.
fn lines_of(n: usize) -> String {
    format!("{n} line{}", if n == 1 { "" } else { "s" })
}

impl Report {
    pub fn recognised_count(&self) -> usize {
        total(&self.recognised)
    }
    pub fn inferred_count(&self) -> usize {
        total(&self.inferred)
    }
    pub fn ignored_count(&self) -> usize {
        total(&self.ignored)
    }

    /// The report as lines of text (what `kip848-import` prints on standard error).
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![
            format!(
                "recognised: {}{}",
                lines_of(self.recognised_count()),
                breakdown(&self.recognised, Recognised::as_str)
            ),
            format!(
                "inferred: {} no line shows{}",
                match self.inferred_count() {
                    1 => "1 input".to_owned(),
                    n => format!("{n} inputs"),
                },
                breakdown(&self.inferred, InputKind::as_str)
            ),
            format!(
                "ignored: {}{}",
                lines_of(self.ignored_count()),
                breakdown(&self.ignored, Ignored::as_str)
            ),
        ];
        for tally in self
            .ignored
            .iter()
            .filter(|t| t.kind != Ignored::NotMembership)
        {
            for e in &tally.examples {
                out.push(format!(
                    "  {}: line {}: {}",
                    tally.kind.as_str(),
                    e.line,
                    e.text
                ));
            }
        }
        out
    }
}
