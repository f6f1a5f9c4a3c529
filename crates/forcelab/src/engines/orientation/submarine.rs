//! Article 004's submarine attitude law turning the same body: pitch (about x) and roll
//! (about z) ordered, yaw (about y) left free, as the article steers its hull
//! ([`SubmarineAttitude`]): the PID's output taken as an angular acceleration and turned
//! into torque by Euler's equations (`tau = I alpha + w x (I w)`), as the article
//! derives it and as its listing prints it
//! ([`crate::published::submarine_feed_forward_as_printed`]). The ordered pitch and roll
//! are the target's (`target = Ry(yaw) Rx(pitch) Rz(roll)`); what the target asks about
//! yaw, the law leaves, so on a target with a yaw part it cannot arrive.

use super::articles::run;
use super::{OrientationIntent, Prediction3};
use crate::controllers::{SubmarineAttitude, SubmarineLaw};
use crate::math;
use glam::DMat3;

/// The article's clamp on the torque is its hull's (1000 N m); here none binds, as no
/// other law of the lineup is capped.
const NO_CLAMP: f64 = 1e300;

/// `(kp, ki, kd)` the law is given: angular accelerations, so the intended spring about
/// every axis it steers, `kp = w^2` (1/s^2), `kd = 2 zeta w` (1/s), and no integral
/// (`ki = 0`, 1/s^3: a spring-damper has none; the article's `ki / kp = 0.2` would pull
/// the turn past its target).
pub fn gains(intent: &OrientationIntent) -> (f64, f64, f64) {
    let w = intent.omega();
    (w * w, 0.0, 2.0 * intent.damping_ratio * w)
}

/// The target's pitch and roll (rad): `R = Ry(yaw) Rx(pitch) Rz(roll)`, so the row of
/// `R` along y is `(cos p sin r, cos p cos r, -sin p)`.
pub fn pitch_roll(intent: &OrientationIntent) -> (f64, f64) {
    let m = DMat3::from_quat(intent.target());
    let (r10, r11, r12) = (m.x_axis.y, m.y_axis.y, m.z_axis.y);
    (math::asin((-r12).clamp(-1.0, 1.0)), math::atan2(r10, r11))
}

/// The orientation after each of `steps` steps of `law` from the intent's start.
pub fn predict(law: SubmarineLaw, intent: &OrientationIntent, steps: usize) -> Prediction3 {
    let (kp, ki, kd) = gains(intent);
    let mut c = SubmarineAttitude {
        max_torque: NO_CLAMP,
        ..SubmarineAttitude::new(law, kp, ki, kd)
    };
    let (pitch, roll) = pitch_roll(intent);
    run(intent, steps, |body| {
        c.torque(body, pitch, roll, intent.dt).map(|t| t.total)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pitch_and_roll_are_reached_and_a_yaw_is_left() {
        let about = |axis, degrees| OrientationIntent {
            inertia: [2.0, 2.1, 2.2],
            ..OrientationIntent::about(axis, degrees)
        };
        let left = |i: &OrientationIntent| {
            let run = predict(SubmarineLaw::PidFeedForward, i, 600);
            run.angle_to(i.target())
                .last()
                .copied()
                .unwrap()
                .to_degrees()
        };
        assert!(left(&about([1.0, 0.0, 0.0], 25.0)) < 1e-3, "pitch alone");
        assert!(left(&about([0.0, 0.0, 1.0], -40.0)) < 1e-3, "roll alone");
        assert!(
            (left(&about([0.0, 1.0, 0.0], 40.0)) - 40.0).abs() < 1e-9,
            "yaw alone: untouched"
        );
    }

    #[test]
    fn the_gains_are_the_asked_spring_as_accelerations() {
        let i = OrientationIntent {
            frequency: 1.5,
            damping_ratio: 0.4,
            ..OrientationIntent::default()
        };
        let w = core::f64::consts::TAU * 1.5;
        assert_eq!(gains(&i), (w * w, 0.0, 2.0 * 0.4 * w));
    }

    /// The article's 1000 N m clamp is its hull's: a stiff turn here pushes past it.
    #[test]
    fn no_clamp_binds() {
        let i = OrientationIntent {
            frequency: 9.0,
            inertia: [4.0; 3],
            dt: 1.0 / 240.0,
            ..OrientationIntent::about([1.0, 0.0, 0.0], 30.0)
        };
        let first = predict(SubmarineLaw::PidFeedForward, &i, 1).orientations[0];
        // Semi-implicit Euler from rest: the first step turns alpha dt^2.
        let alpha = crate::rotation::rotation_vector(first).length() / (i.dt * i.dt);
        let torque = 4.0 * alpha;
        assert!(torque > 5000.0, "{torque} N m");
    }

    #[test]
    fn pitch_and_roll_read_back_the_law_s_own_convention() {
        for (p, r) in [(0.3, -0.2), (-1.2, 2.5), (0.0, 0.0)] {
            let q = crate::rotation::from_yaw_pitch_roll(0.0, p, r);
            let axis_angle = crate::rotation::rotation_vector(q);
            let i = OrientationIntent {
                axis: if axis_angle.length() > 0.0 {
                    axis_angle.to_array()
                } else {
                    [1.0, 0.0, 0.0]
                },
                degrees: axis_angle.length().to_degrees(),
                ..OrientationIntent::default()
            };
            let (pp, rr) = pitch_roll(&i);
            assert!(
                (pp - p).abs() < 1e-12 && (rr - r).abs() < 1e-12,
                "{p} {r}: {pp} {rr}"
            );
        }
    }
}
