//! Quaternion helpers shared by the 3-D bodies and controllers. All use the libm math
//! module, so results are the same natively and in the browser.

use crate::math;
use glam::{DQuat, DVec3};

/// Below this angle (rad) a rotation is treated as the identity when an axis is needed.
pub const TINY_ANGLE: f64 = 1e-12;

/// The rotation vector (axis times angle, rad) of `q`, taking the shortest way round:
/// the angle is in `[0, pi]`. `q` and `-q` give the same answer.
pub fn rotation_vector(q: DQuat) -> DVec3 {
    let q = if q.w < 0.0 { -q } else { q };
    let v = DVec3::new(q.x, q.y, q.z);
    let s = v.length();
    if s < TINY_ANGLE {
        // sin(angle/2) ~ angle/2 for tiny angles: 2 v is the rotation vector.
        return 2.0 * v;
    }
    let angle = 2.0 * math::atan2(s, q.w);
    v * (angle / s)
}

/// The rotation by the rotation vector `r` (axis times angle, rad): `exp(r / 2)`.
pub fn from_rotation_vector(r: DVec3) -> DQuat {
    let angle = r.length();
    if angle < TINY_ANGLE {
        return DQuat::from_xyzw(0.5 * r.x, 0.5 * r.y, 0.5 * r.z, 1.0).normalize();
    }
    let half = 0.5 * angle;
    let s = math::sin(half) / angle;
    DQuat::from_xyzw(r.x * s, r.y * s, r.z * s, math::cos(half))
}

/// The shortest rotation vector (rad) that turns `from` into `to` in the world frame:
/// `rotation_vector(to * from^-1)`.
pub fn error_vector(from: DQuat, to: DQuat) -> DVec3 {
    rotation_vector(to * from.conjugate())
}

/// `q` advanced by world angular velocity `w` (rad/s) over `dt` as game engines do:
/// `q' = normalize(q + dt/2 (w, 0) q)`. For a step this turns by `2 atan(|w| dt / 2)`
/// about `w`, slightly less than `|w| dt`.
pub fn integrate_first_order(q: DQuat, w: DVec3, dt: f64) -> DQuat {
    let spin = DQuat::from_xyzw(w.x, w.y, w.z, 0.0) * q;
    (q + spin * (0.5 * dt)).normalize()
}

/// `q` advanced by world angular velocity `w` (rad/s) held over `dt` exactly:
/// `q' = exp(w dt / 2) q`.
pub fn integrate_exact(q: DQuat, w: DVec3, dt: f64) -> DQuat {
    (from_rotation_vector(w * dt) * q).normalize()
}

/// `|q| - 1`: how far a quaternion is from unit length.
pub fn unit_error(q: DQuat) -> f64 {
    (q.length() - 1.0).abs()
}

/// Euler angles (rad) of `q` in the order yaw (about y), pitch (about x), roll (about
/// z), the convention of Unity's `eulerAngles`: `q = Ry(yaw) Rx(pitch) Rz(roll)`.
pub fn from_yaw_pitch_roll(yaw: f64, pitch: f64, roll: f64) -> DQuat {
    from_rotation_vector(DVec3::Y * yaw)
        * from_rotation_vector(DVec3::X * pitch)
        * from_rotation_vector(DVec3::Z * roll)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::ROUND_OFF;

    #[test]
    fn rotation_vector_round_trips_and_takes_the_short_way() {
        let r = DVec3::new(0.3, -1.1, 0.7);
        let back = rotation_vector(from_rotation_vector(r));
        assert!((back - r).length() < 1e-14);
        // 300 degrees about z is -60 degrees the short way.
        let q = from_rotation_vector(DVec3::Z * 300f64.to_radians());
        let short = rotation_vector(q);
        assert!((short - DVec3::Z * (-60f64).to_radians()).length() < ROUND_OFF);
        assert!((rotation_vector(-q) - short).length() < ROUND_OFF);
    }

    #[test]
    fn first_order_step_turns_by_twice_atan_of_half_the_angle() {
        let w = DVec3::new(0.0, 3.0, 0.0);
        let dt = 0.1;
        let q = integrate_first_order(DQuat::IDENTITY, w, dt);
        let angle = rotation_vector(q).length();
        assert!((angle - 2.0 * math::atan2(0.15, 1.0)).abs() < 1e-14);
        let exact = integrate_exact(DQuat::IDENTITY, w, dt);
        assert!((rotation_vector(exact).length() - 0.3).abs() < 1e-14);
    }
}
