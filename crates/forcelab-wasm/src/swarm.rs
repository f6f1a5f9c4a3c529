//! `MissileSwarm`: article 001's missiles by the thousand, stepped in one call, read
//! through `Float64Array` views (re-create them after `setCount`, which may allocate).

use crate::error::js;
use crate::views::f64s;
use forcelab::world::SwarmGains;
use js_sys::Float64Array;
use wasm_bindgen::prelude::*;

/// Missiles turned toward moving targets by a heading PID, batched
/// (`forcelab::world::MissileSwarm`).
#[wasm_bindgen]
pub struct MissileSwarm {
    swarm: forcelab::world::MissileSwarm,
}

#[wasm_bindgen]
impl MissileSwarm {
    /// `count` missiles chasing `targets` moving targets at `dt` s, drawn from `seed`,
    /// with article 001's heading gains.
    #[wasm_bindgen(constructor)]
    pub fn new(count: usize, targets: usize, seed: u32, dt: f64) -> Result<MissileSwarm, JsError> {
        Ok(MissileSwarm {
            swarm: js(forcelab::world::MissileSwarm::new(
                count,
                targets,
                u64::from(seed),
                dt,
                SwarmGains::default(),
            ))?,
        })
    }

    /// Grows (new missiles from the generator) or shrinks the swarm to `count`.
    #[wasm_bindgen(js_name = setCount)]
    pub fn set_count(&mut self, count: usize) -> Result<(), JsError> {
        js(self.swarm.set_count(count))
    }

    /// Sets the shared heading PID: `kp` (1/s^2), `ki` (1/s^3), `kd` (1/s), the
    /// integral limit and the motor's largest angular acceleration (rad/s^2).
    #[wasm_bindgen(js_name = setGains)]
    pub fn set_gains(
        &mut self,
        kp: f64,
        ki: f64,
        kd: f64,
        integral_limit: f64,
        max_angular_acceleration: f64,
    ) -> Result<(), JsError> {
        js(self.swarm.set_gains(SwarmGains {
            kp,
            ki,
            kd,
            integral_limit,
            max_angular_acceleration,
        }))
    }

    /// The shared gains as `[kp, ki, kd, integralLimit, maxAngularAcceleration]`.
    pub fn gains(&self) -> Vec<f64> {
        let g = self.swarm.gains();
        vec![
            g.kp,
            g.ki,
            g.kd,
            g.integral_limit,
            g.max_angular_acceleration,
        ]
    }

    /// Number of missiles.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.swarm.len()
    }

    /// Simulated time, s.
    #[wasm_bindgen(getter)]
    pub fn time(&self) -> f64 {
        self.swarm.time()
    }

    /// Advances every missile and target by `steps` steps.
    pub fn step(&mut self, steps: u32) {
        self.swarm.step(steps);
    }

    /// Sum of every x and y.
    pub fn checksum(&self) -> f64 {
        self.swarm.checksum()
    }

    /// View of the x positions (m).
    pub fn x(&self) -> Float64Array {
        f64s(self.swarm.x())
    }

    /// View of the y positions (m).
    pub fn y(&self) -> Float64Array {
        f64s(self.swarm.y())
    }

    /// View of the headings (rad, within [-pi, pi]).
    pub fn heading(&self) -> Float64Array {
        f64s(self.swarm.heading())
    }

    /// View of the targets' x positions (m).
    #[wasm_bindgen(js_name = targetX)]
    pub fn target_x(&self) -> Float64Array {
        f64s(self.swarm.target_x())
    }

    /// View of the targets' y positions (m).
    #[wasm_bindgen(js_name = targetY)]
    pub fn target_y(&self) -> Float64Array {
        f64s(self.swarm.target_y())
    }
}
