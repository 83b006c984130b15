//! The scenario files themselves: all listed, valid, titled and saved unchanged.

use crate::play;
use kip848_core::group::GroupTrace;

#[test]
fn every_group_scenario_is_listed_and_valid() {
    let dir = format!("{}/../assets/group", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("assets/group")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".json").map(str::to_owned))
        .collect();
    names.sort();
    // The picker lists what assets/group/ORDER names (the app's build reads it): every file, once.
    let order = std::fs::read_to_string(format!(
        "{}/../assets/group/ORDER",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("assets/group/ORDER");
    let mut listed: Vec<String> = order
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect();
    listed.sort();
    assert_eq!(names, listed);
    assert!(names.len() >= 8, "{names:?}");
    for name in &names {
        let timeline = play(name);
        let trace = timeline.trace();
        assert!(
            trace.title.is_some() && trace.description.is_some(),
            "{name}"
        );
        let again = GroupTrace::parse(&trace.to_json()).expect("its own file");
        assert_eq!(&again, trace, "{name} survives a save");
        assert!(GroupTrace::claims(&trace.to_json()));
    }
}

/// A step where partitions change hands says so in its caption (issue 43: "time passes" hid the
/// steps where B gave up a partition and C got three): every member whose assigned set differs from
/// the frame before is named with what it gave up and what it got, and no other member is.
#[test]
fn each_caption_names_the_partitions_that_moved() {
    let mut moved_steps = 0;
    for name in scenario_names() {
        let timeline = play(&name);
        let mut before = timeline.frame(0);
        for step in 1..=timeline.len() {
            let frame = timeline.frame(step);
            for card in &frame.members {
                let was = before
                    .members
                    .iter()
                    .find(|c| c.name == card.name)
                    .map(|c| c.assigned.clone())
                    .unwrap_or_default();
                let (lost, got) = (
                    was.difference(&card.assigned),
                    card.assigned.difference(&was),
                );
                let at = format!("{name} step {step}: {}", frame.caption);
                let gives = format!("{} gives up {lost}", card.name);
                let gets = format!("{} gets {got}", card.name);
                assert_eq!(frame.caption.contains(&gives), !lost.is_empty(), "{at}");
                let gets_said = frame.caption.contains(&gets)
                    || frame.caption.contains(&format!("and gets {got}"));
                assert_eq!(gets_said, !got.is_empty(), "{at}");
                moved_steps += usize::from(!lost.is_empty() || !got.is_empty());
            }
            before = frame;
        }
    }
    assert!(
        moved_steps > 20,
        "{moved_steps} moves in the group scenarios"
    );
}

/// The coordinator's table marks what the step changed (issue 43: its rows changed with no mark):
/// at every step of every group scenario, a record is marked with exactly the values that differ
/// from the same member's record one frame before, a record the coordinator did not hold before as
/// new, and the epochs likewise; and the marks are seen at all.
#[test]
fn the_coordinators_table_marks_exactly_what_each_step_changed() {
    use kip848_core::group::table::Field;
    let mut marked = 0;
    for name in scenario_names() {
        let timeline = play(&name);
        let mut before = timeline.frame(0);
        assert!(
            before.epochs_changed.is_empty() && before.records.iter().all(|r| r.changed.is_empty())
        );
        for step in 1..=timeline.len() {
            let frame = timeline.frame(step);
            for row in &frame.records {
                let at = format!("{name} step {step}: {}", row.name);
                let Some(w) = before.records.iter().find(|w| w.member_id == row.member_id) else {
                    assert_eq!(row.changed, [Field::NewMember], "{at}");
                    marked += 1;
                    continue;
                };
                for field in [
                    Field::Epoch,
                    Field::PreviousEpoch,
                    Field::State,
                    Field::Assigned,
                    Field::PendingRevocation,
                    Field::Target,
                ] {
                    let differs = match field {
                        Field::Epoch => w.epoch != row.epoch,
                        Field::PreviousEpoch => w.previous_epoch != row.previous_epoch,
                        Field::State => w.state != row.state,
                        Field::Assigned => w.assigned != row.assigned,
                        Field::PendingRevocation => w.pending_revocation != row.pending_revocation,
                        _ => w.target != row.target,
                    };
                    assert_eq!(row.changed.contains(&field), differs, "{at}: {field:?}");
                }
                marked += row.changed.len();
            }
            let said = |field: Field| frame.epochs_changed.contains(&field);
            assert_eq!(
                said(Field::GroupEpoch),
                before.group_epoch != frame.group_epoch,
                "{name} step {step}"
            );
            assert_eq!(
                said(Field::AssignmentEpoch),
                before.assignment_epoch != frame.assignment_epoch,
                "{name} step {step}"
            );
            before = frame;
        }
    }
    assert!(marked > 50, "{marked} marks in the group scenarios");
}

/// The names of the group scenarios in assets/group.
fn scenario_names() -> Vec<String> {
    let dir = format!("{}/../assets/group", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_dir(dir)
        .expect("assets/group")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".json").map(str::to_owned))
        .collect()
}

/// The ownership alarm never gives an all-clear beside a hazard (issue 43: a green "no two owners"
/// sat beside released-before-revoked): at every step of every group scenario, the alarm is green
/// only where the frame shows no hazard, and names each hazard it shows when it warns of them.
#[test]
fn the_alarm_is_never_an_all_clear_beside_a_hazard() {
    let mut warned = 0;
    for name in scenario_names() {
        let timeline = play(&name);
        for step in 0..=timeline.len() {
            let frame = timeline.frame(step);
            let (kind, text) = &frame.alarm;
            let at = format!("{name} step {step}: {kind} {text}");
            if !frame.hazards.is_empty() {
                assert_ne!(*kind, "none", "{at}");
            }
            if *kind == "watch" {
                warned += 1;
                for h in &frame.hazards {
                    assert!(text.contains(h.hazard.title()), "{at}");
                }
            }
        }
    }
    assert!(warned > 0, "no step of a group scenario warns of a hazard");
}
