//! The analysis of the core, callable from JavaScript: step metrics, the stability
//! atlas and the convergence sweep (the `analysis` build, loaded by the chapters'
//! analysis figures only).

use crate::catalogue::{atlas_law, integrator, law, plant};
use crate::config::{from_js, to_js};
use crate::error::js;
use forcelab::analysis::{
    convergence_sweep, poles, Atlas, AtlasPoint, AtlasSpec, ConvergenceSpec, MetricsOptions,
    StepMetrics,
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
/// radii, stableFraction, stableLimit }`, radii row-major over `kp dt^2` (rows) and
/// `kd dt`; a cell is stable when its radius is at most `stableLimit`
/// (`analysis::STABLE_LIMIT`).
/// Spec `{ dt, min, max, points, integral }` (`integral`: the PIDs' slice, `ki dt^3`).
#[wasm_bindgen]
pub fn atlas(law: &str, integrator_id: &str, spec: JsValue) -> Result<JsValue, JsError> {
    let spec: AtlasSpec = from_js("spec", spec)?;
    let a = js(Atlas::compute(
        atlas_law(law)?,
        integrator(integrator_id)?,
        spec,
    ))?;
    #[derive(serde::Serialize)]
    #[serde(rename_all = "camelCase")]
    struct WithFraction<'a> {
        #[serde(flatten)]
        atlas: &'a Atlas,
        stable_fraction: f64,
        stable_limit: f64,
    }
    to_js(&WithFraction {
        stable_fraction: a.stable_fraction(),
        stable_limit: forcelab::analysis::STABLE_LIMIT,
        atlas: &a,
    })
}

/// The closed-loop poles of `law` under `integrator` at gains per unit mass `kp`
/// (1/s^2), `kd` (1/s), `ki` (1/s^3) and step `dt`, largest modulus first, flat:
/// `[re1, im1, re2, im2, ...]` (two for a memoryless law, more for a PID:
/// `forcelab::analysis::poles::of_law`).
#[wasm_bindgen(js_name = closedLoopPoles)]
pub fn closed_loop_poles(
    law: &str,
    integrator_id: &str,
    kp: f64,
    kd: f64,
    ki: f64,
    dt: f64,
) -> Result<Vec<f64>, JsError> {
    let poles = js(poles::of_law(
        atlas_law(law)?,
        integrator(integrator_id)?,
        kp,
        kd,
        ki,
        dt,
    ))?;
    Ok(poles.iter().flat_map(|z| [z.re, z.im]).collect())
}

/// The maps the atlas draws, in table order: `[{ law, integrator }]` (`Atlas::maps`).
#[wasm_bindgen(js_name = atlasMaps)]
pub fn atlas_maps() -> Result<JsValue, JsError> {
    #[derive(serde::Serialize)]
    struct Map {
        law: &'static str,
        integrator: &'static str,
    }
    let maps: Vec<Map> = Atlas::maps()
        .into_iter()
        .map(|(l, i)| Map {
            law: l.id(),
            integrator: i.id(),
        })
        .collect();
    to_js(&maps)
}

/// The stability map a Lab card shows (`forcelab::lab::CardMap`): `{ map, integral,
/// markers: [{ axis, kp, kd, ki, poles: [{ re, im }], radius }] }` for the card's `kind`
/// with raw gains `kp` N/m, `kd` N s/m, `ki` N/(m s) on `plant` (`mass` kg, `dt` s):
/// the atlas law whose map holds it, the PIDs' slice `ki dt^3` per unit mass, and its
/// points (one per principal axis of the box where they differ), gains per unit mass.
#[wasm_bindgen(js_name = cardMap)]
#[allow(clippy::too_many_arguments)]
pub fn card_map(
    plant_id: &str,
    kind: &str,
    integrator_id: &str,
    kp: f64,
    kd: f64,
    ki: f64,
    mass: f64,
    dt: f64,
) -> Result<JsValue, JsError> {
    let map = js(forcelab::lab::CardMap::of(
        plant(plant_id)?,
        law("kind", kind, &forcelab::catalogue::LawId::ALL)?,
        integrator(integrator_id)?,
        forcelab::lab::LawGains { kp, kd, ki },
        mass,
        dt,
    ))?;
    to_js(&map)
}

/// The laws without gains as points of the forward PD's map at step `dt` s, in table
/// order: `[{ law, integrator, map, point }]` with `map` the law whose map holds the point
/// (the forward PD) and `point` `{ kpDt2, kdDt, poles: [{ re, im }], radius }`, or
/// `{ law, integrator, map, refused }` (the law's own error, in words) where the law
/// refuses the integrator (`AtlasPoint`).
#[wasm_bindgen(js_name = atlasPoints)]
pub fn atlas_points(dt: f64) -> Result<JsValue, JsError> {
    #[derive(serde::Serialize)]
    struct Entry {
        law: &'static str,
        integrator: &'static str,
        map: &'static str,
        #[serde(skip_serializing_if = "Option::is_none")]
        point: Option<AtlasPoint>,
        #[serde(skip_serializing_if = "Option::is_none")]
        refused: Option<String>,
    }
    let entries: Vec<Entry> = AtlasPoint::all(dt)
        .into_iter()
        .map(|(law, integrator, point)| {
            let (point, refused) = match point {
                Ok(p) => (Some(p), None),
                Err(e) => (None, Some(e.to_string())),
            };
            Entry {
                law: law.id(),
                integrator: integrator.id(),
                map: AtlasPoint::MAP.id(),
                point,
                refused,
            }
        })
        .collect();
    to_js(&entries)
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
