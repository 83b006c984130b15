//! Time controls, configuration, scenarios, help, and the live caption.

use crate::dom::*;
use kip848_viz::components::{
    config_panel::ConfigPanel, help_dialog::HelpDialog, live_region::LiveRegion,
    scenario_panel::ScenarioPanel, time_controls::TimeControls,
};
use leptos::prelude::*;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn stepping_effects_and_inputs_moves_the_position() {
    let m = mount(scenario("01-first-join"), || view! { <TimeControls/> });
    m.click("to-start").await;
    assert_eq!(m.text("position"), "Step 0 of 4 · 0 ms");
    m.click("step-effect").await;
    assert_eq!(m.text("position"), "Step 1 of 4 · effect 1 of 2 · 0 ms");
    m.click("step-effect").await;
    assert_eq!(m.text("position"), "Step 1 of 4 · effect 2 of 2 · 0 ms");
    // One input forward from the end of a step: the end of the next one.
    m.click("step-input").await;
    assert_eq!(m.text("position"), "Step 2 of 4 · effect 6 of 6 · 40 ms");
    m.click("step-effect-back").await;
    assert_eq!(m.text("position"), "Step 2 of 4 · effect 5 of 6 · 40 ms");
    // Part-way through a step, one input forward finishes it.
    m.click("step-input").await;
    assert!(m
        .text("position")
        .starts_with("Step 2 of 4 · effect 6 of 6"));
    m.click("step-input-back").await;
    assert!(m
        .text("position")
        .starts_with("Step 1 of 4 · effect 2 of 2"));
    m.click("to-end").await;
    assert!(m.text("position").starts_with("Step 4 of 4"));
    assert!(m.text("position").ends_with("· 5040 ms"));
}

#[wasm_bindgen_test]
async fn applying_a_configuration_restarts_the_session() {
    let m = mount(scenario("01-first-join"), || view! { <ConfigPanel/> });
    assert!(m.find("cfg-apply").has_attribute("disabled"));
    m.find("config").set_attribute("open", "").expect("opened");
    m.click("cfg-between").await;
    assert!(!m.find("cfg-apply").has_attribute("disabled"));
    m.click("cfg-release").await;
    m.click("cfg-epoch").await;
    m.click("cfg-apply").await;
    m.session.timeline.with_untracked(|t| {
        assert!(t.config().heartbeat_between_revoke_and_assign);
        assert_eq!(
            t.config().release,
            kip848_core::protocol::choice::Release::AfterCallback
        );
        assert_eq!(
            t.config().epoch,
            kip848_core::protocol::choice::EpochTaken::OnceReconciled
        );
        assert_eq!(t.len(), 0);
    });
}

#[wasm_bindgen_test]
async fn loading_a_scenario_starts_it_and_shows_its_narration() {
    let m = mount(fresh(), || view! { <ScenarioPanel/> });
    m.click("load-scenario").await;
    assert_eq!(m.text("scenario-title"), "First join with an assignment");
    assert_eq!(
        m.session.timeline.with_untracked(|t| (t.cursor(), t.len())),
        (0, 4)
    );
    m.session.seek(1);
    tick().await;
    assert!(m
        .text("narration")
        .starts_with("The application subscribes to orders."));
}

/// The picker's titles are read by the build; each must be the one the core reads in its file.
#[wasm_bindgen_test]
async fn the_scenario_picker_names_each_scenario_by_the_title_in_its_file() {
    use kip848_core::session::trace::Trace;
    let m = mount(fresh(), || view! { <ScenarioPanel/> });
    let options = m
        .find("scenario")
        .query_selector_all("option:not([value=''])")
        .expect("options");
    let shown: Vec<(String, String)> = (0..options.length())
        .filter_map(|i| options.item(i))
        .map(|n| {
            let e: web_sys::Element = wasm_bindgen::JsCast::unchecked_into(n);
            (
                e.get_attribute("value").unwrap_or_default(),
                e.text_content().unwrap_or_default(),
            )
        })
        .collect();
    let files: Vec<(String, String)> = kip848_viz::teaching::scenarios::SCENARIOS
        .iter()
        .map(|(id, _, text)| {
            let trace = Trace::parse(text).expect("a built-in scenario parses");
            // The page opens on the seed design: a scenario that does not play there (the
            // core's fit) says so after its title.
            let seed = kip848_core::Model::Seed;
            let elsewhere = trace.model != seed
                && kip848_core::teaching::fit::fit(&trace, seed)
                    .why_not(seed)
                    .is_some();
            let title = trace.title.unwrap_or_else(|| (*id).to_owned());
            let label = match elsewhere {
                true => format!("{title} (not on the seed design)"),
                false => title,
            };
            ((*id).to_owned(), label)
        })
        .collect();
    assert!(files.len() > 10, "{} scenarios", files.len());
    assert_eq!(shown, files);
}

#[wasm_bindgen_test]
async fn the_help_lists_every_shortcut() {
    let m = mount(fresh(), || view! { <HelpDialog/> });
    assert!(m.try_find("help").is_none());
    m.session.dialogs.help_open.set(true);
    tick().await;
    let rows = m
        .find("help")
        .query_selector_all("tr")
        .expect("rows")
        .length();
    let group = kip848_viz::components::help_dialog::GROUP_KEYS.len();
    assert_eq!(
        rows as usize,
        kip848_viz::shell::shortcuts::SHORTCUTS.len() + 1 + group
    );
    let group_rows = m
        .find("group-shortcuts")
        .query_selector_all("tr")
        .expect("rows")
        .length();
    assert_eq!(group_rows as usize, group);
}

#[wasm_bindgen_test]
async fn the_live_caption_narrates_a_fence_in_words() {
    let m = mount(
        scenario("04-fenced-while-joined"),
        || view! { <LiveRegion/> },
    );
    m.session.seek(5);
    tick().await;
    // At the end of the step: its last effect, and the whole step's story beside it.
    assert_eq!(
        m.text("live"),
        "Step 5, 3 of 3 things the member does: Join heartbeat sent (full, epoch 0, owned {})"
    );
    assert_eq!(
        m.text("live-summary"),
        "Step 5: Fenced (FENCED_MEMBER_EPOCH): assigned set cleared without callbacks, rejoining with epoch 0"
    );
    m.session.step_effect_back();
    tick().await;
    assert_eq!(
        m.text("live"),
        "Step 5, 2 of 3 things the member does: Fenced (FENCED_MEMBER_EPOCH): assigned set cleared without callbacks, rejoining with epoch 0"
    );
    assert_eq!(m.attr("live", "aria-live").as_deref(), Some("polite"));
}
