//! A link's sleep filter in the PhysX chain twin (`ScBodySim.cpp updateWakeCounter`).

use super::WAKE;

/// One link's sleep filter (`PxsRigidBody mSleepLinVelAcc`, `mSleepAngVelAcc`).
#[derive(Clone, Copy)]
pub(super) struct Sleep {
    pub(super) wake: f64,
    pub(super) sum: [f64; 3],
}

impl Sleep {
    /// `BodySim::updateWakeCounter` for a link of mass `m` and inertia `i` moving at `vc`
    /// and `w`: the counter after this step.
    pub(super) fn update(
        &mut self,
        vc: [f64; 2],
        w: f64,
        m: f64,
        i: f64,
        dt: f64,
        threshold: f64,
    ) -> f64 {
        let dt = f64::from(dt as f32);
        if self.wake < f64::from((WAKE * 0.5) as f32) || self.wake < dt {
            self.sum = [self.sum[0] + vc[0], self.sum[1] + vc[1], self.sum[2] + w];
            let [x, y, a] = self.sum;
            let energy = 0.5 * (a * a * i / m + x * x + y * y);
            if energy >= threshold {
                self.sum = [0.0; 3];
                let factor = if threshold == 0.0 {
                    2.0
                } else {
                    (energy / threshold).min(2.0)
                };
                self.wake = f64::from((factor * 0.5 * WAKE) as f32);
                return self.wake;
            }
        }
        self.wake = (self.wake - dt).max(0.0);
        self.wake
    }
}
