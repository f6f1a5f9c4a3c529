use super::{Prepared1, Target1, Target3, Terms, Terms3};
use crate::body::{Body1, Body3};
use crate::error::{non_negative, positive, Error};
use crate::program::{Program, Statement::*, Text};
use crate::rotation::{error_vector, integrate_exact};
use glam::DVec3;

/// Article 000's simplified SPD calculator, 1-D: the position is predicted one step
/// ahead, the velocity is not, and no acceleration is solved for. Gains act per unit
/// mass (`kp` 1/s^2, `kd` 1/s):
///
/// `a = kp (x_t + v_t dt - x - v dt) + kd (v_t - v)`, `F = m a`.
///
/// Expanding, this is a forward PD with damping `kd + kp dt`: the "extra damping" is
/// all there is. The paper's form also divides by `(m + kd dt)`; see [`Spd`](super::Spd).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct SpdSimplified {
    /// Stiffness per unit mass, 1/s^2.
    pub kp: f64,
    /// Damping per unit mass, 1/s.
    pub kd: f64,
}

impl Default for SpdSimplified {
    /// `kp = 100 /s^2`, `kd = 20 /s`.
    fn default() -> Self {
        SpdSimplified {
            kp: 100.0,
            kd: 20.0,
        }
    }
}

impl SpdSimplified {
    /// Checks that both gains are finite and not negative.
    pub fn validate(&self) -> Result<(), Error> {
        non_negative("kp", self.kp)?;
        non_negative("kd", self.kd)?;
        Ok(())
    }

    /// The force (N): `m` times the acceleration above.
    pub fn force(&self, body: &Body1, target: &Target1, dt: f64) -> Result<Terms, Error> {
        self.validate()?;
        body.validate()?;
        target.validate()?;
        positive("dt", dt)?;
        Ok(self.constants(body.mass, dt).force(body.x, body.v, target))
    }

    /// This law at `mass` kg and `dt` s as [`Prepared1::SpdSimplified`], refusing bad
    /// gains, mass or step by name.
    pub fn prepare(&self, mass: f64, dt: f64) -> Result<Prepared1, Error> {
        self.validate()?;
        positive("mass", mass)?;
        positive("dt", dt)?;
        Ok(self.constants(mass, dt))
    }

    fn constants(&self, mass: f64, dt: f64) -> Prepared1 {
        Prepared1::SpdSimplified {
            kp: self.kp,
            kd: self.kd,
            dt,
            mass,
        }
    }
}

/// Article 000's simplified SPD calculator on orientation: both orientations are
/// predicted a step ahead by their angular velocities, the error is taken the short
/// way, and the acceleration becomes a torque through the principal frame:
///
/// `alpha = kp e(exp(w dt) q -> exp(w_t dt) q_t) + kd (w_t - w)`,
/// `tau = R (I o (R^-1 alpha))`, `R = orientation * inertia_rotation`.
///
/// Gains act per unit inertia (`kp` 1/s^2, `kd` 1/s).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct SpdSimplifiedTorque {
    /// Stiffness per unit inertia, 1/s^2.
    pub kp: f64,
    /// Damping per unit inertia, 1/s.
    pub kd: f64,
}

impl Default for SpdSimplifiedTorque {
    /// `kp = 100 /s^2`, `kd = 20 /s`.
    fn default() -> Self {
        SpdSimplifiedTorque {
            kp: 100.0,
            kd: 20.0,
        }
    }
}

impl SpdSimplifiedTorque {
    /// Checks that both gains are finite and not negative.
    pub fn validate(&self) -> Result<(), Error> {
        non_negative("kp", self.kp)?;
        non_negative("kd", self.kd)?;
        Ok(())
    }

    /// The angular acceleration (rad/s^2, world) the calculator asks for.
    pub fn acceleration(&self, body: &Body3, target: &Target3, dt: f64) -> Result<DVec3, Error> {
        let (p, d) = self.parts(body, target, dt)?;
        Ok(p + d)
    }

    fn parts(&self, body: &Body3, target: &Target3, dt: f64) -> Result<(DVec3, DVec3), Error> {
        self.validate()?;
        body.validate()?;
        target.validate()?;
        positive("dt", dt)?;
        let q1 = integrate_exact(body.orientation, body.angular_velocity, dt);
        let qt1 = integrate_exact(target.orientation, target.angular_velocity, dt);
        Ok((
            self.kp * error_vector(q1, qt1),
            self.kd * (target.angular_velocity - body.angular_velocity),
        ))
    }

