//! How far a 3-D chain is from a target pose, per rate: the error its laws pull on.

use super::chain3::{Chain3, JointPosition};
use crate::rotation::rotation_vector;
use glam::{DQuat, DVec3};

/// A ball joint's error (rad) in world axes, the axes its rates are in: the turn that
/// takes the joint from `q` to `target` (both relative to the parent, which is at
/// `parent` in the world), `e = R_p rotvec(q* q^-1)`, the shortest way round (`q* q^-1`
/// taken with `w >= 0`, so `|e| <= pi`, and a target just past a half turn is reached
/// the other way).
///
/// Why this frame: the ball's quaternion moves as `q' = (0, R_p^T w) q / 2` with `w` its
/// world rate ([`super::Chain3State`]), so near the target the error changes at
/// `de/dt = -w`, exactly the rates' frame, and `Kp e` is a torque about the same world
/// axes the mass matrix and the bias are written in. Along the error the match is exact
/// at any size: `d|e|/dt = -(e / |e|) . w`.
pub fn ball_error(parent: DQuat, q: DQuat, target: DQuat) -> DVec3 {
    parent * rotation_vector(target * q.conjugate())
}

/// Each rate's error (rad) of the chain at `q` toward `target`, in joint order: a
/// hinge's `q*_i - q_i`; a ball's three [`ball_error`] components, the parent's
/// orientation taken at `q`. Zero at the target. A position of the wrong kind (which
/// [`Chain3::check_named`] refuses) counts as no error.
pub fn joint_errors3(chain: &Chain3, q: &[JointPosition], target: &[JointPosition]) -> Vec<f64> {
    let pose = chain.pose(q);
    let mut e = Vec::with_capacity(chain.dofs());
    for (i, (p, t)) in q.iter().zip(target).enumerate() {
        match (*p, *t) {
            (JointPosition::Angle(a), JointPosition::Angle(b)) => e.push(b - a),
            (JointPosition::Rotation(a), JointPosition::Rotation(b)) => {
                e.extend(ball_error(pose.parents[i], a, b).to_array())
            }
            (_, _) => e.extend(vec![0.0; chain.links()[i].joint.dofs()]),
        }
    }
    e
}

#[cfg(test)]
mod tests {
    use super::super::{advanced3, Joint3, Link3};
    use super::*;
    use crate::rotation::from_rotation_vector;
    use core::f64::consts::PI;
    use proptest::prelude::*;

    fn ball_then_ball() -> Chain3 {
        Chain3::new(
            vec![
                Link3::cylinder(Joint3::Ball, 0.5, 0.04, 2.0),
                Link3::cylinder(Joint3::Ball, 0.4, 0.03, 1.0),
            ],
            9.81,
        )
        .unwrap()
    }

    fn rotation(x: f64, y: f64, z: f64) -> JointPosition {
        JointPosition::Rotation(from_rotation_vector(DVec3::new(x, y, z)))
    }

    #[test]
    fn at_the_target_the_error_is_zero() {
        let chain = ball_then_ball();
        let q = [rotation(0.3, -1.2, 0.4), rotation(2.0, 0.1, -0.7)];
        assert!(joint_errors3(&chain, &q, &q)
            .iter()
            .all(|e| e.abs() < 1e-15));
        // q and -q are the same turn: no error either.
        let JointPosition::Rotation(r) = q[1] else {
            unreachable!()
        };
        let e = joint_errors3(&chain, &q, &[q[0], JointPosition::Rotation(-r)]);
        assert!(e.iter().all(|e| e.abs() < 1e-15), "{e:?}");
    }

    #[test]
    fn through_a_half_turn_the_error_flips_to_the_shorter_way() {
        // The base ball at rest, its target turned about y by just under, then just over,
        // half a turn: the error is about +y, then about -y, each a little under pi.
        let chain = ball_then_ball();
        let rest = [rotation(0.0, 0.0, 0.0), rotation(0.0, 0.0, 0.0)];
        for (angle, sign) in [(PI - 0.01, 1.0), (PI + 0.01, -1.0)] {
            let e = joint_errors3(&chain, &rest, &[rotation(0.0, angle, 0.0), rest[1]]);
            let want = sign * (PI - 0.01);
            assert!((e[1] - want).abs() < 1e-12, "{angle}: {e:?}");
            assert!(e[0].abs() < 1e-12 && e[2].abs() < 1e-12, "{e:?}");
        }
    }

    #[test]
    fn the_error_is_in_world_axes_turned_by_the_parent() {
        // The second ball hangs from a link turned a quarter about z: a target turned
        // about its parent's x is a turn about the world's y.
        let chain = ball_then_ball();
        let q = [rotation(0.0, 0.0, PI / 2.0), rotation(0.0, 0.0, 0.0)];
        let e = joint_errors3(&chain, &q, &[q[0], rotation(0.2, 0.0, 0.0)]);
        let want = [0.0, 0.0, 0.0, 0.0, 0.2, 0.0];
        assert!(
            e.iter().zip(want).all(|(a, b)| (a - b).abs() < 1e-12),
            "{e:?}"
        );
    }

    proptest! {
        #[test]
        fn near_the_target_the_error_falls_at_the_rate(
            r in proptest::collection::vec(-3.0..3.0f64, 6),
            w in proptest::collection::vec(-3.0..3.0f64, 6),
        ) {
            // From the target itself, a step of h at rates w leaves the error -w h, to h^2.
            let chain = ball_then_ball();
            let q = [rotation(r[0], r[1], r[2]), rotation(r[3], r[4], r[5])];
            let h = 1e-5;
            let e = joint_errors3(&chain, &advanced3(&chain, &q, &w, h), &q);
            for k in 0..6 {
                prop_assert!((e[k] + w[k] * h).abs() < 1e-8, "rate {}: {} vs {}", k, e[k], -w[k] * h);
            }
        }

        #[test]
        fn anywhere_the_size_of_the_error_falls_at_the_rate_along_it(
            r in proptest::collection::vec(-3.0..3.0f64, 6),
            axis in (-1.0..1.0f64, -1.0..1.0f64, 0.2..1.0f64),
            angle in 0.1..3.0f64,
            w in proptest::collection::vec(-3.0..3.0f64, 6),
        ) {
            // Target: the second ball turned by `angle` from where it is. Central
            // difference of |e| over +-h against -(e / |e|) . w.
            let chain = ball_then_ball();
            let q = [rotation(r[0], r[1], r[2]), rotation(r[3], r[4], r[5])];
            let JointPosition::Rotation(q1) = q[1] else { unreachable!() };
            let turn = from_rotation_vector(DVec3::new(axis.0, axis.1, axis.2).normalize() * angle);
            let target = [q[0], JointPosition::Rotation(turn * q1)];
            // Only the second joint moves, so its parent's frame stays.
            let rates = [0.0, 0.0, 0.0, w[3], w[4], w[5]];
            let size = |q: &[JointPosition]| {
                let e = joint_errors3(&chain, q, &target);
                DVec3::new(e[3], e[4], e[5])
            };
            let h = 1e-6;
            let (ahead, behind) = (size(&advanced3(&chain, &q, &rates, h)), size(&advanced3(&chain, &q, &rates, -h)));
            let slope = (ahead.length() - behind.length()) / (2.0 * h);
            let e = size(&q);
            let want = -e.normalize().dot(DVec3::new(w[3], w[4], w[5]));
            prop_assert!((e.length() - angle).abs() < 1e-9, "{} vs {}", e.length(), angle);
            prop_assert!((slope - want).abs() < 1e-6, "{} vs {}", slope, want);
        }
    }
}
