//! Gain parameterisations for JavaScript (Wu's, Bloom's, natural frequency and damping,
//! half-life) and the damping ratio a law really has at its step: what the Lab's
//! settings convert with (the `lab` build).

use crate::catalogue::{integrator, linear_law};
use crate::error::js;
use forcelab::gain_forms::GainForm;
use forcelab::tuning::{self, Effective, Gains};
use wasm_bindgen::prelude::*;

fn gains(g: Gains) -> Vec<f64> {
    vec![g.kp, g.kd]
}

/// `[kp, kd]` (N/m, N s/m) that `values` (the fields of the gain form `form`, in order)
/// mean for `mass` kg (`forcelab::gain_forms::GainForm::to_raw`).
#[wasm_bindgen(js_name = gainFormToRaw)]
pub fn gain_form_to_raw(form: &str, values: Vec<f64>, mass: f64) -> Result<Vec<f64>, JsError> {
    let form = GainForm::parse(form).map_err(|e| JsError::new(&e))?;
    Ok(gains(js(form.to_raw(&values, mass))?))
}

/// The fields of the gain form `form` for the gains `kp`, `kd` on `mass` kg
/// (`forcelab::gain_forms::GainForm::from_raw`).
#[wasm_bindgen(js_name = gainFormFromRaw)]
pub fn gain_form_from_raw(form: &str, kp: f64, kd: f64, mass: f64) -> Result<Vec<f64>, JsError> {
    let form = GainForm::parse(form).map_err(|e| JsError::new(&e))?;
    js(form.from_raw(Gains { kp, kd }, mass))
}

/// `[kp, kd]` (N/m, N s/m) from Wu's `frequency` and `damping` for `mass` kg.
#[wasm_bindgen(js_name = gainsFromWu)]
pub fn gains_from_wu(frequency: f64, damping: f64, mass: f64) -> Result<Vec<f64>, JsError> {
    Ok(gains(js(tuning::from_wu(frequency, damping, mass))?))
}

/// `[kp, kd]` from Bloom's `k`, `d` and `timeScale` (s) for `mass` kg.
#[wasm_bindgen(js_name = gainsFromBloom)]
pub fn gains_from_bloom(k: f64, d: f64, time_scale: f64, mass: f64) -> Result<Vec<f64>, JsError> {
    Ok(gains(js(tuning::from_bloom(k, d, time_scale, mass))?))
}

/// `[kp, kd]` from a natural frequency (rad/s) and damping ratio for `mass` kg.
#[wasm_bindgen(js_name = gainsFromNatural)]
pub fn gains_from_natural(
    frequency: f64,
    damping_ratio: f64,
    mass: f64,
) -> Result<Vec<f64>, JsError> {
    Ok(gains(js(tuning::from_natural(
        frequency,
        damping_ratio,
        mass,
    ))?))
}

/// `[kp, kd]` of a critically damped spring whose error, released at rest, is half its
/// start after `halfLife` s (`forcelab::tuning::from_half_life`).
#[wasm_bindgen(js_name = gainsFromHalfLife)]
pub fn gains_from_half_life(half_life: f64, mass: f64) -> Result<Vec<f64>, JsError> {
    Ok(gains(js(tuning::from_half_life(half_life, mass))?))
}

/// The half-life (s) of `forcelab::tuning::from_half_life` with these gains' stiffness.
#[wasm_bindgen(js_name = gainsToHalfLife)]
pub fn gains_to_half_life(kp: f64, kd: f64, mass: f64) -> Result<f64, JsError> {
    js(tuning::to_half_life(Gains { kp, kd }, mass))
}

/// Bloom's time scale (s) at which these gains have `K = 1` (`tuning::bloom_time_scale`).
#[wasm_bindgen(js_name = bloomTimeScale)]
pub fn bloom_time_scale(kp: f64, kd: f64, mass: f64) -> Result<f64, JsError> {
    js(tuning::bloom_time_scale(Gains { kp, kd }, mass))
}

/// Wu's `[frequency, damping]` of the gains `kp`, `kd` for `mass` kg.
#[wasm_bindgen(js_name = gainsToWu)]
pub fn gains_to_wu(kp: f64, kd: f64, mass: f64) -> Result<Vec<f64>, JsError> {
    let (f, d) = js(tuning::to_wu(Gains { kp, kd }, mass))?;
    Ok(vec![f, d])
}

/// Bloom's `[k, d]` of the gains at `timeScale` s for `mass` kg.
#[wasm_bindgen(js_name = gainsToBloom)]
pub fn gains_to_bloom(kp: f64, kd: f64, time_scale: f64, mass: f64) -> Result<Vec<f64>, JsError> {
    let (k, d) = js(tuning::to_bloom(Gains { kp, kd }, time_scale, mass))?;
    Ok(vec![k, d])
}

/// `[naturalFrequency, dampingRatio]` (rad/s, unitless) of the continuous
/// spring-damper with these gains on `mass` kg.
#[wasm_bindgen(js_name = gainsToNatural)]
pub fn gains_to_natural(kp: f64, kd: f64, mass: f64) -> Result<Vec<f64>, JsError> {
    let e = js(Effective::continuous(Gains { kp, kd }, mass))?;
    Ok(vec![e.natural_frequency, e.damping_ratio])
}

/// `[naturalFrequency, dampingRatio]` that `law` (a linear law id) really has at raw
/// gains `kp`, `kd` on `mass` kg under `integrator` at step `dt`, or `undefined` when
/// the sampled loop has no continuous equivalent (unstable, or ringing at the step
/// rate).
#[wasm_bindgen(js_name = sampledEffective)]
pub fn sampled_effective(
    law: &str,
    integrator_id: &str,
    kp: f64,
    kd: f64,
    mass: f64,
    dt: f64,
) -> Result<Option<Vec<f64>>, JsError> {
    js(forcelab::error::positive("mass", mass))?;
    let e = js(tuning::sampled_effective(
        linear_law(law)?,
        integrator(integrator_id)?,
        kp / mass,
        kd / mass,
        dt,
    ))?;
    Ok(e.map(|e| vec![e.natural_frequency, e.damping_ratio]))
}

/// What a Lab card shows after an edit of its gain form, in one call: `[kp, kd]` (N/m,
/// N s/m) that the form's `values` mean on `mass` kg (as `gainFormToRaw`), then, when
/// `kp > 0`, the continuous `[naturalFrequency, dampingRatio]` (as `gainsToNatural`),
/// then, when `law` is linear and its loop sampled at `dt` under `integrator` has a
/// continuous equivalent, the `[naturalFrequency, dampingRatio]` it really has (as
/// `sampledEffective`). A slider edit crossed into wasm three times for these.
#[wasm_bindgen(js_name = gainReadout)]
pub fn gain_readout(
    form: &str,
    values: Vec<f64>,
    law: &str,
    integrator_id: &str,
    mass: f64,
    dt: f64,
) -> Result<Vec<f64>, JsError> {
    let raw = gain_form_to_raw(form, values, mass)?;
    let (kp, kd) = (raw[0], raw[1]);
    let mut out = raw;
    if kp > 0.0 {
        out.extend(gains_to_natural(kp, kd, mass)?);
        let linear = forcelab::catalogue::linear_laws()
            .into_iter()
            .any(|l| l.id() == law);
        if linear {
            out.extend(
                sampled_effective(law, integrator_id, kp, kd, mass, dt)?.unwrap_or_default(),
            );
        }
    }
    Ok(out)
}