    /// The world torque (N m): the acceleration times the inertia in the principal frame.
    pub fn torque(&self, body: &Body3, target: &Target3, dt: f64) -> Result<Terms3, Error> {
        let (p, d) = self.parts(body, target, dt)?;
        Ok(Terms3::sum(
            body.inertia_times(p),
            DVec3::ZERO,
            body.inertia_times(d),
            DVec3::ZERO,
        ))
    }
}

/// This law written out for engines that do not run forcelab (see
/// [`program`](crate::program)): the arithmetic above, which the page's unit tests hold
/// it to by running it against the core.
pub(crate) const PROGRAM: Program = Program::stateless(
    &[Text::Words("crates/forcelab/src/controllers/spd_simplified.rs (gains per kg, the next step's position)")],
    &[
        Let("kpm", "kp / m"),
        Let("kdm", "kd / m"),
        Let("force", "m * (kpm * (xt + vt * dt - x - v * dt)) + m * (kdm * (vt - v))"),
    ],
);

/// This law on the box written out for engines that do not run forcelab (see
/// [`program`](crate::program)), the target at rest: [`SpdSimplifiedTorque`]'s
/// `alpha = kp e(exp(w dt) q -> q_t) - kd w` with the Lab's gains per unit inertia
/// (`kp / m` 1/s^2, `kd / m` 1/s), and `tau = I_w alpha`.
pub(crate) const VECTOR_PROGRAM: Program = Program::stateless(
    &[Text::Words("crates/forcelab/src/controllers/spd_simplified.rs (the error one step ahead, the damping on the present velocity, gains per unit inertia)")],
    &[
        Note("Per unit inertia, 1/s^2 and 1/s."),
        Let("kpu", "kp / mass"),
        Let("kdu", "kd / mass"),
        Note("The error one step ahead: from where the body will be if it keeps its spin."),
        LetVector("theta", "RotationVector(Advanced(q, omega, dt), qt)"),
        LetVector("alpha", "kpu * theta + kdu * (ZERO - omega)"),
        LetVector("torque", "InertiaTimes(alpha)"),
    ],
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::controllers::ForwardPd;
    use crate::testing::{ALGEBRA_TOL, ROUND_OFF};

    #[test]
    fn is_a_forward_pd_with_damping_kd_plus_kp_dt() {
        let (kp, kd, dt, m) = (300.0, 7.0, 0.02, 2.0);
        let body = Body1 {
            x: 0.2,
            v: -1.5,
            mass: m,
            ..Body1::default()
        };
        let target = Target1 { x: 1.0, v: 0.4 };
        let simplified = SpdSimplified { kp, kd }
            .force(&body, &target, dt)
            .unwrap()
            .total;
        let pd = ForwardPd {
            kp: m * kp,
            kd: m * (kd + kp * dt),
        }
        .force(&body, &target)
        .unwrap()
        .total;
        assert!(
            (simplified - pd).abs() < ALGEBRA_TOL,
            "{simplified} vs {pd}"
        );
    }

    #[test]
    fn quaternion_form_torque_is_inertia_times_acceleration() {
        let body = Body3 {
            inertia: DVec3::new(0.5, 1.0, 2.0),
            inertia_rotation: crate::rotation::from_rotation_vector(DVec3::new(0.1, 0.2, 0.3)),
            angular_velocity: DVec3::new(0.2, 0.1, -0.4),
            ..Body3::default()
        };
        let target = Target3::facing(glam::DQuat::from_rotation_x(0.8));
        let c = SpdSimplifiedTorque::default();
        let a = c.acceleration(&body, &target, 0.01).unwrap();
        let t = c.torque(&body, &target, 0.01).unwrap().total;
        assert!((body.world_inertia() * a - t).length() < ROUND_OFF);
    }

    #[test]
    fn refuses_negative_gains_by_name() {
        let body = Body1::default();
        let target = Target1 { x: 1.0, v: 0.0 };
        for (kp, kd, field) in [(-1.0, 1.0, "kp"), (1.0, -1.0, "kd")] {
            let law = SpdSimplified { kp, kd };
            assert_eq!(law.force(&body, &target, 0.01).unwrap_err().field(), field);
        }
    }
}
