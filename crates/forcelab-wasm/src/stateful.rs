//! The controllers with memory (integrals, error windows, turn rates), as classes: the
//! config object is read once by the constructor; each `step` takes hot values.

use crate::config::{from_js, to_js};
use crate::error::js;
use crate::layout::{body2, body3, terms1, terms3, vec2_arg};
use forcelab::controllers::WindowedPidAsPrinted;
use forcelab::controllers::{MovingEntity, Pid, SteeringOutput, SubmarineAttitude, WindowedPid};
use wasm_bindgen::prelude::*;

/// A PID on one signal (`forcelab::controllers::Pid`). Config
/// `{ kp, ki, kd, integralLimit, outputLimit, derivativeOn: "error" | "measurement",
/// derivativeFilter, antiWindup: "clamp" | "conditional-integration" |
/// { "back-calculation": { kt } } }`.
#[wasm_bindgen(js_name = Pid)]
pub struct PidJs(Pid);

#[wasm_bindgen(js_class = Pid)]
impl PidJs {
    /// A PID from its config (missing fields take the core's defaults).
    #[wasm_bindgen(constructor)]
    pub fn new(config: JsValue) -> Result<PidJs, JsError> {
        let c: Pid = from_js("config", config)?;
        js(c.validate())?;
        Ok(PidJs(c))
    }

    /// The terms `[p, i, d, ff, total]` for `setpoint` and `measurement` after `dt` s.
    pub fn step(&mut self, setpoint: f64, measurement: f64, dt: f64) -> Result<Vec<f64>, JsError> {
        Ok(terms1(js(self.0.step(setpoint, measurement, dt))?))
    }

    /// Replaces the settings from a config object; the memory is kept.
    pub fn configure(&mut self, config: JsValue) -> Result<(), JsError> {
        let mut c: Pid = from_js("config", config)?;
        js(c.validate())?;
        c.state = self.0.state;
        self.0 = c;
        Ok(())
    }

    /// The settings as an object.
    pub fn config(&self) -> Result<JsValue, JsError> {
        to_js(&self.0)
    }

    /// The integral term now.
    #[wasm_bindgen(getter)]
    pub fn integral(&self) -> f64 {
        self.0.integral()
    }

    /// Forgets the integral and the last sample.
    pub fn reset(&mut self) {
        self.0.reset();
    }
}

/// Article 001's windowed PID (composite Simpson integral over the last `window`
/// errors, backward-difference derivative); `asPrinted: true` runs the listing's
/// integral instead. Config `{ kp, ki, kd, plantGain, window, dt }`.
#[wasm_bindgen(js_name = WindowedPid)]
pub struct WindowedPidJs {
    pid: WindowedPid,
    as_printed: bool,
}

#[wasm_bindgen(js_class = WindowedPid)]
impl WindowedPidJs {
    /// A windowed PID from its config; `as_printed` picks the article's integral.
    #[wasm_bindgen(constructor)]
    pub fn new(config: JsValue, as_printed: bool) -> Result<WindowedPidJs, JsError> {
        let pid: WindowedPid = from_js("config", config)?;
        js(pid.validate())?;
        Ok(WindowedPidJs { pid, as_printed })
    }

    /// Adds the error `e` and returns the terms `[p, i, d, ff, total]`.
    #[wasm_bindgen(js_name = addSample)]
    pub fn add_sample(&mut self, error: f64) -> Result<Vec<f64>, JsError> {
        if self.as_printed {
            let mut printed = WindowedPidAsPrinted(std::mem::take(&mut self.pid));
            let out = printed.add_sample(error);
            self.pid = printed.0;
            let total = js(out)?;
            Ok(terms1(forcelab::Terms::sum(total, 0.0, 0.0, 0.0)))
        } else {
            Ok(terms1(js(self.pid.add_sample(error))?))
        }
    }

    /// The settings as an object.
    pub fn config(&self) -> Result<JsValue, JsError> {
        to_js(&self.pid)
    }

