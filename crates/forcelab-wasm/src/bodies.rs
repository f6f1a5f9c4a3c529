//! Bodies stepped in place: the state array (layouts in [`crate::layout`]) is read,
//! advanced one step under the given force and torque, and written back.

use crate::error::js;
use crate::layout::{body1, body2, body3, vec3_arg, write_body2, write_body3};
use wasm_bindgen::prelude::*;

/// Advances a 1-D body `[x, v, mass, integrator?]` by `dt` s under `force` N.
#[wasm_bindgen(js_name = stepBody1)]
pub fn step_body1(body: &mut [f64], force: f64, dt: f64) -> Result<(), JsError> {
    let mut b = body1(body)?;
    js(b.step(force, dt))?;
    body[0] = b.x;
    body[1] = b.v;
    Ok(())
}

/// Advances a 2-D body by `dt` s under `fx`, `fy` (N) and `torque` (N m).
#[wasm_bindgen(js_name = stepBody2)]
pub fn step_body2(body: &mut [f64], fx: f64, fy: f64, torque: f64, dt: f64) -> Result<(), JsError> {
    let mut b = body2(body)?;
    js(b.step(glam::DVec2::new(fx, fy), torque, dt))?;
    write_body2(&b, body);
    Ok(())
}

/// Advances a 3-D body by `dt` s under the world `force` `[x, y, z]` (N) and `torque`
/// `[x, y, z]` (N m), with its gyroscopic mode.
#[wasm_bindgen(js_name = stepBody3)]
pub fn step_body3(body: &mut [f64], force: &[f64], torque: &[f64], dt: f64) -> Result<(), JsError> {
    let mut b = body3(body)?;
    js(b.step(vec3_arg("force", force)?, vec3_arg("torque", torque)?, dt))?;
    write_body3(&b, body);
    Ok(())
}
