//! The review view's shared cursor and its HTML export: at the end of each row both frames are
//! that row's sides; one effect at a time either way; the export holds both timelines and both
//! diagrams, and nothing from elsewhere.

use kip848_core::compare::html::review_html;
use kip848_core::compare::{Align, Pair, Review, ReviewScreen};
use kip848_core::session::trace::Trace;
use kip848_core::Cursor;

fn scenario(id: &str) -> Trace {
    let path = format!(
        "{}/../assets/scenarios/{id}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    Trace::parse(&std::fs::read_to_string(path).expect("a scenario")).expect("valid")
}

/// Every built-in scenario's id.
fn scenarios() -> Vec<String> {
    let dir = format!("{}/../assets/scenarios", env!("CARGO_MANIFEST_DIR"));
    let mut ids: Vec<String> = std::fs::read_dir(dir)
        .expect("the scenarios")
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            Some(name.strip_suffix(".json")?.to_owned())
        })
        .collect();
    ids.sort();
    ids
}

#[test]
fn at_the_end_of_each_row_both_frames_are_that_rows_sides_for_every_pair() {
    for pair in Pair::all() {
        for id in scenarios() {
            frames_are_the_rows_sides(&id, pair);
        }
    }
}

fn frames_are_the_rows_sides(id: &str, pair: Pair) {
    {
        let trace = scenario(id);
        let review = Review::of(&trace, pair, Align::none());
        let screen = ReviewScreen::new(&review);
        assert_eq!(screen.len(), trace.steps.len());
        let (left, right) = pair.models();
        for (i, row) in review.rows.iter().enumerate() {
            let (l, r) = screen.frames(screen.end_of(i + 1));
            for (frame, side, model) in [(&l, &row.left, left), (&r, &row.right, right)] {
                let name = format!("{pair:?} {model:?}");
                if side.rejected.is_some() {
                    continue;
                }
                assert_eq!(frame.facts.state, side.state, "{id} row {} {name}", i + 1);
                assert_eq!(
                    frame.facts.member_epoch,
                    side.member_epoch,
                    "{id} row {} {name}",
                    i + 1
                );
                assert_eq!(
                    frame.facts.assigned,
                    side.assigned,
                    "{id} row {} {name}",
                    i + 1
                );
            }
        }
    }
}

/// "Go to step N" lands on the first effect of the step after which the sides differ in state (as
/// the pair maps them), epoch or assigned set: apart there, and not yet one effect before.
#[test]
fn a_causes_step_opens_at_the_first_effect_where_the_sides_part() {
    let apart = |screen: &ReviewScreen, pair: Pair, at: Cursor| {
        let (l, r) = screen.frames(at);
        !pair.equivalent(l.facts.state, r.facts.state)
            || l.facts.member_epoch != r.facts.member_epoch
            || l.facts.assigned != r.facts.assigned
    };
    let mut inside = 0;
    for pair in Pair::all() {
        for id in scenarios() {
            let review = Review::of(&scenario(&id), pair, Align::none());
            let screen = ReviewScreen::new(&review);
            for g in &review.groups {
                let row = g.first + 1;
                let go = screen.first_difference(row);
                assert_eq!(go.step, row, "{id} {pair:?}");
                if go.shown < screen.effects(row) {
                    inside += 1;
                    assert!(
                        apart(&screen, pair, go),
                        "{id} {pair:?} row {row}: not apart at {go:?}"
                    );
                }
                if go.shown > 1 {
                    let before = Cursor {
                        step: row,
                        shown: go.shown - 1,
                    };
                    assert!(
                        !apart(&screen, pair, before),
                        "{id} {pair:?} row {row}: apart already at {before:?}"
                    );
                }
            }
        }
    }
    assert!(
        inside > 5,
        "only {inside} causes open before their step's end"
    );
}

#[test]
fn one_effect_at_a_time_forward_and_back_visits_every_position_once() {
    for pair in Pair::all() {
        for id in scenarios() {
            walk(&id, pair);
        }
    }
}

