//! Analysis and tuning: metrics, atlas, claims, gain forms, the law catalogue.

use super::*;

#[wasm_bindgen_test]
fn analysis_and_tuning_match_the_core() {
    let times: Vec<f64> = (0..50).map(|k| k as f64 * 0.1).collect();
    let values: Vec<f64> = times
        .iter()
        .map(|t| 2.0 - 2.0 * (-t * 1.3f64).exp())
        .collect();
    let effort: Vec<f64> = times.iter().map(|t| 3.0 - t).collect();
    let options = MetricsOptions {
        settling_band: 0.05,
        divergence_limit: 1e6,
    };
    let m = StepMetrics::of(&times, &values, &effort, 0.0, 2.0, options).unwrap();
    let got = analysis::step_metrics(&times, &values, &effort, 0.0, 2.0, cfg(&options)).unwrap();
    assert_eq!(get(&got, "riseTime").as_f64(), m.rise_time);
    assert_eq!(get(&got, "settlingTime").as_f64(), m.settling_time);
    assert_eq!(get(&got, "iae").as_f64(), Some(m.iae));
    assert_eq!(get(&got, "peakEffort").as_f64(), Some(m.peak_effort));
    assert_eq!(
        get(&got, "steadyStateError").as_f64(),
        Some(m.steady_state_error)
    );
    assert_eq!(
        get(&got, "overshootPercent").as_f64(),
        Some(m.overshoot_percent)
    );

    let spec = AtlasSpec {
        dt: 0.05,
        min: 0.01,
        max: 10.0,
        points: 7,
        integral: 1e-3,
    };
    let a = Atlas::compute(LawId::Spd, Integrator::ExplicitEuler, spec).unwrap();
    let got = analysis::atlas("spd", "explicit-euler", cfg(&spec)).unwrap();
    let radii: Vec<f64> = serde_wasm_bindgen::from_value(get(&got, "radii")).unwrap();
    assert_eq!(radii, a.radii);
    assert_eq!(
        get(&got, "stableFraction").as_f64(),
        Some(a.stable_fraction())
    );
    assert_eq!(get(&get(&got, "spec"), "points").as_f64(), Some(7.0));
    let pid = Atlas::compute(LawId::Pid, Integrator::Rk4, spec).unwrap();
    let got = analysis::atlas("pid", "rk4", cfg(&spec)).unwrap();
    let radii: Vec<f64> = serde_wasm_bindgen::from_value(get(&got, "radii")).unwrap();
    assert_eq!(radii, pid.radii);
    for (law, ki, count) in [(LawId::SoftStep, 0.0, 2), (LawId::Pid, 5.0, 4)] {
        let poles =
            forcelab::analysis::poles::of_law(law, Integrator::Rk4, 40.0, 3.0, ki, DT).unwrap();
        let flat: Vec<f64> = poles.iter().flat_map(|z| [z.re, z.im]).collect();
        assert_eq!(flat.len(), 2 * count);
        assert_eq!(
            analysis::closed_loop_poles(law.id(), "rk4", 40.0, 3.0, ki, DT).unwrap(),
            flat
        );
    }
    let maps = js_sys::Array::from(&analysis::atlas_maps().unwrap());
    assert_eq!(maps.length() as usize, Atlas::maps().len());
    assert_eq!(get(&maps.get(0), "law").as_string().unwrap(), "pd");
    let e = analysis::atlas("pdq", "rk4", JsValue::UNDEFINED).unwrap_err();
    assert!(message(e).starts_with("law must be one of pd, backward-pd"));

    let claims = js_sys::Array::from(&claims::claims().unwrap());
    let native = forcelab::claims::all_claims();
    assert_eq!(claims.length() as usize, native.len());
    for (k, c) in native.iter().enumerate() {
        let js = claims.get(k as u32);
        assert_eq!(get(&js, "id").as_string().unwrap(), c.id);
        assert_eq!(
            get(&js, "figure").as_f64(),
            Some(c.figure).filter(|f| f.is_finite())
        );
        let verdict: forcelab::claims::Verdict =
            serde_wasm_bindgen::from_value(get(&js, "verdict")).unwrap();
        assert_eq!(verdict, c.verdict);
    }

    let sweep_spec =
        json(r#"{"distances": [100, 200], "timeScales": [0.5, 1.0], "minVelocity": 5}"#);
    let sweep = js_sys::Array::from(&analysis::convergence_sweep_js(sweep_spec).unwrap());
    let native = forcelab::analysis::convergence_sweep(&forcelab::analysis::ConvergenceSpec {
        distances: vec![100.0, 200.0],
        time_scales: vec![0.5, 1.0],
        min_velocity: 5.0,
        ..Default::default()
    })
    .unwrap();
    assert_eq!(sweep.length(), 2);
    let points: Vec<(f64, Option<f64>)> =
        serde_wasm_bindgen::from_value(get(&sweep.get(1), "points")).unwrap();
    assert_eq!(points, native[1].points);

    let g = tuning::from_wu(1.5, 0.8, 2.0).unwrap();
    assert_eq!(
        gains::gains_from_wu(1.5, 0.8, 2.0).unwrap(),
        vec![g.kp, g.kd]
    );
    let g = tuning::from_bloom(1.2, 0.9, 0.6, 2.0).unwrap();
    assert_eq!(
        gains::gains_from_bloom(1.2, 0.9, 0.6, 2.0).unwrap(),
        vec![g.kp, g.kd]
    );
    let g = tuning::from_natural(5.0, 0.4, 2.0).unwrap();
    assert_eq!(
        gains::gains_from_natural(5.0, 0.4, 2.0).unwrap(),
        vec![g.kp, g.kd]
    );
    let g = tuning::from_half_life(0.3, 2.0).unwrap();
    assert_eq!(
        gains::gains_from_half_life(0.3, 2.0).unwrap(),
        vec![g.kp, g.kd]
    );
    assert_eq!(
        gains::gains_to_half_life(g.kp, g.kd, 2.0).unwrap(),
        tuning::to_half_life(g, 2.0).unwrap()
    );
    assert_eq!(
        gains::bloom_time_scale(g.kp, g.kd, 2.0).unwrap(),
        tuning::bloom_time_scale(g, 2.0).unwrap()
    );
    let raw = tuning::Gains { kp: 50.0, kd: 7.0 };
    let (f, d) = tuning::to_wu(raw, 2.0).unwrap();
    assert_eq!(gains::gains_to_wu(50.0, 7.0, 2.0).unwrap(), vec![f, d]);
    let (k, d) = tuning::to_bloom(raw, 0.6, 2.0).unwrap();
    assert_eq!(
        gains::gains_to_bloom(50.0, 7.0, 0.6, 2.0).unwrap(),
        vec![k, d]
    );
    let c = tuning::Effective::continuous(raw, 2.0).unwrap();
    assert_eq!(
        gains::gains_to_natural(50.0, 7.0, 2.0).unwrap(),
        vec![c.natural_frequency, c.damping_ratio]
    );
    let s = tuning::sampled_effective(LawId::BackwardPd, Integrator::ExplicitEuler, 25.0, 3.5, DT)
        .unwrap()
        .unwrap();
    assert_eq!(
        gains::sampled_effective("backward-pd", "explicit-euler", 50.0, 7.0, 2.0, DT).unwrap(),
        Some(vec![s.natural_frequency, s.damping_ratio])
    );
    assert_eq!(
        gains::sampled_effective("pd", "semi-implicit-euler", 1e7, 1.0, 1.0, DT).unwrap(),
        None
    );
    let e = gains::gains_from_wu(f64::NAN, 1.0, 1.0).unwrap_err();
    assert_eq!(message(e), "frequency must be a finite number, got NaN");
}

#[wasm_bindgen_test]
fn the_catalogue_reaches_the_page_as_the_core_declares_it() {
    let got = forcelab_wasm::catalogue::catalogue().unwrap();
    let laws = js_sys::Array::from(&get(&got, "laws"));
    assert_eq!(laws.length() as usize, forcelab::catalogue::LAWS.len());
    for (i, law) in forcelab::catalogue::LawId::ALL.into_iter().enumerate() {
        let entry = laws.get(i as u32);
        assert_eq!(get(&entry, "id").as_string().as_deref(), Some(law.id()));
        assert_eq!(
            get(&entry, "label").as_string().as_deref(),
            Some(law.law().label)
        );
    }
    let plants = js_sys::Array::from(&get(&got, "plants"));
    assert_eq!(plants.length(), 3);
    let cube_laws = js_sys::Array::from(&get(&plants.get(0), "laws"));
    assert_eq!(
        cube_laws.get(0).as_string().as_deref(),
        Some("pd"),
        "the cube's menu starts with forward PD"
    );
}

#[wasm_bindgen_test]
fn the_default_specs_are_the_cores() {
    let atlas = analysis::atlas_default_spec().unwrap();
    let core = AtlasSpec::default();
    assert_eq!(get(&atlas, "dt").as_f64(), Some(core.dt));
    assert_eq!(get(&atlas, "points").as_f64(), Some(core.points as f64));
    assert_eq!(get(&atlas, "min").as_f64(), Some(core.min));
    assert_eq!(get(&atlas, "max").as_f64(), Some(core.max));
    let sweep = analysis::convergence_default_spec().unwrap();
    let core = forcelab::analysis::ConvergenceSpec::default();
    assert_eq!(get(&sweep, "minVelocity").as_f64(), Some(core.min_velocity));
    assert_eq!(get(&sweep, "maxTime").as_f64(), Some(core.max_time));
    assert_eq!(
        js_sys::Array::from(&get(&sweep, "timeScales")).length() as usize,
        core.time_scales.len()
    );
}

#[wasm_bindgen_test]
fn tune_is_the_cores_tuner_and_names_a_bad_field() {
    let request = forcelab::design::DesignRequest {
        plant: "plate".into(),
        law: "pid".into(),
        options: forcelab::lab::LawOptions::NONE,
        mass: 2.0,
        dt: 1.0 / 120.0,
        integrator: "rk4".into(),
        load: -5.0,
        duration: 6.0,
        requirements: forcelab::design::Requirements {
            settle: Some(1.5),
            overshoot: Some(0.05),
            max_error: Some(0.01),
            ..Default::default()
        },
        robustness: forcelab::design::Robustness {
            mass_factors: (0.8, 1.25),
            step_range: false,
        },
        objective: forcelab::design::Objective::Gentlest,
    };
    let core = forcelab::design::tune(&request.to_spec().unwrap()).unwrap();
    let got = design::tune(cfg(&request)).unwrap();
    assert_eq!(get(&got, "feasible").as_bool(), Some(core.feasible));
    let gains = get(&got, "gains");
    assert_eq!(get(&gains, "kp").as_f64(), Some(core.gains.kp));
    assert_eq!(get(&gains, "kd").as_f64(), Some(core.gains.kd));
    assert_eq!(get(&gains, "ki").as_f64(), Some(core.gains.ki));
    let peak = get(&get(&got, "predicted"), "peakEffort").as_f64();
    assert_eq!(peak, Some(core.predicted.peak_effort));
    assert_eq!(get(&got, "evaluated").as_f64(), Some(core.evaluated as f64));
    // The PID's poles, its integral's among them, as the core finds them.
    let poles = js_sys::Array::from(&get(&got, "poles"));
    assert_eq!(
        Some(poles.length() as usize),
        core.poles.as_ref().map(Vec::len)
    );
    let e = design::tune(json(r#"{"plant": "box", "law": "windowed-pid"}"#)).unwrap_err();
    assert!(message(e).starts_with("law must be one of pd, backward-pd"));
    let e = design::tune(json(r#"{"law": "pid", "mass": -1}"#)).unwrap_err();
    assert_eq!(
        message(e),
        "mass must be between 0.000001 and 1000000, got -1"
    );
    // The card's options reach the tuner; a misspelt one, or one the law does not read,
    // is named.
    let clamped = json(
        r#"{"law": "pid", "options": {"outputLimit": 20, "antiWindup": "back-calculation"}, "requirements": {"settle": 3}}"#,
    );
    let peak = get(
        &get(&design::tune(clamped).unwrap(), "predicted"),
        "peakEffort",
    );
    assert!(peak.as_f64().unwrap() <= 20.0);
    let e = design::tune(json(r#"{"law": "pid", "options": {"outputLimt": 20}}"#)).unwrap_err();
    assert!(message(e).starts_with("request.options.outputLimt is not a known field"));
    let e = design::tune(json(r#"{"law": "pd", "options": {"outputLimit": 20}}"#)).unwrap_err();
    assert_eq!(
        message(e),
        "options.outputLimit: forward PD has no such setting"
    );
}

#[wasm_bindgen_test]
fn tune_engine_is_the_cores_and_reads_the_engines_settings() {
    let request = forcelab::design::EngineRequest {
        engine: "box2d-v3".into(),
        requirements: forcelab::design::Requirements {
            settle: Some(0.6),
            overshoot: Some(0.01),
            ..Default::default()
        },
        ..Default::default()
    };
    let mut spec = request.to_spec().unwrap();
    let core = forcelab::design::tune_engine(&spec).unwrap();
    let got = design::tune_engine(cfg(&request), JsValue::UNDEFINED).unwrap();
    assert_eq!(get(&got, "feasible").as_bool(), Some(core.feasible));
    assert_eq!(get(&got, "frequency").as_f64(), Some(core.frequency));
    assert_eq!(get(&got, "dampingRatio").as_f64(), Some(core.damping_ratio));
    let forbidden = js_sys::Array::from(&get(&got, "forbidden"));
    assert_eq!(forbidden.length() as usize, core.forbidden.len());
    // A setting the page changed is the core's setting changed.
    spec.settings
        .set(
            "subStepCount",
            forcelab::engines::settings::Value::Number(1.0),
        )
        .unwrap();
    let one = forcelab::design::tune_engine(&spec).unwrap();
    let got = design::tune_engine(cfg(&request), json(r#"{"subStepCount": 1}"#)).unwrap();
    assert_eq!(get(&got, "frequency").as_f64(), Some(one.frequency));
    let e = design::tune_engine(json(r#"{"engine": "nope"}"#), JsValue::UNDEFINED).unwrap_err();
    assert!(message(e).starts_with("engine must be one of"));
    let e = design::tune_engine(cfg(&request), json(r#"{"wobble": 1}"#)).unwrap_err();
    assert!(message(e).starts_with("settings.wobble is not a setting"));
}

#[wasm_bindgen_test]
fn quick_wish_is_the_cores_and_names_a_bad_slider() {
    let core = forcelab::design::quick_wish(0.4, 1.0).unwrap();
    let got = forcelab_wasm::wish::quick_wish(0.4, 1.0).unwrap();
    let r = get(&got, "requirements");
    assert_eq!(get(&r, "settle").as_f64(), core.requirements.settle);
    assert_eq!(get(&r, "overshoot").as_f64(), core.requirements.overshoot);
    let e = forcelab_wasm::wish::quick_wish(0.4, 2.0).unwrap_err();
    assert!(message(e).starts_with("robustness must be"));
}
