//! One exported function per stateless controller: a config object (read with
//! serde-wasm-bindgen; missing fields take the core's defaults) and the hot values as
//! numbers or `Float64Array`s in the layouts of [`crate::layout`]. Each returns the
//! law's terms as a `Float64Array` (`[p, i, d, ff, total]`, per component).

use crate::config::from_js;
use crate::error::js;
use crate::layout::{
    body1, body2, body3, only3, quat_arg, target1, target2, target3, terms1, terms2, terms3,
    vec2_arg, vec3_arg,
};
use forcelab::controllers::{
    one_step_force, one_step_force2, one_step_force3, one_step_torque2, one_step_torque3,
    BackwardPdTorque, ImplicitPd, ManualDamping, Proportional, SecondOrder, SoftStep,
    SpdSimplified, SpdSimplifiedTorque, SpdTorque, Terms,
};
use forcelab::published;
use forcelab::{BackwardPd, ForwardPd, Spd};
use wasm_bindgen::prelude::*;

/// P: `u = kp e` for an error `e`. Config `{ kp }`.
#[wasm_bindgen(js_name = proportionalOutput)]
pub fn proportional_output(config: JsValue, error: f64) -> Result<Vec<f64>, JsError> {
    let c: Proportional = from_js("config", config)?;
    Ok(terms1(js(c.output(error))?))
}

/// Article 004's manual damping: `u = kp e - c rate`. Config `{ kp, c }`.
#[wasm_bindgen(js_name = manualDampingOutput)]
pub fn manual_damping_output(config: JsValue, error: f64, rate: f64) -> Result<Vec<f64>, JsError> {
    let c: ManualDamping = from_js("config", config)?;
    Ok(terms1(js(c.output(error, rate))?))
}

/// Forward PD force (N): `kp (x_t - x) + kd (v_t - v)`. Config `{ kp, kd }`.
#[wasm_bindgen(js_name = forwardPdForce)]
pub fn forward_pd_force(
    config: JsValue,
    body: &[f64],
    target: &[f64],
) -> Result<Vec<f64>, JsError> {
    let c: ForwardPd = from_js("config", config)?;
    Ok(terms1(js(c.force(&body1(body)?, &target1(target)?))?))
}

/// Wu's stable backward PD force (N) for a step of `dt` s. Config `{ kp, kd }`.
#[wasm_bindgen(js_name = backwardPdForce)]
pub fn backward_pd_force(
    config: JsValue,
    body: &[f64],
    target: &[f64],
    dt: f64,
) -> Result<Vec<f64>, JsError> {
    let c: BackwardPd = from_js("config", config)?;
    Ok(terms1(js(c.force(&body1(body)?, &target1(target)?, dt))?))
}

/// Wu's backward PD force (N, x and y) on a 2-D body. Config `{ kp, kd }`.
#[wasm_bindgen(js_name = backwardPdForce2)]
pub fn backward_pd_force2(
    config: JsValue,
    body: &[f64],
    target: &[f64],
    dt: f64,
) -> Result<Vec<f64>, JsError> {
    let c: BackwardPd = from_js("config", config)?;
    Ok(terms2(js(c.force2(&body2(body)?, &target2(target)?, dt))?))
}

/// Wu's backward PD force (N, xyz) on a 3-D body. Config `{ kp, kd }`.
#[wasm_bindgen(js_name = backwardPdForce3)]
pub fn backward_pd_force3(
    config: JsValue,
    body: &[f64],
    target: &[f64],
    dt: f64,
) -> Result<Vec<f64>, JsError> {
    let c: BackwardPd = from_js("config", config)?;
    Ok(terms3(js(c.force3(&body3(body)?, &target3(target)?, dt))?))
}

/// Wu's backward PD torque (N m) on a 2-D body, the short way round. Config
/// `{ kp, kd }` per unit inertia.
#[wasm_bindgen(js_name = backwardPdTorque2)]
pub fn backward_pd_torque2(
    config: JsValue,
    body: &[f64],
    target: &[f64],
    dt: f64,
) -> Result<Vec<f64>, JsError> {
    let c: BackwardPdTorque = from_js("config", config)?;
    Ok(terms1(js(c.torque2(&body2(body)?, &target2(target)?, dt))?))
}

