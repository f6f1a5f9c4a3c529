//! Trajectories recorded from the real engines (`golden/<engine>.json`, written by
//! `npm run engines:record` with the engine's version), and the check each engine's
//! unit test runs on them: the twin, given the same parameters and settings, must land
//! within 1e-5 (m or rad) of every recorded position. Native tests thus catch a twin
//! drifting from its engine without the engines installed.

use super::settings::{Kind, Value};
use super::{entry, Intent};

/// How far a twin may be from its engine: float32 engines agree to a few 1e-7.
const TOLERANCE: f64 = 1e-5;

/// Checks every case of a golden file; panics with the case and the gap.
pub(crate) fn check(file: &str) {
    let json: serde_json::Value = serde_json::from_str(file).expect("a golden file is JSON");
    let cases = json["cases"].as_array().expect("cases");
    assert!(!cases.is_empty());
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
        let (worst, at) = twin
            .positions
            .iter()
            .zip(&recorded)
            .enumerate()
            .map(|(k, (a, b))| ((a - b).abs(), k))
            .fold((0.0, 0), |w, d| if d.0 > w.0 { d } else { w });
        assert!(
            worst <= TOLERANCE,
            "{id} ({}, angular {}): {worst:e} off the recorded engine at step {}",
            case["variant"],
            intent.angular,
            at + 1
        );
    }
}
