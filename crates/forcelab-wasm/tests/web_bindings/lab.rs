//! The Lab: replays, failures and bad values named.

use super::*;

fn lab_config(plant: &str, kinds: &[&str]) -> JsValue {
    let controllers: Vec<String> = kinds
        .iter()
        .enumerate()
        .map(|(k, id)| {
            format!(
                r#"{{"kind": "{id}", "kp": {}, "kd": {}}}"#,
                100.0 + k as f64,
                15.0 + k as f64
            )
        })
        .collect();
    json(&format!(
        r#"{{"plant": "{plant}", "mass": 1.5, "dt": 0.02, "integrator": "semi-implicit-euler",
            "controllers": [{}],
            "disturbances": {{"targetStart": 0.8, "noise": 0.01, "seed": 9,
                              "sideswipe": [0.5, 1.0], "constantForce": -2.0,
                              "targetStep": [1.0, 1.6], "dtSpike": [1.5, 3.0],
                              "targetVelocity": 0.1}}}}"#,
        controllers.join(", ")
    ))
}

#[wasm_bindgen_test]
fn the_lab_replays_the_core_lab_on_every_series() {
    let mut lab = Lab::new(lab_config("plate", &["pid", "backward-pd"])).unwrap();
    let plant = PlanarPlant::new(1.5, Integrator::SemiImplicitEuler).unwrap();
    let g = |k: f64| LawGains {
        kp: 100.0 + k,
        kd: 15.0 + k,
        ki: 0.0,
    };
    let slots = plant
        .slots_of(&[
            (core::LawId::Pid, g(0.0)),
            (core::LawId::BackwardPd, g(1.0)),
        ])
        .unwrap();
    let d = Disturbances {
        target_start: 0.8,
        noise: 0.01,
        seed: 9,
        sideswipe: Some((0.5, 1.0)),
        constant_force: -2.0,
        target_step: Some((1.0, 1.6)),
        dt_spike: Some((1.5, 3.0)),
        target_velocity: 0.1,
    };
    let mut native = forcelab::lab::Lab::with_plant(plant, slots, 0.02, d).unwrap();
    assert_eq!((lab.length(), lab.pose_size()), (2, 3));
    lab.step(120).unwrap();
    native.step(120);
    let t = native.trace();
    assert_eq!(lab.rows(), 121);
    assert_eq!(lab.time(), native.time());
    assert_eq!(lab.time_series().to_vec(), t.time);
    assert_eq!(lab.target().to_vec(), t.target);
    assert_eq!(lab.x().to_vec(), t.x);
    assert_eq!(lab.v().to_vec(), t.v);
    assert_eq!(lab.force().to_vec(), t.force);
    assert_eq!(lab.p().to_vec(), t.p);
    assert_eq!(lab.i().to_vec(), t.i);
    assert_eq!(lab.d().to_vec(), t.d);
    assert_eq!(lab.ff().to_vec(), t.ff);
    assert_eq!(lab.pose().to_vec(), t.pose);
    let metrics = js_sys::Array::from(&lab.metrics().unwrap());
    assert_eq!(
        get(&metrics.get(1), "iae").as_f64(),
        Some(native.metrics()[1].iae)
    );
    // setGains reaches its own controller only, and survives a reset.
    let before = lab.trace_hash();
    lab.set_gains(1, 300.0, 30.0, 0.0).unwrap();
    native
        .set_gains(
            1,
            LawGains {
                kp: 300.0,
                kd: 30.0,
                ki: 0.0,
            },
        )
        .unwrap();
    lab.reset();
    native.reset();
    lab.step(60).unwrap();
    native.step(60);
    assert_eq!(lab.x().to_vec(), native.trace().x);
    assert_ne!(lab.trace_hash(), before);
    lab.set_target(2.0, 0.5).unwrap();
    native.set_target(Target1 { x: 2.0, v: 0.5 }).unwrap();
    lab.step(3).unwrap();
    native.step(3);
    assert_eq!(lab.target().to_vec(), native.trace().target);
    assert_eq!(lab.x().to_vec(), native.trace().x);
    assert_eq!(lab.diverged().to_vec(), vec![0, 0]);
    assert!(lab.failures().iter().all(|f| f.is_undefined()));
}

