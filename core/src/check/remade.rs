//! States kept as nodes and made again (`Explorer::remake`) check exactly what whole states
//! check: the same states, moves, levels and counterexamples, schedule for schedule.

use super::moves::Bounds;
use super::{Explorer, Report};
use crate::machine::model::Model;

fn run(explorer: Explorer) -> Report {
    let mut explorer = explorer;
    while !explorer.run(5_000) {}
    explorer.report()
}

fn same(whole: &Report, remade: &Report, what: &str) {
    assert_eq!(
        (
            whole.states,
            whole.transitions,
            whole.depth,
            whole.exhausted
        ),
        (
            remade.states,
            remade.transitions,
            remade.depth,
            remade.exhausted
        ),
        "{what}"
    );
    assert_eq!(whole.found.len(), remade.found.len(), "{what}");
    for (w, r) in whole.found.iter().zip(&remade.found) {
        assert_eq!(
            (w.property, &w.words, w.moves, w.step),
            (r.property, &r.words, r.moves, r.step),
            "{what}"
        );
        assert_eq!(
            w.schedule.steps, r.schedule.steps,
            "{what}: {:?}",
            w.property
        );
    }
}

/// Every model within the anchor's bounds to 14 moves, with no state of a level kept whole (and
/// with the first few whole: whole and remade states in one level).
#[test]
fn states_made_again_check_what_whole_states_check() {
    for model in Model::ALL {
        let whole = run(Explorer::new(Bounds::anchor(model, 14)));
        assert!(whole.states > 1_000 && !whole.found.is_empty(), "{model:?}");
        for held in [0, 7] {
            let remade = run(Explorer::new(Bounds::anchor(model, 14)).holding_whole(held));
            same(&whole, &remade, &format!("{model:?}, {held} whole a level"));
        }
    }
}
