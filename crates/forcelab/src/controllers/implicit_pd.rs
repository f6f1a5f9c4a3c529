use super::prepared::implicit_accelerations;
use super::{Prepared1, Target1, Terms};
use crate::body::Body1;
use crate::error::{non_negative, positive, Error};
use crate::program::{Program, Statement::Let, Text};

/// Charles Bloom's implicit-Euler PD (article 003), in his units: `k` and `d` are
/// unitless (1 and 1 are good), `time_scale` (s) is roughly the time to converge:
///
/// `ks = 36 (k / time_scale)^2`, `kd = 9 k d / time_scale`,
/// `a = (ks (x1 - x0) + (kd + ks dt) (v1 - v0)) / (1 + kd dt + ks dt^2)`,
/// `v = v0 + a dt`, `x = x0 + v dt`,
///
/// then the minimum-velocity snap: if the step moved less than `min_velocity dt`,
/// either land on the target (when within `min_velocity dt` of it and the velocity is
/// within `2 min_velocity` of the target's) or move at `min_velocity` toward it. The
/// snap is 1-D and meant for a target at rest, as the article says.
///
/// The acceleration is Wu's backward PD per unit mass with `kp = ks`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct ImplicitPd {
    /// Stiffness factor, unitless.
    pub k: f64,
    /// Damping factor, unitless.
    pub d: f64,
    /// Desired time to converge, s.
    pub time_scale: f64,
    /// Below this speed (m/s) the snap takes over; 0 turns it off.
    pub min_velocity: f64,
}

impl Default for ImplicitPd {
    /// `k = d = 1`, `time_scale = 0.5 s`, no minimum velocity.
    fn default() -> Self {
        ImplicitPd {
            k: 1.0,
            d: 1.0,
            time_scale: 0.5,
            min_velocity: 0.0,
        }
    }
}

/// One step of [`ImplicitPd::advance`]: the new state and how it was reached.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ImplicitPdStep {
    /// New position, m.
    pub x: f64,
    /// New velocity, m/s.
    pub v: f64,
    /// The PD acceleration, m/s^2 (before any snap).
    pub a: f64,
    /// Whether the minimum-velocity logic replaced the PD step.
    pub snapped: bool,
}

impl ImplicitPd {
    /// Checks the factors and the time scale.
    pub fn validate(&self) -> Result<(), Error> {
        non_negative("k", self.k)?;
        non_negative("d", self.d)?;
        positive("time_scale", self.time_scale)?;
        non_negative("min_velocity", self.min_velocity)?;
        Ok(())
    }

    /// `(ks, kd)`: stiffness (1/s^2) and damping (1/s) per unit mass.
    pub fn gains(&self) -> Result<(f64, f64), Error> {
        self.validate()?;
        let r = self.k / self.time_scale;
        Ok((36.0 * r * r, 9.0 * self.k * self.d / self.time_scale))
    }

    /// The acceleration (m/s^2) from `(x0, v0)` toward `(x1, v1)` over `dt`, split into
    /// the stiffness part and the damping part.
    pub fn acceleration(
        &self,
        x0: f64,
        v0: f64,
        x1: f64,
        v1: f64,
        dt: f64,
    ) -> Result<(f64, f64), Error> {
        Ok(implicit_accelerations(self.constants(dt)?, x0, v0, x1, v1))
    }

    /// `(ks, kd + ks dt, 1 + kd dt + ks dt^2)` at `dt`, refusing bad settings or step.
    fn constants(&self, dt: f64) -> Result<(f64, f64, f64), Error> {
        let (ks, kd) = self.gains()?;
        positive("dt", dt)?;
        Ok((ks, kd + ks * dt, 1.0 + kd * dt + ks * dt * dt))
    }

    /// The force part at `mass` kg and `dt` s as [`Prepared1::ImplicitPd`], refusing bad
    /// settings, mass or step by name.
    pub fn prepare(&self, mass: f64, dt: f64) -> Result<Prepared1, Error> {
        let (ks, kdv, scale) = self.constants(dt)?;
        positive("mass", mass)?;
        Ok(Prepared1::ImplicitPd {
            ks,
            kdv,
            scale,
            mass,
        })
    }

    /// The force (N) of the PD part on `body` (mass times the acceleration); the snap
    /// moves the state directly and so has no force form: use [`ImplicitPd::advance`].
    pub fn force(&self, body: &Body1, target: &Target1, dt: f64) -> Result<Terms, Error> {
        body.validate()?;
        target.validate()?;
        Ok(self.prepare(body.mass, dt)?.force(body.x, body.v, target))
    }

