use super::{Prepared1, Target1, Target2, Target3, Terms, Terms2, Terms3};
use crate::body::{Body1, Body2, Body3};
use crate::error::{non_negative, positive, Error};
use crate::program::{Program, Statement::Let, Text};
use glam::{DVec2, DVec3};

/// David Wu's stable "backward" PD (article 002): the spring and damper are evaluated
/// on the state one step ahead, the state that the force itself will produce under
/// semi-implicit Euler.
///
/// Asking `F = kp (x_t + v_t dt - x') + kd (v_t - v')` with `v' = v + F dt / m` and
/// `x' = x + v' dt`, and solving for `F`:
///
/// `F = g kp (x_t - x) + g (kd + kp dt) (v_t - v)`, `g = 1 / (1 + (kd dt + kp dt^2) / m)`.
///
/// This is one implicit-Euler step of the spring-damper, so the closed loop is stable
/// for every `kp, kd >= 0` and every `dt > 0`. With `m = 1` it is the article's
/// listing letter for letter (`ksg = kp g`, `kdg = (kd + kp dt) g`); for other masses
/// the listing's gains act per unit mass, which we make explicit here through `m`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct BackwardPd {
    /// Stiffness, N/m.
    pub kp: f64,
    /// Damping, N s/m.
    pub kd: f64,
}

impl Default for BackwardPd {
    /// The same gains as [`ForwardPd::default`](super::ForwardPd): `kp = 100 N/m`,
    /// `kd = 20 N s/m`.
    fn default() -> Self {
        BackwardPd {
            kp: 100.0,
            kd: 20.0,
        }
    }
}

impl BackwardPd {
    /// Checks that both gains are finite and not negative.
    pub fn validate(&self) -> Result<(), Error> {
        non_negative("kp", self.kp)?;
        non_negative("kd", self.kd)?;
        Ok(())
    }

    /// The effective gains `(ksg, kdg)` for mass `m` (kg) and step `dt` (s): the force
    /// is `ksg (x_t - x) + kdg (v_t - v)`. Precompute them when `dt` and `m` are fixed.
    pub fn effective_gains(&self, mass: f64, dt: f64) -> Result<(f64, f64), Error> {
        self.validate()?;
        positive("mass", mass)?;
        positive("dt", dt)?;
        let g = 1.0 / (1.0 + (self.kd * dt + self.kp * dt * dt) / mass);
        Ok((self.kp * g, (self.kd + self.kp * dt) * g))
    }

    /// This law at `mass` kg and `dt` s as [`Prepared1::Gains`] with its effective
    /// gains, refusing bad gains, mass or step by name.
    pub fn prepare(&self, mass: f64, dt: f64) -> Result<Prepared1, Error> {
        let (p, d) = self.effective_gains(mass, dt)?;
        Ok(Prepared1::Gains { p, d })
    }

    /// The force (N) on `body` toward `target` for a step of `dt` seconds.
    /// `p` is the effective spring, `d` the effective damper.
    pub fn force(&self, body: &Body1, target: &Target1, dt: f64) -> Result<Terms, Error> {
        body.validate()?;
        target.validate()?;
        Ok(self.prepare(body.mass, dt)?.force(body.x, body.v, target))
    }

    /// The same law on a 2-D body's position (N), axis by axis with the body's mass.
    pub fn force2(&self, body: &Body2, target: &Target2, dt: f64) -> Result<Terms2, Error> {
        body.validate()?;
        target.validate()?;
        let (ksg, kdg) = self.effective_gains(body.mass, dt)?;
        Ok(Terms2::sum(
            ksg * (target.position - body.position),
            DVec2::ZERO,
            kdg * (target.velocity - body.velocity),
            DVec2::ZERO,
        ))
    }

    /// The same law on a 3-D body's position (N), axis by axis with the body's mass.
    pub fn force3(&self, body: &Body3, target: &Target3, dt: f64) -> Result<Terms3, Error> {
        body.validate()?;
        target.validate()?;
        let (ksg, kdg) = self.effective_gains(body.mass, dt)?;
        Ok(Terms3::sum(
            ksg * (target.position - body.position),
            DVec3::ZERO,
            kdg * (target.velocity - body.velocity),
            DVec3::ZERO,
        ))
    }
}

