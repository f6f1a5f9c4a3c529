//! `World2`: many planar bodies stepped in one call, state read through
//! `Float64Array` views on wasm memory (re-create a view after `addBody`, which may
//! allocate).

use crate::error::js;
use crate::views::{bytes, f64s};
use forcelab::catalogue::planar_laws;
use forcelab::world::PlanarBody;
use js_sys::{Float64Array, Uint8Array};
use wasm_bindgen::prelude::*;

/// Many 2-D bodies under forward PD (`"pd"`) or Wu's backward PD (`"backward-pd"`) on
/// position and angle, batched (see `forcelab::world::World2`).
#[wasm_bindgen]
pub struct World2 {
    world: forcelab::World2,
}

#[wasm_bindgen]
impl World2 {
    /// An empty world stepping at `dt` s with law `"pd"` or `"backward-pd"`.
    #[wasm_bindgen(constructor)]
    pub fn new(dt: f64, law: &str) -> Result<World2, JsError> {
        let law = crate::catalogue::law("law", law, &planar_laws())?;
        Ok(World2 {
            world: js(forcelab::World2::new(dt, law))?,
        })
    }

    /// Makes room for `n` more bodies.
    pub fn reserve(&mut self, n: usize) {
        self.world.reserve(n);
    }

    /// Adds a body at rest at `(x, y)` m, `angle` rad, of `mass` kg and `inertia`
    /// kg m^2, with gains per unit mass `kp` (1/s^2) and `kd` (1/s). Returns its index.
    #[wasm_bindgen(js_name = addBody)]
    #[allow(clippy::too_many_arguments)]
    pub fn add_body(
        &mut self,
        x: f64,
        y: f64,
        angle: f64,
        mass: f64,
        inertia: f64,
        kp: f64,
        kd: f64,
    ) -> Result<usize, JsError> {
        js(self.world.add(PlanarBody {
            x,
            y,
            angle,
            mass,
            inertia,
            kp,
            kd,
        }))
    }

    /// Number of bodies.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.world.len()
    }

    /// Sets body `index`'s target pose.
    #[wasm_bindgen(js_name = setTarget)]
    pub fn set_target(&mut self, index: usize, x: f64, y: f64, angle: f64) -> Result<(), JsError> {
        js(self.world.set_target(index, x, y, angle))
    }

    /// Sets every target from `[x, y, angle]` per body, in one call.
    #[wasm_bindgen(js_name = setTargets)]
    pub fn set_targets(&mut self, poses: &[f64]) -> Result<(), JsError> {
        js(self.world.set_targets(poses))
    }

    /// Sets body `index`'s gains per unit mass.
    #[wasm_bindgen(js_name = setGains)]
    pub fn set_gains(&mut self, index: usize, kp: f64, kd: f64) -> Result<(), JsError> {
        js(self.world.set_gains(index, kp, kd))
    }

    /// Body `index`'s gains `[kp, kd]`.
    #[wasm_bindgen(js_name = gainsOf)]
    pub fn gains_of(&self, index: usize) -> Result<Vec<f64>, JsError> {
        let (kp, kd) = js(self.world.gains(index))?;
        Ok(vec![kp, kd])
    }

    /// Advances every body by `steps` steps.
    pub fn step(&mut self, steps: u32) {
        self.world.step(steps);
    }

    /// Advances body `index` alone by one step: the benchmark's "one wasm call per
    /// body" path (`forcelab::World2::step_body`).
    #[wasm_bindgen(js_name = stepBody)]
    pub fn step_body(&mut self, index: usize) -> Result<(), JsError> {
        js(self.world.step_body(index))
    }

    /// Sum of every x and y: the benchmark's checksum.
    pub fn checksum(&self) -> f64 {
        self.world.checksum()
    }

    /// View of the x positions (m).
    pub fn x(&self) -> Float64Array {
        f64s(self.world.x())
    }

    /// View of the y positions (m).
    pub fn y(&self) -> Float64Array {
        f64s(self.world.y())
    }

    /// View of the angles (rad).
    pub fn angle(&self) -> Float64Array {
        f64s(self.world.angle())
    }

    /// View of the x velocities (m/s).
    pub fn vx(&self) -> Float64Array {
        f64s(self.world.vx())
    }

    /// View of the y velocities (m/s).
    pub fn vy(&self) -> Float64Array {
        f64s(self.world.vy())
    }

    /// View of the angular velocities (rad/s).
    #[wasm_bindgen(js_name = angularVelocity)]
    pub fn angular_velocity(&self) -> Float64Array {
        f64s(self.world.angular_velocity())
    }

    /// View of the diverged flags (1 frozen, 0 running).
    pub fn diverged(&self) -> Uint8Array {
        bytes(self.world.diverged())
    }
}

/// Issue 8's benchmark scenario: `n` planar bodies with seeded starts and targets
/// under Wu's backward PD at dt = 1/60 s (`forcelab::world::planar_swarm`).
#[wasm_bindgen(js_name = planarSwarm)]
pub fn planar_swarm(n: usize, seed: u32) -> Result<World2, JsError> {
    Ok(World2 {
        world: js(forcelab::world::planar_swarm(n, u64::from(seed)))?,
    })
}
