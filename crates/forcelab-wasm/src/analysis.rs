//! The analysis of the core, callable from JavaScript: step metrics, the stability
//! atlas and the convergence sweep (the `analysis` build, loaded by the chapters'
//! analysis figures only).

use crate::catalogue::{integrator, linear_law};
use crate::config::{from_js, to_js};
use crate::error::js;
use forcelab::analysis::{
    convergence_sweep, eigenvalues, one_step_matrix, Atlas, AtlasSpec, ConvergenceSpec,
    MetricsOptions, StepMetrics,
};
use wasm_bindgen::prelude::*;

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
