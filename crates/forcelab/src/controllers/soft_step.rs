use super::{Prepared1, Target1, Terms};
use crate::body::Body1;
use crate::error::{non_negative, positive, Error};
use crate::program::{Program, Statement::Let, Text};
use core::f64::consts::PI;

/// Box2D v3's soft constraint (`b2MakeSoft`) used as a force law: a spring of
/// `hertz` and `damping_ratio` solved implicitly for one step `h`.
///
/// `w = 2 pi hertz`, `a1 = 2 zeta + h w`, `a2 = h w a1`, `a3 = 1 / (1 + a2)`,
/// `bias_rate = w / a1`, `mass_scale = a2 a3`;
/// impulse `= -m mass_scale (C' + bias_rate C)` with `C = x - x_t`, `C' = v - v_t`,
/// force `= impulse / h`.
///
/// It is the implicit (backward Euler) spring-damper written as a velocity impulse,
/// so it stays stable however stiff; at high stiffness it behaves as a rigid joint.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct SoftStep {
    /// Spring frequency, Hz.
    pub hertz: f64,
    /// Damping ratio (1 is critical).
    pub damping_ratio: f64,
}

impl Default for SoftStep {
    /// 5 Hz, critically damped.
    fn default() -> Self {
        SoftStep {
            hertz: 5.0,
            damping_ratio: 1.0,
        }
    }
}

/// The three numbers `b2MakeSoft` returns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Softness {
    /// Position error fed into velocity per second, 1/s.
    pub bias_rate: f64,
    /// Fraction of the rigid impulse applied.
    pub mass_scale: f64,
    /// Fraction of the accumulated impulse removed (unused with one iteration).
    pub impulse_scale: f64,
}

impl SoftStep {
    /// Checks `hertz >= 0` and `damping_ratio >= 0`.
    pub fn validate(&self) -> Result<(), Error> {
        non_negative("hertz", self.hertz)?;
        non_negative("damping_ratio", self.damping_ratio)?;
        Ok(())
    }

    /// `b2MakeSoft(hertz, zeta, h)`; zero hertz gives a rigid constraint.
    pub fn softness(&self, h: f64) -> Result<Softness, Error> {
        self.validate()?;
        positive("dt", h)?;
        if self.hertz == 0.0 {
            return Ok(Softness {
                bias_rate: 0.0,
                mass_scale: 1.0,
                impulse_scale: 0.0,
            });
        }
        let w = 2.0 * PI * self.hertz;
        let a1 = 2.0 * self.damping_ratio + h * w;
        let a2 = h * w * a1;
        let a3 = 1.0 / (1.0 + a2);
        Ok(Softness {
            bias_rate: w / a1,
            mass_scale: a2 * a3,
            impulse_scale: a3,
        })
    }

    /// The force (N) on `body` toward `target` for a step of `dt`.
    pub fn force(&self, body: &Body1, target: &Target1, dt: f64) -> Result<Terms, Error> {
        body.validate()?;
        target.validate()?;
        Ok(self.prepare(body.mass, dt)?.force(body.x, body.v, target))
    }

    /// This law at `mass` kg and `dt` s as [`Prepared1::SoftStep`], refusing bad
    /// settings, mass or step by name.
    pub fn prepare(&self, mass: f64, dt: f64) -> Result<Prepared1, Error> {
        let s = self.softness(dt)?;
        positive("mass", mass)?;
        let k = -mass * s.mass_scale / dt;
        Ok(Prepared1::SoftStep {
            k_bias: k * s.bias_rate,
            k,
        })
    }
}

/// This law written out for engines that do not run forcelab (see
/// [`program`](crate::program)): the arithmetic above, which the page's unit tests hold
/// it to by running it against the core.
pub(crate) const PROGRAM: Program = Program::stateless(
    &[Text::Words("crates/forcelab/src/controllers/soft_step.rs (Box2D v3's b2MakeSoft at the frequency and damping ratio that give kp and kd)")],
    &[
        Let("hertz", "Sqrt(kp / m) / (2.0 * PI)"),
        Let("zeta", "kd / (2.0 * Sqrt(kp * m))"),
        Let("w", "2.0 * PI * hertz"),
        Let("a1", "2.0 * zeta + dt * w"),
        Let("a2", "dt * w * a1"),
        Let("a3", "1.0 / (1.0 + a2)"),
        Let("k", "-m * (a2 * a3) / dt"),
        Let("force", "k * (w / a1) * (x - xt) + k * (v - vt)"),
    ],
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::controllers::BackwardPd;
    use crate::testing::ALGEBRA_TOL;

    #[test]
    fn is_the_backward_pd_with_matching_stiffness_and_damping() {
        // w^2 = kp / m and 2 zeta w = kd / m; the soft step then equals Wu's law on a
        // target at rest.
        let (hz, zeta, m, h) = (3.0, 0.7, 2.0, 1.0 / 60.0);
        let w = 2.0 * PI * hz;
        let body = Body1 {
            x: 0.4,
            v: -1.0,
            mass: m,
            ..Body1::default()
        };
        let target = Target1::at(1.5);
        let soft = SoftStep {
            hertz: hz,
            damping_ratio: zeta,
        }
        .force(&body, &target, h)
        .unwrap()
        .total;
        let wu = BackwardPd {
            kp: m * w * w,
            kd: m * 2.0 * zeta * w,
        }
        .force(&body, &target, h)
        .unwrap()
        .total;
        assert!((soft - wu).abs() < ALGEBRA_TOL * wu.abs(), "{soft} vs {wu}");
    }

    #[test]
    fn stays_bounded_at_any_stiffness() {
        let c = SoftStep {
            hertz: 1e6,
            damping_ratio: 0.0,
        };
        let mut b = Body1::default();
        for _ in 0..1000 {
            let f = c.force(&b, &Target1::at(1.0), 1.0 / 60.0).unwrap().total;
            b.step(f, 1.0 / 60.0).unwrap();
            assert!(b.x.abs() < 2.0);
        }
        assert!((b.x - 1.0).abs() < 1e-6);
    }
}
