//! The articles' own torque laws turning the same body: forcelab's [`Body3`]
//! (semi-implicit Euler, implicit gyroscopic term) under a [`Controller3`] whose
//! stiffness and damping are the intended spring about the turn's axis,
//! `kp = I_a w^2`, `kd = 2 zeta w I_a` with `I_a` = [`OrientationIntent::axis_inertia`].

use super::{OrientationIntent, Prediction3};
use crate::body::Body3;
use crate::catalogue::LawId;
use crate::controllers::{Controller3, Target3};
use crate::error::Error;
use glam::DVec3;

/// `(kp, kd)` the article laws are given: the intended spring about the turn's axis.
pub fn gains(intent: &OrientationIntent) -> (f64, f64) {
    let (w, i) = (intent.omega(), intent.axis_inertia());
    (i * w * w, 2.0 * intent.damping_ratio * w * i)
}

/// The moment of inertia (kg m^2) the gains about each principal axis are written for
/// ([`super::axes`]): the laws take scalar gains, [`gains`] for the turn's axis, on all three.
pub fn written_for(intent: &OrientationIntent) -> [f64; 3] {
    [intent.axis_inertia(); 3]
}

/// The orientation after each of `steps` steps of `law` from the intent's start; a law
/// or step that refuses (an overflow) ends the trace there, marked as diverged.
pub fn predict(law: LawId, intent: &OrientationIntent, steps: usize) -> Prediction3 {
    let (kp, kd) = gains(intent);
    let target = Target3::facing(intent.target());
    let Ok(c) = Controller3::new(law, kp, kd, intent.axis_inertia()) else {
        return Prediction3 {
            diverged_after: Some(0),
            ..Prediction3::default()
        };
    };
    run(intent, steps, |body| {
        c.torque(body, &target, intent.dt).map(|t| t.total)
    })
}

/// The orientation after each of `steps` steps of forcelab's [`Body3`] from the intent's
/// start under the world torque (N m) `torque` gives for each state; a torque or step
/// that refuses ends the trace there, marked as diverged.
pub(super) fn run(
    intent: &OrientationIntent,
    steps: usize,
    mut torque: impl FnMut(&Body3) -> Result<DVec3, Error>,
) -> Prediction3 {
    let mut body = Body3 {
        inertia: intent.inertia.into(),
        mass: 1.0,
        angular_velocity: intent.spin.into(),
        ..Body3::default()
    };
    let mut out = Prediction3::default();
    for k in 0..steps {
        let stepped = torque(&body).and_then(|t| body.step(DVec3::ZERO, t, intent.dt));
        if stepped.is_err() {
            out.diverged_after = Some(k);
            break;
        }
        out.orientations.push(body.orientation);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Gains past f64's range are refused by the law: the run is marked diverged at its
    /// first step, not stepped with infinities.
    #[test]
    fn gains_that_overflow_end_the_run_before_its_first_step() {
        let intent = OrientationIntent {
            frequency: 1e160,
            ..OrientationIntent::default()
        };
        assert!(gains(&intent).0.is_infinite());
        let run = predict(LawId::Spd, &intent, 10);
        assert_eq!(run.diverged_after, Some(0));
        assert!(run.orientations.is_empty());
    }
}
