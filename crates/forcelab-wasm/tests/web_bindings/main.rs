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
    analysis, bodies, claims, design, engines, gains, simpson, stateful, step_functions as law,
    worlds, Lab, MissileSwarm, World2, World2F32, World3,
};
use glam::{DQuat, DVec2, DVec3};
use serde::Serialize;
use wasm_bindgen::{JsError, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

mod analysis_bindings;
mod arm_map;
mod arm_scene;
mod arm_tune;
mod lab;
mod scenes_engines;
mod stateful_bindings;
mod steps;
mod worlds_bindings;

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
