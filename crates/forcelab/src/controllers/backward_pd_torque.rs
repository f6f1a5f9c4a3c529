use super::{Target2, Target3, Terms, Terms3};
use crate::angle;
use crate::body::{Body2, Body3};
use crate::error::{non_negative, positive, Error};
use crate::program::TorqueProgram;
use crate::rotation::error_vector;
use glam::DVec3;

/// Wu's stable backward PD on orientation (article 002), corrected: the gains act per
/// unit inertia (`kp` in 1/s^2, `kd` in 1/s), the backward-Euler factors are used, the
/// error takes the short way round, and the inertia is rotated from the principal frame.
///
/// With `theta` the shortest rotation vector from the body's orientation to the
/// target's and `g = 1 / (1 + kd dt + kp dt^2)`:
///
/// `alpha = g kp theta + g (kd + kp dt) (w_t - w)`, `tau = I_w alpha`,
/// `I_w = R diag(I) R^T`, `R = orientation * inertia_rotation`.
///
/// For small errors each axis is the linear backward PD, stable for all gains.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct BackwardPdTorque {
    /// Stiffness per unit inertia, 1/s^2.
    pub kp: f64,
    /// Damping per unit inertia, 1/s.
    pub kd: f64,
}

impl Default for BackwardPdTorque {
    /// Wu's frequency 1 Hz-ish parameterisation at frequency 6, damping 1:
    /// `kp = (6 f)^2 / 4 = 324`, `kd = 4.5 f = 27`.
    fn default() -> Self {
        BackwardPdTorque {
            kp: 324.0,
            kd: 27.0,
        }
    }
}

impl BackwardPdTorque {
    /// Checks that both gains are finite and not negative.
    pub fn validate(&self) -> Result<(), Error> {
        non_negative("kp", self.kp)?;
        non_negative("kd", self.kd)?;
        Ok(())
    }

    /// `(g kp, g (kd + kp dt))` for step `dt`.
    pub fn effective_gains(&self, dt: f64) -> Result<(f64, f64), Error> {
        self.validate()?;
        positive("dt", dt)?;
        let g = 1.0 / (1.0 + self.kd * dt + self.kp * dt * dt);
        Ok((g * self.kp, g * (self.kd + self.kp * dt)))
    }

    /// The world torque (N m) on `body` toward `target`'s orientation.
    pub fn torque(&self, body: &Body3, target: &Target3, dt: f64) -> Result<Terms3, Error> {
        body.validate()?;
        target.validate()?;
        let (ksg, kdg) = self.effective_gains(dt)?;
        let theta = error_vector(body.orientation, target.orientation);
        Ok(Terms3::sum(
            body.inertia_times(ksg * theta),
            DVec3::ZERO,
            body.inertia_times(kdg * (target.angular_velocity - body.angular_velocity)),
            DVec3::ZERO,
        ))
    }

    /// The torque (N m) on a 2-D body toward `target`'s angle, the short way round.
    pub fn torque2(&self, body: &Body2, target: &Target2, dt: f64) -> Result<Terms, Error> {
        body.validate()?;
        target.validate()?;
        let (ksg, kdg) = self.effective_gains(dt)?;
        let theta = angle::difference(body.angle, target.angle);
        Ok(Terms::sum(
            body.inertia * ksg * theta,
            0.0,
            body.inertia * kdg * (target.angular_velocity - body.angular_velocity),
            0.0,
        ))
    }
}

/// This law on the box written out for engines that do not run forcelab (see
/// [`program`](crate::program)); the page's unit test holds it to the 1-D law on a unit
/// mass, per unit inertia.
pub(crate) const TORQUE_PROGRAM: TorqueProgram = TorqueProgram {
    source: "crates/forcelab/src/controllers/backward_pd_torque.rs (Wu: gains scaled by g)",
    lines: &[
        ("g", "1.0 / (1.0 + kdu * dt + kpu * dt * dt)"),
        ("stiffness", "g * kpu"),
        ("damping", "g * (kdu + kpu * dt)"),
    ],
    printed_angle: false,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rotation::from_rotation_vector;
    use glam::DQuat;

    fn settle(
        c: BackwardPdTorque,
        mut body: Body3,
        target: Target3,
        dt: f64,
        steps: usize,
    ) -> (Body3, f64) {
        let mut max_rate: f64 = 0.0;
        for _ in 0..steps {
            let t = c.torque(&body, &target, dt).unwrap().total;
            body.step(DVec3::ZERO, t, dt).unwrap();
            max_rate = max_rate.max(body.angular_velocity.length());
        }
        (body, max_rate)
    }

    #[test]
    fn reaches_the_target_orientation_on_a_box_with_rotated_inertia() {
        let body = Body3 {
            inertia: DVec3::new(0.2, 1.5, 3.0),
            inertia_rotation: from_rotation_vector(DVec3::new(0.3, 0.5, -0.2)),
            ..Body3::default()
        };
        let target = Target3::facing(from_rotation_vector(DVec3::new(1.0, -0.7, 0.4)));
        let (end, _) = settle(BackwardPdTorque::default(), body, target, 1.0 / 60.0, 600);
        assert!(error_vector(end.orientation, target.orientation).length() < 1e-6);
        assert!(end.angular_velocity.length() < 1e-5);
    }

    #[test]
    fn stays_bounded_at_absurd_gains() {
        let c = BackwardPdTorque { kp: 1e8, kd: 10.0 };
        let target = Target3::facing(from_rotation_vector(DVec3::new(0.0, 2.0, 0.0)));
        let (end, max_rate) = settle(c, Body3::default(), target, 1.0 / 60.0, 600);
        // Backward Euler never overshoots a step: the rate needed is 2 rad / dt at most.
        assert!(max_rate <= 2.0 * 60.0 + 1e-6, "{max_rate}");
        assert!(error_vector(end.orientation, target.orientation).length() < 1e-6);
    }

    #[test]
    fn turns_the_short_way_round() {
        let target = Target3::facing(DQuat::from_rotation_z(300f64.to_radians()));
        let t = BackwardPdTorque::default()
            .torque(&Body3::default(), &target, 0.01)
            .unwrap();
        assert!(t.total.z < 0.0, "300 degrees ahead is 60 degrees behind");
        let b2 = Body2::default();
        let t2 = BackwardPdTorque::default()
            .torque2(
                &b2,
                &Target2 {
                    angle: 300f64.to_radians(),
                    ..Target2::default()
                },
                0.01,
            )
            .unwrap();
        assert!(t2.total < 0.0);
    }
}
