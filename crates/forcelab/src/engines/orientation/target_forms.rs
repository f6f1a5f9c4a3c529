//! The target in the other forms a reader has it in: Euler angles (in the order of
//! MuJoCo's three hinges), or a direction for the body's long axis (chapter 11's sphere,
//! dragged). A typed quaternion is [`OrientationIntent::with_target_quaternion`].

use super::mujoco::{gimbal_angles, gimbal_orientation};
use super::OrientationIntent;
use crate::error::{finite, Error};
use crate::math;
use glam::{DQuat, DVec3};

impl OrientationIntent {
    /// The target from Euler angles `(x, y, z)` in degrees, `R = Rx(x) Ry(y) Rz(z)`: about
    /// x, then about the y the first turn left, then about the z the two left (the order
    /// of MuJoCo's three hinges; [`Self::target_euler_degrees`] reads them back). A
    /// non-finite angle is refused by name (`euler.x`, `euler.y`, `euler.z`).
    pub fn with_target_euler(self, degrees: [f64; 3]) -> Result<Self, Error> {
        for (name, d) in ["euler.x", "euler.y", "euler.z"].into_iter().zip(degrees) {
            finite(name, d)?;
        }
        self.with_target(gimbal_orientation(degrees.map(f64::to_radians)))
    }

    /// The target that swings the body's long axis (its x) onto `direction` the shortest
    /// way, with no twist about it: axis `x × d`, angle `atan2(|x × d|, x . d)`
    /// (straight back: half a turn about z). A direction of zero length, or not finite,
    /// is refused by name (`pointing`).
    pub fn with_target_pointing(self, direction: [f64; 3]) -> Result<Self, Error> {
        for (name, d) in ["pointing.x", "pointing.y", "pointing.z"]
            .into_iter()
            .zip(direction)
        {
            finite(name, d)?;
        }
        let d = DVec3::from(direction);
        if d.length() == 0.0 {
            return Err(Error::NotPositive {
                field: "pointing",
                value: 0.0,
            });
        }
        let cross = DVec3::X.cross(d);
        let s = cross.length();
        let angle = math::atan2(s, d.x);
        // The intent takes an axis of any length; straight ahead or straight back, x × d
        // vanishes and any axis square to x will do.
        let axis = if s > 1e-12 * d.length() {
            cross
        } else {
            DVec3::Z
        };
        Ok(OrientationIntent {
            axis: axis.into(),
            degrees: angle.to_degrees(),
            ..self
        })
    }

    /// The target's Euler angles `(x, y, z)` in degrees, in [`Self::with_target_euler`]'s
    /// order: `y` in `[-90, 90]`, `x` and `z` in `(-180, 180]`.
    pub fn target_euler_degrees(&self) -> [f64; 3] {
        gimbal_angles(self.target()).map(f64::to_degrees)
    }

    /// The target `q` (a unit quaternion) as axis and angle.
    fn with_target(self, q: DQuat) -> Result<Self, Error> {
        self.with_target_quaternion([q.w, q.x, q.y, q.z])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rotation::rotation_vector;

    fn angle_between(a: DQuat, b: DQuat) -> f64 {
        rotation_vector(a.conjugate() * b).length()
    }

    #[test]
    fn euler_angles_are_the_hinges_turns_in_order() {
        let i = OrientationIntent::default();
        // 90 degrees about y alone is a turn about y.
        let y = i.with_target_euler([0.0, 90.0, 0.0]).unwrap();
        assert!((y.degrees - 90.0).abs() < 1e-9);
        assert!((DVec3::from(y.axis) - DVec3::Y).length() < 1e-12);
        // Three turns compose in order: about x, then the turned y, then the turned z.
        let e = [30.0, -40.0, 75.0];
        let t = i.with_target_euler(e).unwrap();
        let r = |axis: DVec3, d: f64| DQuat::from_axis_angle(axis, f64::to_radians(d));
        let expected = r(DVec3::X, 30.0) * r(DVec3::Y, -40.0) * r(DVec3::Z, 75.0);
        assert!(angle_between(t.target(), expected) < 1e-12);
        let back = t.target_euler_degrees();
        for k in 0..3 {
            assert!((back[k] - e[k]).abs() < 1e-9, "{back:?}");
        }
        assert_eq!(
            i.with_target_euler([0.0, f64::NAN, 0.0])
                .unwrap_err()
                .field(),
            "euler.y"
        );
    }

    #[test]
    fn pointing_swings_the_long_axis_onto_the_direction_without_twist() {
        let i = OrientationIntent::default();
        for d in [
            [0.0, 1.0, 0.0],
            [1.0, 2.0, -2.0],
            [-1.0, 0.0, 0.0],
            [-1.0, 1e-15, 0.0],
            [3.0, 0.0, 0.0],
        ] {
            let t = i.with_target_pointing(d).unwrap();
            let x = t.target() * DVec3::X;
            assert!(
                (x - DVec3::from(d).normalize()).length() < 1e-9,
                "{d:?}: {x}"
            );
            // No twist: the turn's axis is square to the long axis.
            assert!(DVec3::from(t.axis).dot(DVec3::X).abs() < 1e-9, "{d:?}");
        }
        assert_eq!(
            i.with_target_pointing([0.0; 3]).unwrap_err().field(),
            "pointing"
        );
        assert_eq!(
            i.with_target_pointing([0.0, f64::INFINITY, 0.0])
                .unwrap_err()
                .field(),
            "pointing.y"
        );
    }
}
