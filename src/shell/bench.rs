//! Hooks for `make bench`, exported to JavaScript (`window.wasmBindings`): the same replay as the
//! native benchmark, timed inside the page, so the two can be compared. They change nothing.

use kip848_core::session::workload::session;
use kip848_core::Member;
use wasm_bindgen::prelude::*;

fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// Replays a synthetic session of `len` inputs through the machine `rounds` times; returns the
/// milliseconds of each round (the session is generated once, untimed).
#[wasm_bindgen]
pub fn bench_replay(len: usize, rounds: usize) -> Vec<f64> {
    let trace = session(len);
    (0..rounds)
        .map(|_| {
            let start = now_ms();
            let mut member = Member::new(trace.config.clone());
            for step in &trace.steps {
                let _ = member.handle(step.at, &step.input);
            }
            std::hint::black_box(member);
            now_ms() - start
        })
        .collect()
}

/// A synthetic session of `len` inputs as trace text (what the benchmark imports into the page).
#[wasm_bindgen]
pub fn bench_session_json(len: usize) -> String {
    session(len).to_json()
}
