//! `Lab`: two or more controllers in lockstep on identical bodies (a cube, a plate or a
//! box), with disturbances, a recorded trace read through typed-array views, and live
//! metrics. Built from one config object, the same one the page keeps in its URL.

use crate::config::{from_js, known_fields_only, to_js};
use crate::error::js;
use crate::views::f64s;
use forcelab::catalogue::{LawId, PlantId};
use forcelab::lab::{
    BoxPlant, CubePlant, Disturbances, Lab as CoreLab, LawGains, PlanarPlant, Plant, Trace,
};
use forcelab::{Error, Target1};
use js_sys::{Float64Array, Uint8Array};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

/// One controller of the Lab: its law id and raw gains (those of the cube).
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
struct LawConfig {
    kind: String,
    #[serde(default)]
    kp: f64,
    #[serde(default)]
    kd: f64,
    #[serde(default)]
    ki: f64,
}

/// The Lab's config: `{ plant: "cube" | "plate" | "box", mass, dt, integrator,
/// controllers: [{ kind, kp, kd, ki }], disturbances: { targetStart, targetStep:
/// [time, to] | null, targetVelocity, sideswipe: [time, impulse] | null,
/// constantForce, noise, seed, dtSpike: [time, factor] | null } }`.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
struct LabConfig {
    plant: String,
    mass: f64,
    dt: f64,
    integrator: String,
    controllers: Vec<LawConfig>,
    disturbances: Disturbances,
}

impl Default for LabConfig {
    fn default() -> Self {
        LabConfig {
            plant: "cube".into(),
            mass: 1.0,
            dt: 1.0 / 60.0,
            integrator: "semi-implicit-euler".into(),
            controllers: Vec::new(),
            disturbances: Disturbances::default(),
        }
    }
}

enum Any {
    Cube(Box<CoreLab<CubePlant>>),
    Plate(Box<CoreLab<PlanarPlant>>),
    Box(Box<CoreLab<BoxPlant>>),
}

macro_rules! each {
    ($self:expr, $lab:ident => $e:expr) => {
        match $self {
            Any::Cube($lab) => $e,
            Any::Plate($lab) => $e,
            Any::Box($lab) => $e,
        }
    };
}

/// The most controllers one Lab runs side by side (four, each with its as-printed twin).
pub const MAX_CONTROLLERS: usize = 8;

fn gains(c: &LawConfig) -> LawGains {
    LawGains {
        kp: c.kp,
        kd: c.kd,
        ki: c.ki,
    }
}

fn at(index: usize, e: Error) -> JsError {
    JsError::new(&format!("controllers[{index}].{e}"))
}

/// The configs' laws, each one that drives `plant`, or an error naming
/// `controllers[i].kind`, the value and the plant's laws.
fn kinds(cs: &[LawConfig], plant: PlantId) -> Result<Vec<(LawId, LawGains)>, JsError> {
    let allowed = LawId::driving(plant);
    cs.iter()
        .enumerate()
        .map(|(i, c)| {
            LawId::parse("kind", &c.kind, &allowed)
                .map(|kind| (kind, gains(c)))
                .map_err(|e| JsError::new(&format!("controllers[{i}].{e} (on the {})", plant.id())))
        })
        .collect()
}

fn build<P: Plant>(
    plant: P,
    slots: Result<Vec<P::Slot>, Error>,
    dt: f64,
    d: Disturbances,
) -> Result<CoreLab<P>, JsError> {
    // The slot builders stop at the first bad law; its index is not known here, so
    // the message names the field and value the core reports.
    let slots = slots.map_err(|e| JsError::new(&format!("controllers: {e}")))?;
    js(CoreLab::with_plant(plant, slots, dt, d))
}

/// Controllers in lockstep on identical bodies. The trace grows by one row per step;
/// its series are read through views (`time()`, `x()`, ...), valid until the next call
/// into the module.
#[wasm_bindgen]
pub struct Lab {
    lab: Any,
}

