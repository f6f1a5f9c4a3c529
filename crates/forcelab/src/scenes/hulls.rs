//! One hull of the dive under its attitude law, as the one runner of one law per body
//! steps it ([`crate::lab::advance`]).

use super::dive::Orders;
use crate::body::Body3;
use crate::controllers::{SubmarineAttitude, Terms3};
use crate::error::Error;
use crate::limits::DIVERGED_LIMIT;
use crate::runner::Stepper;
use glam::{DQuat, DVec3, EulerRot};

/// A hull with its controller (which keeps its integral and last error).
#[derive(Clone, Copy, Debug)]
pub(super) struct Hull {
    pub(super) body: Body3,
    pub(super) boat: SubmarineAttitude,
}

/// What one step hands a hull.
#[derive(Clone, Copy, Debug)]
pub(super) struct Helm {
    /// The orders in force.
    pub(super) orders: Orders,
    /// The yaw torque at full rudder, N m.
    pub(super) rudder_torque: f64,
    /// The steady torque about world x, N m.
    pub(super) load: f64,
    /// The sensor's errors about the hull's pitch and roll axes this step, rad (`None`:
    /// a perfect sensor, which reads the hull).
    pub(super) sensor: Option<(f64, f64)>,
    /// The step, s.
    pub(super) dt: f64,
}

/// The dive's hulls: each law's torque toward the ordered pitch and roll from what its
/// sensor reads, plus the rudder's yaw torque about the hull's own up axis (y) and the
/// load about world x; the output is the law's world torque terms, N m.
pub(super) struct Hulls;

impl Stepper for Hulls {
    type Slot = Hull;
    type Body = Body3;
    type Input = Helm;
    type Output = Terms3;

    fn drive(&self, slot: &mut Hull, helm: &Helm) -> Result<Terms3, Error> {
        let hull = &mut slot.body;
        // What the sensor reports: the hull turned by small errors about its pitch and
        // roll axes.
        let seen = match helm.sensor {
            Some((pitch_error, roll_error)) => Body3 {
                orientation: hull.orientation
                    * DQuat::from_euler(EulerRot::YXZ, 0.0, pitch_error, roll_error),
                ..*hull
            },
            None => *hull,
        };
        let orders = helm.orders;
        let terms = slot
            .boat
            .torque(&seen, orders.pitch, orders.roll, helm.dt)?;
        let rudder = hull.orientation * DVec3::Y * (orders.rudder * helm.rudder_torque);
        let load = DVec3::X * helm.load;
        hull.step(DVec3::ZERO, terms.total + rudder + load, helm.dt)?;
        Ok(terms)
    }

    fn body(&self, slot: &Hull) -> Body3 {
        slot.body
    }

    fn set_body(&self, slot: &mut Hull, body: Body3) {
        slot.body = body;
    }

    fn bounded(&self, slot: &Hull) -> bool {
        let b = &slot.body;
        b.angular_velocity.abs().max_element() <= DIVERGED_LIMIT && b.orientation.is_finite()
    }
}

#[cfg(test)]
mod tests {
    use crate::scenes::{Dive, DiveSettings, Orders};

    /// A load that throws the hulls past the bound a second in stops the dive's step
    /// with the reason, and the refused step moves no hull, no clock and no controller's
    /// memory.
    #[test]
    fn a_hull_that_runs_away_refuses_the_step_and_changes_nothing() {
        let mut dive = Dive::new(DiveSettings {
            load_step_at: Some(1.0),
            load_step: 1e15,
            ..DiveSettings::default()
        })
        .unwrap();
        dive.set_orders(Orders {
            pitch: 0.3,
            roll: 0.2,
            rudder: 0.5,
        })
        .unwrap();
        let error = loop {
            let before = dive.clone();
            match dive.step() {
                Ok(()) => assert!(dive.steps < 100, "no hull ran away"),
                Err(e) => {
                    assert_eq!(dive, before, "a refused step changed the dive");
                    break e;
                }
            }
        };
        assert_eq!(error.field(), "state", "{error}");
        assert_eq!(dive.steps, 50, "the load came a second in");
    }

    /// A perfect sensor draws nothing: a dive run without noise and then given some
    /// draws the noise its seed starts with, as a dive noisy from the start would.
    #[test]
    fn a_perfect_sensor_draws_no_noise() {
        let mut dive = Dive::new(DiveSettings::default()).unwrap();
        for _ in 0..50 {
            dive.step().unwrap();
        }
        let seed = DiveSettings::default().seed;
        assert_eq!(dive.noise, crate::random::SplitMix64::new(seed));
    }
}
