//! The force or torque that puts a body exactly on a pose at the end of the next step
//! ("deadbeat" control), by inverting the body's own integrator.
//!
//! Under semi-implicit Euler `x' = x + (v + a dt) dt`, so `a = (x_t - x - v dt) / dt^2`
//! (article 002 prints `/ dt`, see `published`). Under the exact (RK4) update
//! `a = 2 (x_t - x - v dt) / dt^2`. Under explicit Euler the position ignores this
//! step's force, so no force can land in one step: that is an error, not a guess.
//! The body arrives with whatever velocity that took; stopping it is the next step's job.

use crate::body::{Body1, Body2, Body3, Gyroscopic};
use crate::error::{finite, positive, Error};
use crate::integrator::Integrator;
use crate::math;
use crate::program::{Program, Statement::*, Text};
use crate::rotation::{rotation_vector, TINY_ANGLE};
use glam::{DQuat, DVec2, DVec3};

const EXPLICIT: Error = Error::Unsupported {
    field: "integrator",
    reason:
        "under explicit Euler the position ignores this step's force, so no force lands in one step",
};

/// The acceleration that moves `x` with velocity `v` to `target` in one step of `dt`
/// when the velocity is divided by `1 + c dt` (damping `c`) before it moves the body.
fn landing_acceleration(
    integrator: Integrator,
    x: f64,
    v: f64,
    target: f64,
    c: f64,
    dt: f64,
) -> Result<f64, Error> {
    match integrator {
        Integrator::SemiImplicitEuler => Ok(((target - x) / dt * (1.0 + c * dt) - v) / dt),
        Integrator::Rk4 => {
            if c == 0.0 {
                Ok(2.0 * (target - x - v * dt) / (dt * dt))
            } else {
                // x(dt) - x = v P + a Q for x'' = a - c x'.
                let e = math::exp(-c * dt);
                let p = (1.0 - e) / c;
                let q = (dt - p) / c;
                Ok((target - x - v * p) / q)
            }
        }
        Integrator::ExplicitEuler => Err(EXPLICIT),
    }
}

/// The force (N) that puts a 1-D body at `target` (m) after one step of `dt` s.
pub fn one_step_force(body: &Body1, target: f64, dt: f64) -> Result<f64, Error> {
    body.validate()?;
    finite("target", target)?;
    positive("dt", dt)?;
    Ok(body.mass * landing_acceleration(body.integrator, body.x, body.v, target, 0.0, dt)?)
}

/// The force (N) that puts a 2-D body's centre at `target` (m) after one step.
pub fn one_step_force2(body: &Body2, target: DVec2, dt: f64) -> Result<DVec2, Error> {
    body.validate()?;
    finite("target", target.x)?;
    finite("target", target.y)?;
    positive("dt", dt)?;
    let c = body.linear_damping;
    let ax = landing_acceleration(
        body.integrator,
        body.position.x,
        body.velocity.x,
        target.x,
        c,
        dt,
    )?;
    let ay = landing_acceleration(
        body.integrator,
        body.position.y,
        body.velocity.y,
        target.y,
        c,
        dt,
    )?;
    Ok(DVec2::new(ax, ay) * body.mass)
}

/// The torque (N m) that turns a 2-D body to `target` (rad) in one step, the short way.
pub fn one_step_torque2(body: &Body2, target: f64, dt: f64) -> Result<f64, Error> {
    body.validate()?;
    finite("target", target)?;
    positive("dt", dt)?;
    let goal = body.angle + crate::angle::difference(body.angle, target);
    let alpha = landing_acceleration(
        body.integrator,
        body.angle,
        body.angular_velocity,
        goal,
        body.angular_damping,
        dt,
    )?;
    Ok(body.inertia * alpha)
}

/// The force (N) that puts a 3-D body's centre at `target` (m) after one step.
pub fn one_step_force3(body: &Body3, target: DVec3, dt: f64) -> Result<DVec3, Error> {
    body.validate()?;
    for c in target.to_array() {
        finite("target", c)?;
    }
    positive("dt", dt)?;
    let c = body.linear_damping;
    let p = body.position;
    let v = body.velocity;
    let mut a = [0.0; 3];
    for k in 0..3 {
        a[k] = landing_acceleration(body.integrator, p[k], v[k], target[k], c, dt)?;
    }
    Ok(DVec3::from_array(a) * body.mass)
}

