//! The group view of a log: every consumer of it and its coordinator on the log's own clock
//! (`kip848_core::import::Together`), drawn with the group view's charts. A moment line runs
//! through them all; it follows the member view's step, or the slider; each consumer opens in the
//! member view at that moment.
//!
//! Over 300 lines: the log's group view and its moment line share one layout.

use crate::components::group::ownership_chart::ownership_lines;
use crate::components::group::time_chart::{time_chart, Bar, Line};
use crate::log_import::{import_consumer, LogGroup};
use crate::session::context::{use_session, Session};
use kip848_core::group::Segment;
use kip848_core::import::{LaneSpan, Together, Tone};
use kip848_core::screen::words::counted;
use kip848_core::Millis;
use leptos::prelude::*;
use std::sync::Arc;

/// Room for a client id at the left of the lanes.
const LEFT: u64 = 120;

/// `1:45.300`: a moment, in minutes, seconds and milliseconds since the log's first line used.
fn clock(ms: u64) -> String {
    format!("{}:{:02}.{:03}", ms / 60_000, ms / 1000 % 60, ms % 1000)
}

fn lane_line(name: &str, title: String, lane: &[LaneSpan]) -> Line {
    Line {
        key: name.to_owned(),
        name: name.to_owned(),
        title,
        testids: ("lane-row", "lane-span"),
        hazard: None,
        bars: lane
            .iter()
            .map(|s| Bar {
                from: s.from.0,
                to: s.to.0,
                kind: s.kind.tone().as_str(),
                label: s.label.clone(),
                title: format!("{name}: {}, {}–{}", s.label, clock(s.from.0), clock(s.to.0)),
            })
            .collect(),
    }
}

/// The moment the member view's cursor is at, on the log's clock.
fn followed(session: Session, together: &Together) -> Option<u64> {
    let client = session
        .imports
        .imported
        .with(|i| i.as_ref().map(|i| i.client_id.clone()))?;
    let life = together.consumers.iter().find(|c| c.client_id == client)?;
    let now = session.timeline.with(|t| t.now());
    Some(life.offset.plus(now.0).0)
}

/// What the chart says of the overlaps, in one line.
fn overlap_words(together: &Together) -> (bool, String) {
    let overlaps: Vec<String> = together
        .overlaps()
        .map(|(p, s)| {
            format!(
                "{p} ({}, {} for {} ms)",
                s.label,
                clock(s.from.0),
                s.to.0.saturating_sub(s.from.0)
            )
        })
        .collect();
    let zombies: Vec<String> = together
        .ownership
        .iter()
        .flat_map(|r| {
            r.spans
                .iter()
                .filter(|s| s.segment == Segment::Zombie && s.label.contains('+'))
                .map(move |s| {
                    format!(
                        "{}-{} ({}, from {})",
                        r.topic,
                        r.partition,
                        s.label,
                        clock(s.from.0)
                    )
                })
        })
        .collect();
    if !overlaps.is_empty() {
        (
            true,
            format!(
                "By their own logs, two consumers held a partition at once: {}. With the coordinator's lines in the log, a holder it had fenced would show as a zombie (†).",
                overlaps.join("; ")
            ),
        )
    } else if !zombies.is_empty() {
        (
            true,
            format!(
                "A consumer went on holding partitions the coordinator had already fenced it out of, while their new owner had them: {}. It had not heard yet (its callback was running, or its next heartbeat had not come).",
                zombies.join("; ")
            ),
        )
    } else {
        (
            false,
            "No partition was held by two consumers at once, by their logs.".to_owned(),
        )
    }
}

