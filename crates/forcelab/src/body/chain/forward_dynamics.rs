use super::{bias, mass_matrix, PlanarChain};

/// The lower-triangular `L` with `L L^T = a` for a symmetric positive definite `a`
/// (Cholesky: `L_jj = sqrt(a_jj - sum_{k<j} L_jk^2)`,
/// `L_ij = (a_ij - sum_{k<j} L_ik L_jk) / L_jj` for `i > j`), or `None` when a pivot is
/// not above zero (the matrix is not positive definite, or too close to singular to
/// solve with).
pub fn cholesky(a: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut l = vec![vec![0.0; n]; n];
    for j in 0..n {
        let pivot = a[j][j] - (0..j).map(|k| l[j][k] * l[j][k]).sum::<f64>();
        // Not `pivot > 0` alone: a NaN pivot must be refused too.
        if !(pivot > 0.0 && pivot.is_finite()) {
            return None;
        }
        l[j][j] = pivot.sqrt();
        for i in j + 1..n {
            l[i][j] = (a[i][j] - (0..j).map(|k| l[i][k] * l[j][k]).sum::<f64>()) / l[j][j];
        }
    }
    Some(l)
}

/// `x` with `L L^T x = b`, `l` a Cholesky factor: forward substitution for `L y = b`,
/// then back substitution for `L^T x = y`.
pub fn cholesky_solve(l: &[Vec<f64>], b: &[f64]) -> Vec<f64> {
    let n = l.len();
    let mut y = vec![0.0; n];
    for i in 0..n {
        y[i] = (b[i] - (0..i).map(|k| l[i][k] * y[k]).sum::<f64>()) / l[i][i];
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        x[i] = (y[i] - (i + 1..n).map(|k| l[k][i] * x[k]).sum::<f64>()) / l[i][i];
    }
    x
}

/// The joint accelerations (rad/s^2) of the chain at angles `q`, rates `qd` under joint
/// torques `tau` (N m): `qdd = M(q)^-1 (tau - C(q, qd))`, the mass matrix by composite
/// bodies and the bias by Newton-Euler, solved by Cholesky. `None` only if `M` cannot
/// be factored, which for a valid chain at finite angles does not happen.
pub fn forward_dynamics(
    chain: &PlanarChain,
    q: &[f64],
    qd: &[f64],
    tau: &[f64],
) -> Option<Vec<f64>> {
    let l = cholesky(&mass_matrix(chain, q))?;
    let c = bias(chain, q, qd);
    let rhs: Vec<f64> = tau.iter().zip(&c).map(|(t, c)| t - c).collect();
    Some(cholesky_solve(&l, &rhs))
}

#[cfg(test)]
mod tests {
    use super::super::{inverse_dynamics, Link, PlanarChain};
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn cholesky_refuses_a_matrix_that_is_not_positive_definite() {
        assert!(cholesky(&[vec![1.0, 2.0], vec![2.0, 1.0]]).is_none());
        assert!(cholesky(&[vec![0.0, 0.0], vec![0.0, 1.0]]).is_none());
        assert!(cholesky(&[vec![f64::NAN]]).is_none());
        let l = cholesky(&[vec![4.0, 2.0], vec![2.0, 5.0]]).unwrap();
        assert_eq!(l, vec![vec![2.0, 0.0], vec![1.0, 2.0]]);
        // 4 x + 2 y = 8, 2 x + 5 y = 9.
        assert_eq!(cholesky_solve(&l, &[8.0, 9.0]), vec![1.375, 1.25]);
    }

    #[test]
    fn a_chain_held_by_its_gravity_torques_does_not_move() {
        let chain = PlanarChain::new(
            vec![
                Link::rod(1.0, 2.0),
                Link::rod(0.7, 1.0),
                Link::rod(0.4, 0.5),
            ],
            9.81,
        )
        .unwrap();
        let q = [0.0, 0.5, -0.3];
        let hold = bias(&chain, &q, &[0.0; 3]);
        for a in forward_dynamics(&chain, &q, &[0.0; 3], &hold).unwrap() {
            assert!(a.abs() < 1e-12, "{a}");
        }
        // Let go, it falls: the first joint turns downward (clockwise).
        assert!(forward_dynamics(&chain, &q, &[0.0; 3], &[0.0; 3]).unwrap()[0] < 0.0);
    }

    proptest! {
        #[test]
        fn forward_dynamics_inverts_inverse_dynamics(
            (chain, q) in super::super::strategies::any_chain(),
            seed in proptest::collection::vec(-5.0..5.0f64, 10),
        ) {
            let n = chain.dofs();
            let (qd, qdd) = (&seed[..n], &seed[5..5 + n]);
            let tau = inverse_dynamics(&chain, &q, qd, qdd);
            let back = forward_dynamics(&chain, &q, qd, &tau).unwrap();
            for i in 0..n {
                prop_assert!((back[i] - qdd[i]).abs() <= 1e-7 * (1.0 + qdd[i].abs()), "joint {}: {} vs {}", i, back[i], qdd[i]);
            }
        }
    }
}
