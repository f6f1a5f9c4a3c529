//! Article 001's steering: a body turned toward a point by a heading PID whose output
//! is an angular acceleration, clamped to what the "motor" can give, and applied as
//! `torque = angular acceleration * inertia`.

use super::{Terms, WindowedPid};
use crate::angle;
use crate::body::Body2;
use crate::error::{finite, positive, Error};
use crate::math;
use glam::DVec2;

/// Turns a 2-D body toward a heading. The error is `actual - desired` (wrapped), the
/// windowed PID's output is negated (negative feedback) and clamped to
/// `+-max_angular_acceleration` (rad/s^2), then multiplied by the inertia.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct HeadingController {
    /// The PID on the heading error; its `dt` must equal the physics step.
    pub pid: WindowedPid,
    /// The largest angular acceleration the body can give itself, rad/s^2.
    pub max_angular_acceleration: f64,
    /// Runs the window integral as article 001 printed it
    /// ([`crate::published::simpson_as_printed`], `1/dt^2` times too large) instead of
    /// the corrected Simpson rule, so the page can show both.
    pub integral_as_printed: bool,
}

impl Default for HeadingController {
    /// `kp = 40 /s^2`, `ki = 2 /s^3`, `kd = 12 /s`, window 7 at 60 Hz, clamp 60 rad/s^2.
    fn default() -> Self {
        let mut pid = WindowedPid::new(40.0, 2.0, 12.0);
        pid.dt = 1.0 / 60.0;
        HeadingController {
            pid,
            max_angular_acceleration: 60.0,
            integral_as_printed: false,
        }
    }
}

impl HeadingController {
    /// Checks the PID and the clamp.
    pub fn validate(&self) -> Result<(), Error> {
        self.pid.validate()?;
        positive("max_angular_acceleration", self.max_angular_acceleration)?;
        Ok(())
    }

    /// The last heading error `actual - desired` (rad, wrapped), 0 before the first step.
    pub fn last_error(&self) -> f64 {
        self.pid.errors().last().unwrap_or(0.0)
    }

    /// The torque (N m) that turns `body`, whose current heading is `heading` (rad),
    /// toward `desired` (rad). Terms are torques; `total` is after the clamp.
    pub fn torque(&mut self, body: &Body2, heading: f64, desired: f64) -> Result<Terms, Error> {
        self.validate()?;
        body.validate()?;
        finite("heading", heading)?;
        finite("desired", desired)?;
        let error = angle::wrap(heading - desired);
        let t = if self.integral_as_printed {
            self.pid
                .add_sample_integrating_with(error, crate::published::simpson_as_printed)?
        } else {
            self.pid.add_sample(error)?
        };
        let max = self.max_angular_acceleration;
        let alpha = (-t.total).clamp(-max, max);
        let i = body.inertia;
        Terms {
            p: -t.p * i,
            i: -t.i * i,
            d: -t.d * i,
            ff: 0.0,
            total: alpha * i,
        }
        .finite()
    }
}

/// Force and torque for one step of a steered 2-D body.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SteeringOutput {
    /// Force, N.
    pub force: DVec2,
    /// Torque and its terms, N m.
    pub torque: Terms,
}

/// A missile: it can only move where its nose points, at constant `speed`. Its heading
/// is its velocity's direction while it moves (the body's angle when at rest), and it
/// is turned toward the target by a [`HeadingController`]. The thrust is the force
/// that makes the velocity `speed * facing` at the end of the step.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct Missile {
    /// Cruise speed, m/s.
    pub speed: f64,
    /// The turning controller.
    pub heading: HeadingController,
}

impl Default for Missile {
    /// 10 m/s with the default heading controller.
    fn default() -> Self {
        Missile {
            speed: 10.0,
            heading: HeadingController::default(),
        }
    }
}

impl Missile {
    /// Force and torque this step toward `target` (m).
    pub fn control(
        &mut self,
        body: &Body2,
        target: DVec2,
        dt: f64,
    ) -> Result<SteeringOutput, Error> {
        positive("speed", self.speed)?;
        positive("dt", dt)?;
        finite("target", target.x)?;
        finite("target", target.y)?;
        let heading = if body.velocity.length_squared() > 0.0 {
            math::atan2(body.velocity.y, body.velocity.x)
        } else {
            body.angle
        };
        let to_target = target - body.position;
        let desired = math::atan2(to_target.y, to_target.x);
        let torque = self.heading.torque(body, heading, desired)?;
        let force = body.mass * (self.speed * body.facing() - body.velocity) / dt;
        Ok(SteeringOutput { force, torque })
    }
}

