use super::step_checked;
use crate::error::{finite, non_negative, positive, Error};
use crate::integrator::Integrator;
use glam::DVec2;

/// A rigid body in the plane: position (m), angle (rad, counter-clockwise from +x),
/// velocity (m/s), angular velocity (rad/s), mass (kg), moment of inertia (kg m^2),
/// and linear and angular damping (1/s).
///
/// Damping works as in Box2D: after the velocity update, `v *= 1 / (1 + c dt)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Body2 {
    /// Position of the centre of mass, m.
    pub position: DVec2,
    /// Orientation, rad.
    pub angle: f64,
    /// Velocity, m/s.
    pub velocity: DVec2,
    /// Angular velocity, rad/s (positive is counter-clockwise).
    pub angular_velocity: f64,
    /// Mass, kg.
    pub mass: f64,
    /// Moment of inertia about the centre of mass, kg m^2.
    pub inertia: f64,
    /// Linear damping, 1/s.
    pub linear_damping: f64,
    /// Angular damping, 1/s.
    pub angular_damping: f64,
    /// How [`Body2::step`] advances the state.
    pub integrator: Integrator,
}

impl Default for Body2 {
    /// A 1 kg, 0.1 kg m^2 body at rest at the origin facing +x, no damping.
    fn default() -> Self {
        Body2 {
            position: DVec2::ZERO,
            angle: 0.0,
            velocity: DVec2::ZERO,
            angular_velocity: 0.0,
            mass: 1.0,
            inertia: 0.1,
            linear_damping: 0.0,
            angular_damping: 0.0,
            integrator: Integrator::SemiImplicitEuler,
        }
    }
}

impl Body2 {
    /// Checks that the state is finite, mass and inertia positive, damping not negative.
    pub fn validate(&self) -> Result<(), Error> {
        finite("position.x", self.position.x)?;
        finite("position.y", self.position.y)?;
        finite("angle", self.angle)?;
        finite("velocity.x", self.velocity.x)?;
        finite("velocity.y", self.velocity.y)?;
        finite("angular_velocity", self.angular_velocity)?;
        positive("mass", self.mass)?;
        positive("inertia", self.inertia)?;
        non_negative("linear_damping", self.linear_damping)?;
        non_negative("angular_damping", self.angular_damping)?;
        Ok(())
    }

    /// The unit vector the body faces: `(cos angle, sin angle)`.
    pub fn facing(&self) -> DVec2 {
        DVec2::new(crate::math::cos(self.angle), crate::math::sin(self.angle))
    }

    /// Advances by `dt` s under `force` (N) and `torque` (N m) held over the step.
    pub fn step(&mut self, force: DVec2, torque: f64, dt: f64) -> Result<(), Error> {
        positive("dt", dt)?;
        finite("force.x", force.x)?;
        finite("force.y", force.y)?;
        finite("torque", torque)?;
        self.validate()?;
        step_checked(
            self,
            |next| next.advance(force, torque, dt),
            |b| {
                b.position.is_finite()
                    && b.angle.is_finite()
                    && b.velocity.is_finite()
                    && b.angular_velocity.is_finite()
            },
        )
    }

    fn advance(&mut self, force: DVec2, torque: f64, dt: f64) {
        let a = force / self.mass;
        let alpha = torque / self.inertia;
        let lin = 1.0 / (1.0 + self.linear_damping * dt);
        let ang = 1.0 / (1.0 + self.angular_damping * dt);
        match self.integrator {
            Integrator::SemiImplicitEuler => {
                self.velocity = (self.velocity + a * dt) * lin;
                self.angular_velocity = (self.angular_velocity + alpha * dt) * ang;
                self.position += self.velocity * dt;
                self.angle += self.angular_velocity * dt;
            }
            Integrator::ExplicitEuler => {
                self.position += self.velocity * dt;
                self.angle += self.angular_velocity * dt;
                self.velocity = (self.velocity + a * dt) * lin;
                self.angular_velocity = (self.angular_velocity + alpha * dt) * ang;
            }
            Integrator::Rk4 => {
                // Continuous damping: x'' = a - c x'. Exact for constant a:
                // v(t) = a/c + (v0 - a/c) e^{-ct}; x(t) = x0 + a t / c + (v0 - a/c)(1 - e^{-ct}) / c.
                let (p, v) = exact_damped(self.linear_damping, dt);
                self.position += self.velocity * p + a * v;
                self.velocity = self.velocity * exact_decay(self.linear_damping, dt)
                    + a * exact_gain(self.linear_damping, dt);
                let (pa, va) = exact_damped(self.angular_damping, dt);
                self.angle += self.angular_velocity * pa + alpha * va;
                self.angular_velocity = self.angular_velocity
                    * exact_decay(self.angular_damping, dt)
                    + alpha * exact_gain(self.angular_damping, dt);
            }
        }
    }
}

