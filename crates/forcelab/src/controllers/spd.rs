use super::prepared::spd_terms;
use super::{Prepared1, Target1, Terms};
use crate::body::Body1;
use crate::error::{finite, non_negative, positive, Error};
use crate::program::{Program, Statement::Let, Text};

/// Stable PD in the form of Tan, Liu and Turk (IEEE CG&A 2011), 1-D.
///
/// The spring acts on the position predicted one step ahead with the current velocity,
/// the damper on the velocity predicted with the acceleration this very force causes:
///
/// `F = kp (x_t + v_t dt - x - v dt) + kd (v_t - v - a dt)`, with `a = (F + F_ext) / m`.
///
/// Solving for the acceleration gives the implicit term through `(m + kd dt)`:
///
/// `a = (kp (x_t + v_t dt - x - v dt) + kd (v_t - v) + F_ext) / (m + kd dt)`.
///
/// Stability depends on the integrator that moves the body. With `A = kp dt^2`,
/// `B = kd dt` (stiff gains, `m` small against them) the closed loop is stable when
///
/// - explicit Euler (the paper's prediction `x + v dt`): `kd >= kp dt / 2 - 2 m / dt`,
///   so the paper's rule `kd >= kp dt` is sufficient;
/// - semi-implicit Euler (Unity, PhysX, Box2D): `kd >= 1.5 kp dt - 2 m / dt`, so the
///   paper's rule is *not* sufficient there for stiff gains; `kd >= 1.5 kp dt` is.
///
/// Both follow from Jury's test on the one-step map; the tests below run them.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct Spd {
    /// Stiffness, N/m.
    pub kp: f64,
    /// Damping, N s/m.
    pub kd: f64,
}

impl Default for Spd {
    /// The same gains as [`ForwardPd::default`](super::ForwardPd): `kp = 100 N/m`,
    /// `kd = 20 N s/m` (and `kd >= kp dt` for any `dt <= 0.2 s`).
    fn default() -> Self {
        Spd {
            kp: 100.0,
            kd: 20.0,
        }
    }
}

impl Spd {
    /// Checks that both gains are finite and not negative.
    pub fn validate(&self) -> Result<(), Error> {
        non_negative("kp", self.kp)?;
        non_negative("kd", self.kd)?;
        Ok(())
    }

    /// The force (N) on `body` toward `target` for a step of `dt` seconds, with no
    /// other force acting on the body.
    pub fn force(&self, body: &Body1, target: &Target1, dt: f64) -> Result<Terms, Error> {
        self.force_with_external(body, target, dt, 0.0)
    }

    /// The force (N) when a known external force `external` (N, e.g. gravity) also
    /// acts during the step: the implicit acceleration accounts for it, so the
    /// controller does not fight it one step late. `p` is the predicted-position spring,
    /// `d` the damper on the predicted velocity (including `-kd a dt`).
    pub fn force_with_external(
        &self,
        body: &Body1,
        target: &Target1,
        dt: f64,
        external: f64,
    ) -> Result<Terms, Error> {
        self.validate()?;
        body.validate()?;
        target.validate()?;
        positive("dt", dt)?;
        finite("external", external)?;
        let c = (self.kp, self.kd, dt, body.mass + self.kd * dt);
        Ok(spd_terms(c, body.x, body.v, target, external))
    }

    /// This law at `mass` kg and `dt` s as [`Prepared1::Spd`], refusing bad gains, mass
    /// or step by name.
    pub fn prepare(&self, mass: f64, dt: f64) -> Result<Prepared1, Error> {
        self.validate()?;
        positive("mass", mass)?;
        positive("dt", dt)?;
        Ok(Prepared1::Spd {
            kp: self.kp,
            kd: self.kd,
            dt,
            denominator: mass + self.kd * dt,
        })
    }
}

