//! `World2` (f64, the default) and `World2F32` (the f32 fast mode): many planar bodies
//! stepped in one call, state read through typed-array views on wasm memory
//! (re-create a view after `addBody`, which may allocate). One macro writes both
//! classes, so their methods cannot drift apart.

use crate::error::js;
use crate::views::{bytes, f32s, f64s};
use forcelab::catalogue::planar_laws;
use forcelab::world::PlanarBody;
use js_sys::{Float32Array, Float64Array, Uint8Array};
use wasm_bindgen::prelude::*;

macro_rules! planar_world {
    ($(#[$doc:meta])* $class:ident, $core:ty, $array:ty, $view:path, $swarm:ident, $swarm_js:literal) => {
        $(#[$doc])*
        #[wasm_bindgen]
        pub struct $class {
            world: $core,
        }

        #[wasm_bindgen]
        impl $class {
            /// An empty world stepping at `dt` s with law `"pd"` or `"backward-pd"`.
            #[wasm_bindgen(constructor)]
            pub fn new(dt: f64, law: &str) -> Result<$class, JsError> {
                let law = crate::catalogue::law("law", law, &planar_laws())?;
                Ok($class {
                    world: js(<$core>::new(dt, law))?,
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
            pub fn set_target(
                &mut self,
                index: usize,
                x: f64,
                y: f64,
                angle: f64,
            ) -> Result<(), JsError> {
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
            /// body" path (`forcelab::world::PlanarWorld::step_body`).
            #[wasm_bindgen(js_name = stepBody)]
            pub fn step_body(&mut self, index: usize) -> Result<(), JsError> {
                js(self.world.step_body(index))
            }

            /// Sum of every x and y: the benchmark's checksum.
            pub fn checksum(&self) -> f64 {
                self.world.checksum()
            }

            /// View of the x positions (m).
            pub fn x(&self) -> $array {
                $view(self.world.x())
            }

            /// View of the y positions (m).
            pub fn y(&self) -> $array {
                $view(self.world.y())
            }

            /// View of the angles (rad).
            pub fn angle(&self) -> $array {
                $view(self.world.angle())
            }

            /// View of the x velocities (m/s).
            pub fn vx(&self) -> $array {
                $view(self.world.vx())
            }

            /// View of the y velocities (m/s).
            pub fn vy(&self) -> $array {
                $view(self.world.vy())
            }

            /// View of the angular velocities (rad/s).
            #[wasm_bindgen(js_name = angularVelocity)]
            pub fn angular_velocity(&self) -> $array {
                $view(self.world.angular_velocity())
            }

            /// View of the diverged flags (1 frozen, 0 running).
            pub fn diverged(&self) -> Uint8Array {
                bytes(self.world.diverged())
            }
        }

        /// Issue 8's benchmark scenario: `n` planar bodies with seeded starts and targets
        /// under Wu's backward PD at dt = 1/60 s, in this class's precision
        /// (`forcelab::world::planar_swarm`).
        #[wasm_bindgen(js_name = $swarm_js)]
        pub fn $swarm(n: usize, seed: u32) -> Result<$class, JsError> {
            Ok($class {
                world: js(forcelab::world::planar_swarm(n, u64::from(seed)))?,
            })
        }
    };
}

planar_world!(
    /// Many 2-D bodies under forward PD (`"pd"`) or Wu's backward PD (`"backward-pd"`)
    /// on position and angle, batched, in f64: the default (see
    /// `forcelab::world::PlanarWorld`).
    World2,
    forcelab::World2,
    Float64Array,
    f64s,
    planar_swarm,
    "planarSwarm"
);

planar_world!(
    /// `World2` in f32, a separate fast mode: four bodies per simd128 instruction
    /// instead of two, positions to about seven significant digits
    /// (`forcelab::world::World2F32`). Its views are `Float32Array`s.
    World2F32,
    forcelab::world::World2F32,
    Float32Array,
    f32s,
    planar_swarm_f32,
    "planarSwarmF32"
);
