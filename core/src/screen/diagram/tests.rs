//! What the diagrams stand for: every allowed transition drawn by exactly one edge, grouped edges
//! for transitions out of every state of a set, the way a transition is highlighted, the SVG, and
//! text at least 11 px in a 375 px column. The geometry is measured in `checks`.

use super::checks::{both, STEP};
use super::path::{parse, sample};
use super::*;

#[test]
fn every_allowed_transition_is_drawn_by_exactly_one_edge() {
    for d in both() {
        for (from, to) in d.model.transitions() {
            let drawn: Vec<_> = d.edges.iter().filter(|e| e.stands_for(from, to)).collect();
            assert_eq!(
                drawn.len(),
                1,
                "{:?}: {from} → {to} drawn by {drawn:?}",
                d.model
            );
            assert_eq!(d.edge_for(from, to), Some(drawn[0]));
        }
        for e in &d.edges {
            for (from, to) in e.transitions() {
                assert!(d.model.is_allowed(from, to), "{from} → {to} is not allowed");
            }
            assert_eq!(
                e.label.text.trim(),
                e.label.text,
                "every edge names its trigger"
            );
            assert!(!e.label.text.is_empty());
        }
        let states: Vec<_> = d.nodes.iter().map(|n| n.state).collect();
        assert_eq!(states.len(), d.model.states().len());
        assert!(d.model.states().iter().all(|s| states.contains(s)));
    }
}

#[test]
fn transitions_from_every_state_of_a_set_are_one_edge() {
    use StateName::*;
    let seed = layout(Model::Seed);
    let close = seed.edge_for(Joined, Terminating).unwrap();
    assert_eq!((close.group, close.from.len()), (Some("in the group"), 3));
    let fatal = seed.edge_for(Assigning, Terminated).unwrap();
    assert_eq!((fatal.group, fatal.from.len()), (Some("in the group"), 3));
    assert_eq!(
        seed.edge_for(Joined, Joining),
        seed.edge_for(Assigning, Joining)
    );
    let kafka = layout(Model::Kafka);
    assert_eq!(kafka.edge_for(Stable, Fenced).unwrap().from.len(), 6);
    assert_eq!(kafka.edge_for(Unsubscribed, Fatal).unwrap().from.len(), 7);
    assert_eq!(
        kafka.edge_for(Joining, PrepareLeaving).unwrap().from.len(),
        5
    );
    for d in [&seed, &kafka] {
        for e in &d.edges {
            if let Some(name) = e.group {
                let g = d.groups.iter().find(|g| g.name == name).unwrap();
                assert!(g.members.iter().all(|m| e.from.contains(m)));
            }
        }
    }
}

#[test]
fn groups_enclose_their_members_and_only_them() {
    for d in both() {
        for g in &d.groups {
            for n in &d.nodes {
                let inside = g.rect.inflate(-4.0).encloses(&n.rect);
                let outside = !g.rect.intersects(&n.rect);
                match g.members.contains(&n.state) {
                    true => assert!(inside, "{} is not inside {}", n.state, g.name),
                    false => assert!(outside, "{} is in {}", n.state, g.name),
                }
            }
        }
    }
}

#[test]
fn text_is_at_least_11_px_in_a_375_px_column() {
    // The seed's fits the app's column in a 375 px window (about 328 px) without scrolling.
    assert!(layout(Model::Seed).min_width_px(11.0) <= 328.0);
    for d in both() {
        let px = d.smallest_text_at(375.0);
        assert!(px >= 11.0, "{:?}: {px:.1} px", d.model);
        assert!(d.min_width_px(11.0) <= 375.0);
        assert!((d.smallest_text_at(d.min_width_px(11.0)) - 11.0).abs() < 1e-9);
    }
}

#[test]
fn the_way_of_a_gathered_transition_runs_from_its_state_to_the_target() {
    use StateName::*;
    for d in both() {
        for (from, to) in d.model.transitions() {
            let way = sample(&parse(&d.way(from, to).unwrap()), STEP);
            let end = *way.last().unwrap();
            assert!(d.node(to).unwrap().rect.inflate(0.5).contains(end));
            let edge = d.edge_for(from, to).unwrap();
            if edge.stubs.iter().any(|s| s.from == [from]) {
                let start = way[0];
                assert!(
                    d.node(from).unwrap().rect.inflate(0.5).contains(start),
                    "{from} → {to}"
                );
            }
        }
    }
    let kafka = layout(Model::Kafka);
    assert_ne!(
        kafka.way(Stable, Reconciling),
        kafka.way(Acknowledging, Reconciling)
    );
}

#[test]
fn the_layouts_are_deterministic() {
    assert_eq!(layout(Model::Seed), layout(Model::Seed));
    assert_eq!(layout(Model::Kafka), layout(Model::Kafka));
}

#[test]
fn the_svg_marks_the_current_state_and_the_fired_edge() {
    use StateName::*;
    let d = layout(Model::Kafka);
    let svg = to_svg(&d, Some(Fenced), Some((Stable, Fenced)), Theme::Dark);
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 440"));
    // The fence is drawn from the heartbeating box: the group lights up, and in it STABLE's edge.
    assert_eq!(svg.matches("class=\"edge-group fired\"").count(), 1);
    assert_eq!(svg.matches("class=\"edge fired\"").count(), 1);
    assert!(svg.contains("<g class=\"edge fired\" data-from=\"STABLE\">"));
    assert_eq!(svg.matches(" current\"").count(), 1);
    assert!(svg.contains("data-state=\"FENCED\""));
    assert_eq!(svg.matches("class=\"way\"").count(), 1);
    for s in d.model.states() {
        assert!(svg.contains(s.as_str().split('_').next().unwrap()));
    }
    let light = to_svg(&d, None, None, Theme::Light);
    assert!(!light.contains("edge fired") && !light.contains(" current\""));
    assert!(to_svg(&d, None, None, Theme::Auto).contains("prefers-color-scheme: dark"));
}
