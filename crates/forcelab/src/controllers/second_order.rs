use super::{Prepared1, Target1, Terms};
use crate::body::Body1;
use crate::error::{finite, non_negative, positive, Error};
use crate::program::{Program, Statement::Let, Text};
use core::f64::consts::PI;

/// Second-order dynamics with frequency `f` (Hz), damping ratio `zeta` and initial
/// response `r` (the parameterisation popularised for procedural animation):
///
/// `y + k1 y' + k2 y'' = x + k3 x'`, `k1 = zeta / (pi f)`, `k2 = 1 / (2 pi f)^2`,
/// `k3 = r zeta / (2 pi f)`,
///
/// solved for the acceleration `y'' = (x + k3 x' - y - k1 y') / k2'` with
/// `k2' = max(k2, dt^2/2 + dt k1/2, dt k1)`: raising `k2` that far keeps the step stable
/// for every `dt` under semi-implicit Euler (the update order the method was designed
/// for). Two costs, both tested: when `dt` is long against `1/f` the loop barely damps
/// (it rings at a quarter of the step rate, bounded), and under explicit Euler the
/// guarantee is gone (Jury's test then needs `dt <= k1`).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct SecondOrder {
    /// Natural frequency, Hz.
    pub frequency: f64,
    /// Damping ratio (1 is critical).
    pub zeta: f64,
    /// Initial response: 0 eases in, 1 responds at once, above 1 overshoots, below 0
    /// anticipates.
    pub response: f64,
}

impl Default for SecondOrder {
    /// `f = 2 Hz`, critically damped, `r = 0`.
    fn default() -> Self {
        SecondOrder {
            frequency: 2.0,
            zeta: 1.0,
            response: 0.0,
        }
    }
}

impl SecondOrder {
    /// Checks `f > 0`, `zeta >= 0`, `r` finite.
    pub fn validate(&self) -> Result<(), Error> {
        positive("frequency", self.frequency)?;
        non_negative("zeta", self.zeta)?;
        finite("response", self.response)?;
        Ok(())
    }

    /// `(k1, k2, k3)` in s, s^2, s.
    pub fn constants(&self) -> Result<(f64, f64, f64), Error> {
        self.validate()?;
        let w = 2.0 * PI * self.frequency;
        Ok((
            self.zeta / (PI * self.frequency),
            1.0 / (w * w),
            self.response * self.zeta / w,
        ))
    }

    /// `k2` raised as far as step `dt` needs for stability, s^2.
    pub fn stable_k2(&self, dt: f64) -> Result<f64, Error> {
        let (k1, k2, _) = self.constants()?;
        positive("dt", dt)?;
        Ok(k2.max(dt * dt / 2.0 + dt * k1 / 2.0).max(dt * k1))
    }

    /// The force (N): mass times the acceleration, split into the spring part
    /// (`x + k3 x' - y`) and the damper part (`-k1 y'`).
    pub fn force(&self, body: &Body1, target: &Target1, dt: f64) -> Result<Terms, Error> {
        body.validate()?;
        target.validate()?;
        Ok(self.prepare(body.mass, dt)?.force(body.x, body.v, target))
    }

    /// This law at `mass` kg and `dt` s as [`Prepared1::SecondOrder`], refusing bad
    /// settings, mass or step by name.
    pub fn prepare(&self, mass: f64, dt: f64) -> Result<Prepared1, Error> {
        let (k1, _, k3) = self.constants()?;
        let k2 = self.stable_k2(dt)?;
        positive("mass", mass)?;
        Ok(Prepared1::SecondOrder { k1, k3, k2, mass })
    }
}

