//! A review to take away: one self-contained HTML file (no script, no outside resource) with the
//! differences grouped by cause, both state diagrams as SVG, and both timelines row by row — to
//! attach to a design review and open offline.

use super::Review;
use crate::machine::model::Model;
use crate::protocol::assignment::PartitionSet;
use crate::screen::diagram::{layout, to_svg, Theme};
use crate::screen::narration::describe_input;
use crate::screen::words::call;
use crate::session::trace::Trace;
use std::fmt::Write;

/// Text safe inside HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn set(s: &PartitionSet) -> String {
    escape(&s.to_string())
}

const STYLE: &str = "body{font:15px/1.45 system-ui,sans-serif;margin:1.5rem;color:#1b1f24;background:#fff}\
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:1.6rem}table{border-collapse:collapse;width:100%;font-size:13px}\
th,td{border:1px solid #c9d0d8;padding:.25rem .4rem;vertical-align:top;text-align:left}\
td.mono,th.mono{font-family:ui-monospace,monospace;white-space:nowrap}tr.differs td{background:#fff4d6}\
.diagrams{display:flex;flex-wrap:wrap;gap:1.5rem;align-items:flex-start}.diagrams figure{margin:0}\
.muted{color:#4f5964}li{margin:.3rem 0}a{color:#0b5cad}a:visited{color:#6b3fa0}\
@media (prefers-color-scheme: dark){body{background:#101318;color:#e8ecf1}th,td{border-color:#3a4450}tr.differs td{background:#3a2f10}.muted{color:#a9b4c0}\
a{color:#7cb8ff}a:visited{color:#c5a3ff}}";

/// The review of `trace` as one HTML document.
pub fn review_html(trace: &Trace, review: &Review) -> String {
    review_html_with(trace, review, None)
}

/// [`review_html`], with the hazard hunt's result when one was run.
pub fn review_html_with(
    trace: &Trace,
    review: &Review,
    hunt: Option<&crate::hunt::summary::Summary>,
) -> String {
    let title = trace
        .title
        .clone()
        .unwrap_or_else(|| "a session".to_owned());
    let (left, right) = review.pair.models();
    let mut out = String::new();
    let _ = write!(
        out,
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>Design review: {}</title><style>{STYLE}</style></head><body>",
        escape(&title)
    );
    let _ = write!(
        out,
        "<h1>Design review: {}</h1><p class=\"muted\">{}</p><p>The same {} inputs through {} and {}: {} of them differ.{}</p>",
        escape(&title),
        escape(trace.description.as_deref().unwrap_or("")),
        review.rows.len(),
        escape(described(left)),
        escape(described(right)),
        review.differing(),
        switches(review)
    );
    out.push_str("<h2>Differences, by cause (most important first)</h2><ol id=\"causes\">");
    for g in &review.groups {
        let steps: Vec<String> = g.steps.iter().map(|s| (s + 1).to_string()).collect();
        let _ = write!(
            out,
            "<li><strong>{}</strong>: {} First at step {}; explains step{} {}. <span class=\"muted\">({})</span></li>",
            escape(g.cause.title()),
            escape(g.why),
            g.first + 1,
            if steps.len() == 1 { "" } else { "s" },
            steps.join(", "),
            [left, right]
                .map(|m| cite_html(g.source.of(m)))
                .into_iter()
                .filter(|c| !c.is_empty())
                .collect::<Vec<_>>()
                .join("; ")
        );
    }
    out.push_str("</ol><h2>State diagrams (each at its end)</h2><div class=\"diagrams\">");
    let last = review.rows.last();
    for (model, state) in [
        (left, last.map(|r| r.left.state)),
        (right, last.map(|r| r.right.state)),
    ] {
        let _ = write!(
            out,
            "<figure><figcaption>{}</figcaption>{}</figure>",
            model.title(),
            to_svg(&layout(model), state, None, Theme::Auto)
        );
    }
    let _ = write!(
        out,
        "</div><h2>Both timelines</h2><table id=\"timelines\"><thead><tr><th>step</th><th>input</th><th>{}: state, epoch, assigned, callbacks</th><th>{}: state, epoch, assigned, callbacks</th><th>why they differ</th></tr></thead><tbody>",
        left.title(),
        right.title()
    );
    for row in &review.rows {
        let input = trace
            .steps
            .get(row.index)
            .map_or(String::new(), |s| describe_input(&s.input));
        let side = |s: &super::Side| match &s.rejected {
            Some(r) => format!("rejected: {}", escape(&r.to_string())),
            None => format!(
                "<span class=\"mono\">{}</span>, epoch {}, {}{}",
                s.state,
                s.member_epoch,
                set(&s.assigned),
                if s.callbacks.is_empty() {
                    String::new()
                } else {
                    format!(
                        "; {}",
                        escape(&s.callbacks.iter().map(call).collect::<Vec<_>>().join(", "))
                    )
                }
            ),
        };
        let _ = write!(
            out,
            "<tr class=\"{}\"><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            if row.differences.is_empty() {
                ""
            } else {
                "differs"
            },
            row.index + 1,
            escape(&input),
            side(&row.left),
            side(&row.right),
            escape(row.explanation.as_deref().unwrap_or(""))
        );
    }
    out.push_str("</tbody></table>");
    if let Some(hunt) = hunt {
        out.push_str(&hunt.html());
    }
    out.push_str("</body></html>\n");
    out
}

/// A model as the page's first sentence names it.
fn described(model: Model) -> &'static str {
    model.descriptor().in_full
}

fn switches(review: &Review) -> String {
    let on: Vec<&str> = review.align.iter().map(|s| s.label()).collect();
    if on.is_empty() {
        String::new()
    } else {
        format!(" Aligned: {}.", escape(&on.join(", ")))
    }
}

/// Source ids as links, for the exported page: Kafka's code and tickets link out; the seed model,
/// whose page sits beside the app and not beside a downloaded file, is named.
fn cite_html(ids: &[&str]) -> String {
    crate::teaching::sources::sources(ids)
        .map(|s| {
            if s.links_out() {
                format!(
                    "<a href=\"{}\">{}</a>",
                    escape(&s.url()),
                    escape(&s.citation())
                )
            } else {
                escape(&s.citation())
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}
