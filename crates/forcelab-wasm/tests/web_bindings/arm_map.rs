//! The arm's stability map and its three-link arm: `ArmScene.map`, `radius`, `withLinks`
//! and `linkCounts` against the core called directly, with distinct values in every
//! setting and bound, so a setting or bound wired to the wrong field fails.

use super::*;
use forcelab::controllers::chain::ChainLawId;
use forcelab::scenes::{arm_loop, arm_map, ArmMapGrid, ArmSettings};
use forcelab_wasm::scenes::ArmScene;

/// The numbers of `value[key]` (an array; `null` as `None`).
fn numbers(value: &JsValue, key: &str) -> Vec<Option<f64>> {
    js_sys::Array::from(&get(value, key))
        .iter()
        .map(|v| v.as_f64())
        .collect()
}

#[wasm_bindgen_test]
fn the_map_and_the_marker_radius_are_the_cores_and_refuse_by_name() {
    let settings_text = r#"{"kp": 80, "kd": 7, "ki": 15, "dt": 0.03333333333333333, "gravity": 5,
        "integrator": "explicit-euler", "target": [0.4, 0.9]}"#;
    let grid_text = r#"{"kpMin": 40, "kpMax": 4000, "kdMin": 0.3, "kdMax": 300, "points": 5}"#;
    let settings = ArmSettings {
        kp: 80.0,
        kd: 7.0,
        ki: 15.0,
        dt: 1.0 / 30.0,
        gravity: 5.0,
        integrator: Integrator::ExplicitEuler,
        target: vec![0.4, 0.9],
        ..ArmSettings::default()
    };
    let grid = ArmMapGrid {
        kp_min: 40.0,
        kp_max: 4000.0,
        kd_min: 0.3,
        kd_max: 300.0,
        points: 5,
    };
    for law in [ChainLawId::JointPid, ChainLawId::JointSpd] {
        let ours = ArmScene::map(json(settings_text), law.id(), json(grid_text)).unwrap();
        let core = arm_map(&settings, law, &grid).unwrap();
        assert_eq!(get(&ours, "law").as_string().unwrap(), core.law);
        assert_eq!(get(&ours, "label").as_string().unwrap(), core.label);
        let kp: Vec<f64> = numbers(&ours, "kp").into_iter().flatten().collect();
        let kd: Vec<f64> = numbers(&ours, "kd").into_iter().flatten().collect();
        assert_eq!((kp, kd), (core.kp.clone(), core.kd.clone()));
        assert_eq!(numbers(&ours, "radii"), core.radii);
        assert_eq!(
            get(&ours, "stableLimit").as_f64().unwrap(),
            core.stable_limit
        );
        let back: ArmMapGrid = serde_wasm_bindgen::from_value(get(&ours, "grid")).unwrap();
        assert_eq!(back, grid);
        // The marker's radius: the loop at the settings' own gains.
        assert_eq!(
            ArmScene::radius(json(settings_text), law.id()).unwrap(),
            arm_loop(&settings, law).unwrap().spectral_radius().unwrap()
        );
    }
    // Undefined: the scene's defaults on the default grid.
    let default = ArmScene::map(JsValue::UNDEFINED, "mass-matrix-spd", JsValue::UNDEFINED).unwrap();
    let core = arm_map(
        &ArmSettings::default(),
        ChainLawId::MassMatrixSpd,
        &ArmMapGrid::default(),
    )
    .unwrap();
    assert_eq!(numbers(&default, "radii"), core.radii);

    for (refused, field) in [
        (
            ArmScene::map(JsValue::UNDEFINED, "joint-pdd", JsValue::UNDEFINED),
            "joint-pdd",
        ),
        (
            ArmScene::map(JsValue::UNDEFINED, "joint-pd", json(r#"{"points": 65}"#)),
            "points",
        ),
        (
            ArmScene::map(JsValue::UNDEFINED, "joint-pd", json(r#"{"kpMax": 1}"#)),
            "kpMax",
        ),
        (
            ArmScene::map(json(r#"{"dt": 0.5}"#), "joint-pd", JsValue::UNDEFINED),
            "dt",
        ),
        (
            ArmScene::map(JsValue::UNDEFINED, "joint-pd", json(r#"{"size": 3}"#)),
            "size",
        ),
    ] {
        let text = message(refused.err().unwrap());
        assert!(text.contains(field), "{field}: {text}");
    }
    // The marker's radius refuses a gain and a law by name too.
    let refused = message(ArmScene::radius(json(r#"{"kd": -1}"#), "joint-pd").unwrap_err());
    assert!(refused.contains("kd"), "{refused}");
    let refused = message(ArmScene::radius(JsValue::UNDEFINED, "spd").unwrap_err());
    assert!(refused.contains("\"spd\""), "{refused}");
    // The ring's fields check a gain as the scene would, with no scene built.
    assert!(ArmScene::check_settings(JsValue::UNDEFINED).is_ok());
    assert!(ArmScene::check_settings(json(r#"{"kp": 40, "kd": 2}"#)).is_ok());
    for (settings, field) in [
        (r#"{"kp": -1}"#, "kp"),
        (r#"{"kd": "soft"}"#, "settings.kd"),
    ] {
        let text = message(ArmScene::check_settings(json(settings)).unwrap_err());
        let scene = message(ArmScene::new(json(settings)).err().unwrap());
        assert!(
            text.contains(field) && text == scene,
            "{field}: {text} / {scene}"
        );
    }
}

#[wasm_bindgen_test]
fn the_three_link_arm_is_the_cores_and_other_counts_are_refused_by_name() {
    assert_eq!(ArmScene::link_counts(), vec![2, 3]);
    for n in [2, 3] {
        let ours: ArmSettings =
            serde_wasm_bindgen::from_value(ArmScene::with_links(n as f64).unwrap()).unwrap();
        assert_eq!(ours, ArmSettings::with_links(n).unwrap());
    }
    let three = ArmScene::new(ArmScene::with_links(3.0).unwrap()).unwrap();
    assert_eq!(three.joints(), 3);
    for bad in [1.0, 4.0, 2.5, f64::NAN] {
        let text = message(ArmScene::with_links(bad).unwrap_err());
        assert!(
            text.starts_with("links must be one of [2, 3], got "),
            "{bad}: {text}"
        );
    }
}

/// `ArmScene.sag` is the core's `arm_sag` at distinct settings and axis bounds, refuses a
/// bad axis by name, and takes undefined for both defaults.
#[wasm_bindgen_test]
fn the_sag_is_the_cores_and_refuses_a_bad_axis_by_name() {
    use forcelab::scenes::{arm_sag, SagAxis};
    let settings_text = r#"{"kd": 3, "gravity": 7, "target": [0.4, 0.9],
        "laws": ["joint-spd", "joint-pd", "pd-gravity"]}"#;
    let settings = ArmSettings {
        kd: 3.0,
        gravity: 7.0,
        target: vec![0.4, 0.9],
        laws: vec![
            ChainLawId::JointSpd,
            ChainLawId::JointPd,
            ChainLawId::PdGravity,
        ],
        ..ArmSettings::default()
    };
    let axis = SagAxis {
        kp_min: 35.0,
        kp_max: 3500.0,
        points: 7,
    };
    let ours = ArmScene::sag(
        json(settings_text),
        json(r#"{"kpMin": 35, "kpMax": 3500, "points": 7}"#),
    )
    .unwrap();
    let core = arm_sag(&settings, &axis).unwrap();
    let kp: Vec<f64> = numbers(&ours, "kp").into_iter().flatten().collect();
    assert_eq!(kp, core.kp);
    let laws = js_sys::Array::from(&get(&ours, "laws"));
    assert_eq!(laws.length() as usize, core.laws.len());
    for (k, law) in core.laws.iter().enumerate() {
        let mine = laws.get(k as u32);
        assert_eq!(get(&mine, "law").as_string().unwrap(), law.law);
        let rows: Vec<Option<Vec<f64>>> =
            serde_wasm_bindgen::from_value(get(&mine, "sag")).unwrap();
        assert_eq!(rows, law.sag, "{}", law.law);
    }
    let predicted: Vec<Vec<f64>> = serde_wasm_bindgen::from_value(get(&ours, "predicted")).unwrap();
    assert_eq!(predicted, core.predicted);
    for (axis, field) in [
        (r#"{"points": 1}"#, "points"),
        (r#"{"kpMin": -1}"#, "kpMin"),
    ] {
        let text = message(ArmScene::sag(JsValue::UNDEFINED, json(axis)).unwrap_err());
        assert!(text.contains(field), "{text}");
    }
    let defaults = ArmScene::sag(JsValue::UNDEFINED, JsValue::UNDEFINED).unwrap();
    assert_eq!(numbers(&defaults, "kp").len(), SagAxis::default().points);
}

/// `ArmScene.metrics` is the core's `arm_metrics` at distinct settings, field for field.
#[wasm_bindgen_test]
fn the_metrics_are_the_cores() {
    use forcelab::scenes::arm_metrics;
    let settings = ArmSettings {
        kd: 10.0,
        kp: 70.0,
        seconds: 2.0,
        ..ArmSettings::default()
    };
    let ours = ArmScene::metrics(json(r#"{"kd": 10, "kp": 70, "seconds": 2}"#)).unwrap();
    let core = arm_metrics(&settings).unwrap();
    let rows = js_sys::Array::from(&ours);
    assert_eq!(rows.length() as usize, core.len());
    for (k, m) in core.iter().enumerate() {
        let row = rows.get(k as u32);
        assert_eq!(get(&row, "law").as_string().unwrap(), m.law);
        assert_eq!(get(&row, "settle").as_f64(), m.settle);
        assert_eq!(get(&row, "finalError").as_f64(), Some(m.final_error));
        assert_eq!(get(&row, "peakTorque").as_f64(), Some(m.peak_torque));
        assert_eq!(get(&row, "blewUpAt").as_f64(), m.blew_up_at);
    }
    assert!(core.iter().any(|m| m.blew_up_at.is_some()));
    assert_eq!(ArmScene::settled_band(), forcelab::scenes::ARM_SETTLED);
    let text = message(ArmScene::metrics(json(r#"{"dt": -1}"#)).unwrap_err());
    assert!(text.contains("dt"), "{text}");
}