/// For `x'' = a - c x'` over `t`: the coefficients `(P, Q)` of `x(t) - x0 = v0 P + a Q`.
fn exact_damped(c: f64, t: f64) -> (f64, f64) {
    let ct = c * t;
    if ct < 1e-6 {
        // Series, to avoid cancellation: P = t - c t^2/2, Q = t^2/2 - c t^3/6.
        (t - 0.5 * c * t * t, 0.5 * t * t - c * t * t * t / 6.0)
    } else {
        let e = crate::math::exp(-ct);
        ((1.0 - e) / c, (t - (1.0 - e) / c) / c)
    }
}

/// `e^{-c t}`.
fn exact_decay(c: f64, t: f64) -> f64 {
    crate::math::exp(-c * t)
}

/// `(1 - e^{-c t}) / c`, or `t` when `c = 0`.
fn exact_gain(c: f64, t: f64) -> f64 {
    let ct = c * t;
    if ct < 1e-6 {
        t - 0.5 * c * t * t
    } else {
        (1.0 - crate::math::exp(-ct)) / c
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::ROUND_OFF;

    #[test]
    fn semi_implicit_step_uses_the_new_velocities() {
        let mut b = Body2 {
            mass: 2.0,
            inertia: 0.5,
            ..Body2::default()
        };
        b.step(DVec2::new(4.0, -2.0), 1.0, 0.5).unwrap();
        assert_eq!(b.velocity, DVec2::new(1.0, -0.5));
        assert_eq!(b.position, DVec2::new(0.5, -0.25));
        assert_eq!(b.angular_velocity, 1.0);
        assert_eq!(b.angle, 0.5);
    }

    #[test]
    fn damping_divides_the_velocity_like_box2d() {
        let mut b = Body2 {
            velocity: DVec2::new(2.0, 0.0),
            linear_damping: 1.0,
            ..Body2::default()
        };
        b.step(DVec2::ZERO, 0.0, 0.25).unwrap();
        assert!((b.velocity.x - 2.0 / 1.25).abs() < 1e-15);
    }

    #[test]
    fn rk4_reference_is_exact_for_damped_constant_force() {
        let c = 0.7;
        let mut b = Body2 {
            velocity: DVec2::new(1.0, 0.0),
            linear_damping: c,
            integrator: Integrator::Rk4,
            ..Body2::default()
        };
        let a = 3.0;
        for _ in 0..100 {
            b.step(DVec2::new(a, 0.0), 0.0, 0.01).unwrap();
        }
        let (x, v) = crate::testing::damped_motion(c, a, 1.0, 1.0);
        assert!(
            (b.velocity.x - v).abs() < ROUND_OFF,
            "{} vs {v}",
            b.velocity.x
        );
        assert!((b.position.x - x).abs() < ROUND_OFF);
    }

    #[test]
    fn refuses_bad_mass_inertia_and_damping() {
        let mut b = Body2 {
            inertia: 0.0,
            ..Body2::default()
        };
        assert_eq!(
            b.step(DVec2::ZERO, 0.0, 0.1).unwrap_err().field(),
            "inertia"
        );
        b.inertia = 1.0;
        b.angular_damping = -1.0;
        assert_eq!(
            b.step(DVec2::ZERO, 0.0, 0.1).unwrap_err().field(),
            "angular_damping"
        );
        b.angular_damping = 0.0;
        assert_eq!(
            b.step(DVec2::new(f64::NAN, 0.0), 0.0, 0.1)
                .unwrap_err()
                .field(),
            "force.x"
        );
    }

    #[test]
    fn explicit_step_moves_with_the_old_velocities() {
        let mut b = Body2 {
            velocity: DVec2::new(1.0, 2.0),
            angular_velocity: 3.0,
            mass: 2.0,
            inertia: 0.5,
            integrator: Integrator::ExplicitEuler,
            ..Body2::default()
        };
        b.step(DVec2::new(4.0, -2.0), 1.0, 0.5).unwrap();
        // x += v dt with the old v, then v += a dt.
        assert_eq!(b.position, DVec2::new(0.5, 1.0));
        assert_eq!(b.angle, 1.5);
        assert_eq!(b.velocity, DVec2::new(2.0, 1.5));
        assert_eq!(b.angular_velocity, 4.0);
    }

    #[test]
    fn explicit_step_damps_both_velocities_after_the_move() {
        let mut b = Body2 {
            velocity: DVec2::new(2.0, 0.0),
            angular_velocity: 2.0,
            linear_damping: 1.0,
            angular_damping: 3.0,
            integrator: Integrator::ExplicitEuler,
            ..Body2::default()
        };
        b.step(DVec2::ZERO, 0.0, 0.25).unwrap();
        assert_eq!(b.position.x, 0.5);
        assert_eq!(b.angle, 0.5);
        assert_eq!(b.velocity.x, 2.0 / 1.25);
        assert_eq!(b.angular_velocity, 2.0 / 1.75);
    }

    #[test]
    fn rk4_reference_turns_exactly_under_constant_torque_and_angular_damping() {
        let (c, alpha) = (2.5, -4.0);
        let mut b = Body2 {
            angular_velocity: 1.5,
            inertia: 0.5,
            angular_damping: c,
            integrator: Integrator::Rk4,
            ..Body2::default()
        };
        b.step(DVec2::ZERO, alpha * 0.5, 0.3).unwrap();
        let (angle, w) = crate::testing::damped_motion(c, alpha, 1.5, 0.3);
        assert!((b.angle - angle).abs() < 1e-14, "{} vs {angle}", b.angle);
        assert!((b.angular_velocity - w).abs() < 1e-14);
        assert_eq!(b.position, DVec2::ZERO);
    }

    #[test]
    fn rk4_reference_without_damping_is_constant_acceleration() {
        let mut b = Body2 {
            velocity: DVec2::new(1.0, -1.0),
            angular_velocity: 2.0,
            mass: 2.0,
            inertia: 0.25,
            integrator: Integrator::Rk4,
            ..Body2::default()
        };
        b.step(DVec2::new(6.0, 2.0), 1.0, 0.5).unwrap();
        // x = v0 t + a t^2 / 2 with a = (3, 1), alpha = 4.
        assert_eq!(b.position, DVec2::new(0.875, -0.375));
        assert_eq!(b.velocity, DVec2::new(2.5, -0.5));
        assert_eq!(b.angle, 1.5);
        assert_eq!(b.angular_velocity, 4.0);
    }

    #[test]
    fn rk4_reference_keeps_tiny_damping_accurate_through_its_series() {
        // c t = 5e-8 takes the series branch; the next terms of the series
        // (c^2 t^3 / 6 and c^2 t^4 / 24, about 1e-18 here) bound its error.
        let (c, t, a, v0) = (1e-6, 0.05, 3.0, 2.0);
        let mut b = Body2 {
            velocity: DVec2::new(v0, 0.0),
            angular_velocity: v0,
            linear_damping: c,
            angular_damping: c,
            integrator: Integrator::Rk4,
            inertia: 1.0,
            ..Body2::default()
        };
        b.step(DVec2::new(a, 0.0), a, t).unwrap();
        let p = t - c * t * t / 2.0 + c * c * t * t * t / 6.0;
        let q = t * t / 2.0 - c * t * t * t / 6.0 + c * c * t * t * t * t / 24.0;
        let g = t - c * t * t / 2.0 + c * c * t * t * t / 6.0;
        for (x, v) in [(b.position.x, b.velocity.x), (b.angle, b.angular_velocity)] {
            assert!((x - (v0 * p + a * q)).abs() < 1e-16, "{x}");
            assert!(
                (v - (v0 * (1.0 - c * t + c * c * t * t / 2.0) + a * g)).abs() < 1e-15,
                "{v}"
            );
        }
    }

    #[test]
    fn a_step_that_overflows_any_part_of_the_state_is_refused_and_changes_nothing() {
        // Explicit Euler moves with the old, finite velocity: only the position (or
        // the angle) overflows, so each part of the check must refuse on its own.
        let fast = Body2 {
            velocity: DVec2::new(1e308, 0.0),
            integrator: Integrator::ExplicitEuler,
            ..Body2::default()
        };
        let spinning = Body2 {
            angular_velocity: 1e308,
            ..fast
        };
        let spinning = Body2 {
            velocity: DVec2::ZERO,
            ..spinning
        };
        for start in [fast, spinning] {
            let mut b = start;
            let err = b.step(DVec2::ZERO, 0.0, 10.0).unwrap_err();
            assert_eq!(err.field(), "dt");
            assert_eq!(b, start);
        }
        let mut b = Body2::default();
        assert!(b.step(DVec2::new(1e308, 0.0), 0.0, 1e10).is_err());
        let mut b = Body2::default();
        assert!(b.step(DVec2::ZERO, 1e308, 1e10).is_err());
    }
}
