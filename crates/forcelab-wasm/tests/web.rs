//! The laws the native core tests check, checked again through the exported
//! functions, in a real browser: `wasm-pack test --headless --chrome crates/forcelab-wasm`.
#![cfg(target_arch = "wasm32")]

use forcelab_wasm::step_functions as law;
use forcelab_wasm::Simulation;
use wasm_bindgen::{JsError, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const DT: f64 = 1.0 / 60.0;

fn gains(kp: f64, kd: f64) -> JsValue {
    js_sys::JSON::parse(&format!("{{\"kp\": {kp}, \"kd\": {kd}}}")).unwrap()
}

fn forward_pd_force(kp: f64, kd: f64, x: f64, v: f64, tx: f64, tv: f64) -> Result<f64, JsError> {
    law::forward_pd_force(gains(kp, kd), &[x, v, 1.0], &[tx, tv]).map(|t| t[4])
}

type Law = fn(JsValue, &[f64], &[f64], f64) -> Result<Vec<f64>, JsError>;

/// The total force of `law` at raw gains on a body of `mass` kg.
#[allow(clippy::too_many_arguments)]
fn total(
    law: Law,
    kp: f64,
    kd: f64,
    mass: f64,
    dt: f64,
    x: f64,
    v: f64,
    tx: f64,
    tv: f64,
) -> Result<f64, JsError> {
    law(gains(kp, kd), &[x, v, mass], &[tx, tv], dt).map(|t| t[4])
}

fn message(error: JsError) -> String {
    js_sys::Error::from(JsValue::from(error))
        .message()
        .as_string()
        .unwrap()
}

/// Steps a unit-mass body under semi-implicit Euler with a force law; returns the
/// final (x, v), or None once |x| passes 1e12.
fn run(
    force: impl Fn(f64, f64, f64) -> f64,
    tx0: f64,
    tv: f64,
    steps: usize,
) -> Option<(f64, f64, f64)> {
    let (mut x, mut v, mut tx) = (0.0, 0.0, tx0);
    for _ in 0..steps {
        let f = force(x, v, tx);
        v += f * DT;
        x += v * DT;
        tx += tv * DT;
        if x.is_nan() || x.abs() >= 1e12 {
            return None;
        }
    }
    Some((x, v, tx))
}

#[wasm_bindgen_test]
fn backward_pd_stays_bounded_where_forward_pd_diverges() {
    let (kp, kd) = (1e6, 10.0);
    let forward = run(
        |x, v, tx| forward_pd_force(kp, kd, x, v, tx, 0.0).unwrap(),
        1.0,
        0.0,
        600,
    );
    assert!(forward.is_none(), "forward PD should diverge");
    let (x, _, _) = run(
        |x, v, tx| total(law::backward_pd_force, kp, kd, 1.0, DT, x, v, tx, 0.0).unwrap(),
        1.0,
        0.0,
        6000,
    )
    .expect("backward PD stays bounded");
    assert!((x - 1.0).abs() < 1e-9);
}

#[wasm_bindgen_test]
fn stable_controllers_converge_on_a_moving_target() {
    let (kp, kd) = (400.0, 40.0);
    let laws: [&dyn Fn(f64, f64, f64) -> f64; 2] = [
        &|x, v, tx| total(law::backward_pd_force, kp, kd, 1.0, DT, x, v, tx, 2.0).unwrap(),
        &|x, v, tx| total(law::spd_force, kp, kd, 1.0, DT, x, v, tx, 2.0).unwrap(),
    ];
    for law in laws {
        let (x, v, tx) = run(law, 1.0, 2.0, 600).unwrap();
        assert!((x - tx).abs() < 1e-6, "error {}", x - tx);
        assert!((v - 2.0).abs() < 1e-6);
    }
}

#[wasm_bindgen_test]
fn step_functions_name_the_bad_field_and_value() {
    let nan = js_sys::JSON::parse("{\"kp\": 1}").unwrap();
    js_sys::Reflect::set(&nan, &"kp".into(), &f64::NAN.into()).unwrap();
    let e = law::backward_pd_force(nan, &[0.0, 0.0, 1.0], &[1.0, 0.0], DT).unwrap_err();
    assert_eq!(message(e), "kp must be a finite number, got NaN");
    let e = total(law::spd_force, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0).unwrap_err();
    assert_eq!(message(e), "dt must be greater than 0, got 0");
    let e = total(
        law::backward_pd_force,
        1.0,
        1.0,
        -2.0,
        DT,
        0.0,
        0.0,
        1.0,
        0.0,
    )
    .unwrap_err();
    assert_eq!(message(e), "mass must be greater than 0, got -2");
    let e = forward_pd_force(1.0, -3.0, 0.0, 0.0, 1.0, 0.0).unwrap_err();
    assert_eq!(message(e), "kd must be 0 or greater, got -3");
}

fn three_cubes(kp: f64, kd: f64) -> Simulation {
    let mut sim = Simulation::new(DT).unwrap();
    for id in ["pd", "backward-pd", "spd"] {
        sim.add_body(id, kp, kd, 1.0, 0.0).unwrap();
    }
    sim.set_target(1.0, 0.0).unwrap();
    sim
}

#[wasm_bindgen_test]
fn simulation_steps_every_body_like_its_step_function() {
    let mut sim = three_cubes(100.0, 20.0);
    sim.step(60);
    let positions = sim.positions().to_vec();
    let velocities = sim.velocities().to_vec();
    assert_eq!(positions.len(), 3);
    let expected = [
        run(
            |x, v, tx| forward_pd_force(100.0, 20.0, x, v, tx, 0.0).unwrap(),
            1.0,
            0.0,
            60,
        ),
        run(
            |x, v, tx| total(law::backward_pd_force, 100.0, 20.0, 1.0, DT, x, v, tx, 0.0).unwrap(),
            1.0,
            0.0,
            60,
        ),
        run(
            |x, v, tx| total(law::spd_force, 100.0, 20.0, 1.0, DT, x, v, tx, 0.0).unwrap(),
            1.0,
            0.0,
            60,
        ),
    ];
    for (i, e) in expected.iter().enumerate() {
        let (x, v, _) = e.unwrap();
        assert_eq!(positions[i], x, "body {i}");
        assert_eq!(velocities[i], v, "body {i}");
    }
    assert!((sim.time() - 1.0).abs() < 1e-12);
    assert_eq!(sim.forces().length(), 3);
}

#[wasm_bindgen_test]
fn setters_change_only_their_own_field_and_body() {
    let mut sim = three_cubes(100.0, 20.0);
    sim.set_gains(1, 7.0, 3.0).unwrap();
    assert_eq!(sim.gains_of(1).unwrap(), vec![7.0, 3.0]);
    assert_eq!(sim.gains_of(0).unwrap(), vec![100.0, 20.0]);
    assert_eq!(sim.gains_of(2).unwrap(), vec![100.0, 20.0]);
    assert_eq!(sim.controller_of(1).unwrap(), "backward-pd");
    sim.set_mass(2, 4.5).unwrap();
    assert_eq!(sim.mass_of(2).unwrap(), 4.5);
    assert_eq!(sim.mass_of(0).unwrap(), 1.0);
    sim.set_dt(0.01).unwrap();
    assert_eq!(sim.dt(), 0.01);
    sim.set_target(3.0, -1.0).unwrap();
    assert_eq!((sim.target_x(), sim.target_v()), (3.0, -1.0));
    sim.place(0, 2.0, 0.5).unwrap();
    assert_eq!(sim.positions().get_index(0), 2.0);
    assert_eq!(sim.velocities().get_index(0), 0.5);
    assert_eq!(sim.positions().get_index(1), 0.0);
}

#[wasm_bindgen_test]
fn simulation_refuses_bad_input_and_keeps_the_last_good_value() {
    assert_eq!(
        message(Simulation::new(0.0).err().unwrap()),
        "dt must be greater than 0, got 0"
    );
    let mut sim = three_cubes(100.0, 20.0);
    assert_eq!(
        message(sim.set_dt(-1.0).unwrap_err()),
        "dt must be greater than 0, got -1"
    );
    assert_eq!(sim.dt(), DT);
    assert_eq!(
        message(sim.set_gains(0, f64::INFINITY, 1.0).unwrap_err()),
        "kp must be a finite number, got Infinity"
    );
    assert_eq!(sim.gains_of(0).unwrap(), vec![100.0, 20.0]);
    assert_eq!(
        message(sim.set_mass(1, 0.0).unwrap_err()),
        "mass must be greater than 0, got 0"
    );
    let unknown = message(sim.add_body("pdd", 1.0, 1.0, 1.0, 0.0).unwrap_err());
    assert!(
        unknown.starts_with("controller must be one of pd, backward-pd, spd, "),
        "{unknown}"
    );
    assert!(unknown.ends_with(", got \"pdd\""), "{unknown}");
    assert!(message(sim.set_gains(9, 1.0, 1.0).unwrap_err())
        .starts_with("index must be between 0 and 2"));
}

#[wasm_bindgen_test]
fn a_diverging_body_is_flagged_and_stays_finite() {
    let mut sim = three_cubes(1e6, 10.0);
    sim.step(600);
    assert_eq!(sim.diverged().to_vec(), vec![1, 0, 1]);
    assert!(sim.positions().to_vec().iter().all(|x| x.is_finite()));
}

#[wasm_bindgen_test]
fn the_browser_computes_the_native_golden_trace_bit_for_bit() {
    assert_eq!(
        forcelab_wasm::spinning_box_trace_hash(),
        format!("{:016x}", forcelab::golden::SPINNING_BOX_HASH)
    );
}