#[component]
pub fn LogGroupView() -> impl IntoView {
    let session = use_session();
    // `None`: the moment follows the member view's step.
    let pinned = RwSignal::new(None::<u64>);
    move || {
        session.imports.log_group.get().map(|group: Arc<LogGroup>| {
            pinned.set(None);
            let g = group.clone();
            let moment = Memo::new(move |_| {
                pinned
                    .get()
                    .or_else(|| followed(session, &g.together))
                    .unwrap_or(0)
            });
            let together = &group.together;
            let end = together.end.0;
            let (alarm, words) = overlap_words(together);
            let count = together.consumers.len();
            let g = group.clone();
            let open = Callback::new(move |client: String| {
                let at = Millis(moment.get_untracked());
                let step = g
                    .together
                    .consumers
                    .iter()
                    .find(|c| c.client_id == client)
                    .and_then(|c| c.points.iter().take_while(|p| p.at <= at).last())
                    .map(|p| p.step);
                pinned.set(Some(at.0));
                import_consumer(session, &client);
                if let Some(step) = step {
                    session.seek(step + 1);
                }
            });
            let g = group.clone();
            let at_moment = move || {
                let at = Millis(moment.get());
                let cursor = session.timeline.with(|t| t.cursor());
                let shown_client = session.imports.imported.with(|i| i.as_ref().map(|i| i.client_id.clone()));
                let following = pinned.with(Option::is_none);
                let rows = g.together.at(at).into_iter().map(|(life, point)| {
                    let client = life.client_id.clone();
                    let shown = shown_client.as_deref() == Some(client.as_str());
                    // The consumer in the member view, followed: exactly its cursor (step 0 is
                    // before its first step, though that step is at the same instant).
                    let point = if shown && following {
                        cursor.checked_sub(1).and_then(|i| life.points.get(i))
                    } else {
                        point
                    };
                    let state = point.map_or_else(
                        || "not started yet".to_owned(),
                        |p| format!("{} · epoch {}", p.state, p.epoch),
                    );
                    let held = point.map(|p| {
                        let mut held = p.assigned.clone();
                        held.extend(&p.revoking);
                        if p.revoking.is_empty() {
                            held.to_string()
                        } else {
                            format!("{held}, revoking {}", p.revoking)
                        }
                    });
                    let step = point.map(|p| format!("step {}", p.step + 1));
                    view! {
                        <tr data-testid="moment-consumer" data-client=client.clone()>
                            <th scope="row">{client.clone()}</th>
                            <td data-testid="moment-state">{state}</td>
                            <td data-testid="moment-held">{held.unwrap_or_default()}</td>
                            <td>{step.unwrap_or_default()}</td>
                            <td>{if shown && following {
                                view! { <span class="muted">"in the member view"</span> }.into_any()
                            } else if shown {
                                let to = point.map_or(0, |p| p.step + 1);
                                view! { <button class="link-button" data-testid="show-step"
                                    on:click=move |_| { session.seek(to); pinned.set(None); }>{format!("Show its step {to} in the member view")}</button> }.into_any()
                            } else {
                                let c = client.clone();
                                view! { <button class="link-button" data-testid="open-consumer"
                                    on:click=move |_| open.run(c.clone())>{format!("Open {client} here")}</button> }.into_any()
                            }}</td>
                        </tr>
                    }
                }).collect_view();
                view! {
                    <table class="moment" data-testid="moment-table">
                        <thead><tr><th scope="col">"consumer"</th><th scope="col">"state · epoch (model)"</th><th scope="col">"holding"</th><th scope="col">"its step"</th><th scope="col">"member view"</th></tr></thead>
                        <tbody>{rows}</tbody>
                    </table>
                }
            };
            let g = group.clone();
            let consumer_lanes = move || {
                let lines = g
                    .together
                    .consumers
                    .iter()
                    .map(|c| {
                        let title = format!("{} (member {})", c.client_id, c.member_id);
                        lane_line(&c.client_id, title, &c.lane)
                    })
                    .collect();
                time_chart(lines, end, moment.into(), LEFT, ("log-lanes-title".to_owned(), "log-lanes"))
            };
            let g = group.clone();
            let ownership = move || {
                time_chart(
                    ownership_lines(&g.together.ownership),
                    end,
                    moment.into(),
                    LEFT,
                    ("log-ownership-title".to_owned(), "log-ownership"),
                )
            };
            let g = group.clone();
            let coordinator = move || {
                g.together.coordinator.iter().enumerate().map(|(i, view)| {
                    let view = view.clone();
                    let title = format!("log-coordinator-{i}-title");
                    let owned_title = format!("log-coordinator-{i}-owned-title");
                    let mut lines = vec![lane_line("group epoch", format!("group {}", view.group_id), &view.epochs)];
                    lines.extend(view.members.iter().map(|m| lane_line(&m.name, format!("member {}", m.member_id), &m.lane)));
                    view! {
                        <h3 id=title.clone()>{format!("The coordinator of group {}: its epoch and each member as it records it", view.group_id)}</h3>
                        <div class="chart-scroll">{time_chart(lines, end, moment.into(), LEFT, (title.clone(), "log-coordinator-lanes"))}</div>
                        <h4 id=owned_title.clone()>"Who it counts as holding each partition (topic ids, as the coordinator logs them)"</h4>
                        <div class="chart-scroll">{time_chart(ownership_lines(&view.ownership), end, moment.into(), LEFT, (owned_title.clone(), "log-coordinator-ownership"))}</div>
                    }
                }).collect_view()
            };
            let table = group.broker.clone().map(|broker| view! {
                <details class="broker-table">
                    <summary>"The coordinator's lines as a table"</summary>
                    <div class="table-wrap">
                        <table class="broker" data-testid="broker-timeline">
                            <thead><tr><th scope="col">"line"</th><th scope="col">"ms"</th><th scope="col">"group epoch"</th><th scope="col">"members: epoch, state, assigned"</th></tr></thead>
                            <tbody>
                                {broker.groups.iter().flat_map(|g| g.points.clone()).map(|p| view! {
                                    <tr>
                                        <td>{p.line.to_string()}</td>
                                        <td>{p.at.to_string()}</td>
                                        <td>{p.group_epoch.map(|e| e.to_string()).unwrap_or_default()}</td>
                                        <td>{p.members.iter().map(|(id, m)| format!("{id}: {} {} {}", m.epoch, m.state.as_str(), m.assigned)).collect::<Vec<_>>().join("; ")}</td>
                                    </tr>
                                }).collect_view()}
                            </tbody>
                        </table>
                    </div>
                </details>
            });
            let skipped = (!together.skipped.is_empty()).then(|| view! {
                <ul class="muted" data-testid="together-skipped">
                    {together.skipped.iter().map(|s| view! { <li>{format!("Left out: {}: {}", s.client_id, s.why)}</li> }).collect_view()}
                </ul>
            });
            let who = match (count, together.coordinator.is_empty()) {
                (n, true) => counted(n, "consumer"),
                (0, false) => "the group coordinator".to_owned(),
                (1, false) => "one consumer and the group coordinator".to_owned(),
                (n, false) => format!("{n} consumers and the group coordinator"),
            };
            view! {
                <section class="panel log-group" id="log-group" aria-labelledby="log-group-title" data-testid="log-group">
                    <h2 id="log-group-title">"The group, from this log"</h2>
                    <p class="muted">{format!(
                        "{who} of {}, on the log's own clock (0:00.000 is its first line used). The consumers as their lines, replayed on the model, say; the coordinator as it logged itself. Times are the log's timestamps: lines merged from several hosts keep those hosts' clock differences.",
                        group.source
                    )}</p>
                    <p class=if alarm { "alarm now" } else { "alarm none" } role="status" data-testid="together-alarm">{words}</p>
                    <div class="moment-controls">
                        <label for="log-moment">"Moment"</label>
                        <input id="log-moment" type="range" min="0" max=end.to_string() step="1" data-testid="log-moment"
                            prop:value=move || moment.get().to_string()
                            on:input=move |ev| pinned.set(event_target_value(&ev).parse().ok())/>
                        <output for="log-moment" data-testid="log-moment-value">{move || clock(moment.get())}</output>
                        <button data-testid="follow-step" disabled=move || pinned.with(Option::is_none)
                            on:click=move |_| pinned.set(None)>"Follow the member view's step"</button>
                    </div>
                    {(count > 0).then(|| view! {
                        {at_moment}
                        <h3 id="log-lanes-title">"Each consumer's state and member epoch"</h3>
                        <div class="chart-scroll">{consumer_lanes}</div>
                        <h3 id="log-ownership-title">"Who held each partition, by the consumers' own logs"</h3>
                        <div class="chart-scroll">{ownership}</div>
                    })}
                    {coordinator}
                    <ul class="chart-legend" aria-label="Legend of the lanes">
                        {Tone::ALL.into_iter().map(|t| view! {
                            <li><span class=format!("swatch lane {}", t.as_str())></span>{t.meaning()}</li>
                        }).collect_view()}
                    </ul>
                    <ul class="chart-legend" aria-label="Legend of the partitions">
                        {Segment::ALL.into_iter().filter(|s| *s != Segment::Free).map(|s| view! {
                            <li><span class=format!("swatch {}", s.as_str())></span>{s.meaning()}</li>
                        }).collect_view()}
                    </ul>
                    {table}
                    {skipped}
                    <button data-testid="close-together" on:click=move |_| session.imports.log_group.set(None)>"Close the group view of this log"</button>
                </section>
            }
        })
    }
}