/// This law written out for engines that do not run forcelab (see
/// [`program`](crate::program)): the arithmetic above, which the page's unit tests hold
/// it to by running it against the core.
pub(crate) const PROGRAM: Program = Program::stateless(
    &[Text::Words("crates/forcelab/src/controllers/second_order.rs (the frequency and damping ratio that give kp and kd; k2 raised to stay stable at this step)")],
    &[
        Let("frequency", "Sqrt(kp / m) / (2.0 * PI)"),
        Let("zeta", "kd / (2.0 * Sqrt(kp * m))"),
        Let("w", "2.0 * PI * frequency"),
        Let("k1", "zeta / (PI * frequency)"),
        Let("k2", "Max(Max(1.0 / (w * w), dt * dt / 2.0 + dt * k1 / 2.0), dt * k1)"),
        Let("force", "m * (xt - x) / k2 + m * (-k1 * v) / k2"),
    ],
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::integrator::Integrator;

    #[test]
    fn stays_bounded_at_any_step_length() {
        let c = SecondOrder {
            frequency: 30.0,
            zeta: 0.1,
            response: 2.0,
        };
        for integrator in [Integrator::SemiImplicitEuler] {
            for dt in [1e-3, 1.0 / 60.0, 0.1, 1.0, 10.0] {
                let mut b = Body1 {
                    integrator,
                    ..Body1::default()
                };
                let mut peak: f64 = 0.0;
                for _ in 0..2000 {
                    let f = c.force(&b, &Target1::at(1.0), dt).unwrap().total;
                    b.step(f, dt).unwrap();
                    peak = peak.max(b.x.abs());
                }
                assert!(peak < 10.0, "{integrator:?} dt {dt}: peak {peak}");
                // Lightly damped (zeta = 0.1) it may still ring, but never grows.
                assert!((b.x - 1.0).abs() <= 1.0, "{integrator:?} dt {dt}: {}", b.x);
            }
        }
    }

    #[test]
    fn critically_damped_settles_at_any_step_length() {
        let c = SecondOrder {
            frequency: 30.0,
            zeta: 1.0,
            response: 0.0,
        };
        for dt in [1e-3, 1.0 / 60.0, 0.1] {
            let mut b = Body1::default();
            for _ in 0..2000 {
                let f = c.force(&b, &Target1::at(1.0), dt).unwrap().total;
                b.step(f, dt).unwrap();
            }
            assert!((b.x - 1.0).abs() < 1e-6, "dt {dt}: {}", b.x);
        }
    }

    #[test]
    fn explicit_euler_loses_the_guarantee_at_long_steps() {
        let c = SecondOrder {
            frequency: 30.0,
            zeta: 1.0,
            response: 0.0,
        };
        let mut b = Body1 {
            integrator: Integrator::ExplicitEuler,
            ..Body1::default()
        };
        let mut grew = false;
        for _ in 0..200 {
            let f = c.force(&b, &Target1::at(1.0), 0.1).unwrap().total;
            if b.step(f, 0.1).is_err() || b.x.abs() > 1e6 {
                grew = true;
                break;
            }
        }
        assert!(grew, "dt = 0.1 s > k1 = 0.011 s: explicit Euler diverges");
    }

    #[test]
    fn short_steps_keep_the_continuous_constants() {
        let c = SecondOrder::default();
        let (_, k2, _) = c.constants().unwrap();
        assert_eq!(c.stable_k2(1e-4).unwrap(), k2);
    }

    #[test]
    fn constants_follow_the_closed_forms_away_from_one() {
        // f = 2 Hz, zeta = 0.5, r = 2: w = 4 pi; k1 = zeta / (pi f) = 1 / (4 pi),
        // k2 = 1 / w^2 = 1 / (16 pi^2), k3 = r zeta / w = 1 / (4 pi).
        let c = SecondOrder {
            frequency: 2.0,
            zeta: 0.5,
            response: 2.0,
        };
        let (k1, k2, k3) = c.constants().unwrap();
        let pi = std::f64::consts::PI;
        assert!((k1 - 1.0 / (4.0 * pi)).abs() < 1e-15);
        assert!((k2 - 1.0 / (16.0 * pi * pi)).abs() < 1e-15);
        assert!((k3 - 1.0 / (4.0 * pi)).abs() < 1e-15);
    }
}
