use super::planar_spatial::{about, add, cross_force, cross_motion, dot, scale, Inertia};
use super::PlanarChain;

/// The joint torques (N m) that give the chain at angles `q` (rad) and rates `qd`
/// (rad/s) the accelerations `qdd` (rad/s^2) under gravity: `tau = M(q) qdd + C(q, qd)`,
/// by the recursive Newton-Euler algorithm (Featherstone 2008, §5.3) at the world origin.
/// Outward, each link's motion adds its joint's: `v_i = v_{i-1} + s_i qd_i`,
/// `a_i = a_{i-1} + s_i qdd_i + (v_i x s_i) qd_i`, from a base accelerating upward at
/// `g` (which is gravity, seen from the links); each link then needs the force
/// `f_i = I_i a_i + v_i x* I_i v_i`. Inward, joint `i` carries every force from link `i`
/// to the tip: `tau_i = s_i . sum_{k >= i} f_k`.
pub fn inverse_dynamics(chain: &PlanarChain, q: &[f64], qd: &[f64], qdd: &[f64]) -> Vec<f64> {
    let pose = chain.pose(q);
    let n = chain.dofs();
    let mut v = [0.0; 3];
    let mut a = [0.0, 0.0, chain.gravity()];
    let mut motions = Vec::with_capacity(n);
    let mut forces = Vec::with_capacity(n);
    for (i, link) in chain.links().iter().enumerate() {
        let s = about(pose.joints[i]);
        v = add(v, scale(qd[i], s));
        a = add(add(a, scale(qdd[i], s)), scale(qd[i], cross_motion(v, s)));
        let inertia = Inertia::body(link.mass, pose.coms[i], link.inertia);
        forces.push(add(inertia.times(a), cross_force(v, inertia.times(v))));
        motions.push(s);
    }
    let mut tau = vec![0.0; n];
    let mut carried = [0.0; 3];
    for i in (0..n).rev() {
        carried = add(carried, forces[i]);
        tau[i] = dot(motions[i], carried);
    }
    tau
}

/// The torques (N m) the chain needs to hold still against its own motion and weight:
/// the Coriolis, centrifugal and gravity terms `C(q, qd) = tau(q, qd, qdd = 0)`. With
/// `qd = 0` this is gravity alone, `G(q)`: what gravity compensation applies.
pub fn bias(chain: &PlanarChain, q: &[f64], qd: &[f64]) -> Vec<f64> {
    inverse_dynamics(chain, q, qd, &vec![0.0; chain.dofs()])
}

#[cfg(test)]
mod tests {
    use super::super::{mass_matrix, Link, PlanarChain};
    use super::*;
    use crate::math::{cos, sin};
    use proptest::prelude::*;

    const G: f64 = 9.81;

    fn arm() -> (Link, Link, PlanarChain) {
        let (a, b) = (
            Link {
                length: 0.8,
                mass: 3.0,
                com: 0.3,
                inertia: 0.2,
            },
            Link {
                length: 0.6,
                mass: 1.5,
                com: 0.25,
                inertia: 0.05,
            },
        );
        (a, b, PlanarChain::new(vec![a, b], G).unwrap())
    }

    #[test]
    fn the_two_link_bias_is_the_textbooks() {
        // Spong et al., §7.4.1: with h = -m2 l1 c2 sin q2,
        // C1 = h (2 qd1 qd2 + qd2^2) + (m1 c1 + m2 l1) g cos q1 + m2 c2 g cos(q1 + q2),
        // C2 = -h qd1^2 + m2 c2 g cos(q1 + q2).
        let (a, b, chain) = arm();
        for (q, qd) in [
            ([0.3, 0.9], [1.5, -2.0]),
            ([-1.2, 2.5], [-0.7, 3.1]),
            ([2.0, -0.4], [0.0, 0.0]),
        ] {
            let h = -b.mass * a.length * b.com * sin(q[1]);
            let g1 = (a.mass * a.com + b.mass * a.length) * G * cos(q[0])
                + b.mass * b.com * G * cos(q[0] + q[1]);
            let g2 = b.mass * b.com * G * cos(q[0] + q[1]);
            let want = [
                h * (2.0 * qd[0] * qd[1] + qd[1] * qd[1]) + g1,
                -h * qd[0] * qd[0] + g2,
            ];
            let got = bias(&chain, &q, &qd);
            for i in 0..2 {
                assert!(
                    (got[i] - want[i]).abs() < 1e-12 * (1.0 + want[i].abs()),
                    "q {q:?} qd {qd:?} joint {i}: {} vs {}",
                    got[i],
                    want[i]
                );
            }
        }
    }

    #[test]
    fn a_chain_hanging_straight_down_needs_no_torque() {
        let (_, _, chain) = arm();
        let down = [-core::f64::consts::FRAC_PI_2, 0.0];
        for t in bias(&chain, &down, &[0.0, 0.0]) {
            assert!(t.abs() < 1e-14, "{t}");
        }
    }

    proptest! {
        #[test]
        fn gravity_alone_is_each_joints_moment_of_the_weights_beyond_it(
            (chain, q) in super::super::strategies::any_chain()
        ) {
            // tau_i = g sum_{k >= i} m_k (p_k - o_i)_x: the weights' moment about joint i.
            let pose = chain.pose(&q);
            let g = bias(&chain, &q, &vec![0.0; chain.dofs()]);
            for (i, (got, joint)) in g.iter().zip(&pose.joints).enumerate() {
                let want: f64 = (i..chain.dofs()).map(|k| chain.links()[k].mass * chain.gravity() * (pose.coms[k][0] - joint[0])).sum();
                prop_assert!((got - want).abs() <= 1e-9 * (1.0 + want.abs()), "joint {}: {} vs {}", i, got, want);
            }
        }

        #[test]
        fn newton_euler_and_the_composite_bodies_agree_on_the_inertia_term(
            (chain, q) in super::super::strategies::any_chain(),
            seed in proptest::collection::vec(-5.0..5.0f64, 10),
        ) {
            // tau(q, qd, qdd) - tau(q, qd, 0) = M(q) qdd, two algorithms sharing no code but the kinematics.
            let n = chain.dofs();
            let (qd, qdd) = (&seed[..n], &seed[5..5 + n]);
            let full = inverse_dynamics(&chain, &q, qd, qdd);
            let rest = bias(&chain, &q, qd);
            let m = mass_matrix(&chain, &q);
            for i in 0..n {
                let want: f64 = (0..n).map(|j| m[i][j] * qdd[j]).sum();
                prop_assert!((full[i] - rest[i] - want).abs() <= 1e-9 * (1.0 + want.abs() + rest[i].abs()), "joint {}: {} vs {}", i, full[i] - rest[i], want);
            }
        }
    }
}