/// The world torque (N m) that turns a 3-D body to `target` exactly after one step of
/// semi-implicit Euler, gyroscopic term included in whatever mode the body uses.
///
/// The engine's orientation update `q' = normalize(q + dt/2 (w', 0) q)` turns by
/// `2 atan(|w'| dt / 2)` about `w'`, so to turn by the short angle `theta` about `u`
/// the new rate must be `w' = u 2 tan(theta / 2) / dt`. The torque that produces `w'`
/// inverts the velocity update in the principal frame: `tau = I (w' - w) / dt`, plus
/// `w x (I w)` when the term is explicit, or `J (w' - w) / dt + w x (I w)` with the
/// Newton Jacobian `J` when it is implicit.
pub fn one_step_torque3(body: &Body3, target: DQuat, dt: f64) -> Result<DVec3, Error> {
    body.validate()?;
    crate::controllers::Target3::facing(target).validate()?;
    positive("dt", dt)?;
    if body.integrator != Integrator::SemiImplicitEuler {
        return Err(Error::Unsupported {
            field: "integrator",
            reason: "the one-step torque inverts the semi-implicit Euler update only",
        });
    }
    let theta = rotation_vector(target * body.orientation.conjugate());
    let angle = theta.length();
    let w_next = if angle < TINY_ANGLE {
        theta / dt
    } else {
        theta * (2.0 * math::sin(0.5 * angle) / math::cos(0.5 * angle) / (angle * dt))
    } * (1.0 + body.angular_damping * dt);
    let r = body.principal_frame();
    let rt = r.conjugate();
    let (w, wn, i) = (rt * body.angular_velocity, rt * w_next, body.inertia);
    let tau = match body.gyroscopic {
        Gyroscopic::Off => i * (wn - w) / dt,
        Gyroscopic::Explicit => i * (wn - w) / dt + w.cross(i * w),
        Gyroscopic::Implicit => {
            crate::body::implicit_jacobian(i, w, dt) * (wn - w) / dt + w.cross(i * w)
        }
    };
    Ok(r * tau)
}

/// This law written out for engines that do not run forcelab (see
/// [`program`](crate::program)): the arithmetic above, which the page's unit tests hold
/// it to by running it against the core.
pub(crate) const PROGRAM: Program = Program::stateless(
    &[Text::Words("crates/forcelab/src/controllers/one_step.rs (the force that lands on the target's next position in one semi-implicit Euler step)")],
    &[
        Let("force", "m * ((((xt + vt * dt) - x) / dt - v) / dt)"),
    ],
);

