//! Bring your trace (issue 47), callable from JavaScript. Conversion only: reading the
//! trace, what it amounts to, the explanations, their runs, what to set instead and the
//! code to paste are the core's (`forcelab::user_trace`).

use crate::config::{from_js, to_js};
use crate::error::js;
use forcelab::engines::{Engine, Parameter};
use forcelab::user_trace::{
    amounts_to, as_code, differences, explain, instead, read, replay, Match, TraceEvent,
    TRACE_EXAMPLE,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use wasm_bindgen::prelude::*;

/// The spring the reader wanted: natural frequency, Hz, and damping ratio.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
struct Want {
    frequency: f64,
    damping_ratio: f64,
}

/// What the panel asks: `{ engine, mass, target, parameters, want, replays }`.
#[derive(Debug, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
struct TraceOptions {
    /// An engine's id, or null for what the trace amounts to alone.
    engine: Option<String>,
    /// The body's mass, kg (kg m^2 for a turn).
    mass: f64,
    /// The target, or null to read it from the trace.
    target: Option<f64>,
    /// The numbers the reader set, by the engine's names, or null to fit them.
    parameters: Option<BTreeMap<String, f64>>,
    /// The spring wanted, or null.
    want: Option<Want>,
    /// How many of the best matches come with their run, code and fix.
    replays: usize,
}

impl Default for TraceOptions {
    fn default() -> Self {
        TraceOptions {
            engine: None,
            mass: 1.0,
            target: None,
            parameters: None,
            want: None,
            replays: 5,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct EventJs {
    kind: &'static str,
    at: Option<f64>,
    left: Option<f64>,
    speed: Option<f64>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MatchJs {
    id: &'static str,
    variant: &'static str,
    api: String,
    /// The settings in words: "its default settings", "sub-steps-1 (subStepCount
    /// changed)", or a Lab law's integrator.
    settings: String,
    /// One sentence per setting changed from the defaults: what it is and what it does.
    differences: Vec<String>,
    changed: Vec<&'static str>,
    parameters: Vec<Parameter>,
    rms_error: f64,
    max_error: f64,
    exact: bool,
    /// The match's run at the trace's samples (the first `replays` matches only).
    run: Option<Vec<f64>>,
    /// The numbers as code to paste (the first `replays` only).
    code: Option<String>,
    instead: Option<Vec<Parameter>>,
    instead_refused: Option<String>,
    instead_code: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ExplainedJs {
    time: Vec<f64>,
    position: Vec<f64>,
    dt: f64,
    read_as: String,
    angular: bool,
    uneven_step: Option<f64>,
    skipped_lines: usize,
    start: f64,
    end: f64,
    target: f64,
    frequency: Option<f64>,
    frequency_error: Option<f64>,
    damping_ratio: Option<f64>,
    damping_ratio_error: Option<f64>,
    fit_residual: Option<f64>,
    settle: Option<f64>,
    overshoot: f64,
    events: Vec<EventJs>,
    /// The fitted spring at each sample (what the residual plot subtracts).
    spring: Option<Vec<f64>>,
    matches: Vec<MatchJs>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct EngineJs {
    id: &'static str,
    name: &'static str,
}

/// The engines a trace can be explained by: `[{ id, name }]` (`forcelab::engines::Engine`).
#[wasm_bindgen(js_name = traceEngines)]
pub fn trace_engines() -> Result<JsValue, JsError> {
    to_js(
        &Engine::ALL
            .iter()
            .map(|e| EngineJs {
                id: e.id(),
                name: e.name(),
            })
            .collect::<Vec<_>>(),
    )
}

/// The panel's first trace and what to ask of it: `{ text, engine, mass, want: {
/// frequency, dampingRatio } }` (`forcelab::user_trace::TRACE_EXAMPLE`).
#[wasm_bindgen(js_name = traceExample)]
pub fn trace_example() -> Result<JsValue, JsError> {
    let x = TRACE_EXAMPLE;
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct ExampleJs {
        text: String,
        engine: &'static str,
        mass: f64,
        want: Want,
    }
    to_js(&ExampleJs {
        text: x.text(),
        engine: x.engine,
        mass: x.mass,
        want: Want {
            frequency: x.want.0,
            damping_ratio: x.want.1,
        },
    })
}

fn settings_of(m: &Match) -> String {
    if forcelab::engines::entry(m.id).is_none() {
        return forcelab::integrator::Integrator::from_id(m.variant)
            .map_or(m.variant.to_string(), |i| i.label().to_string());
    }
    if m.changed.is_empty() {
        return if m.variant == "default" {
            "its default settings".into()
        } else {
            format!("{} (the defaults)", m.variant)
        };
    }
    format!("{} ({} changed)", m.variant, m.changed.join(", "))
}

fn api_of(m: &Match) -> String {
    forcelab::engines::entry(m.id).map_or_else(
        || {
            forcelab::catalogue::LawId::from_id(m.id).map_or(m.id.to_string(), |l| {
                format!("forcelab's {}", l.law().label)
            })
        },
        |e| e.api.to_string(),
    )
}

/// Reads `text` (CSV, JSON, Unity's or Godot's log lines) and says what it amounts to;
/// with `options.engine`, which of that engine's drives and settings (or, for
/// `"forcelab"`, which of the Lab's laws and integrators) explain it, best first, the
/// first `options.replays` with their run, their code and what to set for
/// `options.want`. A bad line is refused naming its number and text; a bad option by
/// its field.
#[wasm_bindgen(js_name = explainTrace)]
pub fn explain_trace(text: &str, options: JsValue) -> Result<JsValue, JsError> {
    let o: TraceOptions = from_js("options", options)?;
    js(forcelab::error::positive("mass", o.mass))?;
    if let Some(t) = o.target {
        js(forcelab::error::finite("target", t))?;
    }
    let trace = read(text).map_err(|e| JsError::new(&e.to_string()))?;
    let summary = amounts_to(&trace, o.target);
    let engine = match o.engine.as_deref() {
        None | Some("") => None,
        Some(id) => Some(*Engine::ALL.iter().find(|e| e.id() == id).ok_or_else(|| {
            JsError::new(&format!(
                "engine must be one of {}, got {:?}",
                Engine::ALL.map(|e| e.id()).join(", "),
                id.chars().take(40).collect::<String>()
            ))
        })?),
    };
    let named: Option<Vec<(&str, f64)>> = o
        .parameters
        .as_ref()
        .map(|p| p.iter().map(|(k, v)| (k.as_str(), *v)).collect());
    let matches = match engine {
        Some(e) => js(explain(
            &trace,
            e,
            o.mass,
            trace.angular,
            o.target,
            named.as_deref(),
        ))?,
        None => Vec::new(),
    };
    let matches = matches
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let shown = i < o.replays;
            let fix = o.want.filter(|_| shown).map(|w| {
                instead(
                    m,
                    w.frequency,
                    w.damping_ratio,
                    o.mass,
                    trace.angular,
                    trace.dt,
                )
                .map_err(|e| e.to_string())
            });
            let (instead, instead_refused) = match fix {
                Some(Ok(p)) => (Some(p), None),
                Some(Err(why)) => (None, Some(why)),
                None => (None, None),
            };
            let instead_code = match (&instead, o.want) {
                (Some(p), Some(w)) => Some(as_code(
                    m,
                    p,
                    &format!(
                        "the numbers for {} Hz at damping ratio {}",
                        w.frequency, w.damping_ratio
                    ),
                )),
                _ => None,
            };
            MatchJs {
                id: m.id,
                variant: m.variant,
                api: api_of(m),
                settings: settings_of(m),
                differences: differences(m),
                changed: m.changed.clone(),
                parameters: m.parameters.clone(),
                rms_error: m.rms_error,
                max_error: m.max_error,
                exact: m.exact,
                run: shown
                    .then(|| replay(&trace, m, o.mass, trace.angular, o.target).ok())
                    .flatten(),
                code: shown
                    .then(|| as_code(m, &m.parameters, "the numbers that explain the trace")),
                instead,
                instead_refused,
                instead_code,
            }
        })
        .collect();
    let events = summary
        .events
        .iter()
        .map(|e| match *e {
            TraceEvent::Stopped { at, left } => EventJs {
                kind: "stopped",
                at: Some(at),
                left: Some(left),
                speed: None,
            },
            TraceEvent::SpeedCap { speed } => EventJs {
                kind: "speedCap",
                at: None,
                left: None,
                speed: Some(speed),
            },
            TraceEvent::Diverged { at } => EventJs {
                kind: "diverged",
                at: Some(at),
                left: None,
                speed: None,
            },
        })
        .collect();
    let tau = core::f64::consts::TAU;
    to_js(&ExplainedJs {
        spring: summary
            .spring
            .map(|s| trace.time.iter().map(|t| s.at(*t)).collect()),
        time: trace.time.clone(),
        position: trace.position.clone(),
        dt: trace.dt,
        read_as: trace.read_as.clone(),
        angular: trace.angular,
        uneven_step: trace.uneven_step,
        skipped_lines: trace.skipped_lines,
        start: summary.start,
        end: summary.end,
        target: summary.target,
        frequency: summary.frequency,
        frequency_error: summary.spring.map(|s| s.natural_frequency_error / tau),
        damping_ratio: summary.damping_ratio,
        damping_ratio_error: summary.spring.map(|s| s.damping_ratio_error),
        fit_residual: summary.fit_residual,
        settle: summary.settle,
        overshoot: summary.overshoot_percent,
        events,
        matches,
    })
}
