//! `Lab`: two or more controllers in lockstep on identical bodies (a cube, a plate or a
//! box), with disturbances, a recorded trace read through typed-array views, and live
//! metrics. Built from one config object, the same one the page keeps in its URL.

use crate::config::{from_js, known_fields_only, to_js};
use crate::error::js;
use crate::views::f64s;
use forcelab::catalogue::LawId;
use forcelab::lab::{AnyLab, LabSpec, LawGains, LawOptions, LawSpec, SpecError, Trace};
use forcelab::Target1;
use js_sys::{Float64Array, Uint8Array};
use wasm_bindgen::prelude::*;

fn spec_error(e: SpecError) -> JsError {
    JsError::new(&e.to_string())
}

/// Controllers in lockstep on identical bodies. The trace grows by one row per step;
/// its series are read through views (`time()`, `x()`, ...), valid until the next call
/// into the module.
#[wasm_bindgen]
pub struct Lab {
    lab: AnyLab,
}

#[wasm_bindgen]
impl Lab {
    /// A Lab from its config object (see the module doc); every bad value is reported
    /// with its path, e.g. `config.controllers[1].kp must be ...`.
    #[wasm_bindgen(constructor)]
    pub fn new(config: JsValue) -> Result<Lab, JsError> {
        let controllers = js_sys::Reflect::get(&config, &"controllers".into()).unwrap_or_default();
        if js_sys::Array::is_array(&controllers) {
            let template = to_js(&LawSpec {
                options: LawOptions::EVERY,
                ..LawSpec::default()
            })?;
            for (i, law) in js_sys::Array::from(&controllers).iter().enumerate() {
                known_fields_only(&format!("config.controllers[{i}]"), &law, &template)?;
            }
        }
        let spec: LabSpec = from_js("config", config)?;
        Ok(Lab {
            lab: spec.build().map_err(spec_error)?,
        })
    }

    /// The controller ids a plant offers, in menu order.
    #[wasm_bindgen(js_name = controllersFor)]
    pub fn controllers_for(plant: &str) -> Result<Vec<String>, JsError> {
        let plant = crate::catalogue::plant(plant)?;
        Ok(LawId::driving(plant)
            .into_iter()
            .map(|l| l.id().to_string())
            .collect())
    }