/// Every position of the review, one effect at a time, each frame the side's model's own.
fn walk(id: &str, pair: Pair) {
    let review = Review::of(&scenario(id), pair, Align::none());
    let screen = ReviewScreen::new(&review);
    let mut here = Cursor::START;
    let mut path = vec![here];
    loop {
        let next = screen.next_effect(here);
        if next == here {
            break;
        }
        path.push(next);
        here = next;
        let (l, r) = screen.frames(here);
        let (left, right) = pair.models();
        assert!(left.states().contains(&l.facts.state), "{id} {pair:?}");
        assert!(right.states().contains(&r.facts.state), "{id} {pair:?}");
    }
    let expected: usize = 1
        + (1..=screen.len())
            .map(|r| screen.effects(r).max(1))
            .sum::<usize>();
    assert_eq!(path.len(), expected, "{id} {pair:?}");
    for window in path.windows(2).rev() {
        assert_eq!(
            screen.previous_effect(window[1]),
            window[0],
            "{id} {pair:?}"
        );
    }
}

#[test]
fn the_html_export_holds_the_causes_both_diagrams_and_both_timelines() {
    let trace = scenario("05-fenced-mid-revocation");
    let review = Review::new(&trace, Align::none());
    let html = review_html(&trace, &review);
    assert_eq!(html.matches("<svg").count(), 2);
    assert_eq!(html.matches("<tr class=").count(), trace.steps.len());
    let causes = &html[html.find("id=\"causes\"").expect("causes")..];
    assert!(
        causes
            .find("onPartitionsLost when fenced")
            .expect("the cause that matters")
            < causes.find("The auto-commit").expect("auto-commit")
    );
    // Nothing is loaded from outside; the causes' sources are links a reader may follow.
    let mut links = 0;
    for (i, _) in html.match_indices("http") {
        let url = &html[i..i + 30];
        let link = html[..i].ends_with("href=\"");
        links += usize::from(link);
        assert!(
            url.starts_with("http://www.w3.org/2000/svg") || link && url.starts_with("https://"),
            "an outside address: {url}"
        );
    }
    assert!(links > 0, "the causes' sources are links");
    assert!(!html.contains("<script"));
}

#[test]
fn the_html_export_of_a_pair_with_librdkafka_names_its_models_and_cites_librdkafka() {
    let trace = scenario("05-fenced-mid-revocation");
    for pair in [Pair::SEED_LIBRDKAFKA, Pair::KAFKA_LIBRDKAFKA] {
        let review = Review::of(&trace, pair, Align::none());
        let html = review_html(&trace, &review);
        assert_eq!(html.matches("<svg").count(), 2);
        for model in [pair.left(), pair.right()] {
            assert!(
                html.contains(&format!("<figcaption>{}</figcaption>", model.title())),
                "{pair:?}"
            );
        }
        assert!(html.contains("librdkafka's consumer (2.15.0)"), "{pair:?}");
        assert!(
            html.contains("github.com/confluentinc/librdkafka/blob/v2.15.0/"),
            "{pair:?}: librdkafka's code is cited"
        );
    }
}

/// The exported page's links read on both themes' backgrounds (WCAG AA, 4.5:1): a browser's
/// default link blue on the dark background was about 2:1.
#[test]
fn the_html_exports_links_read_in_light_and_dark() {
    let trace = scenario("05-fenced-mid-revocation");
    let review = Review::new(&trace, Align::none());
    let html = review_html(&trace, &review);
    let luminance = |hex: &str| {
        let c = |i: usize| {
            let v = f64::from(u8::from_str_radix(&hex[i..i + 2], 16).expect("hex")) / 255.0;
            if v <= 0.03928 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * c(1) + 0.7152 * c(3) + 0.0722 * c(5)
    };
    let ratio = |a: &str, b: &str| {
        let (x, y) = (luminance(a), luminance(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    };
    let colour_of = |css: &str, rule: &str| -> String {
        let at = css
            .find(&format!("{rule}{{color:"))
            .unwrap_or_else(|| panic!("no {rule} in {css}"));
        css[at + rule.len() + 7..at + rule.len() + 14].to_owned()
    };
    let (light, dark) = html
        .split_once("@media (prefers-color-scheme: dark)")
        .expect("a dark theme");
    assert!(html.contains("<a "), "the export has links to check");
    for (css, background) in [(light, "#ffffff"), (dark, "#101318")] {
        for rule in ["a", "a:visited"] {
            let colour = colour_of(css, rule);
            assert!(
                ratio(&colour, background) >= 4.5,
                "{rule} {colour} on {background}"
            );
        }
    }
}
