//! One exported function per controller: plain numbers in, force (N) out.

use crate::error::js;
use forcelab::{BackwardPd, Body1, ForwardPd, Spd, Target1};
use wasm_bindgen::prelude::*;

fn body(x: f64, v: f64, mass: f64) -> Body1 {
    Body1 {
        x,
        v,
        mass,
        ..Body1::default()
    }
}

fn target(x: f64, v: f64) -> Target1 {
    Target1 { x, v }
}

/// Forward PD force (N): `kp (target_x - x) + kd (target_v - v)`.
#[wasm_bindgen(js_name = forwardPdForce)]
pub fn forward_pd_force(
    kp: f64,
    kd: f64,
    x: f64,
    v: f64,
    target_x: f64,
    target_v: f64,
) -> Result<f64, JsError> {
    Ok(js(ForwardPd { kp, kd }.force(&body(x, v, 1.0), &target(target_x, target_v)))?.total)
}

/// Wu's stable backward PD force (N) on a body of `mass` kg for a step of `dt` s.
#[wasm_bindgen(js_name = backwardPdForce)]
#[allow(clippy::too_many_arguments)]
pub fn backward_pd_force(
    kp: f64,
    kd: f64,
    mass: f64,
    dt: f64,
    x: f64,
    v: f64,
    target_x: f64,
    target_v: f64,
) -> Result<f64, JsError> {
    Ok(js(BackwardPd { kp, kd }.force(&body(x, v, mass), &target(target_x, target_v), dt))?.total)
}

/// SPD force (N) in the paper's form on a body of `mass` kg for a step of `dt` s.
#[wasm_bindgen(js_name = spdForce)]
#[allow(clippy::too_many_arguments)]
pub fn spd_force(
    kp: f64,
    kd: f64,
    mass: f64,
    dt: f64,
    x: f64,
    v: f64,
    target_x: f64,
    target_v: f64,
) -> Result<f64, JsError> {
    Ok(js(Spd { kp, kd }.force(&body(x, v, mass), &target(target_x, target_v), dt))?.total)
}
