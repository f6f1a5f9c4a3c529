//! The tuner for JavaScript (`forcelab::design`): a wish about the response to a target
//! step, in, gains with their predicted response, margins and poles (or the nearest
//! wish and the binding requirement), out. A build of its own (`design`), which the
//! Lab's "Tune for me" loads the first time a reader asks it.

use crate::config::{from_js, from_js_known, to_js};
use crate::engine_settings::settings;
use forcelab::design::{DesignRequest, DesignSpec};
use forcelab::lab::LawOptions;
use wasm_bindgen::prelude::*;

/// A tuning request read and checked: every field known (a law's options among them).
fn design_spec(request: JsValue) -> Result<DesignSpec, JsError> {
    let known = DesignRequest {
        options: LawOptions::EVERY,
        ..DesignRequest::default()
    };
    let request: DesignRequest = from_js_known("request", request, &known)?;
    request.to_spec().map_err(|e| JsError::new(&e.0))
}

/// Tunes a law for a wish: `request` is `{ plant, law, options, mass, dt, integrator, load, duration,
/// requirements: { settle, rise, overshoot, maxEffort, maxError }, robustness: {
/// massFactors: [low, high], stepRange } }` (every field optional); the answer is `{
/// feasible, gains: { kp, kd, ki }, predicted: { settle, rise, overshoot, peakEffort,
/// error, diverged }, margins, poles, nearest, binding, evaluated }`. A bad field is
/// refused by name.
#[wasm_bindgen]
pub fn tune(request: JsValue) -> Result<JsValue, JsError> {
    let spec = design_spec(request)?;
    to_js(&forcelab::design::tune(&spec).map_err(|e| JsError::new(&e.0))?)
}

/// Tune for me, for an engine: `request` is `{ engine, mass, dt, angular, duration,
/// requirements: { settle, rise, overshoot, maxEffort, maxError }, robustness,
/// objective }` (every field optional), run under `settings_value` (`{ key: value }`,
/// the entry's defaults for the rest); the answer is `{ id, api, feasible, frequency
/// (Hz), dampingRatio, parameters: [{ name, value, unit }], predicted: { settle, rise,
/// overshoot, peakEffort, error, diverged }, margins, nearest, binding, evaluated }`.
/// A bad field is refused by name.
#[wasm_bindgen(js_name = tuneEngine)]
pub fn tune_engine(request: JsValue, settings_value: JsValue) -> Result<JsValue, JsError> {
    let request: forcelab::design::EngineRequest = from_js("request", request)?;
    let mut spec = request.to_spec().map_err(|e| JsError::new(&e.0))?;
    spec.settings = settings(spec.entry, &settings_value)?;
    to_js(&forcelab::design::tune_engine(&spec).map_err(|e| JsError::new(&e.0))?)
}

/// Where a wish can be met around some gains (`forcelab::design::region`): `request` as
/// for `tune`, `around` `{ kp, kd, ki }`, kp and kd each from `1 / span` to `span`
/// times theirs, `cells` per side; the answer is `{ kp: [..], kd: [..], ki, cells:
/// ["diverges" | "misses" | "meets", ...] }` row by row from the smallest kd. A bad field
/// is refused by name.
#[wasm_bindgen(js_name = tuneRegion)]
pub fn tune_region(
    request: JsValue,
    around: JsValue,
    span: f64,
    cells: usize,
) -> Result<JsValue, JsError> {
    let spec = design_spec(request)?;
    let around: forcelab::lab::LawGains = from_js("around", around)?;
    let region =
        forcelab::design::region(&spec, around, span, cells).map_err(|e| JsError::new(&e.0))?;
    to_js(&region)
}
