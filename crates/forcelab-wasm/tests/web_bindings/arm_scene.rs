//! The arm scene: every method against the core's `Arm` with distinct values in every
//! setting, so a setting wired to the wrong field or a state read out of order fails.

use super::*;
use forcelab::controllers::chain::ChainLawId;
use forcelab::scenes::{Arm, ArmSettings};
use forcelab_wasm::scenes::ArmScene;

#[wasm_bindgen_test]
fn the_arm_scene_is_the_core_arm_stepped_and_refuses_by_name() {
    let mut ours = ArmScene::new(json(
        r#"{"kp": 80, "kd": 7, "ki": 15, "dt": 0.008333333333333333, "gravity": 5,
            "integrator": "rk4", "target": [0.4, 0.9], "laws": ["joint-pid", "mass-matrix-spd"]}"#,
    ))
    .unwrap();
    let settings = ArmSettings {
        kp: 80.0,
        kd: 7.0,
        ki: 15.0,
        dt: 1.0 / 120.0,
        gravity: 5.0,
        integrator: Integrator::Rk4,
        target: vec![0.4, 0.9],
        laws: vec![ChainLawId::JointPid, ChainLawId::MassMatrixSpd],
        ..ArmSettings::default()
    };
    let mut core = Arm::new(settings.clone()).unwrap();
    ours.step(90).unwrap();
    (0..90).for_each(|_| core.step().unwrap());
    let mut expected = Vec::new();
    core.state_into(&mut expected);
    let state = ours.state().to_vec();
    assert_eq!(state.len(), 2 * ours.stride());
    assert_eq!(ours.stride(), core.stride());
    // NaN (an arm that has not blown up) is not equal to itself: compare the bits.
    let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
    assert_eq!(bits(&state), bits(&expected));
    assert_eq!(ours.time(), core.time);
    assert_eq!(ours.joints(), 2);
    assert_eq!(ours.target_points(), core.target_points());
    assert_eq!(ours.reach(), core.reach());
    assert_eq!(ours.failure(0), None);
    let back: ArmSettings = serde_wasm_bindgen::from_value(ours.settings().unwrap()).unwrap();
    assert_eq!(back, settings);

    // Twice the default damping at 60 Hz: PD per joint blows up, and says why.
    let mut stiff = ArmScene::new(json(r#"{"kd": 10, "laws": ["joint-pd"]}"#)).unwrap();
    stiff.step(240).unwrap();
    assert_eq!(stiff.state().to_vec()[0], 1.0);
    assert!(stiff.failure(0).unwrap().starts_with("dt: "));
    assert_eq!(stiff.failure(7), None);

    #[derive(serde::Deserialize)]
    struct Law {
        id: String,
        label: String,
    }
    let laws: Vec<Law> = serde_wasm_bindgen::from_value(ArmScene::laws().unwrap()).unwrap();
    assert_eq!(laws.len(), ChainLawId::ALL.len());
    for (law, id) in laws.iter().zip(ChainLawId::ALL) {
        assert_eq!((law.id.as_str(), law.label.as_str()), (id.id(), id.label()));
    }

    for (text, field) in [
        (r#"{"kd": -1}"#, "kd"),
        (r#"{"dt": 0.5}"#, "dt"),
        (r#"{"kpp": 1}"#, "kpp"),
        (r#"{"laws": ["joint-pdd"]}"#, "joint-pdd"),
        (r#"{"target": [0.1]}"#, "target"),
    ] {
        let refused = message(ArmScene::new(json(text)).err().unwrap());
        assert!(refused.contains(field), "{text}: {refused}");
    }
}

#[wasm_bindgen_test]
fn the_breaking_table_is_the_cores_and_refuses_a_damping_rule_by_name() {
    let settings = ArmSettings {
        laws: vec![ChainLawId::JointSpd, ChainLawId::JointPd],
        ..ArmSettings::default()
    };
    let ours = js_sys::Array::from(
        &ArmScene::breaking(json(r#"{"laws": ["joint-spd", "joint-pd"]}"#), 2.0).unwrap(),
    );
    let core = forcelab::scenes::breaking_table(&settings, 2.0).unwrap();
    assert_eq!(ours.length(), 2);
    let get = |v: &JsValue, key: &str| js_sys::Reflect::get(v, &JsValue::from_str(key)).unwrap();
    for (row, want) in ours.iter().zip(&core) {
        assert_eq!(get(&row, "law").as_string().unwrap(), want.law);
        assert_eq!(get(&row, "label").as_string().unwrap(), want.label);
        let kp: Vec<Option<f64>> = js_sys::Array::from(&get(&row, "kp"))
            .iter()
            .map(|v| v.as_f64())
            .collect();
        assert_eq!(kp, want.kp);
    }
    assert_eq!(ArmScene::breaking_rates(), vec![30.0, 60.0, 120.0]);
    let refused = message(ArmScene::breaking(JsValue::UNDEFINED, -1.0).unwrap_err());
    assert!(refused.contains("kd per kp dt"), "{refused}");
}