/// Wu's backward PD torque (N m, world xyz) on a 3-D body. Config `{ kp, kd }` per
/// unit inertia.
#[wasm_bindgen(js_name = backwardPdTorque3)]
pub fn backward_pd_torque3(
    config: JsValue,
    body: &[f64],
    target: &[f64],
    dt: f64,
) -> Result<Vec<f64>, JsError> {
    let c: BackwardPdTorque = from_js("config", config)?;
    Ok(terms3(js(c.torque(&body3(body)?, &target3(target)?, dt))?))
}

/// SPD force (N) in the paper's form. Config `{ kp, kd }`.
#[wasm_bindgen(js_name = spdForce)]
pub fn spd_force(
    config: JsValue,
    body: &[f64],
    target: &[f64],
    dt: f64,
) -> Result<Vec<f64>, JsError> {
    let c: Spd = from_js("config", config)?;
    Ok(terms1(js(c.force(&body1(body)?, &target1(target)?, dt))?))
}

/// SPD torque (N m, world xyz) on a 3-D body, the paper's quaternion form. Config
/// `{ kp, kd }` in N m/rad and N m s/rad.
#[wasm_bindgen(js_name = spdTorque3)]
pub fn spd_torque3(
    config: JsValue,
    body: &[f64],
    target: &[f64],
    dt: f64,
) -> Result<Vec<f64>, JsError> {
    let c: SpdTorque = from_js("config", config)?;
    Ok(terms3(js(c.torque(&body3(body)?, &target3(target)?, dt))?))
}

/// Article 000's simplified SPD force (N). Config `{ kp, kd }` per unit mass.
#[wasm_bindgen(js_name = spdSimplifiedForce)]
pub fn spd_simplified_force(
    config: JsValue,
    body: &[f64],
    target: &[f64],
    dt: f64,
) -> Result<Vec<f64>, JsError> {
    let c: SpdSimplified = from_js("config", config)?;
    Ok(terms1(js(c.force(&body1(body)?, &target1(target)?, dt))?))
}

/// Article 000's simplified SPD torque (N m, world xyz). Config `{ kp, kd }` per
/// unit inertia.
#[wasm_bindgen(js_name = spdSimplifiedTorque3)]
pub fn spd_simplified_torque3(
    config: JsValue,
    body: &[f64],
    target: &[f64],
    dt: f64,
) -> Result<Vec<f64>, JsError> {
    let c: SpdSimplifiedTorque = from_js("config", config)?;
    Ok(terms3(js(c.torque(&body3(body)?, &target3(target)?, dt))?))
}

/// Bloom's implicit PD force (N). Config `{ k, d, timeScale, minVelocity }`.
#[wasm_bindgen(js_name = implicitPdForce)]
pub fn implicit_pd_force(
    config: JsValue,
    body: &[f64],
    target: &[f64],
    dt: f64,
) -> Result<Vec<f64>, JsError> {
    let c: ImplicitPd = from_js("config", config)?;
    Ok(terms1(js(c.force(&body1(body)?, &target1(target)?, dt))?))
}

/// One step of Bloom's update, snap included: `[x, v, a, snapped (0 or 1)]` from the
/// state `[x, v]` toward the target `[x, v]`. Config `{ k, d, timeScale, minVelocity }`.
#[wasm_bindgen(js_name = implicitPdAdvance)]
pub fn implicit_pd_advance(
    config: JsValue,
    state: &[f64],
    target: &[f64],
    dt: f64,
) -> Result<Vec<f64>, JsError> {
    let c: ImplicitPd = from_js("config", config)?;
    let s = target1(state)?;
    let t = target1(target)?;
    let r = js(c.advance(s.x, s.v, t.x, t.v, dt))?;
    Ok(vec![r.x, r.v, r.a, if r.snapped { 1.0 } else { 0.0 }])
}

/// Second-order dynamics force (N). Config `{ frequency, zeta, response }`.
#[wasm_bindgen(js_name = secondOrderForce)]
pub fn second_order_force(
    config: JsValue,
    body: &[f64],
    target: &[f64],
    dt: f64,
) -> Result<Vec<f64>, JsError> {
    let c: SecondOrder = from_js("config", config)?;
    Ok(terms1(js(c.force(&body1(body)?, &target1(target)?, dt))?))
}

/// Box2D v3's soft-step force (N). Config `{ hertz, dampingRatio }`.
#[wasm_bindgen(js_name = softStepForce)]
pub fn soft_step_force(
    config: JsValue,
    body: &[f64],
    target: &[f64],
    dt: f64,
) -> Result<Vec<f64>, JsError> {
    let c: SoftStep = from_js("config", config)?;
    Ok(terms1(js(c.force(&body1(body)?, &target1(target)?, dt))?))
}

