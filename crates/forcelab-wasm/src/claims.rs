//! Every claim of the articles measured by the core, for JavaScript. The site reads the
//! native run from `web/src/core/claims.json` (no page downloads the claims' code);
//! this binding is in the full build, where `claims.test.ts` measures them again in
//! wasm and holds the two equal.

use crate::config::to_js;
use wasm_bindgen::prelude::*;

/// Every claim of the five articles with the figure the core measures and its
/// verdict: `[{ id, article, chapter, preset, claim, figure, unit, integrator, verdict,
/// conditions }]`.
#[wasm_bindgen]
pub fn claims() -> Result<JsValue, JsError> {
    to_js(&forcelab::claims::all_claims())
}

/// The tuner's race of the laws (`forcelab::design::race` under `RULES`): `{ rules: {
/// mass, dt, overshoot, maxEffort }, rows: [{ law, unlimited, budget }] }`, each best `{
/// feasible, gains: { kp, kd, ki }, response: { settle, rise, overshoot, peakEffort,
/// error, diverged } }`. Chapter 9 reads the native run (`web/src/core/race.json`).
#[wasm_bindgen]
pub fn race() -> Result<JsValue, JsError> {
    let race = forcelab::design::race(&forcelab::design::RULES).map_err(|e| JsError::new(&e.0))?;
    to_js(&race)
}