    /// Whether the article's integral runs.
    #[wasm_bindgen(getter, js_name = asPrinted)]
    pub fn as_printed(&self) -> bool {
        self.as_printed
    }

    /// Empties the window.
    pub fn reset(&mut self) {
        self.pid.reset();
    }
}

fn steering(out: SteeringOutput) -> Vec<f64> {
    let mut v = out.force.to_array().to_vec();
    v.extend(terms1(out.torque));
    v
}

/// Article 001's forward-only missile: constant speed along its facing, a heading PID
/// turning it. Config `{ speed, heading: { pid: {...}, maxAngularAcceleration } }`.
#[wasm_bindgen(js_name = Missile)]
pub struct MissileJs(forcelab::controllers::Missile);

#[wasm_bindgen(js_class = Missile)]
impl MissileJs {
    /// A missile controller from its config.
    #[wasm_bindgen(constructor)]
    pub fn new(config: JsValue) -> Result<MissileJs, JsError> {
        let c: forcelab::controllers::Missile = from_js("config", config)?;
        js(c.heading.validate())?;
        Ok(MissileJs(c))
    }

    /// `[force.x, force.y, p, i, d, ff, torque]` (N, N m) on the 2-D `body` toward
    /// `target` `[x, y]` (m) for a step of `dt` s.
    pub fn control(&mut self, body: &[f64], target: &[f64], dt: f64) -> Result<Vec<f64>, JsError> {
        let out = self
            .0
            .control(&body2(body)?, vec2_arg("target", target)?, dt);
        Ok(steering(js(out)?))
    }
}

/// Article 001's free-moving entity: seeks with arrival, turns to face the target.
/// Config `{ maxSpeed, maxForce, arriveRadius, heading: {...} }`.
#[wasm_bindgen(js_name = MovingEntity)]
pub struct MovingEntityJs(MovingEntity);

#[wasm_bindgen(js_class = MovingEntity)]
impl MovingEntityJs {
    /// A moving-entity controller from its config.
    #[wasm_bindgen(constructor)]
    pub fn new(config: JsValue) -> Result<MovingEntityJs, JsError> {
        let c: MovingEntity = from_js("config", config)?;
        js(c.heading.validate())?;
        Ok(MovingEntityJs(c))
    }

    /// `[force.x, force.y, p, i, d, ff, torque]` as for [`MissileJs::control`].
    pub fn control(&mut self, body: &[f64], target: &[f64], dt: f64) -> Result<Vec<f64>, JsError> {
        let out = self
            .0
            .control(&body2(body)?, vec2_arg("target", target)?, dt);
        Ok(steering(js(out)?))
    }
}

/// Article 004's submarine attitude controller (P, manual damping, PID, PID with
/// feed-forward). Config `{ law: "proportional" | "manual-damping" | "pid" | "pid-feed-forward",
/// kp, ki, kd, rateCoefficients: [x, y, z], maxIntegral, maxTorque }`.
#[wasm_bindgen(js_name = SubmarineAttitude)]
pub struct SubmarineAttitudeJs(SubmarineAttitude);

#[wasm_bindgen(js_class = SubmarineAttitude)]
impl SubmarineAttitudeJs {
    /// A submarine attitude controller from its config.
    #[wasm_bindgen(constructor)]
    pub fn new(config: JsValue) -> Result<SubmarineAttitudeJs, JsError> {
        let c: SubmarineAttitude = from_js("config", config)?;
        js(c.validate())?;
        Ok(SubmarineAttitudeJs(c))
    }

    /// The world torque terms (N m, xyz) on the 3-D `body` toward the ordered `pitch`
    /// and `roll` (rad) for a step of `dt` s.
    pub fn torque(
        &mut self,
        body: &[f64],
        pitch: f64,
        roll: f64,
        dt: f64,
    ) -> Result<Vec<f64>, JsError> {
        Ok(terms3(js(self.0.torque(&body3(body)?, pitch, roll, dt))?))
    }

    /// Forgets the integral.
    pub fn reset(&mut self) {
        self.0.reset();
    }
}