#[wasm_bindgen]
impl Lab {
    /// A Lab from its config object (see the module doc); every bad value is reported
    /// with its path, e.g. `config.controllers[1].kp must be ...`.
    #[wasm_bindgen(constructor)]
    pub fn new(config: JsValue) -> Result<Lab, JsError> {
        let controllers = js_sys::Reflect::get(&config, &"controllers".into()).unwrap_or_default();
        if js_sys::Array::is_array(&controllers) {
            let template = to_js(&LawConfig::default())?;
            for (i, law) in js_sys::Array::from(&controllers).iter().enumerate() {
                known_fields_only(&format!("config.controllers[{i}]"), &law, &template)?;
            }
        }
        let c: LabConfig = from_js("config", config)?;
        if c.controllers.len() > MAX_CONTROLLERS {
            return Err(JsError::new(&format!(
                "controllers must hold at most {MAX_CONTROLLERS} entries, got {}",
                c.controllers.len()
            )));
        }
        for (i, law) in c.controllers.iter().enumerate() {
            for (field, v) in [("kp", law.kp), ("kd", law.kd), ("ki", law.ki)] {
                forcelab::error::non_negative(field, v).map_err(|e| at(i, e))?;
            }
        }
        let integrator = crate::analysis::integrator(&c.integrator)?;
        let d = c.disturbances;
        let plant = crate::catalogue::plant(&c.plant)?;
        let laws = kinds(&c.controllers, plant)?;
        let lab = match plant {
            PlantId::Cube => {
                let plant = js(CubePlant::new(c.mass, integrator))?;
                Any::Cube(Box::new(build(plant, plant.slots_of(&laws), c.dt, d)?))
            }
            PlantId::Plate => {
                let plant = js(PlanarPlant::new(c.mass, integrator))?;
                Any::Plate(Box::new(build(plant, plant.slots_of(&laws), c.dt, d)?))
            }
            PlantId::Box => {
                let plant = js(BoxPlant::new(c.mass, integrator))?;
                Any::Box(Box::new(build(plant, plant.slots_of(&laws), c.dt, d)?))
            }
        };
        Ok(Lab { lab })
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
        each!(&self.lab, l => l.len())
    }

    /// Values per body in `pose()`: 1 (cube: x), 3 (plate: x, y, angle) or 4 (box:
    /// quaternion x, y, z, w).
    #[wasm_bindgen(getter, js_name = poseSize)]
    pub fn pose_size(&self) -> usize {
        match &self.lab {
            Any::Cube(_) => CubePlant::POSE,
            Any::Plate(_) => PlanarPlant::POSE,
            Any::Box(_) => BoxPlant::POSE,
        }
    }

    /// Rows recorded (the start plus one per step).
    #[wasm_bindgen(getter)]
    pub fn rows(&self) -> usize {
        self.trace().time.len()
    }

    /// Simulated time, s.
    #[wasm_bindgen(getter)]
    pub fn time(&self) -> f64 {
        each!(&self.lab, l => l.time())
    }

    /// Advances every body by `steps` steps (at most 100,000 per call).
    pub fn step(&mut self, steps: u32) -> Result<(), JsError> {
        if steps > 100_000 {
            return Err(JsError::new(&format!(
                "steps must be at most 100000 per call, got {steps}"
            )));
        }
        each!(&mut self.lab, l => l.step(steps));
        Ok(())
    }

    /// Back to the start; the same config replays the same trace bit for bit.
    pub fn reset(&mut self) {
        each!(&mut self.lab, l => l.reset());
    }

    /// Sets controller `index`'s gains live (kept by `reset`).
    #[wasm_bindgen(js_name = setGains)]
    pub fn set_gains(&mut self, index: usize, kp: f64, kd: f64, ki: f64) -> Result<(), JsError> {
        let g = LawGains { kp, kd, ki };
        each!(&mut self.lab, l => l.set_gains(index, g)).map_err(|e| at(index, e))
    }

    /// Moves the target to `x` (m, or rad) with rate `v`, from now on.
    #[wasm_bindgen(js_name = setTarget)]
    pub fn set_target(&mut self, x: f64, v: f64) -> Result<(), JsError> {
        js(each!(&mut self.lab, l => l.set_target(Target1 { x, v })))
    }

    fn trace(&self) -> &Trace {
        each!(&self.lab, l => l.trace())
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
        let flags: Vec<u8> = each!(&self.lab, l => l.diverged())
            .into_iter()
            .map(u8::from)
            .collect();
        Uint8Array::from(&flags[..])
    }

    /// Why each body stopped: a message, or `undefined` while it runs.
    pub fn failures(&self) -> Vec<JsValue> {
        each!(&self.lab, l => l.failures())
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
        to_js(&each!(&self.lab, l => l.metrics()))
    }

    /// A hash of every value of the trace so far (16 hex digits): equal traces give
    /// equal hashes, so a replay can be checked in one comparison.
    #[wasm_bindgen(js_name = traceHash)]
    pub fn trace_hash(&self) -> String {
        let t = self.trace();
        let mut h = forcelab::golden::TraceHasher::default();
        for series in [&t.time, &t.target, &t.x, &t.v, &t.force, &t.pose] {
            for &v in series.iter() {
                h.add(v);
            }
        }
        format!("{:016x}", h.finish())
    }
}
