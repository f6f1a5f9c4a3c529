//! Trajectories recorded from the real engines (`golden/<engine>.json`, written by
//! `npm run engines:record` with the engine's version), and the check each engine's
//! unit test runs on them: the twin, given the same parameters and settings, must land
//! within 1e-5 (m or rad) of every recorded position. Native tests thus catch a twin
//! drifting from its engine without the engines installed.
//!
//! A case recorded to reach one of a twin's rules (a speed or spin cap, body damping,
//! sleep, MuJoCo's reset: `reaches` names it) may also say which event the twin must
//! report on it (`expect`: `capped`, `asleep` or `reset`): a twin or a re-recording
//! that no longer reaches the rule then fails here instead of passing without testing
//! it.

use super::settings::{Kind, Value};
use super::{entry, Intent};

/// How far a twin may be from its engine: float32 engines agree to a few 1e-7.
const TOLERANCE: f64 = 1e-5;

/// Checks every case of a golden file; panics naming every case that fails and how
/// (all of them, so that a planted fault shows each case that catches it).
pub(crate) fn check(file: &str) {
    let json: serde_json::Value = serde_json::from_str(file).expect("a golden file is JSON");
    let cases = json["cases"].as_array().expect("cases");
    assert!(!cases.is_empty());
    let mut failures = Vec::new();
    for case in cases {
        let id = case["id"].as_str().unwrap();
        let e = entry(id).unwrap_or_else(|| panic!("no entry {id}"));
        let intent = Intent {
            frequency: case["frequency"].as_f64().unwrap(),
            damping_ratio: case["dampingRatio"].as_f64().unwrap(),
            mass: case["mass"].as_f64().unwrap(),
            dt: case["dt"].as_f64().unwrap(),
            angular: case["angular"].as_bool().unwrap(),
        };
        let mut settings = e.default_settings();
        for (key, value) in case["settings"].as_object().unwrap() {
            let def = settings.defs().iter().find(|d| d.key == key).unwrap();
            let value = match (def.kind, value) {
                (Kind::Choice { .. }, v) => Value::Choice(def.option(v.as_str().unwrap()).unwrap()),
                (Kind::Flag, v) => Value::Flag(v.as_bool().unwrap()),
                (_, v) => Value::Number(v.as_f64().unwrap()),
            };
            settings.set(key, value).unwrap();
        }
        let knobs = e
            .knobs
            .map(|k| case["parameters"][k.name].as_f64().unwrap());
        let recorded: Vec<f64> = case["positions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap())
            .collect();
        let twin = e
            .predict(knobs, &intent, &settings, recorded.len())
            .unwrap();
        assert_eq!(twin.positions.len(), recorded.len(), "{id}");
        if let Some(expect) = case.get("expect").and_then(|e| e.as_str()) {
            let reached = match expect {
                "capped" => twin.capped_steps > 0,
                "asleep" => twin.asleep_after.is_some(),
                "reset" => twin.reset_after.is_some(),
                other => panic!("{id}: unknown event {other}"),
            };
            if !reached {
                failures.push(format!(
                    "{id} ({}): the twin is never {expect}",
                    case["variant"]
                ));
            }
        }
        let (worst, at) = twin
            .positions
            .iter()
            .zip(&recorded)
            .enumerate()
            .map(|(k, (a, b))| ((a - b).abs(), k))
            .fold((0.0, 0), |w, d| if d.0 > w.0 { d } else { w });
        if worst > TOLERANCE {
            failures.push(format!(
                "{id} ({}, angular {}): {worst:e} off the recorded engine at step {}",
                case["variant"],
                intent.angular,
                at + 1
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
