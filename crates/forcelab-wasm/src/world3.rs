//! `World3`: many boxes, each under its own torque law, stepped in one call; state read
//! through `Float64Array` views (re-create them after `addBox`, which may allocate).

use crate::error::js;
use crate::layout::quat_arg;
use crate::views::{bytes, f64s};
use forcelab::catalogue::LawId;
use forcelab::controllers::{Controller3, Target3};
use forcelab::Body3;
use glam::DVec3;
use js_sys::{Float64Array, Uint8Array};
use wasm_bindgen::prelude::*;

/// The torque law with this id (a memoryless law that drives the box), or an error
/// naming `controller`, the value and the choices.
pub fn torque_kind(id: &str) -> Result<LawId, JsError> {
    crate::catalogue::law("controller", id, &Controller3::laws())
}

/// Many boxes, each turned toward its own target orientation by its own torque law
/// (see `forcelab::world::World3`).
#[wasm_bindgen]
pub struct World3 {
    world: forcelab::World3,
}

#[wasm_bindgen]
impl World3 {
    /// An empty world stepping at `dt` s.
    #[wasm_bindgen(constructor)]
    pub fn new(dt: f64) -> Result<World3, JsError> {
        Ok(World3 {
            world: js(forcelab::World3::new(dt))?,
        })
    }

    /// Adds a solid box of `mass` kg and edges `sx`, `sy`, `sz` m at rest, identity
    /// orientation, turned by torque law `controller` (`"pd"`, `"backward-pd"`, `"spd"`,
    /// ...) with stiffness `kp` N m/rad and damping `kd` N m s/rad about an axis of
    /// inertia `reference_inertia` kg m^2. Returns its index.
    #[wasm_bindgen(js_name = addBox)]
    #[allow(clippy::too_many_arguments)]
    pub fn add_box(
        &mut self,
        mass: f64,
        sx: f64,
        sy: f64,
        sz: f64,
        controller: &str,
        kp: f64,
        kd: f64,
        reference_inertia: f64,
    ) -> Result<usize, JsError> {
        js(forcelab::error::positive("mass", mass))?;
        for (f, v) in [("size.x", sx), ("size.y", sy), ("size.z", sz)] {
            js(forcelab::error::positive(f, v))?;
        }
        let law = js(Controller3::new(
            torque_kind(controller)?,
            kp,
            kd,
            reference_inertia,
        ))?;
        js(self
            .world
            .add(Body3::cuboid(mass, DVec3::new(sx, sy, sz)), law))
    }

    /// Number of bodies.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.world.len()
    }

    /// Sets body `index`'s target orientation `[x, y, z, w]` and world angular velocity
    /// `[x, y, z]` (rad/s).
    #[wasm_bindgen(js_name = setTarget)]
    pub fn set_target(
        &mut self,
        index: usize,
        orientation: &[f64],
        angular_velocity: &[f64],
    ) -> Result<(), JsError> {
        let target = Target3 {
            orientation: quat_arg("orientation", orientation)?,
            angular_velocity: crate::layout::vec3_arg("angularVelocity", angular_velocity)?,
            ..Target3::default()
        };
        js(self.world.set_target(index, target))
    }

    /// Replaces body `index`'s law.
    #[wasm_bindgen(js_name = setLaw)]
    pub fn set_law(
        &mut self,
        index: usize,
        controller: &str,
        kp: f64,
        kd: f64,
        reference_inertia: f64,
    ) -> Result<(), JsError> {
        let law = js(Controller3::new(
            torque_kind(controller)?,
            kp,
            kd,
            reference_inertia,
        ))?;
        js(self.world.set_law(index, law))
    }

    /// Advances every body by `steps` steps.
    pub fn step(&mut self, steps: u32) {
        self.world.step(steps);
    }

    /// View of the orientations, `[x, y, z, w]` per body.
    pub fn orientations(&self) -> Float64Array {
        f64s(self.world.orientations())
    }

    /// View of the world angular velocities (rad/s), `[x, y, z]` per body.
    #[wasm_bindgen(js_name = angularVelocities)]
    pub fn angular_velocities(&self) -> Float64Array {
        f64s(self.world.angular_velocities())
    }

    /// View of the last torques (N m), `[x, y, z]` per body.
    pub fn torques(&self) -> Float64Array {
        f64s(self.world.torques())
    }

    /// View of the diverged flags.
    pub fn diverged(&self) -> Uint8Array {
        bytes(self.world.diverged())
    }
}
