//! The *Align* switches: each removes its cause and nothing else.

use crate::{corpus, differing, jsons, load, manifest, scenario, steps_of};
use kip848_core::compare::{Align, Cause, Review, Switch};

#[test]
fn each_switch_removes_its_cause_and_leaves_the_others() {
    let trace = scenario("05-fenced-mid-revocation");
    let commits = Review::new(&trace, Align::none().with(Switch::AutoCommit));
    assert!(commits.group(Cause::AutoCommit).is_none());
    assert_eq!(steps_of(&commits, Cause::OnPartitionsLost), vec![8]);
    assert_eq!(differing(&commits), vec![8]);
    assert!(commits.align.is_on(Switch::AutoCommit));
    let lost = Review::new(&trace, Align::none().with(Switch::LostCallback));
    assert!(lost.group(Cause::OnPartitionsLost).is_none());
    assert_eq!(steps_of(&lost, Cause::AutoCommit), vec![5]);
    assert_eq!(differing(&lost), vec![5]);
    assert_eq!(
        differing(&Review::new(&trace, Align::all())),
        Vec::<usize>::new()
    );
    for path in corpus() {
        let trace = load(&path);
        for switch in Switch::ALL {
            let review = Review::new(&trace, Align::none().with(switch));
            assert!(
                review.group(switch.cause()).is_none(),
                "{} with {switch:?}",
                path.display()
            );
        }
    }
}

/// What no switch removes, on the built-in scenarios: the differences a reviewer cannot wave away.
#[test]
fn with_every_switch_on_only_the_causes_without_a_switch_remain() {
    let remaining: Vec<(String, Vec<Cause>)> = jsons(&manifest().join("../assets/scenarios"))
        .iter()
        .map(|path| {
            let review = Review::new(&load(path), Align::all());
            let name = path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default()
                .to_owned();
            (
                name,
                review.groups.iter().map(|g| g.cause).collect::<Vec<_>>(),
            )
        })
        .filter(|(_, causes)| !causes.is_empty())
        .collect();
    let expected: Vec<(String, Vec<Cause>)> = vec![
        (
            "09-static-member-leaves".into(),
            vec![Cause::LeaveEndsWhenSent],
        ),
        (
            "10-close-while-assigning".into(),
            vec![Cause::CloseInApplication, Cause::AcknowledgingState],
        ),
        (
            "12-open-question-yes".into(),
            vec![Cause::HeartbeatBetweenRevokeAndAssign],
        ),
        (
            "17-stale-member".into(),
            vec![Cause::StaleMember, Cause::SeedRejectsInput],
        ),
        // librdkafka's close: its leave waits for the application's answer and then for the
        // coordinator's; the seed and the Java client part ways on both.
        (
            "18-librdkafka-revoke-then-empty-assign".into(),
            vec![Cause::CloseInApplication, Cause::LeaveEndsWhenSent],
        ),
    ];
    assert_eq!(remaining, expected);
}
