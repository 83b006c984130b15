//! The review page's check as its worker runs it (`check_panel::worker::run`): what it posts is
//! what the explorer finds, and a request it cannot read is said, not a panic.

use kip848_core::Model;
use kip848_viz::components::check_panel::worker::{run, Column, Posted, Seen};
use std::cell::RefCell;
use std::collections::HashMap;
use wasm_bindgen_test::wasm_bindgen_test;

/// The worker's run posts each column's progress and ends with its full report and `Done`;
/// the last report is the explorer's own, run here without the worker.
#[wasm_bindgen_test]
fn a_run_reports_what_the_explorer_finds() {
    let column = Column {
        model: Model::Seed,
        choices: None,
    };
    let request = serde_json::json!({ "reach": { "moves": 6 }, "columns": [column] }).to_string();
    let posts = RefCell::new(Vec::new());
    run(&request, || 0.0, |json| posts.borrow_mut().push(json));
    let posts: Vec<Posted> = posts
        .into_inner()
        .iter()
        .filter_map(|p| serde_json::from_str(p).ok())
        .collect();
    assert!(matches!(posts.last(), Some(Posted::Done)));
    let Some(Posted::Progress { column: 0, seen }) = posts.iter().rev().nth(1) else {
        panic!("no progress before Done: {posts:?}");
    };
    let mut explorer = column.explorer(6);
    while !explorer.run(2_000) {}
    assert_eq!(*seen, Seen::of(&explorer.report(), &mut HashMap::new()));
    assert!(seen.done);
}

#[wasm_bindgen_test]
fn a_request_that_cannot_be_read_says_so() {
    let posts = RefCell::new(Vec::new());
    run(
        "{\"reach\": \"deep\"}",
        || 0.0,
        |json| posts.borrow_mut().push(json),
    );
    let posts = posts.into_inner();
    assert_eq!(posts.len(), 1);
    assert!(posts[0].contains("\"kind\":\"failed\""), "{posts:?}");
}
