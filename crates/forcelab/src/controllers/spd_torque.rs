use super::{Target3, Terms3};
use crate::body::{Body3, Gyroscopic};
use crate::error::{finite, non_negative, positive, Error};
use crate::program::{Program, Statement::*, Text};
use crate::rotation::{error_vector, integrate_exact};
use glam::DVec3;

/// SPD of Tan, Liu and Turk on orientation (paper form), gains in torque units
/// (`kp` N m/rad, `kd` N m s/rad), worked in the body's principal frame where the
/// inertia `M = diag(I)` is diagonal:
///
/// `e = shortest rotation from exp(w dt) q to exp(w_t dt) q_t` (both predicted a step),
/// `alpha = (M + kd dt)^-1 (kp e + kd (w_t - w) - w x (M w) + tau_ext)`,
/// `tau = kp e + kd (w_t - w - alpha dt)`.
///
/// The gyroscopic term `w x (M w)` enters the predicted acceleration unless the body
/// ignores it (`Gyroscopic::Off`).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct SpdTorque {
    /// Stiffness, N m/rad.
    pub kp: f64,
    /// Damping, N m s/rad.
    pub kd: f64,
}

impl Default for SpdTorque {
    /// `kp = 50 N m/rad`, `kd = 10 N m s/rad`: about critical for a 0.1 kg m^2 axis
    /// at 60 Hz.
    fn default() -> Self {
        SpdTorque { kp: 50.0, kd: 10.0 }
    }
}

impl SpdTorque {
    /// Checks that both gains are finite and not negative.
    pub fn validate(&self) -> Result<(), Error> {
        non_negative("kp", self.kp)?;
        non_negative("kd", self.kd)?;
        Ok(())
    }

    /// The world torque (N m) toward `target`, with no external torque.
    pub fn torque(&self, body: &Body3, target: &Target3, dt: f64) -> Result<Terms3, Error> {
        self.torque_with_external(body, target, dt, DVec3::ZERO)
    }

    /// The world torque (N m) when a known world torque `external` also acts.
    pub fn torque_with_external(
        &self,
        body: &Body3,
        target: &Target3,
        dt: f64,
        external: DVec3,
    ) -> Result<Terms3, Error> {
        self.validate()?;
        body.validate()?;
        target.validate()?;
        positive("dt", dt)?;
        for c in external.to_array() {
            finite("external", c)?;
        }
        let q1 = integrate_exact(body.orientation, body.angular_velocity, dt);
        let qt1 = integrate_exact(target.orientation, target.angular_velocity, dt);
        let r = body.principal_frame();
        let rt = r.conjugate();
        let e = rt * error_vector(q1, qt1);
        let w = rt * body.angular_velocity;
        let wt = rt * target.angular_velocity;
        let gyro = match body.gyroscopic {
            Gyroscopic::Off => DVec3::ZERO,
            _ => w.cross(body.inertia * w),
        };
        let p = self.kp * e;
        let alpha = (p + self.kd * (wt - w) - gyro + rt * external) / (body.inertia + self.kd * dt);
        let d = self.kd * (wt - w - alpha * dt);
        Ok(Terms3::sum(r * p, DVec3::ZERO, r * d, DVec3::ZERO))
    }
}

/// This law on the box written out for engines that do not run forcelab (see
/// [`program`](crate::program)), with the Lab's gains scaled to torque gains and the
/// target at rest: the arithmetic of [`SpdTorque::torque`] in the principal frame,
/// `alpha = (kp e - kd w - w x (i w)) / (i + kd dt)`, `tau = r (kp e - kd (w + alpha dt))`.
pub(crate) const VECTOR_PROGRAM: Program = Program::stateless(
    &[Text::Words("crates/forcelab/src/controllers/spd_torque.rs (Tan's SPD on an orientation: the error one step ahead, the torque's own effect on the velocity solved for in the principal frame, gyroscopic term included)")],
    &[
        Note("The torque gains, N m/rad and N m s/rad."),
        Let("kps", "kp * Scale"),
        Let("kds", "kd * Scale"),
        Note("The principal frame r, in which the inertia is the diagonal i."),
        LetOrientation("r", "principal"),
        LetOrientation("rt", "Inverse(r)"),
        LetVector("i", "inertia"),
        Note("The error one step ahead: from where the body will be if it keeps its spin."),
        LetVector("e", "rt * RotationVector(Advanced(q, omega, dt), qt)"),
        LetVector("w", "rt * omega"),
        LetVector("gyro", "Cross(w, Times(i, w))"),
        LetVector("p", "kps * e"),
        Note("The acceleration this step's torque causes, solved for per principal axis:"),
        Note("i alpha = p - kd (w + alpha dt) - w x (i w)."),
        LetVector("alpha", "Over(p - kds * w - gyro, i + (kds * dt) * ONE)"),
        LetVector("d", "kds * (-w - dt * alpha)"),
        LetVector("torque", "r * (p + d)"),
    ],
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rotation::from_rotation_vector;
    use crate::testing::{ALGEBRA_TOL, ROUND_OFF};

    #[test]
    fn tracks_a_spinning_target_by_the_shortest_path() {
        let dt = 1.0 / 60.0;
        let c = SpdTorque {
            kp: 200.0,
            kd: 40.0,
        };
        let mut body = Body3 {
            inertia_rotation: from_rotation_vector(DVec3::new(0.2, -0.4, 0.1)),
            ..Body3::default()
        };
        let spin = DVec3::new(0.0, 1.5, 0.5);
        let mut target = Target3 {
            orientation: from_rotation_vector(DVec3::new(0.0, 2.5, 0.0)),
            angular_velocity: spin,
            ..Target3::default()
        };
        for _ in 0..900 {
            let t = c.torque(&body, &target, dt).unwrap().total;
            body.step(DVec3::ZERO, t, dt).unwrap();
            target.orientation = integrate_exact(target.orientation, spin, dt);
        }
        let lag = error_vector(body.orientation, target.orientation).length();
        assert!(lag < 0.05, "lag {lag} rad");
        assert!((body.angular_velocity - spin).length() < 0.05);
    }

    #[test]
    fn predicted_acceleration_matches_the_torque_on_one_axis() {
        // On a principal axis with no gyroscopic coupling the law is the 1-D SPD.
        let body = Body3 {
            inertia: DVec3::new(2.0, 2.0, 2.0),
            angular_velocity: DVec3::new(0.0, 0.0, 0.3),
            ..Body3::default()
        };
        let c = SpdTorque { kp: 90.0, kd: 12.0 };
        let dt = 0.02;
        let target = Target3::facing(glam::DQuat::from_rotation_z(0.5));
        let t = c.torque(&body, &target, dt).unwrap().total;
        let e = 0.5 - 0.3 * dt;
        let a = (c.kp * e - c.kd * 0.3) / (2.0 + c.kd * dt);
        let expected = c.kp * e + c.kd * (-0.3 - a * dt);
        assert!(
            (t.z - expected).abs() < ALGEBRA_TOL,
            "{} vs {expected}",
            t.z
        );
        assert!(t.x.abs() < ROUND_OFF && t.y.abs() < ROUND_OFF);
    }
}
