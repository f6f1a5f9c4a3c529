//! What a reader asks of an orientation drive: turn a free body with principal moments
//! `inertia` from the identity (at rest, or spinning) to the rotation by `degrees` about
//! `axis`, as a spring-damper of `frequency` and `damping_ratio`, stepped every `dt`.

use crate::error::{finite, non_negative, positive, Error};
use crate::math;
use crate::rotation::TINY_ANGLE;
use core::f64::consts::TAU;
use glam::{DQuat, DVec3};

/// How far from unit length a typed target quaternion may be and still be normalised:
/// past it the quaternion is refused (it is more likely a typo than a rotation).
pub const QUATERNION_TOLERANCE: f64 = 1e-3;

/// One orientation intent. The joint frames are the world's; the body's principal axes
/// are the world axes at rest.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct OrientationIntent {
    /// Natural frequency wanted, Hz (`omega = 2 pi f`).
    pub frequency: f64,
    /// Damping ratio wanted (1 is critical).
    pub damping_ratio: f64,
    /// Principal moments of inertia about the world x, y and z axes at rest, kg m^2.
    pub inertia: [f64; 3],
    /// The target's rotation axis (any length but zero), world frame.
    pub axis: [f64; 3],
    /// The target's rotation angle about `axis`, degrees (any sign, any size).
    pub degrees: f64,
    /// Physics step, s.
    pub dt: f64,
    /// Angular velocity at the start, rad/s, world frame.
    pub spin: [f64; 3],
}

impl Default for OrientationIntent {
    /// 2 Hz, critically damped, a long thin body (1, 4, 4.5 kg m^2) turned 120 degrees
    /// about a tilted axis from rest at 1/60 s: chapter 11's figure starts here (the
    /// presets carry it to the page), on a turn that takes MuJoCo's gimbal through its lock.
    fn default() -> Self {
        OrientationIntent {
            frequency: 2.0,
            damping_ratio: 1.0,
            inertia: [1.0, 4.0, 4.5],
            axis: [1.0, 2.0, 2.0],
            degrees: 120.0,
            dt: 1.0 / 60.0,
            spin: [0.0; 3],
        }
    }
}

const INERTIA: [&str; 3] = ["inertia.x", "inertia.y", "inertia.z"];

impl OrientationIntent {
    /// Checks every field, naming the first one refused: a positive frequency and step,
    /// a damping ratio of 0 or more, finite angle and spin, an axis of non-zero length,
    /// and principal moments that are positive and obey the triangle inequality
    /// (`I_c <= I_a + I_b`: no rigid body has moments that break it).
    pub fn validate(&self) -> Result<(), Error> {
        positive("frequency", self.frequency)?;
        non_negative("damping_ratio", self.damping_ratio)?;
        positive("dt", self.dt)?;
        for (name, i) in INERTIA.iter().zip(self.inertia) {
            positive(name, i)?;
        }
        for (c, &i) in self.inertia.iter().enumerate() {
            let (a, b) = (self.inertia[(c + 1) % 3], self.inertia[(c + 2) % 3]);
            // A rounding's room: moments computed from a thin plate sit on the bound.
            if i > (a + b) * (1.0 + 1e-12) {
                return Err(Error::OutOfRange {
                    field: INERTIA[c],
                    value: i,
                    min: (a - b).abs(),
                    max: a + b,
                });
            }
        }
        for (name, x) in ["axis.x", "axis.y", "axis.z"].into_iter().zip(self.axis) {
            finite(name, x)?;
        }
        let length = DVec3::from(self.axis).length();
        // The components are finite, so the length is too (or overflowed to infinity).
        if length <= TINY_ANGLE || length.is_infinite() {
            return Err(Error::NotPositive {
                field: "axis",
                value: length,
            });
        }
        finite("degrees", self.degrees)?;
        for (name, x) in ["spin.x", "spin.y", "spin.z"].into_iter().zip(self.spin) {
            finite(name, x)?;
        }
        Ok(())
    }

    /// The default intent (chapter 11's start) turned by `degrees` about `axis` instead.
    pub fn about(axis: [f64; 3], degrees: f64) -> Self {
        OrientationIntent {
            axis,
            degrees,
            ..OrientationIntent::default()
        }
    }

    /// The same turn asking for the spring of `frequency` (Hz) and `damping_ratio`: what a
    /// drive is handed when its formula is given other numbers than the intent's (the
    /// discrete-exact solve, the tuner, a drive's springs about each axis).
    pub fn asking(&self, frequency: f64, damping_ratio: f64) -> OrientationIntent {
        OrientationIntent {
            frequency,
            damping_ratio,
            ..*self
        }
    }

    /// `omega = 2 pi f`, rad/s.
    pub fn omega(&self) -> f64 {
        TAU * self.frequency
    }

    /// The unit rotation axis.
    pub fn unit_axis(&self) -> DVec3 {
        DVec3::from(self.axis).normalize()
    }

    /// The target orientation `exp(theta a / 2)` (body to world), `theta = degrees` in
    /// radians. Past 180 degrees this is the same rotation as the short way round the
    /// other side, `-(360 - degrees)`: a drive that pulls on the quaternion sees only it.
    pub fn target(&self) -> DQuat {
        let half = 0.5 * self.degrees.to_radians();
        let a = self.unit_axis() * math::sin(half);
        DQuat::from_xyzw(a.x, a.y, a.z, math::cos(half))
    }

