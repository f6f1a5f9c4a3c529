//! The analysis and tuning of the core, callable from JavaScript: step metrics, the
//! stability atlas, the claims table, gain parameterisations and the damping ratio a
//! law really has.

use crate::config::{from_js, to_js};
use crate::error::js;
use forcelab::analysis::{
    convergence_sweep, eigenvalues, one_step_matrix, Atlas, AtlasSpec, ConvergenceSpec,
    MetricsOptions, StepMetrics,
};
use forcelab::catalogue::{linear_laws, LawId};
use forcelab::tuning::{self, Effective, Gains};
use forcelab::Integrator;
use wasm_bindgen::prelude::*;

/// The atlas law with id `id`: one of the core's linear laws
/// (`forcelab::catalogue::linear_laws`), or an error naming `law` and the choices.
pub fn linear_law(id: &str) -> Result<LawId, JsError> {
    crate::catalogue::law("law", id, &linear_laws())
}

/// The integrator with id `id` (`"semi-implicit-euler"`, `"explicit-euler"`, `"rk4"`).
pub fn integrator(id: &str) -> Result<Integrator, JsError> {
    Integrator::parse(id).map_err(|e| JsError::new(&e))
}

/// Step-response metrics (`{ riseTime, settlingTime, overshootPercent,
/// steadyStateError, iae, peakEffort, diverged }`, times in s) of `values` sampled at
/// `times`, from `start` to `target`, with `effort` the force at each sample (may be
/// empty). Options `{ settlingBand, divergenceLimit }`.
#[wasm_bindgen(js_name = stepMetrics)]
pub fn step_metrics(
    times: &[f64],
    values: &[f64],
    effort: &[f64],
    start: f64,
    target: f64,
    options: JsValue,
) -> Result<JsValue, JsError> {
    let options: MetricsOptions = from_js("options", options)?;
    to_js(&js(StepMetrics::of(
        times, values, effort, start, target, options,
    ))?)
}

/// The stability atlas of `law` under `integrator`: `{ law, integrator, spec, axis,
/// radii, stableFraction }`, radii row-major over `kp dt^2` (rows) and `kd dt`.
/// Spec `{ dt, min, max, points }`.
#[wasm_bindgen]
pub fn atlas(law: &str, integrator_id: &str, spec: JsValue) -> Result<JsValue, JsError> {
    let spec: AtlasSpec = from_js("spec", spec)?;
    let a = js(Atlas::compute(
        linear_law(law)?,
        integrator(integrator_id)?,
        spec,
    ))?;
    #[derive(serde::Serialize)]
    #[serde(rename_all = "camelCase")]
    struct WithFraction<'a> {
        #[serde(flatten)]
        atlas: &'a Atlas,
        stable_fraction: f64,
    }
    to_js(&WithFraction {
        stable_fraction: a.stable_fraction(),
        atlas: &a,
    })
}

/// The eigenvalues of `law`'s one-step map at raw gains per unit mass `kp`, `kd` and
/// step `dt`: `[re1, im1, re2, im2, spectralRadius]`.
#[wasm_bindgen(js_name = oneStepEigenvalues)]
pub fn one_step_eigenvalues(
    law: &str,
    integrator_id: &str,
    kp: f64,
    kd: f64,
    dt: f64,
) -> Result<Vec<f64>, JsError> {
    js(forcelab::error::non_negative("kp", kp))?;
    js(forcelab::error::non_negative("kd", kd))?;
    js(forcelab::error::positive("dt", dt))?;
    let m = js(one_step_matrix(
        linear_law(law)?,
        integrator(integrator_id)?,
        kp,
        kd,
        dt,
    ))?;
    let [a, b] = eigenvalues(m);
    Ok(vec![a.re, a.im, b.re, b.im, a.abs().max(b.abs())])
}

/// Every claim of the five articles with the figure the core measures and its
/// verdict: `[{ id, article, chapter, preset, claim, figure, unit, integrator, verdict,
/// conditions }]`.
#[wasm_bindgen]
pub fn claims() -> Result<JsValue, JsError> {
    to_js(&forcelab::claims::all_claims())
}

/// The atlas grid the chapter draws, `AtlasSpec::default()`: `{ dt, min, max, points }`.
#[wasm_bindgen(js_name = atlasDefaultSpec)]
pub fn atlas_default_spec() -> Result<JsValue, JsError> {
    to_js(&AtlasSpec::default())
}

/// Article 003's sweep as the chapter draws it, `ConvergenceSpec::default()`:
/// `{ distances, timeScales, dt, minVelocity, maxTime }`.
#[wasm_bindgen(js_name = convergenceDefaultSpec)]
pub fn convergence_default_spec() -> Result<JsValue, JsError> {
    to_js(&ConvergenceSpec::default())
}

/// Article 003's graph: time for Bloom's PD to land, per start distance and time
/// scale: `[{ distance, points: [[timeScale, seconds | null]] }]`. Spec
/// `{ distances, timeScales, dt, minVelocity, maxTime }`.
#[wasm_bindgen(js_name = convergenceSweep)]
pub fn convergence_sweep_js(spec: JsValue) -> Result<JsValue, JsError> {
    let spec: ConvergenceSpec = from_js("spec", spec)?;
    to_js(&js(convergence_sweep(&spec))?)
}

fn gains(g: Gains) -> Vec<f64> {
    vec![g.kp, g.kd]
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
