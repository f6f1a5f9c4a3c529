use super::planar_spatial::{about, dot, Inertia};
use super::PlanarChain;

/// The chain's joint-space mass matrix `M(q)` (kg m^2), by the composite rigid body
/// algorithm (Featherstone 2008, §6.2), with every quantity at the world origin: the
/// links from `i` to the tip, held rigid, form a composite of inertia
/// `I^c_i = sum_{k >= i} I_k`; a unit rate of joint `i` (motion `s_i`, a turn about its
/// joint `o_i`) gives that composite the momentum `I^c_i s_i`, and joint `j <= i` feels
/// its share of it: `M_ji = M_ij = s_j . I^c_i s_i`. `M` is symmetric and positive
/// definite, and the kinetic energy is `qd^T M qd / 2`.
pub fn mass_matrix(chain: &PlanarChain, q: &[f64]) -> Vec<Vec<f64>> {
    let pose = chain.pose(q);
    let n = chain.dofs();
    let motions: Vec<_> = pose.joints.iter().map(|&o| about(o)).collect();
    let mut m = vec![vec![0.0; n]; n];
    let mut composite = Inertia::default();
    for i in (0..n).rev() {
        let link = &chain.links()[i];
        composite = composite.plus(Inertia::body(link.mass, pose.coms[i], link.inertia));
        let momentum = composite.times(motions[i]);
        for j in 0..=i {
            let share = dot(motions[j], momentum);
            m[j][i] = share;
            m[i][j] = share;
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::super::strategies::any_chain;
    use super::super::{Link, PlanarChain};
    use super::*;
    use crate::math::cos;
    use proptest::prelude::*;

    /// The textbook two-link arm (Spong, Hutchinson and Vidyasagar, *Robot Modeling and
    /// Control*, §7.4.1), written out: with `c_i` the centre-of-mass distances,
    /// `M11 = I1 + I2 + m1 c1^2 + m2 (l1^2 + c2^2 + 2 l1 c2 cos q2)`,
    /// `M12 = I2 + m2 (c2^2 + l1 c2 cos q2)`, `M22 = I2 + m2 c2^2`.
    fn two_link_closed_form(a: Link, b: Link, q2: f64) -> [[f64; 2]; 2] {
        let c = cos(q2);
        let m11 = a.inertia
            + b.inertia
            + a.mass * a.com * a.com
            + b.mass * (a.length * a.length + b.com * b.com + 2.0 * a.length * b.com * c);
        let m12 = b.inertia + b.mass * (b.com * b.com + a.length * b.com * c);
        let m22 = b.inertia + b.mass * b.com * b.com;
        [[m11, m12], [m12, m22]]
    }

    /// `M` another way, sharing nothing with the algorithm above: the sum over links of
    /// `m J_v^T J_v + I J_w^T J_w`, with the centre of mass's velocity Jacobian
    /// `dp_k/dq_i = z x (p_k - o_i)` for `i <= k` (0 beyond) and `J_w` all ones up to `k`.
    fn jacobian_sum(chain: &PlanarChain, q: &[f64]) -> Vec<Vec<f64>> {
        let pose = chain.pose(q);
        let n = chain.dofs();
        let mut m = vec![vec![0.0; n]; n];
        for (k, link) in chain.links().iter().enumerate() {
            let p = pose.coms[k];
            let jv: Vec<[f64; 2]> = (0..=k)
                .map(|i| [-(p[1] - pose.joints[i][1]), p[0] - pose.joints[i][0]])
                .collect();
            for i in 0..=k {
                for j in 0..=k {
                    m[i][j] +=
                        link.mass * (jv[i][0] * jv[j][0] + jv[i][1] * jv[j][1]) + link.inertia;
                }
            }
        }
        m
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-12 * (1.0 + a.abs().max(b.abs()))
    }

    #[test]
    fn the_two_link_matrix_is_the_textbooks() {
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
        let chain = PlanarChain::new(vec![a, b], 9.81).unwrap();
        for (q1, q2) in [
            (0.0, 0.0),
            (0.4, -1.1),
            (-2.0, 2.9),
            (1.0, core::f64::consts::PI),
        ] {
            let ours = mass_matrix(&chain, &[q1, q2]);
            let theirs = two_link_closed_form(a, b, q2);
            for i in 0..2 {
                for j in 0..2 {
                    assert!(
                        close(ours[i][j], theirs[i][j]),
                        "q = ({q1}, {q2}), M{i}{j}: {} vs {}",
                        ours[i][j],
                        theirs[i][j]
                    );
                }
            }
        }
    }

    proptest! {
        #[test]
        fn the_matrix_is_the_sum_over_links_of_their_jacobians_energy(
            (chain, q) in any_chain()
        ) {
            let ours = mass_matrix(&chain, &q);
            let theirs = jacobian_sum(&chain, &q);
            for i in 0..chain.dofs() {
                for j in 0..chain.dofs() {
                    prop_assert!((ours[i][j] - theirs[i][j]).abs() <= 1e-9 * (1.0 + theirs[i][j].abs()), "M{}{}: {} vs {}", i, j, ours[i][j], theirs[i][j]);
                }
            }
        }

        #[test]
        fn the_matrix_is_symmetric_and_positive_definite((chain, q) in any_chain()) {
            let m = mass_matrix(&chain, &q);
            for (i, row) in m.iter().enumerate() {
                for (j, value) in row.iter().enumerate() {
                    prop_assert_eq!(*value, m[j][i]);
                }
            }
            // Positive definite: a Cholesky factor exists with every pivot above zero.
            prop_assert!(super::super::cholesky(&m).is_some(), "{:?}", m);
        }
    }
}
