use super::step_checked;
use crate::error::{finite, positive, Error};
use crate::integrator::Integrator;

/// A point mass on a line: position `x` (m), velocity `v` (m/s), `mass` (kg).
///
/// Forces are held constant over a step; the [`Integrator`] decides how `x` and `v`
/// advance. The default is semi-implicit Euler, as in game physics engines.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Body1 {
    /// Position, m.
    pub x: f64,
    /// Velocity, m/s.
    pub v: f64,
    /// Mass, kg; must be positive.
    pub mass: f64,
    /// How [`Body1::step`] advances the state.
    pub integrator: Integrator,
}

impl Default for Body1 {
    /// A 1 kg body at rest at the origin, integrated by semi-implicit Euler.
    fn default() -> Self {
        Body1 {
            x: 0.0,
            v: 0.0,
            mass: 1.0,
            integrator: Integrator::SemiImplicitEuler,
        }
    }
}

impl Body1 {
    /// A body at rest at `x` with the given `mass`, after validation.
    pub fn new(x: f64, mass: f64) -> Result<Body1, Error> {
        let body = Body1 {
            x,
            mass,
            ..Body1::default()
        };
        body.validate()?;
        Ok(body)
    }

    /// Checks that position and velocity are finite and mass is positive.
    pub fn validate(&self) -> Result<(), Error> {
        finite("x", self.x)?;
        finite("v", self.v)?;
        positive("mass", self.mass)?;
        Ok(())
    }

    /// Advances the state by `dt` seconds under `force` newtons held over the step.
    ///
    /// With `a = F/m`: semi-implicit Euler `v += a dt; x += v dt`; explicit Euler
    /// `x += v dt; v += a dt`; RK4 (exact here, since `a` is constant)
    /// `x += v dt + a dt^2 / 2; v += a dt`.
    pub fn step(&mut self, force: f64, dt: f64) -> Result<(), Error> {
        positive("dt", dt)?;
        finite("force", force)?;
        self.validate()?;
        step_checked(
            self,
            |next| next.advance(force, dt),
            |b| b.x.is_finite() && b.v.is_finite(),
        )
    }

    /// One step of the integrator with nothing checked: for callers that checked the
    /// force, `dt` and the state on the way in and check the result.
    pub(crate) fn advance(&mut self, force: f64, dt: f64) {
        let a = force / self.mass;
        match self.integrator {
            Integrator::SemiImplicitEuler => {
                self.v += a * dt;
                self.x += self.v * dt;
            }
            Integrator::ExplicitEuler => {
                self.x += self.v * dt;
                self.v += a * dt;
            }
            Integrator::Rk4 => {
                // With a constant acceleration the four RK4 stages collapse to the
                // exact solution; writing it out avoids four times the rounding.
                self.x += self.v * dt + 0.5 * a * dt * dt;
                self.v += a * dt;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Error;

    #[test]
    fn semi_implicit_euler_moves_with_the_new_velocity() {
        let mut b = Body1::new(0.0, 2.0).unwrap();
        b.step(4.0, 0.5).unwrap();
        // a = 2, v = 1, x = 0.5
        assert_eq!((b.x, b.v), (0.5, 1.0));
    }

    #[test]
    fn explicit_euler_moves_with_the_old_velocity() {
        let mut b = Body1 {
            integrator: Integrator::ExplicitEuler,
            ..Body1::new(0.0, 2.0).unwrap()
        };
        b.step(4.0, 0.5).unwrap();
        assert_eq!((b.x, b.v), (0.0, 1.0));
    }

    #[test]
    fn rk4_matches_the_parabola_under_constant_force() {
        let mut b = Body1 {
            integrator: Integrator::Rk4,
            v: 1.0,
            ..Body1::new(0.0, 2.0).unwrap()
        };
        b.step(4.0, 0.5).unwrap();
        assert_eq!((b.x, b.v), (0.5 + 0.25, 2.0));
    }

    #[test]
    fn bad_inputs_are_refused_by_name() {
        assert_eq!(
            Body1::new(0.0, 0.0),
            Err(Error::NotPositive {
                field: "mass",
                value: 0.0
            })
        );
        let mut b = Body1::default();
        assert!(matches!(
            b.step(1.0, 0.0),
            Err(Error::NotPositive { field: "dt", .. })
        ));
        assert!(matches!(
            b.step(1.0, -1.0),
            Err(Error::NotPositive { field: "dt", .. })
        ));
        assert!(matches!(
            b.step(f64::NAN, 0.1),
            Err(Error::NotFinite { field: "force", .. })
        ));
        assert_eq!(
            b,
            Body1::default(),
            "a refused step leaves the body as it was"
        );
    }

    #[test]
    fn a_step_that_overflows_the_position_alone_is_refused_and_changes_nothing() {
        // Explicit Euler moves with the old, finite velocity: only x overflows.
        let start = Body1 {
            v: 1e308,
            integrator: Integrator::ExplicitEuler,
            ..Body1::default()
        };
        let mut b = start;
        assert_eq!(b.step(0.0, 10.0).unwrap_err().field(), "dt");
        assert_eq!(b, start);
    }
}