/// This law written out for engines that do not run forcelab (see
/// [`program`](crate::program)): the arithmetic above, which the page's unit tests hold
/// it to by running it against the core.
pub(crate) const PROGRAM: Program = Program::stateless(
    &[Text::Words(
        "crates/forcelab/src/controllers/spd.rs (Tan et al.: the next step's state)",
    )],
    &[
        Let("p", "kp * (xt + vt * dt - x - v * dt)"),
        Let("a", "(p + kd * (vt - v)) / (m + kd * dt)"),
        Let("force", "p + kd * (vt - v - a * dt)"),
    ],
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::controllers::{Controller1, LawId};
    use crate::testing::ROUND_OFF;
    use crate::testing::{final_error, max_error, run, ALGEBRA_TOL};

    #[test]
    fn force_matches_the_acceleration_it_predicts() {
        // F = kp (predicted position error) + kd (v_t - v - a dt) with a = (F + F_ext)/m.
        let (dt, m, ext) = (0.01, 2.5, -9.81 * 2.5);
        let c = Spd {
            kp: 900.0,
            kd: 60.0,
        };
        let body = Body1 {
            x: -0.4,
            v: 1.2,
            mass: m,
            ..Body1::default()
        };
        let target = Target1 { x: 0.5, v: -0.3 };
        let t = c.force_with_external(&body, &target, dt, ext).unwrap();
        let a = (t.total + ext) / m;
        let implied = c.kp * (target.x + target.v * dt - body.x - body.v * dt)
            + c.kd * (target.v - body.v - a * dt);
        assert!((t.total - implied).abs() < ALGEBRA_TOL * implied.abs().max(1.0));
    }

    #[test]
    fn stiff_gains_with_enough_damping_stay_bounded_where_forward_pd_diverges() {
        let dt = 1.0 / 60.0;
        let (kp, kd) = (1e6, 2.0 * 1e6 * dt); // kd >= 1.5 kp dt: stable under semi-implicit Euler
        let spd = run(
            Controller1::new(LawId::Spd, kp, kd, 1.0).unwrap(),
            Body1::default(),
            Target1::at(1.0),
            dt,
            6000,
        );
        assert_eq!(spd.len(), 6000);
        assert!(max_error(&spd) <= 1.0 + ROUND_OFF);
        let pd = run(
            Controller1::new(LawId::ForwardPd, kp, kd, 1.0).unwrap(),
            Body1::default(),
            Target1::at(1.0),
            dt,
            6000,
        );
        assert!(pd.len() < 6000);
    }

    #[test]
    fn the_papers_rule_kd_ge_kp_dt_holds_under_explicit_euler_but_not_semi_implicit() {
        let dt = 1.0 / 60.0;
        let c = Controller1::new(LawId::Spd, 1e6, 1e6 * dt, 1.0).unwrap();
        let semi = run(c.clone(), Body1::default(), Target1::at(1.0), dt, 600);
        assert!(
            semi.len() < 600,
            "semi-implicit Euler diverges at kd = kp dt"
        );
        let explicit = Body1 {
            integrator: crate::Integrator::ExplicitEuler,
            ..Body1::default()
        };
        let trace = run(c, explicit, Target1::at(1.0), dt, 6000);
        assert_eq!(trace.len(), 6000);
        assert!(max_error(&trace) <= 1.0 + ROUND_OFF);
        assert!(final_error(&trace) < 1e-6);
    }

    #[test]
    fn too_little_damping_for_the_stiffness_diverges() {
        // kd = 10 < kp dt = 16667: the paper's condition fails, and so does the loop.
        let c = Controller1::new(LawId::Spd, 1e6, 10.0, 1.0).unwrap();
        let trace = run(c, Body1::default(), Target1::at(1.0), 1.0 / 60.0, 600);
        assert!(trace.len() < 600);
    }

    #[test]
    fn converges_on_a_target_moving_at_constant_velocity() {
        let c = Controller1::new(LawId::Spd, 400.0, 40.0, 1.0).unwrap();
        let trace = run(
            c,
            Body1::default(),
            Target1 { x: 1.0, v: 2.0 },
            1.0 / 60.0,
            600,
        );
        assert!(final_error(&trace) < 1e-6, "{}", final_error(&trace));
    }

    #[test]
    fn refuses_bad_inputs_by_name() {
        let b = Body1::default();
        let t = Target1::at(1.0);
        let c = Spd::default();
        assert_eq!(c.force(&b, &t, 0.0).unwrap_err().field(), "dt");
        assert_eq!(
            c.force(&Body1 { mass: -1.0, ..b }, &t, 0.1)
                .unwrap_err()
                .field(),
            "mass"
        );
        assert_eq!(
            Spd {
                kp: 1.0,
                kd: f64::INFINITY
            }
            .force(&b, &t, 0.1)
            .unwrap_err()
            .field(),
            "kd"
        );
        assert_eq!(
            c.force_with_external(&b, &t, 0.1, f64::NAN)
                .unwrap_err()
                .field(),
            "external"
        );
    }
}