#[wasm_bindgen_test]
fn one_call_reruns_and_one_reads_a_frame() {
    let config = || lab_config("cube", &["pid", "pd", "windowed-pid"]);
    let mut lab = Lab::new(config()).unwrap();
    let mut apart = Lab::new(config()).unwrap();
    lab.step(40).unwrap();
    lab.set_gains(2, 310.0, 33.0, 9.0).unwrap();
    lab.rerun(90).unwrap();
    apart.set_gains(2, 310.0, 33.0, 9.0).unwrap();
    apart.step(90).unwrap();
    assert_eq!(lab.trace_hash(), apart.trace_hash());
    assert_eq!(lab.rows(), 91);

    // The frame holds what the getters return, and the summary what its methods do.
    let frame: JsValue = lab.frame(true, true).unwrap().into();
    assert_eq!(get(&frame, "rows").as_f64(), Some(91.0));
    assert_eq!(get(&frame, "length").as_f64(), Some(3.0));
    assert_eq!(get(&frame, "poseSize").as_f64(), Some(1.0));
    assert_eq!(get(&frame, "traceHash").as_string(), Some(lab.trace_hash()));
    let responses = js_sys::JSON::stringify(&get(&frame, "stepResponses")).unwrap();
    let direct = js_sys::JSON::stringify(&lab.step_responses().unwrap()).unwrap();
    assert_eq!(responses, direct);
    let series = get(&frame, "series");
    let column = |key: &str| js_sys::Float64Array::from(get(&series, key)).to_vec();
    assert_eq!(column("time"), lab.time_series().to_vec());
    assert_eq!(column("target"), lab.target().to_vec());
    assert_eq!(column("x"), lab.x().to_vec());
    assert_eq!(column("v"), lab.v().to_vec());
    assert_eq!(column("force"), lab.force().to_vec());
    assert_eq!(column("p"), lab.p().to_vec());
    assert_eq!(column("i"), lab.i().to_vec());
    assert_eq!(column("d"), lab.d().to_vec());
    assert_eq!(column("ff"), lab.ff().to_vec());
    assert_eq!(column("pose"), lab.pose().to_vec());
    let diverged = js_sys::Uint8Array::from(get(&frame, "diverged")).to_vec();
    assert_eq!(diverged, lab.diverged().to_vec());
    assert_eq!(js_sys::Array::from(&get(&frame, "failures")).length(), 3);
    let plain: JsValue = lab.frame(false, false).unwrap().into();
    assert!(get(&plain, "traceHash").is_undefined());
    assert!(get(&plain, "stepResponses").is_undefined());
    let playing: JsValue = lab.frame(true, false).unwrap().into();
    assert!(get(&playing, "traceHash").is_undefined());
    assert_eq!(
        js_sys::JSON::stringify(&get(&playing, "stepResponses")).unwrap(),
        direct
    );
}

#[wasm_bindgen_test]
fn a_cards_readout_is_the_three_conversions_it_replaces() {
    let raw = gains::gain_form_to_raw("wu", vec![3.0, 0.9], 2.0).unwrap();
    let natural = gains::gains_to_natural(raw[0], raw[1], 2.0).unwrap();
    let sampled = gains::sampled_effective("spd", "rk4", raw[0], raw[1], 2.0, 0.03)
        .unwrap()
        .unwrap();
    let read = gains::gain_readout("wu", vec![3.0, 0.9], "spd", "rk4", 2.0, 0.03).unwrap();
    assert_eq!(read, [raw.clone(), natural.clone(), sampled].concat());
    // A law that is not linear has no sampled equivalent to show.
    let pid = gains::gain_readout("wu", vec![3.0, 0.9], "windowed-pid", "rk4", 2.0, 0.03);
    assert_eq!(pid.unwrap(), [raw, natural].concat());
    // No stiffness, no damping ratio.
    assert_eq!(
        gains::gain_readout("raw", vec![0.0, 4.0], "pd", "rk4", 2.0, 0.03).unwrap(),
        vec![0.0, 4.0]
    );
    let bad =
        message(gains::gain_readout("raw", vec![1.0, 1.0], "pd", "rk5", 2.0, 0.03).unwrap_err());
    assert!(bad.contains("rk5"), "{bad}");
}

#[wasm_bindgen_test]
fn the_lab_replays_bit_for_bit_and_reports_failures() {
    let mut a = Lab::new(lab_config("box", &["backward-pd", "one-step-as-printed"])).unwrap();
    let mut b = Lab::new(lab_config("box", &["backward-pd", "one-step-as-printed"])).unwrap();
    a.step(200).unwrap();
    b.step(100).unwrap();
    b.step(100).unwrap();
    assert_eq!(a.trace_hash(), b.trace_hash());
    assert_eq!(a.pose_size(), 4);
    let mut fails = Lab::new(json(
        r#"{"plant": "box", "integrator": "rk4", "controllers": [{"kind": "one-step"}]}"#,
    ))
    .unwrap();
    fails.step(2).unwrap();
    assert_eq!(fails.diverged().to_vec(), vec![1]);
    let why = fails.failures()[0].as_string().unwrap();
    assert!(why.starts_with("integrator"), "{why}");
    let cube = Lab::new(lab_config(
        "cube",
        &["pd", "spd", "windowed-pid-as-printed"],
    ))
    .unwrap();
    assert_eq!((cube.length(), cube.pose_size(), cube.rows()), (3, 1, 1));
    assert_eq!(Lab::controllers_for("box").unwrap()[0], "pd");
    assert!(Lab::controllers_for("cube")
        .unwrap()
        .contains(&"one-step-as-printed".to_string()));
}

