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