/// The force (N) that lands a 1-D body on `target_x` (m) next step.
#[wasm_bindgen(js_name = oneStepForce)]
pub fn one_step_force_js(body: &[f64], target_x: f64, dt: f64) -> Result<Vec<f64>, JsError> {
    let f = js(one_step_force(&body1(body)?, target_x, dt))?;
    Ok(terms1(Terms::sum(f, 0.0, 0.0, 0.0)))
}

/// Article 002's printed one-step force (N), which divides by `dt` once too few.
#[wasm_bindgen(js_name = oneStepForceAsPrinted)]
pub fn one_step_force_as_printed(
    body: &[f64],
    target_x: f64,
    dt: f64,
) -> Result<Vec<f64>, JsError> {
    let b = body1(body)?;
    let f = js(published::one_step_force_as_printed(
        b.mass, b.x, b.v, target_x, dt,
    ))?;
    Ok(terms1(Terms::sum(f, 0.0, 0.0, 0.0)))
}

/// The force (N, x and y) that lands a 2-D body on `target` `[x, y]` next step.
#[wasm_bindgen(js_name = oneStepForce2)]
pub fn one_step_force2_js(body: &[f64], target: &[f64], dt: f64) -> Result<Vec<f64>, JsError> {
    let f = js(one_step_force2(
        &body2(body)?,
        vec2_arg("target", target)?,
        dt,
    ))?;
    Ok(f.to_array().to_vec())
}

/// The torque (N m) that turns a 2-D body to `target_angle` (rad) next step.
#[wasm_bindgen(js_name = oneStepTorque2)]
pub fn one_step_torque2_js(body: &[f64], target_angle: f64, dt: f64) -> Result<f64, JsError> {
    js(one_step_torque2(&body2(body)?, target_angle, dt))
}

/// The force (N, xyz) that lands a 3-D body on `target` `[x, y, z]` next step.
#[wasm_bindgen(js_name = oneStepForce3)]
pub fn one_step_force3_js(body: &[f64], target: &[f64], dt: f64) -> Result<Vec<f64>, JsError> {
    let f = js(one_step_force3(
        &body3(body)?,
        vec3_arg("target", target)?,
        dt,
    ))?;
    Ok(f.to_array().to_vec())
}

/// The torque (N m, world xyz) that turns a 3-D body to `target` `[x, y, z, w]` next step.
#[wasm_bindgen(js_name = oneStepTorque3)]
pub fn one_step_torque3_js(body: &[f64], target: &[f64], dt: f64) -> Result<Vec<f64>, JsError> {
    let t = js(one_step_torque3(
        &body3(body)?,
        quat_arg("target", target)?,
        dt,
    ))?;
    Ok(only3(t))
}

/// Article 002's printed one-step torque (an impulse, inertia rotated the wrong way,
/// the long way round past 180 degrees).
#[wasm_bindgen(js_name = oneStepTorqueAsPrinted)]
pub fn one_step_torque_as_printed(
    body: &[f64],
    target: &[f64],
    dt: f64,
) -> Result<Vec<f64>, JsError> {
    let t = js(published::one_step_torque_as_printed(
        &body3(body)?,
        quat_arg("target", target)?,
        dt,
    ))?;
    Ok(only3(t))
}

/// Article 002's printed "stable torque PD" (it runs the forward gains) with Wu's
/// `frequency` and `damping`, toward orientation `target` `[x, y, z, w]`.
#[wasm_bindgen(js_name = stableTorquePdAsPrinted)]
pub fn stable_torque_pd_as_printed(
    frequency: f64,
    damping: f64,
    body: &[f64],
    target: &[f64],
    dt: f64,
) -> Result<Vec<f64>, JsError> {
    let t = js(published::stable_torque_pd_as_printed(
        frequency,
        damping,
        &body3(body)?,
        quat_arg("target", target)?,
        dt,
    ))?;
    Ok(only3(t))
}

/// Article 004's printed feed-forward torque (N m) for a body-frame angular
/// acceleration `alpha` `[x, y, z]` (it mixes world and body frames).
#[wasm_bindgen(js_name = submarineFeedForwardAsPrinted)]
pub fn submarine_feed_forward_as_printed(body: &[f64], alpha: &[f64]) -> Result<Vec<f64>, JsError> {
    let t = js(published::submarine_feed_forward_as_printed(
        &body3(body)?,
        vec3_arg("alpha", alpha)?,
    ))?;
    Ok(t.to_array().to_vec())
}
