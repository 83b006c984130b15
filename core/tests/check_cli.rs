//! `kip848-check` ended before its bounds (`--memory`, `--seconds`): an answer, not a process
//! the system kills, and an honest one: what it found is what a check to that depth finds, and
//! what it did not find is "not found" within the levels it explored, never "holds".

use serde_json::Value;
use std::process::Command;

fn check(args: &[&str]) -> (Option<i32>, Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_kip848-check"))
        .args(args)
        .output()
        .expect("the check runs");
    let json = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    (out.status.code(), json)
}

fn verdicts(r: &Value) -> Vec<(String, String, Option<u64>)> {
    r["properties"]
        .as_array()
        .expect("properties")
        .iter()
        .map(|p| {
            (
                p["property"].as_str().unwrap_or_default().to_owned(),
                p["verdict"].as_str().unwrap_or_default().to_owned(),
                p["moves"].as_u64(),
            )
        })
        .collect()
}

/// Any process holds more than 1 MB: the check stops after its first slice of moves, the same
/// place each run. Against a check bounded at the depth it reached, each verdict matches: a
/// counterexample at the same (shortest) length, and "not found" where that check says "holds".
#[test]
fn out_of_memory_it_stops_with_what_it_found_and_says_so() {
    let (code, stopped) = check(&["--model", "seed", "--depth", "1000", "--memory", "1"]);
    assert_eq!(code, Some(0));
    assert!(
        stopped["stopped"]
            .as_str()
            .is_some_and(|s| s.starts_with("memory")),
        "{}",
        stopped["stopped"]
    );
    assert_eq!(stopped["exhausted"], Value::Bool(false));
    let depth = stopped["depth"].as_u64().expect("depth");
    assert!((1..30).contains(&depth), "{depth}");
    let (_, bounded) = check(&["--model", "seed", "--depth", &depth.to_string()]);
    assert_eq!(bounded["stopped"], Value::Null);
    let mut found = 0;
    for ((property, verdict, moves), (_, within, shortest)) in
        verdicts(&stopped).into_iter().zip(verdicts(&bounded))
    {
        match verdict.as_str() {
            "violated" if moves.is_some_and(|m| m <= depth) => {
                found += 1;
                assert_eq!(
                    (within.as_str(), moves),
                    ("violated", shortest),
                    "{property}"
                );
            }
            // Found on the level it was exploring when it stopped.
            "violated" => assert_eq!(moves, Some(depth + 1), "{property}"),
            "not found" => assert_eq!(within, "holds", "{property}"),
            "unjudged" => assert_eq!(property, "converges"),
            other => panic!("{property}: {other} in a stopped check"),
        }
    }
    assert!(found > 0, "the seed's hazards show within {depth} moves");
}

#[test]
fn a_spent_budget_stops_it_and_a_bad_one_is_refused() {
    let (code, r) = check(&["--model", "kafka", "--depth", "1000", "--seconds", "0.01"]);
    assert_eq!(code, Some(0));
    assert!(r["stopped"].as_str().is_some_and(|s| s.starts_with("time")));
    for bad in [["--seconds", "0"], ["--seconds", "-1"], ["--memory", "0"]] {
        let (code, r) = check(&["--model", "kafka", bad[0], bad[1]]);
        assert_eq!((code, r), (Some(2), Value::Null), "{bad:?}");
    }
}
