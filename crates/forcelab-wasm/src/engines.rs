//! The gain translator and the engine twin, callable from JavaScript. Conversion only:
//! the entries, knobs, settings (with their defaults and notes) and variants are the
//! core's (`forcelab::engines`).

use crate::config::{from_js, to_js};
use crate::engine_settings::settings;
use crate::error::js;
use forcelab::engines::settings::{SettingDef, Value};
use forcelab::engines::{self, Entry, Intent, Knob, Parameter, Prediction};
use forcelab::tuning::Effective;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The most steps one call may ask for.
const MAX_STEPS: usize = 100_000;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct KnobJs {
    name: &'static str,
    unit: &'static str,
    unit_angular: &'static str,
    positive: bool,
}

impl From<&Knob> for KnobJs {
    fn from(k: &Knob) -> Self {
        KnobJs {
            name: k.name,
            unit: k.unit.text(false),
            unit_angular: k.unit.text(true),
            positive: k.positive,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct VariantJs {
    name: &'static str,
    settings: Vec<(&'static str, Value)>,
    changed: Vec<&'static str>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct EntryJs {
    id: &'static str,
    engine: &'static str,
    engine_name: &'static str,
    api: &'static str,
    convention: &'static str,
    checked_against: &'static str,
    knobs: Vec<KnobJs>,
    settings: &'static [SettingDef],
    variants: Vec<VariantJs>,
}

/// Every engine API the translator writes for: `[{ id, engine, engineName, api,
/// convention, checkedAgainst, knobs: [{ name, unit, unitAngular, positive }],
/// settings: [{ key, label, kind: { type: "count" | "number" | "flag" | "choice", ... },
/// default, note }], variants: [{ name, settings: [[key, value]], changed }] }]`.
#[wasm_bindgen(js_name = engineCatalogue)]
pub fn engine_catalogue() -> Result<JsValue, JsError> {
    let out: Vec<EntryJs> = engines::entries()
        .iter()
        .map(|e| EntryJs {
            id: e.id,
            engine: e.engine.id(),
            engine_name: e.engine.name(),
            api: e.api,
            convention: e.convention,
            checked_against: e.engine.checked_against(),
            knobs: e.knobs.iter().map(KnobJs::from).collect(),
            settings: e.default_settings().defs(),
            variants: e
                .variants()
                .into_iter()
                .map(|(name, s)| VariantJs {
                    name,
                    settings: s.values(),
                    changed: s.changed(),
                })
                .collect(),
        })
        .collect();
    to_js(&out)
}

/// The engine API `id`; an unknown one is named with the choices.
fn entry(id: &str) -> Result<&'static Entry, JsError> {
    engines::entry(id).ok_or_else(|| {
        let known = engines::entries().iter().map(|e| e.id);
        JsError::new(&forcelab::error::not_one_of("id", id, known))
    })
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct EffectiveJs {
    /// Hz.
    frequency: f64,
    damping_ratio: f64,
}

fn effective_js(e: Option<Effective>) -> Option<EffectiveJs> {
    e.map(|e| EffectiveJs {
        frequency: e.natural_frequency / core::f64::consts::TAU,
        damping_ratio: e.damping_ratio,
    })
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TwinJs {
    id: &'static str,
    settings: Vec<(&'static str, Value)>,
    changed: Vec<&'static str>,
    parameters: Vec<Parameter>,
    effective: Option<EffectiveJs>,
    predicted: Prediction,
    /// The prediction's step response as the tuner reads it (settle, overshoot, ...).
    predicted_response: forcelab::design::Response,
    discrete_exact: Option<Vec<Parameter>>,
    discrete_exact_error: Option<String>,
    exact_effective: Option<EffectiveJs>,
    predicted_exact: Option<Prediction>,
    /// The continuous spring-damper at the same instants, (k + 1) dt.
    ideal: Vec<f64>,
}

/// The twin of entry `id` for `intent` (`{ frequency (Hz), dampingRatio, mass (kg or
/// kg m^2), dt (s), angular }`) under `settings` (`{ key: value }`, the entry's
/// defaults for the rest) over `steps` steps: `{ id, settings, changed, parameters,
/// effective: { frequency (Hz), dampingRatio } | null, predicted: { positions,
/// asleepAfter, cappedSteps, resetAfter, divergedAfter }, predictedResponse: { settle,
/// rise, overshoot, peakEffort, error, diverged }, discreteExact,
/// discreteExactError, exactEffective, predictedExact, ideal }`.
#[wasm_bindgen(js_name = engineTwin)]
pub fn engine_twin(
    id: &str,
    intent: JsValue,
    settings_value: JsValue,
    steps: usize,
) -> Result<JsValue, JsError> {
    let entry = entry(id)?;
    let intent: Intent = from_js("intent", intent)?;
    js(intent.validate())?;
    if steps > MAX_STEPS {
        return Err(JsError::new(&format!(
            "steps must be at most {MAX_STEPS}, got {steps}"
        )));
    }
    let s = settings(entry, &settings_value)?;
    let report = js(engines::report(entry, &intent, "custom", &s, steps))?;
    let (discrete_exact, discrete_exact_error) = match report.discrete_exact {
        Ok(p) => (Some(p), None),
        Err(why) => (None, Some(why)),
    };
    to_js(&TwinJs {
        id: entry.id,
        settings: s.values(),
        changed: report.changed,
        parameters: report.parameters,
        effective: effective_js(report.effective),
        predicted_response: forcelab::design::engine::predicted_response(
            &report.predicted,
            intent.mass,
            intent.dt,
        ),
        predicted: report.predicted,
        discrete_exact,
        discrete_exact_error,
        exact_effective: effective_js(report.exact_effective),
        predicted_exact: report.predicted_exact,
        ideal: (1..=steps)
            .map(|k| intent.ideal(k as f64 * intent.dt))
            .collect(),
    })
}

/// The gain translator: `intent` written for every engine API by its documentation's
/// formula (`[{ id, engine, api, parameters: [{ name, value, unit }], convention, kp,
/// kd }]`).
#[wasm_bindgen(js_name = translateGains)]
pub fn translate_gains(intent: JsValue) -> Result<JsValue, JsError> {
    let intent: Intent = from_js("intent", intent)?;
    to_js(&js(engines::translate(&intent))?)
}
