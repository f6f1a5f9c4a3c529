//! `Simulation`: several 1-D bodies, each with its own controller, one shared target.

use crate::error::js;
use crate::views::f64s;
use forcelab::catalogue::{LawId, PlantId};
use forcelab::{Body1, Target1, World1};
use js_sys::{Float64Array, Uint8Array};
use wasm_bindgen::prelude::*;

/// Several 1-D bodies stepped together in one call. State is read through typed-array
/// views on wasm memory: re-create a view after any call that may allocate
/// (`addBody`), since growing the memory detaches old views.
#[wasm_bindgen]
pub struct Simulation {
    world: World1,
}

/// A law that drives a 1-D body, or an error naming `controller` and the choices.
fn kind(id: &str) -> Result<LawId, JsError> {
    crate::catalogue::law("controller", id, &LawId::driving(PlantId::Cube))
}

#[wasm_bindgen]
impl Simulation {
    /// An empty simulation stepping at `dt` seconds.
    #[wasm_bindgen(constructor)]
    pub fn new(dt: f64) -> Result<Simulation, JsError> {
        Ok(Simulation {
            world: js(World1::new(dt))?,
        })
    }

    /// Adds a body of `mass` kg at rest at `x` m, driven by `controller` (an id of
    /// `forcelab::LawId`: `"pd"`, `"backward-pd"`, `"spd"`, ...) with raw gains
    /// `kp` N/m, `kd` N s/m. Returns its index.
    #[wasm_bindgen(js_name = addBody)]
    pub fn add_body(
        &mut self,
        controller: &str,
        kp: f64,
        kd: f64,
        mass: f64,
        x: f64,
    ) -> Result<usize, JsError> {
        let kind = kind(controller)?;
        let body = js(Body1::new(x, mass))?;
        js(self.world.add(body, kind, kp, kd))
    }

    /// Number of bodies.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.world.len()
    }

    /// The physics step, s.
    #[wasm_bindgen(getter)]
    pub fn dt(&self) -> f64 {
        self.world.dt()
    }

    /// Changes the physics step (s); the run carries on.
    #[wasm_bindgen(js_name = setDt)]
    pub fn set_dt(&mut self, dt: f64) -> Result<(), JsError> {
        js(self.world.set_dt(dt))
    }

    /// Simulated time since the start, s.
    #[wasm_bindgen(getter)]
    pub fn time(&self) -> f64 {
        self.world.time()
    }

    /// Restarts the clock at zero.
    #[wasm_bindgen(js_name = resetTime)]
    pub fn reset_time(&mut self) {
        self.world.reset_time();
    }

    /// The controller id of body `index`.
    #[wasm_bindgen(js_name = controllerOf)]
    pub fn controller_of(&self, index: usize) -> Result<String, JsError> {
        Ok(js(self.world.controller(index))?.kind().id().to_string())
    }

    /// The gains `[kp, kd]` of body `index`.
    #[wasm_bindgen(js_name = gainsOf)]
    pub fn gains_of(&self, index: usize) -> Result<Vec<f64>, JsError> {
        let (kp, kd) = js(self.world.gains(index))?;
        Ok(vec![kp, kd])
    }

    /// Sets the gains of body `index` (kp N/m, kd N s/m); the run carries on.
    #[wasm_bindgen(js_name = setGains)]
    pub fn set_gains(&mut self, index: usize, kp: f64, kd: f64) -> Result<(), JsError> {
        js(self.world.set_gains(index, kp, kd))
    }

    /// The mass of body `index`, kg.
    #[wasm_bindgen(js_name = massOf)]
    pub fn mass_of(&self, index: usize) -> Result<f64, JsError> {
        Ok(js(self.world.body(index))?.mass)
    }

    /// Sets the mass of body `index`, kg.
    #[wasm_bindgen(js_name = setMass)]
    pub fn set_mass(&mut self, index: usize, mass: f64) -> Result<(), JsError> {
        js(self.world.set_mass(index, mass))
    }

    /// Puts body `index` at `x` m with velocity `v` m/s (and clears "diverged").
    pub fn place(&mut self, index: usize, x: f64, v: f64) -> Result<(), JsError> {
        js(self.world.place(index, x, v))
    }

    /// Target position, m.
    #[wasm_bindgen(getter, js_name = targetX)]
    pub fn target_x(&self) -> f64 {
        self.world.target().x
    }

    /// Target velocity, m/s.
    #[wasm_bindgen(getter, js_name = targetV)]
    pub fn target_v(&self) -> f64 {
        self.world.target().v
    }

    /// Moves the shared target to `x` m with velocity `v` m/s.
    #[wasm_bindgen(js_name = setTarget)]
    pub fn set_target(&mut self, x: f64, v: f64) -> Result<(), JsError> {
        js(self.world.set_target(Target1 { x, v }))
    }

    /// Advances every body by `steps` physics steps.
    pub fn step(&mut self, steps: u32) {
        self.world.step(steps);
    }

    /// Positions (m) as a view on wasm memory.
    pub fn positions(&self) -> Float64Array {
        f64s(self.world.positions())
    }

    /// Velocities (m/s) as a view on wasm memory.
    pub fn velocities(&self) -> Float64Array {
        f64s(self.world.velocities())
    }

    /// Forces (N) applied during the last step, as a view on wasm memory.
    pub fn forces(&self) -> Float64Array {
        f64s(self.world.forces())
    }

    /// 1 where a body diverged (and was frozen), else 0; a view on wasm memory.
    pub fn diverged(&self) -> Uint8Array {
        let flags = self.world.diverged();
        // SAFETY: `bool` has the size and alignment of `u8` and only the values 0 and
        // 1, so the same memory read as bytes is valid; lifetime as for `positions`.
        unsafe {
            let bytes = core::slice::from_raw_parts(flags.as_ptr().cast::<u8>(), flags.len());
            Uint8Array::view(bytes)
        }
    }
}