    /// One full step of the article's update, snap included.
    pub fn advance(
        &self,
        x0: f64,
        v0: f64,
        x1: f64,
        v1: f64,
        dt: f64,
    ) -> Result<ImplicitPdStep, Error> {
        for (f, v) in [("x", x0), ("v", v0), ("target.x", x1), ("target.v", v1)] {
            crate::error::finite(f, v)?;
        }
        let (p, d) = self.acceleration(x0, v0, x1, v1, dt)?;
        let a = p + d;
        let mut v = v0 + a * dt;
        let mut x = x0 + v * dt;
        let mv = self.min_velocity;
        let mut snapped = false;
        if mv > 0.0 && (x - x0).abs() <= mv * dt {
            snapped = true;
            if (x1 - x0).abs() <= mv * dt && (v1 - v0).abs() <= 2.0 * mv {
                x = x1;
                v = v1;
            } else {
                v = if x1 > x0 { mv } else { -mv };
                x = x0 + v * dt;
            }
        }
        Ok(ImplicitPdStep { x, v, a, snapped })
    }

    /// Steps from rest at `start` toward a target at rest at `goal` until the state
    /// lands exactly on it; returns the time taken (s), or `None` after `max_time`.
    pub fn time_to_converge(
        &self,
        start: f64,
        goal: f64,
        dt: f64,
        max_time: f64,
    ) -> Result<Option<f64>, Error> {
        positive("max_time", max_time)?;
        let (mut x, mut v) = (start, 0.0);
        let steps = crate::math::ceil(max_time / dt) as u64;
        for n in 1..=steps {
            let s = self.advance(x, v, goal, 0.0, dt)?;
            x = s.x;
            v = s.v;
            if x == goal && v == 0.0 {
                return Ok(Some(n as f64 * dt));
            }
        }
        Ok(None)
    }
}

/// This law written out for engines that do not run forcelab (see
/// [`program`](crate::program)): the arithmetic above, which the page's unit tests hold
/// it to by running it against the core.
pub(crate) const PROGRAM: Program = Program::stateless(
    &[Text::Words("crates/forcelab/src/controllers/implicit_pd.rs (Bloom: k = 1 and the time scale and damping that give kp and kd; the next step's state)")],
    &[
        Let("timeScale", "6.0 * Sqrt(m / kp)"),
        Let("damping", "kd * timeScale / (9.0 * m)"),
        Let("r", "1.0 / timeScale"),
        Let("ks", "36.0 * r * r"),
        Let("kds", "9.0 * damping / timeScale"),
        Let("scale", "1.0 + kds * dt + ks * dt * dt"),
        Let("force", "m * (ks * (xt - x) / scale) + m * ((kds + ks * dt) * (vt - v) / scale)"),
    ],
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::controllers::BackwardPd;
    use crate::testing::ALGEBRA_TOL;

    #[test]
    fn acceleration_is_wus_backward_pd_per_unit_mass() {
        let c = ImplicitPd {
            k: 1.3,
            d: 0.8,
            time_scale: 0.4,
            min_velocity: 0.0,
        };
        let (ks, kd) = c.gains().unwrap();
        let body = Body1 {
            x: 0.1,
            v: 2.0,
            ..Body1::default()
        };
        let target = Target1 { x: 3.0, v: -1.0 };
        let dt = 1.0 / 30.0;
        let bloom = c.force(&body, &target, dt).unwrap().total;
        let wu = BackwardPd { kp: ks, kd }
            .force(&body, &target, dt)
            .unwrap()
            .total;
        assert!((bloom - wu).abs() < ALGEBRA_TOL * wu.abs().max(1.0));
    }

    #[test]
    fn min_velocity_snap_lands_exactly_on_a_resting_target() {
        let c = ImplicitPd {
            min_velocity: 5.0,
            ..ImplicitPd::default()
        };
        let t = c.time_to_converge(0.0, 320.0, 1.0 / 60.0, 10.0).unwrap();
        assert!(t.is_some());
        let without = ImplicitPd::default()
            .time_to_converge(0.0, 320.0, 1.0 / 60.0, 10.0)
            .unwrap();
        assert_eq!(without, None, "without the snap it only approaches");
    }

    #[test]
    fn converges_in_roughly_time_scale() {
        let c = ImplicitPd {
            min_velocity: 5.0,
            ..ImplicitPd::default()
        };
        for scale in [0.5, 1.0, 2.0] {
            let c = ImplicitPd {
                time_scale: scale,
                ..c
            };
            let t = c
                .time_to_converge(0.0, 320.0, 1.0 / 60.0, 20.0)
                .unwrap()
                .unwrap();
            assert!(t > 0.5 * scale && t < 3.0 * scale, "scale {scale}: {t}");
        }
    }

    #[test]
    fn refuses_bad_settings() {
        let c = ImplicitPd {
            time_scale: 0.0,
            ..ImplicitPd::default()
        };
        assert_eq!(c.gains().unwrap_err().field(), "time_scale");
        let c = ImplicitPd {
            min_velocity: -1.0,
            ..ImplicitPd::default()
        };
        assert_eq!(
            c.advance(0.0, 0.0, 1.0, 0.0, 0.1).unwrap_err().field(),
            "min_velocity"
        );
    }
}