/// A free-moving entity (a character): it steers its velocity straight at the target
/// (vector feedback, "seek" with arrival), independently of where it faces, and turns
/// to face the target with a [`HeadingController`].
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct MovingEntity {
    /// Top speed, m/s.
    pub max_speed: f64,
    /// Largest steering force, N.
    pub max_force: f64,
    /// Within this distance (m) the desired speed falls off linearly to zero.
    pub arrive_radius: f64,
    /// The turning controller.
    pub heading: HeadingController,
}

impl Default for MovingEntity {
    /// 6 m/s, 40 N, arriving over 2 m.
    fn default() -> Self {
        MovingEntity {
            max_speed: 6.0,
            max_force: 40.0,
            arrive_radius: 2.0,
            heading: HeadingController::default(),
        }
    }
}

impl MovingEntity {
    /// Force and torque this step toward `target` (m).
    pub fn control(
        &mut self,
        body: &Body2,
        target: DVec2,
        dt: f64,
    ) -> Result<SteeringOutput, Error> {
        positive("max_speed", self.max_speed)?;
        positive("max_force", self.max_force)?;
        positive("arrive_radius", self.arrive_radius)?;
        positive("dt", dt)?;
        finite("target", target.x)?;
        finite("target", target.y)?;
        let offset = target - body.position;
        let distance = offset.length();
        let desired_velocity = if distance > 0.0 {
            offset / distance * self.max_speed * (distance / self.arrive_radius).min(1.0)
        } else {
            DVec2::ZERO
        };
        let mut force = body.mass * (desired_velocity - body.velocity) / dt;
        let magnitude = force.length();
        if magnitude > self.max_force {
            force *= self.max_force / magnitude;
        }
        let desired = if distance > 1e-9 {
            math::atan2(offset.y, offset.x)
        } else {
            body.angle
        };
        let torque = self.heading.torque(body, body.angle, desired)?;
        Ok(SteeringOutput { force, torque })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::ROUND_OFF;

    fn chase(
        mut step: impl FnMut(&Body2) -> SteeringOutput,
        target: DVec2,
        body: Body2,
    ) -> Option<f64> {
        let dt = 1.0 / 60.0;
        let mut b = body;
        for n in 0..1800 {
            let out = step(&b);
            b.step(out.force, out.torque.total, dt).unwrap();
            if (b.position - target).length() < 0.5 {
                return Some(n as f64 * dt);
            }
        }
        None
    }

    #[test]
    fn the_missile_hits_a_target_behind_it() {
        let target = DVec2::new(-30.0, 20.0);
        let mut missile = Missile::default();
        let body = Body2 {
            velocity: DVec2::new(10.0, 0.0),
            ..Body2::default()
        };
        let hit = chase(
            |b| missile.control(b, target, 1.0 / 60.0).unwrap(),
            target,
            body,
        );
        assert!(hit.is_some(), "the missile never got within 0.5 m");
    }

    #[test]
    fn the_entity_arrives_and_faces_the_target() {
        let target = DVec2::new(8.0, -5.0);
        let mut entity = MovingEntity::default();
        let body = Body2 {
            angle: 2.5,
            ..Body2::default()
        };
        let mut b = body;
        for _ in 0..600 {
            let out = entity.control(&b, target, 1.0 / 60.0).unwrap();
            b.step(out.force, out.torque.total, 1.0 / 60.0).unwrap();
        }
        assert!((b.position - target).length() < 0.05, "{}", b.position);
        assert!(b.velocity.length() < 0.05);
    }

    #[test]
    fn the_turn_is_clamped_to_the_motor_limit() {
        let mut h = HeadingController {
            max_angular_acceleration: 2.0,
            ..HeadingController::default()
        };
        let body = Body2 {
            inertia: 0.5,
            ..Body2::default()
        };
        let mut last = Terms::default();
        for _ in 0..5 {
            last = h.torque(&body, 0.0, 3.0).unwrap();
        }
        assert_eq!(last.total, 1.0, "2 rad/s^2 * 0.5 kg m^2");
        assert!(last.p + last.i + last.d > 1.0, "the PID asked for more");
    }

    #[test]
    fn arriving_force_is_mass_times_the_velocity_change_over_the_step() {
        // 1 m from the target inside a 2 m arrive radius: desired speed 6 m/s x 1/2 = 3 m/s.
        // From rest in one 0.5 s step on 2 kg: F = 2 x 3 / 0.5 = 12 N, under the 40 N cap.
        let mut entity = MovingEntity::default();
        let body = Body2 {
            mass: 2.0,
            ..Body2::default()
        };
        let out = entity.control(&body, DVec2::new(1.0, 0.0), 0.5).unwrap();
        assert!(
            (out.force - DVec2::new(12.0, 0.0)).length() < ROUND_OFF,
            "{:?}",
            out.force
        );
    }
}
