//! Every exported function, class method and setter, checked against the core called
//! directly with distinct values in every field, so a binding wired to the wrong field
//! (or a layout read out of order) fails: `wasm-pack test --headless --chrome`.
#![cfg(target_arch = "wasm32")]

use forcelab::analysis::{Atlas, AtlasSpec, MetricsOptions, StepMetrics};
use forcelab::catalogue::LawId;
use forcelab::controllers::{self as core, Target2, Target3};
use forcelab::lab::{Disturbances, LawGains, PlanarPlant};
use forcelab::rotation::from_rotation_vector;
use forcelab::{published, tuning, Body1, Body2, Body3, Integrator, Target1};
use forcelab_wasm::{
    analysis, bodies, engines, stateful, step_functions as law, worlds, Lab, MissileSwarm, World2,
    World3,
};
use glam::{DQuat, DVec2, DVec3};
use serde::Serialize;
use wasm_bindgen::{JsError, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const DT: f64 = 0.02;

fn cfg<T: Serialize>(value: &T) -> JsValue {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap()
}

fn json(text: &str) -> JsValue {
    js_sys::JSON::parse(text).unwrap()
}

fn message(error: JsError) -> String {
    js_sys::Error::from(JsValue::from(error))
        .message()
        .as_string()
        .unwrap()
}

fn get(object: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(object, &key.into()).unwrap()
}

fn cube() -> Body1 {
    Body1 {
        x: 0.3,
        v: -0.7,
        mass: 2.5,
        integrator: Integrator::SemiImplicitEuler,
    }
}

fn cube_array() -> Vec<f64> {
    vec![0.3, -0.7, 2.5]
}

const TARGET1: [f64; 2] = [1.1, 0.4];

fn target1() -> Target1 {
    Target1 { x: 1.1, v: 0.4 }
}

fn plate() -> Body2 {
    Body2 {
        position: DVec2::new(0.2, -0.4),
        angle: 0.6,
        velocity: DVec2::new(0.5, 0.9),
        angular_velocity: -1.3,
        mass: 2.0,
        inertia: 0.35,
        ..Body2::default()
    }
}

fn plate_array() -> Vec<f64> {
    vec![0.2, -0.4, 0.6, 0.5, 0.9, -1.3, 2.0, 0.35]
}

fn target2() -> Target2 {
    Target2 {
        position: DVec2::new(1.5, 2.5),
        angle: -2.0,
        velocity: DVec2::new(0.1, -0.2),
        angular_velocity: 0.7,
    }
}

const TARGET2: [f64; 6] = [1.5, 2.5, -2.0, 0.1, -0.2, 0.7];

fn brick() -> Body3 {
    Body3 {
        position: DVec3::new(0.1, 0.2, 0.3),
        orientation: from_rotation_vector(DVec3::new(0.3, -0.5, 0.2)),
        velocity: DVec3::new(-0.4, 0.5, 0.6),
        angular_velocity: DVec3::new(0.7, -0.8, 0.9),
        mass: 3.0,
        inertia: DVec3::new(0.2, 0.5, 0.9),
        inertia_rotation: from_rotation_vector(DVec3::new(0.1, 0.2, -0.3)),
        ..Body3::default()
    }
}

fn brick_array() -> Vec<f64> {
    let b = brick();
    let mut v = b.position.to_array().to_vec();
    v.extend(b.orientation.to_array());
    v.extend(b.velocity.to_array());
    v.extend(b.angular_velocity.to_array());
    v.push(b.mass);
    v.extend(b.inertia.to_array());
    v.extend(b.inertia_rotation.to_array());
    v
}

fn target3() -> Target3 {
    Target3 {
        position: DVec3::new(1.0, -1.0, 2.0),
        orientation: from_rotation_vector(DVec3::new(-0.9, 0.4, 1.1)),
        velocity: DVec3::new(0.3, 0.2, 0.1),
        angular_velocity: DVec3::new(-0.2, 0.4, 0.6),
    }
}

fn target3_array() -> Vec<f64> {
    let t = target3();
    let mut v = t.position.to_array().to_vec();
    v.extend(t.orientation.to_array());
    v.extend(t.velocity.to_array());
    v.extend(t.angular_velocity.to_array());
    v
}

fn t1(t: core::Terms) -> Vec<f64> {
    vec![t.p, t.i, t.d, t.ff, t.total]
}

fn t2(t: core::Terms2) -> Vec<f64> {
    [t.p, t.i, t.d, t.ff, t.total]
        .iter()
        .flat_map(|v| v.to_array())
        .collect()
}

fn t3(t: core::Terms3) -> Vec<f64> {
    [t.p, t.i, t.d, t.ff, t.total]
        .iter()
        .flat_map(|v| v.to_array())
        .collect()
}

/// A law with no split reports its whole output as the P term (the core's convention).
fn only3(v: DVec3) -> Vec<f64> {
    t3(core::Terms3::sum(v, DVec3::ZERO, DVec3::ZERO, DVec3::ZERO))
}

#[wasm_bindgen_test]
fn the_module_reports_its_version() {
    assert_eq!(forcelab_wasm::version(), env!("CARGO_PKG_VERSION"));
}

#[wasm_bindgen_test]
fn one_dimensional_step_functions_match_the_core() {
    let (b, t) = (cube(), target1());
    let (ba, ta) = (cube_array(), TARGET1);
    let pd = core::ForwardPd { kp: 30.0, kd: 4.0 };
    assert_eq!(
        law::forward_pd_force(cfg(&pd), &ba, &ta).unwrap(),
        t1(pd.force(&b, &t).unwrap())
    );
    let wu = forcelab::BackwardPd { kp: 30.0, kd: 4.0 };
    assert_eq!(
        law::backward_pd_force(cfg(&wu), &ba, &ta, DT).unwrap(),
        t1(wu.force(&b, &t, DT).unwrap())
    );
    let spd = forcelab::Spd { kp: 30.0, kd: 4.0 };
    assert_eq!(
        law::spd_force(cfg(&spd), &ba, &ta, DT).unwrap(),
        t1(spd.force(&b, &t, DT).unwrap())
    );
    let simple = core::SpdSimplified { kp: 30.0, kd: 4.0 };
    assert_eq!(
        law::spd_simplified_force(cfg(&simple), &ba, &ta, DT).unwrap(),
        t1(simple.force(&b, &t, DT).unwrap())
    );
    let bloom = core::ImplicitPd {
        k: 1.3,
        d: 0.7,
        time_scale: 0.4,
        min_velocity: 0.05,
    };
    assert_eq!(
        law::implicit_pd_force(cfg(&bloom), &ba, &ta, DT).unwrap(),
        t1(bloom.force(&b, &t, DT).unwrap())
    );
    let step = bloom.advance(0.3, -0.7, 1.1, 0.4, DT).unwrap();
    assert_eq!(
        law::implicit_pd_advance(cfg(&bloom), &[0.3, -0.7], &ta, DT).unwrap(),
        vec![step.x, step.v, step.a, if step.snapped { 1.0 } else { 0.0 }]
    );
    let second = core::SecondOrder {
        frequency: 1.7,
        zeta: 0.6,
        response: 0.2,
    };
    assert_eq!(
        law::second_order_force(cfg(&second), &ba, &ta, DT).unwrap(),
        t1(second.force(&b, &t, DT).unwrap())
    );
    let soft = core::SoftStep {
        hertz: 2.5,
        damping_ratio: 0.3,
    };
    assert_eq!(
        law::soft_step_force(cfg(&soft), &ba, &ta, DT).unwrap(),
        t1(soft.force(&b, &t, DT).unwrap())
    );
    let p = core::Proportional { kp: 2.5 };
    assert_eq!(
        law::proportional_output(cfg(&p), 0.8).unwrap(),
        t1(p.output(0.8).unwrap())
    );
    let md = core::ManualDamping { kp: 2.5, c: 0.7 };
    assert_eq!(
        law::manual_damping_output(cfg(&md), 0.8, -0.3).unwrap(),
        t1(md.output(0.8, -0.3).unwrap())
    );
    let f = core::one_step_force(&b, 1.9, DT).unwrap();
    assert_eq!(law::one_step_force_js(&ba, 1.9, DT).unwrap()[4], f);
    let printed = published::one_step_force_as_printed(2.5, 0.3, -0.7, 1.9, DT).unwrap();
    assert_eq!(
        law::one_step_force_as_printed(&ba, 1.9, DT).unwrap()[4],
        printed
    );
    let errors = [0.1, 0.4, -0.2, 0.3, 0.5];
    assert_eq!(
        law::simpson(&errors, DT).unwrap(),
        core::simpson(&errors, DT)
    );
    assert_eq!(
        law::simpson_as_printed(&errors, DT).unwrap(),
        published::simpson_as_printed(&errors, DT)
    );
}

#[wasm_bindgen_test]
fn planar_and_spatial_step_functions_match_the_core() {
    let (b2, tg2) = (plate(), target2());
    let (b3, tg3) = (brick(), target3());
    let (b2a, b3a, t3a) = (plate_array(), brick_array(), target3_array());
    let wu = forcelab::BackwardPd { kp: 30.0, kd: 4.0 };
    assert_eq!(
        law::backward_pd_force2(cfg(&wu), &b2a, &TARGET2, DT).unwrap(),
        t2(wu.force2(&b2, &tg2, DT).unwrap())
    );
    assert_eq!(
        law::backward_pd_force3(cfg(&wu), &b3a, &t3a, DT).unwrap(),
        t3(wu.force3(&b3, &tg3, DT).unwrap())
    );
    let wt = core::BackwardPdTorque { kp: 30.0, kd: 4.0 };
    assert_eq!(
        law::backward_pd_torque2(cfg(&wt), &b2a, &TARGET2, DT).unwrap(),
        t1(wt.torque2(&b2, &tg2, DT).unwrap())
    );
    assert_eq!(
        law::backward_pd_torque3(cfg(&wt), &b3a, &t3a, DT).unwrap(),
        t3(wt.torque(&b3, &tg3, DT).unwrap())
    );
    let st = core::SpdTorque { kp: 30.0, kd: 4.0 };
    assert_eq!(
        law::spd_torque3(cfg(&st), &b3a, &t3a, DT).unwrap(),
        t3(st.torque(&b3, &tg3, DT).unwrap())
    );
    let ss = core::SpdSimplifiedTorque { kp: 30.0, kd: 4.0 };
    assert_eq!(
        law::spd_simplified_torque3(cfg(&ss), &b3a, &t3a, DT).unwrap(),
        t3(ss.torque(&b3, &tg3, DT).unwrap())
    );
    let goal2 = DVec2::new(1.5, -0.5);
    assert_eq!(
        law::one_step_force2_js(&b2a, &goal2.to_array(), DT).unwrap(),
        core::one_step_force2(&b2, goal2, DT)
            .unwrap()
            .to_array()
            .to_vec()
    );
    assert_eq!(
        law::one_step_torque2_js(&b2a, 2.2, DT).unwrap(),
        core::one_step_torque2(&b2, 2.2, DT).unwrap()
    );
    let goal3 = DVec3::new(1.5, -0.5, 0.25);
    assert_eq!(
        law::one_step_force3_js(&b3a, &goal3.to_array(), DT).unwrap(),
        core::one_step_force3(&b3, goal3, DT)
            .unwrap()
            .to_array()
            .to_vec()
    );
    let q = tg3.orientation;
    assert_eq!(
        law::one_step_torque3_js(&b3a, &q.to_array(), DT).unwrap(),
        only3(core::one_step_torque3(&b3, q, DT).unwrap())
    );
    assert_eq!(
        law::one_step_torque_as_printed(&b3a, &q.to_array(), DT).unwrap(),
        only3(published::one_step_torque_as_printed(&b3, q, DT).unwrap())
    );
    assert_eq!(
        law::stable_torque_pd_as_printed(1.5, 0.8, &b3a, &q.to_array(), DT).unwrap(),
        only3(published::stable_torque_pd_as_printed(1.5, 0.8, &b3, q, DT).unwrap())
    );
    let alpha = DVec3::new(0.3, -0.2, 0.1);
    assert_eq!(
        law::submarine_feed_forward_as_printed(&b3a, &alpha.to_array()).unwrap(),
        published::submarine_feed_forward_as_printed(&b3, alpha)
            .unwrap()
            .to_array()
            .to_vec()
    );
}

#[wasm_bindgen_test]
fn optional_layout_values_and_bad_arrays_are_read_by_name() {
    // The optional integrator index of a Body1 reaches the law (SPD predicts with it).
    let spd = forcelab::Spd { kp: 30.0, kd: 4.0 };
    let explicit = Body1 {
        integrator: Integrator::ExplicitEuler,
        ..cube()
    };
    assert_eq!(
        law::spd_force(cfg(&spd), &[0.3, -0.7, 2.5, 1.0], &TARGET1, DT).unwrap(),
        t1(spd.force(&explicit, &target1(), DT).unwrap())
    );
    let e = law::spd_force(cfg(&spd), &[0.3, -0.7, 2.5, 7.0], &TARGET1, DT).unwrap_err();
    assert_eq!(message(e), "integrator must be an index from 0 to 2, got 7");
    let e = law::spd_force(cfg(&spd), &[0.3, -0.7], &TARGET1, DT).unwrap_err();
    assert_eq!(message(e), "body must hold 3 to 4 numbers, got 2");
    let e = law::backward_pd_force2(cfg(&spd), &plate_array(), &[1.0], DT).unwrap_err();
    assert_eq!(message(e), "target must hold 6 numbers, got 1");
    let e = law::forward_pd_force(json(r#"{"kp": "abc"}"#), &cube_array(), &TARGET1).unwrap_err();
    assert!(message(e).starts_with("config.kp: invalid type: string \"abc\""));
    let e =
        message(law::forward_pd_force(json(r#"{"kq": 1}"#), &cube_array(), &TARGET1).unwrap_err());
    assert_eq!(e, "config.kq is not a known field (known: kp, kd)");
    let e = law::forward_pd_force(json(r#"{"kp": -1}"#), &cube_array(), &TARGET1).unwrap_err();
    assert_eq!(message(e), "kp must be 0 or greater, got -1");
    let e = law::simpson(&[1.0, f64::NAN], DT).unwrap_err();
    assert_eq!(message(e), "errors must be a finite number, got NaN");
    // A missing config takes the core's defaults.
    let d = core::ForwardPd::default();
    assert_eq!(
        law::forward_pd_force(JsValue::UNDEFINED, &cube_array(), &TARGET1).unwrap(),
        t1(d.force(&cube(), &target1()).unwrap())
    );
}

#[wasm_bindgen_test]
fn bodies_step_in_place_like_the_core() {
    let mut a = cube_array();
    bodies::step_body1(&mut a, 3.0, DT).unwrap();
    let mut b = cube();
    b.step(3.0, DT).unwrap();
    assert_eq!(a, vec![b.x, b.v, 2.5]);
    let mut a = plate_array();
    bodies::step_body2(&mut a, 1.0, -2.0, 0.5, DT).unwrap();
    let mut b = plate();
    b.step(DVec2::new(1.0, -2.0), 0.5, DT).unwrap();
    assert_eq!(
        &a[..6],
        &[
            b.position.x,
            b.position.y,
            b.angle,
            b.velocity.x,
            b.velocity.y,
            b.angular_velocity
        ]
    );
    let mut a = brick_array();
    bodies::step_body3(&mut a, &[1.0, 2.0, 3.0], &[0.3, -0.1, 0.2], DT).unwrap();
    let mut b = brick();
    b.step(DVec3::new(1.0, 2.0, 3.0), DVec3::new(0.3, -0.1, 0.2), DT)
        .unwrap();
    assert_eq!(&a[0..3], &b.position.to_array());
    assert_eq!(&a[3..7], &b.orientation.to_array());
    assert_eq!(&a[7..10], &b.velocity.to_array());
    assert_eq!(&a[10..13], &b.angular_velocity.to_array());
    let e = bodies::step_body1(&mut [0.0, 0.0, -1.0], 1.0, DT).unwrap_err();
    assert_eq!(message(e), "mass must be greater than 0, got -1");
}

#[wasm_bindgen_test]
fn stateful_controllers_match_the_core_step_by_step() {
    let mut core_pid = core::Pid {
        ki: 3.0,
        integral_limit: 0.5,
        output_limit: 7.0,
        derivative_on: core::DerivativeOn::Error,
        derivative_filter: 0.05,
        anti_windup: core::AntiWindup::BackCalculation { kt: 2.0 },
        ..core::Pid::new(5.0, 3.0, 0.25)
    };
    let mut pid = stateful::PidJs::new(cfg(&core_pid)).unwrap();
    for k in 0..20 {
        let m = 0.1 * k as f64;
        assert_eq!(
            pid.step(1.5, m, DT).unwrap(),
            t1(core_pid.step(1.5, m, DT).unwrap())
        );
    }
    assert_eq!(pid.integral(), core_pid.integral());
    let round: core::Pid = serde_wasm_bindgen::from_value(pid.config().unwrap()).unwrap();
    assert_eq!(
        core::Pid {
            state: Default::default(),
            ..core_pid
        },
        round
    );
    pid.configure(json(r#"{"kp": 1, "ki": 2, "kd": 0}"#))
        .unwrap();
    assert_eq!(
        pid.integral(),
        core_pid.integral(),
        "configure keeps the memory"
    );
    pid.reset();
    assert_eq!(pid.integral(), 0.0);

    let mut core_w = core::WindowedPid {
        plant_gain: 1.5,
        window: 5,
        dt: DT,
        ..core::WindowedPid::new(2.0, 0.5, 0.1)
    };
    let mut printed = forcelab::controllers::WindowedPidAsPrinted(core_w.clone());
    let mut w = stateful::WindowedPidJs::new(cfg(&core_w), false).unwrap();
    let mut wp = stateful::WindowedPidJs::new(cfg(&core_w), true).unwrap();
    assert!(wp.as_printed() && !w.as_printed());
    for k in 0..9 {
        let e = 1.0 - 0.1 * k as f64;
        assert_eq!(w.add_sample(e).unwrap(), t1(core_w.add_sample(e).unwrap()));
        assert_eq!(wp.add_sample(e).unwrap()[4], printed.add_sample(e).unwrap());
    }
    let round: core::WindowedPid = serde_wasm_bindgen::from_value(w.config().unwrap()).unwrap();
    assert_eq!((round.plant_gain, round.window, round.ki), (1.5, 5, 0.5));
    w.reset();
    core_w.reset();
    assert_eq!(
        w.add_sample(0.5).unwrap(),
        t1(core_w.add_sample(0.5).unwrap())
    );

    let mut core_m = core::Missile {
        speed: 7.0,
        ..core::Missile::default()
    };
    let mut m = stateful::MissileJs::new(cfg(&core_m)).unwrap();
    let mut core_e = core::MovingEntity {
        max_speed: 4.0,
        max_force: 25.0,
        arrive_radius: 1.5,
        ..core::MovingEntity::default()
    };
    let mut e = stateful::MovingEntityJs::new(cfg(&core_e)).unwrap();
    let goal = DVec2::new(3.0, -2.0);
    for _ in 0..3 {
        let o = core_m.control(&plate(), goal, DT).unwrap();
        let mut want = o.force.to_array().to_vec();
        want.extend(t1(o.torque));
        assert_eq!(
            m.control(&plate_array(), &goal.to_array(), DT).unwrap(),
            want
        );
        let o = core_e.control(&plate(), goal, DT).unwrap();
        let mut want = o.force.to_array().to_vec();
        want.extend(t1(o.torque));
        assert_eq!(
            e.control(&plate_array(), &goal.to_array(), DT).unwrap(),
            want
        );
    }

    let mut core_s = core::SubmarineAttitude {
        rate_coefficients: DVec3::new(0.4, 0.5, 0.6),
        max_integral: 0.3,
        max_torque: 9.0,
        ..core::SubmarineAttitude::new(core::SubmarineLaw::Pid, 4.0, 1.5, 0.7)
    };
    let mut s = stateful::SubmarineAttitudeJs::new(cfg(&core_s)).unwrap();
    for _ in 0..3 {
        assert_eq!(
            s.torque(&brick_array(), 0.2, -0.1, DT).unwrap(),
            t3(core_s.torque(&brick(), 0.2, -0.1, DT).unwrap())
        );
    }
    s.reset();
    core_s.reset();
    assert_eq!(
        s.torque(&brick_array(), 0.2, -0.1, DT).unwrap(),
        t3(core_s.torque(&brick(), 0.2, -0.1, DT).unwrap())
    );
    let e = message(
        stateful::SubmarineAttitudeJs::new(json(r#"{"law": "wobble"}"#))
            .err()
            .unwrap(),
    );
    assert!(e.starts_with("config.law: unknown variant `wobble`"), "{e}");
}

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
    let m = forcelab::analysis::one_step_matrix(LawId::SoftStep, Integrator::Rk4, 40.0, 3.0, DT)
        .unwrap();
    let [z1, z2] = forcelab::analysis::eigenvalues(m);
    assert_eq!(
        analysis::one_step_eigenvalues("soft-step", "rk4", 40.0, 3.0, DT).unwrap(),
        vec![z1.re, z1.im, z2.re, z2.im, z1.abs().max(z2.abs())]
    );
    let e = analysis::atlas("pdq", "rk4", JsValue::UNDEFINED).unwrap_err();
    assert!(message(e).starts_with("law must be one of pd, backward-pd"));

    let claims = js_sys::Array::from(&analysis::claims().unwrap());
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
        analysis::gains_from_wu(1.5, 0.8, 2.0).unwrap(),
        vec![g.kp, g.kd]
    );
    let g = tuning::from_bloom(1.2, 0.9, 0.6, 2.0).unwrap();
    assert_eq!(
        analysis::gains_from_bloom(1.2, 0.9, 0.6, 2.0).unwrap(),
        vec![g.kp, g.kd]
    );
    let g = tuning::from_natural(5.0, 0.4, 2.0).unwrap();
    assert_eq!(
        analysis::gains_from_natural(5.0, 0.4, 2.0).unwrap(),
        vec![g.kp, g.kd]
    );
    let g = tuning::from_half_life(0.3, 2.0).unwrap();
    assert_eq!(
        analysis::gains_from_half_life(0.3, 2.0).unwrap(),
        vec![g.kp, g.kd]
    );
    assert_eq!(
        analysis::gains_to_half_life(g.kp, g.kd, 2.0).unwrap(),
        tuning::to_half_life(g, 2.0).unwrap()
    );
    assert_eq!(
        analysis::bloom_time_scale(g.kp, g.kd, 2.0).unwrap(),
        tuning::bloom_time_scale(g, 2.0).unwrap()
    );
    let raw = tuning::Gains { kp: 50.0, kd: 7.0 };
    let (f, d) = tuning::to_wu(raw, 2.0).unwrap();
    assert_eq!(analysis::gains_to_wu(50.0, 7.0, 2.0).unwrap(), vec![f, d]);
    let (k, d) = tuning::to_bloom(raw, 0.6, 2.0).unwrap();
    assert_eq!(
        analysis::gains_to_bloom(50.0, 7.0, 0.6, 2.0).unwrap(),
        vec![k, d]
    );
    let c = tuning::Effective::continuous(raw, 2.0).unwrap();
    assert_eq!(
        analysis::gains_to_natural(50.0, 7.0, 2.0).unwrap(),
        vec![c.natural_frequency, c.damping_ratio]
    );
    let s = tuning::sampled_effective(LawId::BackwardPd, Integrator::ExplicitEuler, 25.0, 3.5, DT)
        .unwrap()
        .unwrap();
    assert_eq!(
        analysis::sampled_effective("backward-pd", "explicit-euler", 50.0, 7.0, 2.0, DT).unwrap(),
        Some(vec![s.natural_frequency, s.damping_ratio])
    );
    assert_eq!(
        analysis::sampled_effective("pd", "semi-implicit-euler", 1e7, 1.0, 1.0, DT).unwrap(),
        None
    );
    let e = analysis::gains_from_wu(f64::NAN, 1.0, 1.0).unwrap_err();
    assert_eq!(message(e), "frequency must be a finite number, got NaN");
}

/// Adds `body` to the bindings' world through its flat-argument `addBody`.
fn add_planar(w: &mut World2, body: forcelab::world::PlanarBody) -> usize {
    w.add_body(
        body.x,
        body.y,
        body.angle,
        body.mass,
        body.inertia,
        body.kp,
        body.kd,
    )
    .unwrap()
}

#[wasm_bindgen_test]
fn world2_matches_the_core_and_its_setters_reach_their_body() {
    let mut w = World2::new(DT, "backward-pd").unwrap();
    let mut native = forcelab::World2::new(DT, forcelab::catalogue::LawId::BackwardPd).unwrap();
    w.reserve(3);
    for k in 0..3 {
        let f = k as f64;
        let body = forcelab::world::PlanarBody {
            x: f,
            y: -f,
            angle: 0.1 * f,
            mass: 1.0 + f,
            inertia: 0.2 + f,
            kp: 40.0 + f,
            kd: 5.0 + f,
        };
        assert_eq!(add_planar(&mut w, body), native.add(body).unwrap());
    }
    assert_eq!(w.length(), 3);
    w.set_target(1, 4.0, 5.0, 6.0).unwrap();
    native.set_target(1, 4.0, 5.0, 6.0).unwrap();
    w.set_gains(2, 90.0, 9.0).unwrap();
    native.set_gains(2, 90.0, 9.0).unwrap();
    assert_eq!(w.gains_of(2).unwrap(), vec![90.0, 9.0]);
    assert_eq!(w.gains_of(0).unwrap(), vec![40.0, 5.0]);
    w.step(30);
    native.step(30);
    assert_eq!(w.x().to_vec(), native.x());
    assert_eq!(w.y().to_vec(), native.y());
    assert_eq!(w.angle().to_vec(), native.angle());
    assert_eq!(w.vx().to_vec(), native.vx());
    assert_eq!(w.vy().to_vec(), native.vy());
    assert_eq!(w.angular_velocity().to_vec(), native.angular_velocity());
    assert_eq!(w.checksum(), native.checksum());
    assert_eq!(w.diverged().to_vec(), vec![0, 0, 0]);
    let poses = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0];
    w.set_targets(&poses).unwrap();
    native.set_targets(&poses).unwrap();
    w.step(5);
    native.step(5);
    assert_eq!(w.x().to_vec(), native.x());
    assert_eq!(w.angle().to_vec(), native.angle());
    let e = World2::new(DT, "spd").err().unwrap();
    assert_eq!(
        message(e),
        "law must be one of pd, backward-pd, got \"spd\""
    );
    assert!(message(w.set_target(3, 0.0, 0.0, 0.0).unwrap_err()).starts_with("index must be"));
}

#[wasm_bindgen_test]
fn the_benchmark_swarm_and_its_one_call_per_body_path_match_the_core() {
    let mut native = forcelab::world::planar_swarm(20, 9).unwrap();
    let mut batched = worlds::planar_swarm(20, 9).unwrap();
    let mut per_body = worlds::planar_swarm(20, 9).unwrap();
    native.step(3);
    batched.step(3);
    for _ in 0..3 {
        for k in 0..20 {
            per_body.step_body(k).unwrap();
        }
    }
    assert_eq!(batched.checksum().to_bits(), native.checksum().to_bits());
    assert_eq!(per_body.checksum().to_bits(), native.checksum().to_bits());
    assert_eq!(per_body.angle().to_vec(), native.angle());
    assert!(message(per_body.step_body(20).unwrap_err()).starts_with("index must be"));
}

/// The wasm build steps bodies two per simd128 instruction; freezing one lane of a pair
/// must leave the other lane, and every bit, as the native scalar loop does.
#[wasm_bindgen_test]
fn a_diverging_body_freezes_alone_in_its_simd_pair_as_natively() {
    use forcelab::world::PlanarBody;
    let mut native = forcelab::World2::new(DT, LawId::ForwardPd).unwrap();
    let mut w = World2::new(DT, "pd").unwrap();
    for k in 0..5 {
        // Bodies 1 and 4 have gains far past forward PD's limit at this dt.
        let kp = if k % 3 == 1 { 1e6 } else { 50.0 };
        let body = PlanarBody {
            x: k as f64,
            y: 1.0,
            angle: 0.3,
            mass: 1.0,
            inertia: 0.2,
            kp,
            kd: 2.0,
        };
        native.add(body).unwrap();
        add_planar(&mut w, body);
        native.set_target(k, -1.0, 2.0, 3.0).unwrap();
        w.set_target(k, -1.0, 2.0, 3.0).unwrap();
    }
    native.step(200);
    w.step(200);
    assert_eq!(w.diverged().to_vec(), vec![0, 1, 0, 0, 1]);
    assert_eq!(w.diverged().to_vec(), native.diverged());
    assert_eq!(w.x().to_vec(), native.x());
    assert_eq!(w.angle().to_vec(), native.angle());
    assert_eq!(w.vy().to_vec(), native.vy());
}

#[wasm_bindgen_test]
fn the_missile_swarm_matches_the_core_and_its_setters_reach_it() {
    use forcelab::world::SwarmGains;
    let gains = SwarmGains {
        kp: 30.0,
        ki: 1.5,
        kd: 9.0,
        integral_limit: 12.0,
        max_angular_acceleration: 45.0,
    };
    let mut native =
        forcelab::world::MissileSwarm::new(30, 4, 5, DT, SwarmGains::default()).unwrap();
    let mut swarm = MissileSwarm::new(30, 4, 5, DT).unwrap();
    native.set_gains(gains).unwrap();
    swarm.set_gains(30.0, 1.5, 9.0, 12.0, 45.0).unwrap();
    assert_eq!(swarm.gains(), vec![30.0, 1.5, 9.0, 12.0, 45.0]);
    native.step(40);
    swarm.step(40);
    native.set_count(35).unwrap();
    swarm.set_count(35).unwrap();
    native.step(10);
    swarm.step(10);
    assert_eq!(swarm.length(), 35);
    assert_eq!(swarm.time(), native.time());
    assert_eq!(swarm.x().to_vec(), native.x());
    assert_eq!(swarm.y().to_vec(), native.y());
    assert_eq!(swarm.heading().to_vec(), native.heading());
    assert_eq!(swarm.target_x().to_vec(), native.target_x());
    assert_eq!(swarm.target_y().to_vec(), native.target_y());
    assert_eq!(swarm.checksum(), native.checksum());
    assert!(message(swarm.set_gains(-1.0, 0.0, 0.0, 1.0, 1.0).unwrap_err()).starts_with("kp"));
    assert!(message(swarm.set_count(2_000_000).unwrap_err()).starts_with("count"));
    assert!(message(MissileSwarm::new(1, 0, 1, DT).err().unwrap()).starts_with("targets"));
}

#[wasm_bindgen_test]
fn world3_matches_the_core_and_its_setters_reach_their_body() {
    let mut w = World3::new(DT).unwrap();
    let mut native = forcelab::World3::new(DT).unwrap();
    let laws = [
        ("backward-pd", core::LawId::BackwardPd),
        ("spd", core::LawId::Spd),
    ];
    for (k, (id, kind)) in laws.into_iter().enumerate() {
        let kp = 3.0 + k as f64;
        w.add_box(2.0, 1.0, 0.5, 0.25, id, kp, 0.6, 0.2).unwrap();
        let body = Body3::cuboid(2.0, DVec3::new(1.0, 0.5, 0.25));
        native
            .add(body, core::Controller3::new(kind, kp, 0.6, 0.2).unwrap())
            .unwrap();
    }
    assert_eq!(w.length(), 2);
    let q = from_rotation_vector(DVec3::new(0.5, 0.3, -0.2));
    let rate = DVec3::new(0.0, 0.2, 0.1);
    w.set_target(1, &q.to_array(), &rate.to_array()).unwrap();
    native
        .set_target(
            1,
            Target3 {
                orientation: q,
                angular_velocity: rate,
                ..Target3::default()
            },
        )
        .unwrap();
    w.set_law(0, "pd", 2.0, 0.5, 0.3).unwrap();
    native
        .set_law(
            0,
            core::Controller3::new(core::LawId::ForwardPd, 2.0, 0.5, 0.3).unwrap(),
        )
        .unwrap();
    w.set_target(0, &q.to_array(), &[0.0; 3]).unwrap();
    native.set_target(0, Target3::facing(q)).unwrap();
    w.step(40);
    native.step(40);
    assert_eq!(w.orientations().to_vec(), native.orientations());
    assert_eq!(w.angular_velocities().to_vec(), native.angular_velocities());
    assert_eq!(w.torques().to_vec(), native.torques());
    assert_eq!(w.diverged().to_vec(), vec![0, 0]);
    let e = message(
        w.set_target(0, &[0.0, 0.0, 0.0, 2.0], &[0.0; 3])
            .unwrap_err(),
    );
    assert!(
        e.starts_with("target.orientation must be a unit quaternion"),
        "{e}"
    );
    let e = w
        .add_box(1.0, 1.0, 1.0, 1.0, "pid", 1.0, 1.0, 1.0)
        .unwrap_err();
    assert!(message(e).starts_with("controller must be one of pd, backward-pd"));
    let _ = DQuat::IDENTITY;
}

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
    let bad = |text: &str| message(Lab::new(json(text)).err().unwrap());
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
    assert_eq!(
        bad(r#"{"disturbances": {"noise": -1}}"#),
        "noise must be 0 or greater, got -1"
    );
    assert!(bad(r#"{"controllers": [{"kind": "pd", "ki": 1}]}"#).contains("ki"));
    assert!(bad(r#"{"disturbances": {"nois": 1}}"#)
        .starts_with("config.disturbances.nois is not a known field (known: targetStart,"));
    assert!(bad(r#"{"controllers": [{"kind": "pd", "kpp": 1}]}"#)
        .starts_with("config.controllers[0].kpp is not a known field (known: kind, kp, kd, ki)"));
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

#[wasm_bindgen_test]
fn the_chapter_scenes_match_the_core_step_for_step() {
    use forcelab::scenes::{
        attitude, default_waypoints, Dive, DiveSettings, Orders, Pursuit, PursuitSettings, Tumble,
        TumbleSettings,
    };
    use forcelab_wasm::scenes::{DiveScene, PursuitScene, TumbleScene};

    // The chase, with the printed missile and a PID window of 9 (every field distinct).
    let mut settings = PursuitSettings {
        missile_speed: 7.5,
        entity_speed: 4.5,
        with_printed_missile: true,
        ..PursuitSettings::default()
    };
    settings.heading.pid.window = 9;
    let config = json(
        r#"{"missileSpeed": 7.5, "entitySpeed": 4.5, "withPrintedMissile": true,
            "heading": {"pid": {"kp": 40, "ki": 2, "kd": 12, "plantGain": 1, "window": 9, "dt": 0.016666666666666666}}}"#,
    );
    let mut ours = PursuitScene::new(config, None).unwrap();
    let mut core = Pursuit::new(settings, default_waypoints()).unwrap();
    ours.step(200).unwrap();
    (0..200).for_each(|_| core.step().unwrap());
    let state = ours.state();
    assert_eq!(state.len(), 3 * 7);
    for (k, c) in core.chasers.iter().enumerate() {
        assert_eq!(
            &state[k * 7..k * 7 + 3],
            &[c.body.position.x, c.body.position.y, c.body.angle]
        );
        assert_eq!(state[k * 7 + 5], c.heading_error());
    }
    ours.set_target(2.0, -1.0).unwrap();
    assert!(ours.waypoints().is_empty());
    assert!(message(ours.set_target(f64::NAN, 0.0).unwrap_err()).contains("target.x"));
    assert!(message(ours.step(100_001).unwrap_err()).contains("100000"));

    // The submarines under orders.
    let mut dive = DiveScene::new(JsValue::UNDEFINED).unwrap();
    let mut core = Dive::new(DiveSettings::default()).unwrap();
    dive.set_orders(0.3, 0.2, 0.5).unwrap();
    core.set_orders(Orders {
        pitch: 0.3,
        roll: 0.2,
        rudder: 0.5,
    })
    .unwrap();
    dive.step(150).unwrap();
    (0..150).for_each(|_| core.step().unwrap());
    let state = dive.state();
    for (k, h) in core.hulls.iter().enumerate() {
        assert_eq!(&state[k * 10..k * 10 + 4], &h.orientation.to_array());
        let (_, pitch, roll) = attitude(h);
        assert_eq!((state[k * 10 + 5], state[k * 10 + 6]), (pitch, roll));
    }
    assert!(message(dive.set_orders(2.0, 0.0, 0.0).unwrap_err()).contains("pitch"));

    // The tumbling plates.
    let mut tumble = TumbleScene::new(json(r#"{"spin": 12, "nudge": 0.02}"#)).unwrap();
    let mut core = Tumble::new(TumbleSettings {
        spin: 12.0,
        nudge: 0.02,
        ..TumbleSettings::default()
    })
    .unwrap();
    tumble.step(300).unwrap();
    (0..300).for_each(|_| core.step().unwrap());
    let state = tumble.state();
    for k in 0..3 {
        assert_eq!(
            &state[k * 6..k * 6 + 4],
            &core.bodies[k].orientation.to_array()
        );
        assert_eq!(state[k * 6 + 4], core.axis_cosine(k));
    }
    assert!(message(TumbleScene::new(json(r#"{"spinn": 1}"#)).err().unwrap()).contains("spinn"));
}

#[wasm_bindgen_test]
fn the_gain_translator_and_the_engine_twin_match_the_core() {
    use forcelab::engines::{entries, entry, report, translate, Intent};
    let intent = Intent {
        frequency: 3.0,
        damping_ratio: 0.6,
        mass: 2.5,
        dt: 0.01,
        angular: true,
    };
    let text = r#"{"frequency": 3, "dampingRatio": 0.6, "mass": 2.5, "dt": 0.01, "angular": true}"#;
    let ours = engines::translate_gains(json(text)).unwrap();
    let core = translate(&intent).unwrap();
    let rows = js_sys::Array::from(&ours);
    assert_eq!(rows.length() as usize, core.len());
    for (k, g) in core.iter().enumerate() {
        let row = rows.get(k as u32);
        assert_eq!(get(&row, "id").as_string().unwrap(), g.id);
        let params = js_sys::Array::from(&get(&row, "parameters"));
        for (j, p) in g.parameters.iter().enumerate() {
            let q = params.get(j as u32);
            assert_eq!(
                get(&q, "value").as_f64().unwrap(),
                p.value,
                "{}.{}",
                g.id,
                p.name
            );
            assert_eq!(get(&q, "unit").as_string().unwrap(), p.unit);
        }
    }
    let bad = engines::translate_gains(json(r#"{"frequency": -1}"#)).unwrap_err();
    assert!(message(bad).contains("frequency"));

    // The twin: the same prediction as the core, at the defaults and with a setting.
    let catalogue = js_sys::Array::from(&engines::engine_catalogue().unwrap());
    assert_eq!(catalogue.length() as usize, entries().len());
    let jolt = entry("jolt-frequency").unwrap();
    let mut settings = jolt.default_settings();
    settings
        .set(
            "collisionSteps",
            forcelab::engines::settings::Value::Number(2.0),
        )
        .unwrap();
    let core = report(jolt, &intent, "custom", &settings, 90).unwrap();
    let twin = engines::engine_twin(
        "jolt-frequency",
        json(text),
        json(r#"{"collisionSteps": 2}"#),
        90,
    )
    .unwrap();
    let predicted: Vec<f64> =
        serde_wasm_bindgen::from_value(get(&get(&twin, "predicted"), "positions")).unwrap();
    assert_eq!(predicted, core.predicted.positions);
    assert_eq!(js_sys::Array::from(&get(&twin, "ideal")).length(), 90);
    // Bad settings are named, never a trap.
    for (settings, words) in [
        (
            r#"{"collisionStep": 2}"#,
            "settings.collisionStep is not a setting of jolt-frequency",
        ),
        (
            r#"{"collisionSteps": 0}"#,
            "settings.collisionSteps must be between 1 and 64, got 0",
        ),
        (
            r#"{"allowSleeping": "no"}"#,
            "settings.allowSleeping must be a number or true/false",
        ),
    ] {
        let e = engines::engine_twin("jolt-frequency", json(text), json(settings), 10).unwrap_err();
        assert!(message(e).contains(words), "{settings}");
    }
    let e = engines::engine_twin(
        "mujoco-position",
        json(text),
        json(r#"{"integrator": "Verlet"}"#),
        10,
    )
    .unwrap_err();
    assert!(message(e).contains("settings.integrator must be one of Euler"));
    let e = engines::engine_twin("nope", json(text), JsValue::UNDEFINED, 10).unwrap_err();
    assert!(message(e).contains("id must be one of"));
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