#[wasm_bindgen_test]
fn the_lab_names_every_bad_value() {
    let bad = |text: &str| message(Lab::new(json(text)).err().expect(text));
    assert_eq!(
        bad(r#"{"plant": "boat"}"#),
        "plant must be one of cube, plate, box, got \"boat\""
    );
    assert_eq!(bad(r#"{"dt": 0}"#), "dt must be greater than 0, got 0");
    assert_eq!(
        bad(r#"{"mass": -1}"#),
        "mass must be greater than 0, got -1"
    );
    assert!(bad(r#"{"integrator": "verlet"}"#).starts_with("integrator must be one of"));
    assert!(
        bad(r#"{"controllers": [{"kind": "pd"}, {"kind": "nope"}]}"#)
            .starts_with("controllers[1].kind must be one of pd, ")
    );
    assert_eq!(
        bad(r#"{"controllers": [{"kind": "pd", "kp": -5}]}"#),
        "controllers[0].kp must be 0 or greater, got -5"
    );
    assert!(bad(r#"{"disturbances": {"noise": "loud"}}"#)
        .starts_with("config.disturbances.noise: invalid type"));
    // The path of a value of the wrong type, however deep in objects and arrays, found
    // after the read (config.rs's `culprit`); with two, the first the core reads (kp
    // before kd, the law's declared order) whichever the object lists first.
    let starts = |config: &str, message: &str| {
        let got = bad(config);
        assert!(got.starts_with(message), "{config}: {got}");
    };
    starts(
        r#"{"controllers": [{"kind": "pd"}, {"kind": "pd", "kd": "soft"}]}"#,
        "config.controllers[1].kd: invalid type: string \"soft\"",
    );
    starts(
        r#"{"controllers": [{"kind": "pd", "kd": "soft", "kp": "hard"}]}"#,
        "config.controllers[0].kp: invalid type: string \"hard\"",
    );
    // Two bad values with the same text stop at their parent.
    starts(
        r#"{"controllers": [{"kind": "pd", "kp": "hard", "kd": "hard"}]}"#,
        "config.controllers[0]: invalid type: string \"hard\"",
    );
    assert_eq!(
        bad(r#"[1, 2]"#),
        "config must be an object of named settings, got an array"
    );
    assert!(bad(r#""cube""#).starts_with("config: invalid type: string \"cube\""));
    assert_eq!(
        bad(r#"{"disturbances": {"noise": -1}}"#),
        "noise must be 0 or greater, got -1"
    );
    assert!(bad(r#"{"controllers": [{"kind": "pd", "ki": 1}]}"#).contains("ki"));
    assert!(bad(r#"{"disturbances": {"nois": 1}}"#)
        .starts_with("config.disturbances.nois is not a known field (known: targetStart,"));
    assert!(
        bad(r#"{"controllers": [{"kind": "pd", "kpp": 1}]}"#).starts_with(
            "config.controllers[0].kpp is not a known field (known: kind, kp, kd, ki, options)"
        )
    );
    assert!(
        bad(r#"{"controllers": [{"kind": "pid", "options": {"outputLimt": 1}}]}"#).starts_with(
            "config.controllers[0].options.outputLimt is not a known field (known: integralLimit, outputLimit,"
        )
    );
    assert_eq!(
        bad(r#"{"controllers": [{"kind": "pid", "options": {"window": 9}}]}"#),
        "controllers[0].options.window: PID has no such setting"
    );
    let mut lab = Lab::new(lab_config("cube", &["pd"])).unwrap();
    assert!(message(lab.set_gains(4, 1.0, 1.0, 0.0).unwrap_err())
        .starts_with("controllers[4].index must be"));
    assert_eq!(
        message(lab.set_gains(0, f64::NAN, 1.0, 0.0).unwrap_err()),
        "controllers[0].kp must be a finite number, got NaN"
    );
    assert_eq!(
        message(lab.set_target(f64::INFINITY, 0.0).unwrap_err()),
        "target.x must be a finite number, got Infinity"
    );
    assert!(message(lab.step(200_000).unwrap_err()).starts_with("steps must be at most"));
}
