//! The arm's tuner through `ArmScene.tune`: the core's answer, field by field, for a wish
//! and an arm whose every setting differs from the default, the drives picked by id; a
//! bad wish and an unknown drive refused by name; and how long the whole table takes in
//! the browser (printed: the page runs it on a click).

use super::*;
use forcelab::controllers::chain::ChainLawId;
use forcelab::design::{tune_arm, ArmDrive, ArmTuneSpec, ArmWish};
use forcelab::scenes::ArmSettings;
use forcelab_wasm::scenes::ArmScene;

fn num(v: &JsValue, path: &[&str]) -> Option<f64> {
    let mut at = v.clone();
    for key in path {
        at = get(&at, key);
    }
    at.as_f64()
}

#[wasm_bindgen_test]
fn the_tuned_table_is_the_cores_and_refuses_by_name() {
    let settings_text = r#"{"kp": 60, "ki": 30, "dt": 0.02, "seconds": 3, "target": [0.4, 0.9]}"#;
    let wish_text = r#"{"settle": 1.2, "overshoot": 0.04, "maxTorque": 800}"#;
    let settings = ArmSettings {
        kp: 60.0,
        ki: 30.0,
        dt: 0.02,
        seconds: 3.0,
        target: vec![0.4, 0.9],
        ..ArmSettings::default()
    };
    let wish = ArmWish {
        settle: Some(1.2),
        overshoot: Some(0.04),
        max_torque: Some(800.0),
    };
    let ids = ["joint-pid", "mass-matrix-spd", "physx-drive"];
    let ours = ArmScene::tune(
        json(settings_text),
        json(wish_text),
        ids.iter().map(|s| s.to_string()).collect(),
    )
    .unwrap();
    let spec = ArmTuneSpec {
        drives: ids.iter().map(|d| ArmDrive::parse(d).unwrap()).collect(),
        ..ArmTuneSpec::new(settings, wish)
    };
    let core = tune_arm(&spec).unwrap();
    let rows = js_sys::Array::from(&ours);
    assert_eq!(rows.length() as usize, core.len());
    for (row, c) in rows.iter().zip(&core) {
        assert_eq!(get(&row, "drive").as_string().unwrap(), c.drive);
        assert_eq!(get(&row, "label").as_string().unwrap(), c.label);
        assert_eq!(num(&row, &["gains", "kp"]), Some(c.gains.kp));
        assert_eq!(num(&row, &["gains", "kd"]), Some(c.gains.kd));
        assert_eq!(num(&row, &["gains", "ki"]), Some(c.gains.ki));
        assert_eq!(get(&row, "meets").as_bool(), Some(c.meets));
        assert_eq!(num(&row, &["figures", "settle"]), c.figures.settle);
        assert_eq!(
            num(&row, &["figures", "peakTorque"]),
            Some(c.figures.peak_torque)
        );
        assert_eq!(
            num(&row, &["figures", "finalError"]),
            Some(c.figures.final_error)
        );
        let overshoot: Vec<f64> = js_sys::Array::from(&get(&get(&row, "figures"), "overshoot"))
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect();
        assert_eq!(overshoot, c.figures.overshoot);
        assert_eq!(num(&row, &["margins", "maxTorque"]), c.margins.max_torque);
        assert_eq!(get(&row, "binding").as_string().as_deref(), c.binding);
        assert_eq!(num(&row, &["evaluated"]), Some(c.evaluated as f64));
    }
    // The PID's integral gain follows kp at the settings' ki / kp.
    assert!((core[0].gains.ki - core[0].gains.kp * 0.5).abs() < 1e-9);
}

#[wasm_bindgen_test]
fn a_bad_wish_or_drive_is_named_and_the_whole_table_is_timed() {
    let message = |wish: &str, drives: Vec<String>| -> String {
        let e: JsValue = ArmScene::tune(JsValue::UNDEFINED, json(wish), drives)
            .unwrap_err()
            .into();
        js_sys::Reflect::get(&e, &"message".into())
            .unwrap()
            .as_string()
            .unwrap()
    };
    assert!(message(r#"{"maxTorque": -1}"#, vec![]).starts_with("max_torque"));
    assert!(message(r#"{"settle": 9}"#, vec![]).starts_with("settle"));
    assert!(message(r#"{"torque": 9}"#, vec![]).contains("torque"));
    assert!(message("{}", vec!["bullet".into()]).starts_with("drive must be one of"));
    // Every law and engine on the default arm, as the page asks it.
    let t0 = js_sys::Date::now();
    let rows = ArmScene::tune(
        JsValue::UNDEFINED,
        json(r#"{"settle": 1, "overshoot": 0.05}"#),
        vec![],
    )
    .unwrap();
    let ms = js_sys::Date::now() - t0;
    assert_eq!(js_sys::Array::from(&rows).length(), 9);
    console_log!("ArmScene.tune, nine drives: {ms} ms");
}

#[wasm_bindgen_test]
fn the_drives_asked_one_at_a_time_are_the_whole_tables() {
    // Two laws, in an order unlike the default's: the list follows the settings.
    let text = r#"{"laws": ["mass-matrix-spd", "joint-pd"]}"#;
    let settings = ArmSettings {
        laws: vec![ChainLawId::MassMatrixSpd, ChainLawId::JointPd],
        ..ArmSettings::default()
    };
    let ids = ArmScene::tune_drives(json(text)).unwrap();
    let core: Vec<String> = ArmTuneSpec::new(settings, ArmWish::FIGURE)
        .drives
        .iter()
        .map(|d| d.id().to_string())
        .collect();
    assert_eq!(ids, core);
    assert_eq!(&ids[..2], ["mass-matrix-spd", "joint-pd"]);
    assert!(ids.len() > 2, "the engines' drives follow the laws");
    // Asked one at a time, the rows are the whole table's.
    let wish = r#"{"settle": 1, "overshoot": 0.05}"#;
    let whole = js_sys::Array::from(&ArmScene::tune(json(text), json(wish), vec![]).unwrap());
    for (k, id) in ids.iter().enumerate() {
        let one =
            js_sys::Array::from(&ArmScene::tune(json(text), json(wish), vec![id.clone()]).unwrap());
        assert_eq!(one.length(), 1);
        let (a, b) = (one.get(0), whole.get(k as u32));
        assert_eq!(get(&a, "drive").as_string(), get(&b, "drive").as_string());
        assert_eq!(num(&a, &["gains", "kp"]), num(&b, &["gains", "kp"]));
        assert_eq!(num(&a, &["gains", "kd"]), num(&b, &["gains", "kd"]));
        assert_eq!(get(&a, "meets").as_bool(), get(&b, "meets").as_bool());
    }
    let refused = message(ArmScene::tune_drives(json(r#"{"laws": ["bang-bang"]}"#)).unwrap_err());
    assert!(
        refused.contains("laws") && refused.contains("bang-bang"),
        "{refused}"
    );
}