    /// The moment of inertia about the target's axis, `a^T diag(I) a`, kg m^2: the laws
    /// that take one inertia are given this one, so on the turn's own axis every drive
    /// is the intended spring.
    pub fn axis_inertia(&self) -> f64 {
        let a = self.unit_axis();
        (DVec3::from(self.inertia) * a * a).element_sum()
    }

    /// The target as an intent from a typed quaternion `(w, x, y, z)`: normalised when its
    /// length is within [`QUATERNION_TOLERANCE`] of 1, refused (naming `target` and the
    /// length) otherwise; axis and angle taken from it, the angle in `[0, 360)` degrees.
    pub fn with_target_quaternion(mut self, wxyz: [f64; 4]) -> Result<Self, Error> {
        for (name, x) in ["target.w", "target.x", "target.y", "target.z"]
            .into_iter()
            .zip(wxyz)
        {
            finite(name, x)?;
        }
        let q = DQuat::from_xyzw(wxyz[1], wxyz[2], wxyz[3], wxyz[0]);
        let length = q.length();
        if (length - 1.0).abs() > QUATERNION_TOLERANCE {
            return Err(Error::NotUnit {
                field: "target",
                length,
            });
        }
        // Axis and angle do not depend on the length (atan2 and v / |v| are scale-free):
        // reading them is the normalisation.
        let v = DVec3::new(q.x, q.y, q.z);
        let s = v.length();
        self.degrees = (2.0 * math::atan2(s, q.w)).to_degrees();
        self.axis = if s > TINY_ANGLE {
            (v / s).into()
        } else {
            [0.0, 0.0, 1.0]
        };
        Ok(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_fields_are_named_with_their_values() {
        let ok = OrientationIntent::default();
        assert_eq!(ok.validate(), Ok(()));
        let field = |i: OrientationIntent| i.validate().unwrap_err().field();
        assert_eq!(
            field(OrientationIntent {
                axis: [0.0; 3],
                ..ok
            }),
            "axis"
        );
        assert_eq!(
            field(OrientationIntent {
                degrees: f64::NAN,
                ..ok
            }),
            "degrees"
        );
        assert_eq!(
            field(OrientationIntent {
                inertia: [1.0, 0.0, 1.0],
                ..ok
            }),
            "inertia.y"
        );
        assert_eq!(
            OrientationIntent {
                inertia: [1.0, 1.0, 2.5],
                ..ok
            }
            .validate(),
            Err(Error::OutOfRange {
                field: "inertia.z",
                value: 2.5,
                min: 0.0,
                max: 2.0
            })
        );
        // Every moment is checked against the other two.
        for (inertia, field, value) in [
            ([3.0, 1.0, 1.5], "inertia.x", 3.0),
            ([1.0, 3.0, 1.5], "inertia.y", 3.0),
        ] {
            assert_eq!(
                OrientationIntent { inertia, ..ok }.validate(),
                Err(Error::OutOfRange {
                    field,
                    value,
                    min: 0.5,
                    max: 2.5
                })
            );
        }
        // Exactly at the rounding's room is still a body.
        let edge = (1.0 + 1.0) * (1.0 + 1e-12);
        assert_eq!(
            OrientationIntent {
                inertia: [1.0, 1.0, edge],
                ..ok
            }
            .validate(),
            Ok(())
        );
        // A thin plate sits on the bound and is a rigid body.
        assert_eq!(
            OrientationIntent {
                inertia: [1.0, 2.0, 3.0],
                ..ok
            }
            .validate(),
            Ok(())
        );
        assert_eq!(
            field(OrientationIntent {
                spin: [0.0, f64::INFINITY, 0.0],
                ..ok
            }),
            "spin.y"
        );
    }

    #[test]
    fn a_typed_quaternion_is_normalised_near_unit_and_refused_far_from_it() {
        let ok = OrientationIntent::default();
        let half = 0.25f64; // a turn of 0.5 rad about z
        let q = [half.cos() * 1.0005, 0.0, 0.0, half.sin() * 1.0005];
        let i = ok.with_target_quaternion(q).unwrap();
        assert!((i.degrees - 0.5f64.to_degrees()).abs() < 1e-12);
        assert_eq!(i.axis, [0.0, 0.0, 1.0]);
        // The identity (no axis to read) is a turn of 0 about z, and a valid intent.
        let none = ok.with_target_quaternion([1.0, 0.0, 0.0, 0.0]).unwrap();
        assert_eq!((none.degrees, none.axis), (0.0, [0.0, 0.0, 1.0]));
        assert_eq!(none.validate(), Ok(()));
        assert_eq!(
            ok.with_target_quaternion([1.0, 1.0, 0.0, 0.0]),
            Err(Error::NotUnit {
                field: "target",
                length: 2f64.sqrt()
            })
        );
        assert_eq!(
            ok.with_target_quaternion([1.0, f64::NAN, 0.0, 0.0])
                .unwrap_err()
                .field(),
            "target.x"
        );
    }

    #[test]
    fn the_target_turns_by_the_angle_about_the_axis() {
        let i = OrientationIntent {
            axis: [0.0, 0.0, 2.0],
            degrees: 90.0,
            ..OrientationIntent::default()
        };
        let x = i.target() * DVec3::X;
        assert!((x - DVec3::Y).length() < 1e-15);
        assert_eq!(i.axis_inertia(), 4.5);
    }
}
