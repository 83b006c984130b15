//! Group mode's panels mounted on their own: the ownership chart and its alarm, and a member's
//! levers acting on the group.

use crate::dom::{new_root, tick};
use kip848_core::group::GroupTimeline;
use kip848_viz::components::group::{members::MemberColumns, ownership_chart::OwnershipChart};
use kip848_viz::group::{provide_group_session, scenarios::group_scenario, GroupSession};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

/// Mounts `view` under a group session holding the built-in scenario `id`, at its end.
fn mount_group<V: IntoView + 'static>(
    id: &str,
    view: impl FnOnce() -> V + 'static,
) -> (HtmlElement, GroupSession) {
    let trace = group_scenario(id).expect("a scenario").expect("valid");
    let root = new_root();
    let slot = std::rc::Rc::new(std::cell::Cell::new(None));
    let inner = slot.clone();
    let handle = leptos::mount::mount_to(root.clone(), move || {
        inner.set(Some(provide_group_session(
            GroupTimeline::from_trace(trace),
            false,
        )));
        view()
    });
    // The page part lives as long as the test.
    std::mem::forget(handle);
    (root, slot.get().expect("the session was provided"))
}

fn select(root: &HtmlElement, selector: &str) -> Vec<HtmlElement> {
    let list = root.query_selector_all(selector).expect("selector");
    (0..list.length())
        .filter_map(|i| list.item(i))
        .map(JsCast::unchecked_into)
        .collect()
}

fn attribute(root: &HtmlElement, selector: &str, name: &str) -> String {
    select(root, selector)
        .first()
        .and_then(|e| e.get_attribute(name))
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn the_alarm_sounds_while_two_members_own_a_partition_and_remembers_it() {
    let (root, session) = mount_group("safety-off", || view! { <OwnershipChart/> });
    session.seek(10);
    tick().await;
    assert_eq!(
        attribute(&root, "[data-testid=ownership-alarm]", "data-kind"),
        "now"
    );
    assert_eq!(
        attribute(&root, "[data-testid=ownership-alarm]", "role"),
        "alert"
    );
    assert_eq!(select(&root, "[data-segment=double]").len(), 2);
    session.seek(usize::MAX);
    tick().await;
    assert_eq!(
        attribute(&root, "[data-testid=ownership-alarm]", "data-kind"),
        "past"
    );
    session.seek(5);
    tick().await;
    assert_eq!(
        attribute(&root, "[data-testid=ownership-alarm]", "data-kind"),
        "none"
    );
    assert_eq!(select(&root, "[data-testid=chart-row]").len(), 4);
}

#[wasm_bindgen_test]
async fn killing_a_member_from_its_column_is_a_step_of_the_group() {
    let (root, session) = mount_group("third-member-joins", || view! { <MemberColumns/> });
    tick().await;
    let before = session.position();
    let kill = select(&root, "[data-member=B] [data-testid=member-kill]");
    kill.first().expect("B's kill button").click();
    tick().await;
    assert_eq!(session.position(), (before.0 + 1, before.1 + 1));
    let card = select(&root, "[data-testid=member-card][data-member=B]");
    assert!(card
        .first()
        .expect("B's card")
        .class_list()
        .contains("dead"));
    assert!(select(&root, "[data-member=B] [data-testid=member-kill]")
        .first()
        .is_some_and(|b| b.has_attribute("disabled")));
}

/// The group picker's titles are read by the build; each must be the one the core reads in its file.
#[wasm_bindgen_test]
async fn the_group_picker_names_each_scenario_by_the_title_in_its_file() {
    use kip848_core::group::GroupTrace;
    use kip848_viz::components::group::controls::GroupControls;
    use kip848_viz::group::scenarios::GROUP_SCENARIOS;
    let (first, _, _) = GROUP_SCENARIOS[0];
    let (root, _) = mount_group(first, || view! { <GroupControls/> });
    tick().await;
    // The first option names the session on screen when it is none of them (a new group here).
    let placeholder = select(&root, "[data-testid=group-scenario] option[value=\"\"]");
    assert_eq!(placeholder.len(), 1);
    assert!(placeholder[0]
        .text_content()
        .unwrap_or_default()
        .starts_with("This session"));
    let shown: Vec<(String, String)> = select(
        &root,
        "[data-testid=group-scenario] option:not([value=\"\"])",
    )
    .iter()
    .map(|o| {
        (
            o.get_attribute("value").unwrap_or_default(),
            o.text_content().unwrap_or_default(),
        )
    })
    .collect();
    let files: Vec<(String, String)> = GROUP_SCENARIOS
        .iter()
        .map(|(id, _, text)| {
            let trace = GroupTrace::parse(text).expect("a built-in group scenario parses");
            (
                (*id).to_owned(),
                trace.title.unwrap_or_else(|| (*id).to_owned()),
            )
        })
        .collect();
    assert!(files.len() > 3, "{} group scenarios", files.len());
    assert_eq!(shown, files);
}
