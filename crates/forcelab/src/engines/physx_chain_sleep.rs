//! A link's sleep filter in the PhysX chain twin (`simulationcontroller/src/ScBodySim.cpp
//! BodySim::updateWakeCounter`, called per link by `ScArticulationSim.cpp
//! ArticulationSim::sleepCheck`).
//!
//! The wake counter is kept in `f32`, as PhysX keeps it, and not in `f64` like the rest
//! of the twin: it runs down by `dt` a step and is compared with exact values (half the
//! reset time, `dt`, 0), so its rounding decides on which step a link starts summing.
//! At 120 Hz, 24 steps of `f32` subtraction of `dt` from 0.4 end at 0.20000011, not below
//! 0.2, where the same subtraction in `f64` ends at 0.19999999: PhysX starts summing a
//! step later, so each of its resets comes a step later (every 26 steps, not 25, while
//! the arm swings), and a twin counting in `f64` put the arm at kp 20, kd 1, 120 Hz to
//! sleep on step 470 where PhysX froze it on step 450. Measured against the real engine
//! (`PxArticulationReducedCoordinate::getWakeCounter`, the largest link counter, read
//! after every step of that arm): the same at every step in `f32`, but for three resets
//! whose energy was below twice the threshold, where the counters differ by 3.3e-4 s or
//! less (the energy's 1e-3 relative gap is the joint rates' 5e-4, the twin's usual gap
//! to PhysX's trajectory).

/// `wakeCounterResetTime` (`ScInternalWakeCounterResetValue`): a link's wake counter on
/// creation and on waking, s.
const WAKE: f32 = 0.4;

/// One link's sleep filter: its wake counter (`BodyCore::getWakeCounter`, s) and the
/// sums of its velocity and spin since the last reset (`PxsRigidBody mSleepLinVelAcc`,
/// `mSleepAngVelAcc`).
#[derive(Clone, Copy)]
pub(super) struct Sleep {
    wake: f32,
    sum: [f64; 3],
}

impl Sleep {
    /// A link as created: the counter at the reset time, nothing summed.
    pub(super) fn new() -> Sleep {
        Sleep {
            wake: WAKE,
            sum: [0.0; 3],
        }
    }

    /// Woken by the user (`applyCache` with `autowake`): the counter back to the reset
    /// time if it was below.
    pub(super) fn wake_up(&mut self) {
        self.wake = self.wake.max(WAKE);
    }

    /// `sleepCheck`'s "nothing goes to sleep unless everything does": a counter at 0
    /// is lifted to 1e-6 s while another link's is not.
    pub(super) fn hold(&mut self) {
        self.wake = self.wake.max(1e-6);
    }

    /// `BodySim::updateWakeCounter` for a link of mass `m` and inertia `i` whose motion
    /// velocity (`FeatherstoneArticulation::getMotionVelocity`) is `vc` at its centre of
    /// mass and `w`: the counter after this step, s. The sums start once the counter is
    /// below half the reset time (or below `dt`); when `(|sum v|^2 + I |sum w|^2 / m) / 2`
    /// reaches `threshold` they are cleared and the counter set to
    /// `min(energy / threshold, 2) * WAKE / 2`, else the counter runs down by `dt`.
    pub(super) fn update(
        &mut self,
        vc: [f64; 2],
        w: f64,
        m: f64,
        i: f64,
        dt: f64,
        threshold: f64,
    ) -> f32 {
        let dt = dt as f32;
        if self.wake < WAKE * 0.5 || self.wake < dt {
            self.sum = [self.sum[0] + vc[0], self.sum[1] + vc[1], self.sum[2] + w];
            let [x, y, a] = self.sum;
            let energy = 0.5 * (a * a * i / m + x * x + y * y);
            if energy >= threshold {
                self.sum = [0.0; 3];
                let factor = if threshold == 0.0 {
                    2.0
                } else {
                    (energy / threshold).min(2.0) as f32
                };
                self.wake = factor * 0.5 * WAKE;
                return self.wake;
            }
        }
        self.wake = (self.wake - dt).max(0.0);
        self.wake
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The counter after one step of a link moving at 1 m/s along x (1 kg, no spin):
    /// summed, its energy is 0.5 J.
    fn moving(s: &mut Sleep, dt: f64, threshold: f64) -> f32 {
        s.update([1.0, 0.0], 0.0, 1.0, 1.0, dt, threshold)
    }

    #[test]
    fn a_link_is_judged_once_its_counter_is_below_the_step_not_at_it() {
        // A step longer than the counter (0.5 s > 0.4 s): summed at once, 0.5 J is twice
        // the threshold, the counter reset to 2 x 0.2 s.
        assert_eq!(moving(&mut Sleep::new(), 0.5, 0.25), 0.4);
        // A step equal to it (PhysX's wc < dt, not <=): not summed, run down to 0.
        assert_eq!(moving(&mut Sleep::new(), 0.4, 0.25), 0.0);
    }

    #[test]
    fn a_counter_at_exactly_half_the_reset_time_runs_down_without_summing() {
        // 0.5 J on a threshold of 0.5 J: the reset sets the counter to 1 x 0.2 s exactly.
        let mut s = Sleep::new();
        assert_eq!(moving(&mut s, 0.5, 0.5), 0.2);
        // Not below half the reset time: the same motion is not summed, the counter
        // only runs down by the step.
        let next = moving(&mut s, 0.01, 0.5);
        assert!((next - 0.19).abs() < 1e-6, "{next}");
    }

    #[test]
    fn a_link_held_awake_by_the_others_still_counts_down_from_a_microsecond() {
        // At rest over a 0.5 s step the counter runs out; held (another link still
        // moves), it is lifted to 1e-6 s, and a step of 1e-7 s leaves it 9e-7 s awake.
        let mut s = Sleep::new();
        assert_eq!(s.update([0.0; 2], 0.0, 1.0, 1.0, 0.5, 0.25), 0.0);
        s.hold();
        let next = s.update([0.0; 2], 0.0, 1.0, 1.0, 1e-7, 0.25);
        assert!((next - 9e-7).abs() < 1e-12, "{next}");
    }
}