/// [`one_step_torque3`] written out for engines that do not run forcelab (see
/// [`program`](crate::program)), for a body without damping whose gyroscopic term is
/// implicit (the Lab's box): `w' = u 2 tan(theta / 2) / dt`, `u = (w' - w) / dt` in the
/// principal frame, `tau = r (i u + dt (w x (i u) - (i w) x u) + w x (i w))`.
pub(crate) const VECTOR_PROGRAM: Program = Program::stateless(
    &[Text::Words("crates/forcelab/src/controllers/one_step.rs (one_step_torque3: the torque that lands on the target at the end of this step, through the step's own update)")],
    &[
        Note("The update q' = normalize(q + dt/2 (w', 0) q) turns by 2 atan(|w'| dt / 2) about w',"),
        Note("so the angular velocity that lands on the target has |w'| = 2 tan(angle / 2) / dt."),
        LetVector("theta", "RotationVector(q, qt)"),
        Let("angle", "Length(theta)"),
        LetVector("next", "angle < 1e-12 ? theta / dt : (2.0 * Tan(0.5 * angle) / (angle * dt)) * theta"),
        Note("The principal frame r, in which the inertia is the diagonal i."),
        LetOrientation("r", "principal"),
        LetOrientation("rt", "Inverse(r)"),
        LetVector("i", "inertia"),
        LetVector("w", "rt * omega"),
        LetVector("iw", "Times(i, w)"),
        LetVector("change", "(rt * next - w) / dt"),
        Note("The implicit gyroscopic velocity update inverted: tau = J change + w x (i w),"),
        Note("with J u = i u + dt (w x (i u) - (i w) x u)."),
        LetVector("iu", "Times(i, change)"),
        LetVector("tau", "iu + dt * (Cross(w, iu) - Cross(iw, change)) + Cross(w, iw)"),
        LetVector("torque", "r * tau"),
    ],
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rotation::{error_vector, from_rotation_vector};
    use crate::testing::ROUND_OFF;

    const LAND_TOL: f64 = 1e-12;

    #[test]
    fn force_lands_in_one_step_under_semi_implicit_and_exact_updates() {
        for integrator in [Integrator::SemiImplicitEuler, Integrator::Rk4] {
            let mut b = Body1 {
                x: 0.3,
                v: -2.0,
                mass: 3.0,
                integrator,
            };
            let f = one_step_force(&b, 1.7, 1.0 / 60.0).unwrap();
            b.step(f, 1.0 / 60.0).unwrap();
            assert!((b.x - 1.7).abs() < LAND_TOL, "{integrator:?}: {}", b.x);
        }
        let b = Body1 {
            integrator: Integrator::ExplicitEuler,
            ..Body1::default()
        };
        assert_eq!(
            one_step_force(&b, 1.0, 0.1).unwrap_err().field(),
            "integrator"
        );
    }

    #[test]
    fn force_and_torque_land_on_damped_2d_and_3d_bodies() {
        let dt = 0.02;
        let mut b2 = Body2 {
            velocity: DVec2::new(1.0, -3.0),
            angular_velocity: 4.0,
            linear_damping: 0.5,
            angular_damping: 2.0,
            ..Body2::default()
        };
        let f = one_step_force2(&b2, DVec2::new(0.5, 0.25), dt).unwrap();
        let t = one_step_torque2(&b2, 6.0, dt).unwrap();
        b2.step(f, t, dt).unwrap();
        assert!((b2.position - DVec2::new(0.5, 0.25)).length() < LAND_TOL);
        assert!(crate::angle::difference(b2.angle, 6.0).abs() < LAND_TOL);

        let mut b3 = Body3 {
            velocity: DVec3::new(0.2, 0.0, -1.0),
            linear_damping: 0.3,
            ..Body3::default()
        };
        let f = one_step_force3(&b3, DVec3::new(1.0, 2.0, 3.0), dt).unwrap();
        b3.step(f, DVec3::ZERO, dt).unwrap();
        assert!((b3.position - DVec3::new(1.0, 2.0, 3.0)).length() < LAND_TOL);
    }

    #[test]
    fn torque_lands_on_the_orientation_in_every_gyroscopic_mode() {
        for gyroscopic in [Gyroscopic::Off, Gyroscopic::Explicit, Gyroscopic::Implicit] {
            let mut b = Body3 {
                inertia: DVec3::new(0.3, 1.2, 2.0),
                inertia_rotation: from_rotation_vector(DVec3::new(0.4, -0.1, 0.3)),
                orientation: from_rotation_vector(DVec3::new(0.1, 0.2, -0.3)),
                angular_velocity: DVec3::new(3.0, -1.0, 2.0),
                angular_damping: 0.2,
                gyroscopic,
                ..Body3::default()
            };
            let target = from_rotation_vector(DVec3::new(-1.0, 0.6, 2.2));
            let tau = one_step_torque3(&b, target, 1.0 / 60.0).unwrap();
            b.step(DVec3::ZERO, tau, 1.0 / 60.0).unwrap();
            let miss = error_vector(b.orientation, target).length();
            assert!(miss < LAND_TOL, "{gyroscopic:?}: {miss}");
        }
    }

    #[test]
    fn rk4_landing_under_damping_lands_exactly_where_the_exact_step_goes() {
        // Checked with Body2's exact damped step, a separate derivation of the same motion.
        let (x, v, target, c, dt) = (0.2, 1.5, 1.0, 0.7, 0.1);
        let a = landing_acceleration(Integrator::Rk4, x, v, target, c, dt).unwrap();
        let mut body = crate::Body2 {
            position: glam::DVec2::new(x, 0.0),
            velocity: glam::DVec2::new(v, 0.0),
            linear_damping: c,
            integrator: Integrator::Rk4,
            ..crate::Body2::default()
        };
        body.step(glam::DVec2::new(a, 0.0), 0.0, dt).unwrap();
        assert!(
            (body.position.x - target).abs() < ROUND_OFF,
            "{}",
            body.position.x
        );
    }
}