/// This law written out for engines that do not run forcelab (see
/// [`program`](crate::program)): the arithmetic above, which the page's unit tests hold
/// it to by running it against the core.
pub(crate) const PROGRAM: Program = Program::stateless(
    &[Text::Words(
        "crates/forcelab/src/controllers/backward_pd.rs (Wu: gains scaled by g)",
    )],
    &[
        Let("g", "1.0 / (1.0 + (kd * dt + kp * dt * dt) / m)"),
        Let("force", "kp * g * (xt - x) + (kd + kp * dt) * g * (vt - v)"),
    ],
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::controllers::{Controller1, LawId};
    use crate::testing::ROUND_OFF;
    use crate::testing::{final_error, max_error, run, ALGEBRA_TOL};
    use proptest::prelude::*;

    #[test]
    fn force_solves_its_own_implicit_equation() {
        // After the step, the force must equal the spring and damper evaluated on the
        // state it produced (against the target predicted one step on).
        let (dt, m) = (0.02, 3.0);
        let c = BackwardPd {
            kp: 400.0,
            kd: 15.0,
        };
        let body = Body1 {
            x: 0.3,
            v: -2.0,
            mass: m,
            ..Body1::default()
        };
        let target = Target1 { x: 1.5, v: 0.7 };
        let f = c.force(&body, &target, dt).unwrap().total;
        let mut next = body;
        next.step(f, dt).unwrap();
        let implied = c.kp * (target.x + target.v * dt - next.x) + c.kd * (target.v - next.v);
        assert!(
            (f - implied).abs() < ALGEBRA_TOL * f.abs().max(1.0),
            "{f} vs {implied}"
        );
    }

    #[test]
    fn with_unit_mass_it_is_the_articles_formula() {
        let (kp, kd, dt) = (250.0, 12.0, 1.0 / 50.0);
        let g = 1.0 / (1.0 + kd * dt + kp * dt * dt);
        let (ksg, kdg) = BackwardPd { kp, kd }.effective_gains(1.0, dt).unwrap();
        assert!((ksg - kp * g).abs() < ROUND_OFF);
        assert!((kdg - (kd + kp * dt) * g).abs() < ROUND_OFF);
    }

    #[test]
    fn stays_bounded_where_forward_pd_diverges() {
        let dt = 1.0 / 60.0;
        let c = Controller1::new(LawId::BackwardPd, 1e6, 10.0, 1.0).unwrap();
        let trace = run(c, Body1::default(), Target1::at(1.0), dt, 6000);
        assert_eq!(trace.len(), 6000);
        assert!(max_error(&trace) <= 1.0 + ROUND_OFF);
        assert!(final_error(&trace) < ALGEBRA_TOL);
    }

    #[test]
    fn converges_on_a_target_moving_at_constant_velocity() {
        let c = Controller1::new(LawId::BackwardPd, 400.0, 40.0, 1.0).unwrap();
        let trace = run(
            c,
            Body1::default(),
            Target1 { x: 1.0, v: 2.0 },
            1.0 / 60.0,
            600,
        );
        assert!(final_error(&trace) < 1e-6, "{}", final_error(&trace));
        let (b, t) = trace.last().unwrap();
        assert!((b.v - t.v).abs() < 1e-6);
    }

    #[test]
    fn refuses_bad_inputs_by_name() {
        let b = Body1::default();
        let t = Target1::at(1.0);
        let c = BackwardPd::default();
        assert_eq!(c.force(&b, &t, 0.0).unwrap_err().field(), "dt");
        assert_eq!(c.force(&b, &t, -0.1).unwrap_err().field(), "dt");
        let heavy = Body1 { mass: 0.0, ..b };
        assert_eq!(c.force(&heavy, &t, 0.1).unwrap_err().field(), "mass");
        let nan = BackwardPd {
            kp: f64::NAN,
            kd: 1.0,
        };
        assert_eq!(nan.force(&b, &t, 0.1).unwrap_err().field(), "kp");
    }

    proptest! {
        /// The closed loop is backward Euler on a spring-damper, which never creates
        /// energy: E = kp e^2 / 2 + m v^2 / 2 does not grow, for any gains, mass, dt.
        #[test]
        fn energy_never_grows(
            kp in 0.0..1e8f64, kd in 0.0..1e6f64,
            dt in 1e-4..0.2f64, m in 1e-2..1e3f64, x0 in -10.0..10.0f64, v0 in -10.0..10.0f64,
        ) {
            let c = BackwardPd { kp, kd };
            let target = Target1::at(0.0);
            let mut b = Body1 { x: x0, v: v0, mass: m, ..Body1::default() };
            let energy = |b: &Body1| 0.5 * kp * b.x * b.x + 0.5 * m * b.v * b.v;
            let mut e = energy(&b);
            for _ in 0..50 {
                let f = c.force(&b, &target, dt).unwrap().total;
                b.step(f, dt).unwrap();
                let e1 = energy(&b);
                prop_assert!(e1 <= e * (1.0 + ALGEBRA_TOL) + 1e-300, "{} -> {}", e, e1);
                e = e1;
            }
        }
    }
}