    /// Number of bodies (one per controller).
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.lab.len()
    }

    /// Values per body in `pose()`: 1 (cube: x), 3 (plate: x, y, angle) or 4 (box:
    /// quaternion x, y, z, w).
    #[wasm_bindgen(getter, js_name = poseSize)]
    pub fn pose_size(&self) -> usize {
        self.lab.pose_size()
    }

    /// Rows recorded (the start plus one per step).
    #[wasm_bindgen(getter)]
    pub fn rows(&self) -> usize {
        self.trace().time.len()
    }

    /// Simulated time, s.
    #[wasm_bindgen(getter)]
    pub fn time(&self) -> f64 {
        self.lab.time()
    }

    /// Advances every body by `steps` steps (at most 100,000 per call).
    pub fn step(&mut self, steps: u32) -> Result<(), JsError> {
        self.lab.step(steps).map_err(spec_error)
    }

    /// Back to the start; the same config replays the same trace bit for bit.
    pub fn reset(&mut self) {
        self.lab.reset();
    }

    /// Sets controller `index`'s gains live (kept by `reset`).
    #[wasm_bindgen(js_name = setGains)]
    pub fn set_gains(&mut self, index: usize, kp: f64, kd: f64, ki: f64) -> Result<(), JsError> {
        self.lab
            .set_gains(index, LawGains { kp, kd, ki })
            .map_err(spec_error)
    }

    /// Back to the start, then `steps` steps: a paused Lab's whole run again after an
    /// edit, in one call (`reset` then `step`).
    pub fn rerun(&mut self, steps: u32) -> Result<(), JsError> {
        self.reset();
        self.step(steps)
    }

    /// Everything a frame of the page draws, in one call: `{ rows, length, poseSize,
    /// series: { time, target, x, v, force, p, i, d, ff, pose }, diverged, failures }`,
    /// the series as views (see their getters; valid until the next call into the
    /// module), with `metrics` also `stepResponses` and with `hash` also `traceHash` (as
    /// their methods return them: the page asks for the metrics a few times a second while
    /// the run plays, and for both once it rests; the hash reads the whole trace, which a
    /// run in progress does not need).
    pub fn frame(&self, metrics: bool, hash: bool) -> Result<js_sys::Object, JsError> {
        // Everything that allocates in wasm memory comes first: a growth would detach
        // the views made below.
        let frame = js_sys::Object::new();
        let set = |key: &str, value: &JsValue| js_sys::Reflect::set(&frame, &key.into(), value);
        if metrics {
            set("stepResponses", &self.step_responses()?).ok();
        }
        if hash {
            set("traceHash", &self.trace_hash().into()).ok();
        }
        let failures: js_sys::Array = self.failures().into_iter().collect();
        set("failures", &failures).ok();
        set("diverged", &self.diverged()).ok();
        set("rows", &self.rows().into()).ok();
        set("length", &self.length().into()).ok();
        set("poseSize", &self.pose_size().into()).ok();
        let t = self.trace();
        let series = js_sys::Object::new();
        for (key, values) in [
            ("time", &t.time),
            ("target", &t.target),
            ("x", &t.x),
            ("v", &t.v),
            ("force", &t.force),
            ("p", &t.p),
            ("i", &t.i),
            ("d", &t.d),
            ("ff", &t.ff),
            ("pose", &t.pose),
        ] {
            js_sys::Reflect::set(&series, &key.into(), &f64s(values)).ok();
        }
        set("series", &series).ok();
        Ok(frame)
    }

    /// Moves the target to `x` (m, or rad) with rate `v`, from now on.
    #[wasm_bindgen(js_name = setTarget)]
    pub fn set_target(&mut self, x: f64, v: f64) -> Result<(), JsError> {
        js(self.lab.set_target(Target1 { x, v }))
    }

    fn trace(&self) -> &Trace {
        self.lab.trace()
    }

    /// View: time of each row, s.
    #[wasm_bindgen(js_name = timeSeries)]
    pub fn time_series(&self) -> Float64Array {
        f64s(&self.trace().time)
    }

    /// View: the target of each row (m, or rad).
    pub fn target(&self) -> Float64Array {
        f64s(&self.trace().target)
    }

    /// View: the response, row-major `[row * length + body]` (m, or rad).
    pub fn x(&self) -> Float64Array {
        f64s(&self.trace().x)
    }

    /// View: the response's rate, row-major.
    pub fn v(&self) -> Float64Array {
        f64s(&self.trace().v)
    }

    /// View: the force or torque along the response, row-major (N, or N m).
    pub fn force(&self) -> Float64Array {
        f64s(&self.trace().force)
    }

    /// View: proportional terms, row-major.
    pub fn p(&self) -> Float64Array {
        f64s(&self.trace().p)
    }

    /// View: integral terms, row-major.
    pub fn i(&self) -> Float64Array {
        f64s(&self.trace().i)
    }

    /// View: derivative terms, row-major.
    pub fn d(&self) -> Float64Array {
        f64s(&self.trace().d)
    }

    /// View: feed-forward terms, row-major.
    pub fn ff(&self) -> Float64Array {
        f64s(&self.trace().ff)
    }

    /// View: poses, `poseSize` values per body per row.
    pub fn pose(&self) -> Float64Array {
        f64s(&self.trace().pose)
    }

    /// 1 for each body that stopped (diverged or refused by its law), else 0 (a copy).
    pub fn diverged(&self) -> Uint8Array {
        let flags: Vec<u8> = self.lab.diverged().into_iter().map(u8::from).collect();
        Uint8Array::from(&flags[..])
    }

    /// Why each body stopped: a message, or `undefined` while it runs.
    pub fn failures(&self) -> Vec<JsValue> {
        self.lab
            .failures()
            .iter()
            .map(|f| match f {
                Some(e) => JsValue::from_str(&e.to_string()),
                None => JsValue::UNDEFINED,
            })
            .collect()
    }

    /// Step metrics of each body so far: `[{ riseTime, settlingTime,
    /// overshootPercent, steadyStateError, iae, peakEffort, diverged }]`.
    pub fn metrics(&self) -> Result<JsValue, JsError> {
        to_js(&self.lab.metrics())
    }

    /// Step metrics for each step of the target so far (one, or two once the run has
    /// passed a second target step), each over its own part of the run with its times
    /// from its step: `[{ at, from, to, metrics: [...] }]`.
    #[wasm_bindgen(js_name = stepResponses)]
    pub fn step_responses(&self) -> Result<JsValue, JsError> {
        to_js(&self.lab.step_responses())
    }

    /// A hash of every value of the trace so far (16 hex digits): equal traces give
    /// equal hashes, so a replay can be checked in one comparison.
    #[wasm_bindgen(js_name = traceHash)]
    pub fn trace_hash(&self) -> String {
        format!("{:016x}", self.trace().hash())
    }
}
